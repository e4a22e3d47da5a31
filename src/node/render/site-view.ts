// What every page template is given about the site, and the category cards of the home page.

import type { CategoryCard, SiteView } from "../../shared/template-props.ts";
import type { SiteConfig } from "../../shared/types.ts";
import { docsRoot, searchPermalink, tagsPermalink, withTrailingSlash } from "../content/routes.ts";
import type { ContentModel } from "../content/site.ts";
import { beforePaintOptions, type ClientAssets } from "./assets.ts";
import { brandIconPaths } from "./brand-icons.ts";
import { contentSecurityPolicy, metaPolicy } from "./csp.ts";
import { cardsOf } from "./docs.ts";

/**
 * The config as templates see it: with `trailingSlash` set, the navbar's links to pages of the
 * site follow it. Without the Markdown plugins: they are code, of no use to a template, and what
 * they are enters the page keys on its own (SiteStamps.markdown).
 */
function linkedConfig(site: SiteConfig): SiteConfig {
  const config = site.markdown.plugins.length ? { ...site, markdown: { ...site.markdown, plugins: [] } } : site;
  if (config.trailingSlash === undefined) return config;
  const page = (href: string) =>
    href.startsWith("/") && !/\.[a-z0-9]+$/i.test(href) ? withTrailingSlash(href, config) : href;
  const items = config.navbar.items.map((item) => ("href" in item ? { ...item, href: page(item.href) } : item));
  const logo = config.navbar.logo && { ...config.navbar.logo, href: page(config.navbar.logo.href) };
  return { ...config, navbar: { ...config.navbar, items, logo } };
}

export function siteViewOf(config: SiteConfig, client: ClientAssets): SiteView {
  return {
    config: linkedConfig(config),
    docsHome: withTrailingSlash(docsRoot(config), config),
    searchPath: searchPermalink(config),
    tagsPath: tagsPermalink(config),
    assets: { css: client.css, js: client.js },
    beforePaintScript: client.beforePaintScript,
    beforePaintOptions: JSON.stringify(beforePaintOptions(config)),
    cspMeta: metaPolicy(contentSecurityPolicy([client.beforePaintScript], config)),
    siteChecksScript: client.siteChecksScript,
    siteChecksCspMeta: metaPolicy(contentSecurityPolicy([client.siteChecksScript], config)),
    brandIcons: brandIconPaths(config.navbar.iconLinks),
  };
}

/**
 * The home page's category cards, from the first sidebar: the items of its one top-level
 * category (the services index's categories), or its top-level categories when it has several.
 */
export function homeCardsOf(model: ContentModel): CategoryCard[] {
  const nodes = model.sidebar.sidebars[0]?.nodes ?? [];
  const categories = nodes.filter((n) => n.type === "category");
  if (categories.length === 1) return cardsOf(model, categories[0]);
  return cardsOf(model, {
    type: "category",
    label: "",
    href: null,
    docId: null,
    collapsible: false,
    items: categories,
  });
}
