// What every page template is given about the site, and the category cards of the home page.

import type { CategoryCard, SiteView } from "../../shared/template-props.ts";
import type { SiteConfig } from "../../shared/types.ts";
import { docsRoot, searchPermalink, tagsPermalink, withTrailingSlash } from "../content/routes.ts";
import type { ContentModel } from "../content/site.ts";
import { beforePaintOptions, type ClientAssets } from "./assets.ts";
import { brandIconPaths } from "./brand-icons.ts";
import { contentSecurityPolicy, metaPolicy } from "./csp.ts";
import { cardsOf } from "./docs.ts";

/** A URL with a scheme, or one that starts with `//`: taken as it is. */
const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * A theme asset's URL as Docusaurus's `useBaseUrl` makes it: an absolute URL as it is; a path,
 * with or without its leading `/`, below `baseUrl` (unless it already starts with it). The same
 * on every page, however deep.
 */
function themeAssetUrl(src: string, baseUrl: string): string {
  if (ABSOLUTE.test(src)) return src;
  if (src === baseUrl.slice(0, -1)) return baseUrl;
  return src.startsWith(baseUrl) ? src : baseUrl + src.replace(/^\//, "");
}

/** The logo, favicon and social card at the URLs pages use (the social card absolute, as Open Graph wants it). */
function withThemeAssets(config: SiteConfig): SiteConfig {
  const asset = (src: string) => themeAssetUrl(src, config.baseUrl);
  const { logo } = config.navbar;
  const image = config.image && asset(config.image);
  return {
    ...config,
    navbar: {
      ...config.navbar,
      logo: logo && { ...logo, src: asset(logo.src), srcDark: logo.srcDark && asset(logo.srcDark) },
    },
    favicon: config.favicon && asset(config.favicon),
    image: image && (ABSOLUTE.test(image) ? image : config.url + image),
  };
}

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
  const { logo } = config.navbar;
  return {
    ...config,
    navbar: { ...config.navbar, items, logo: logo && { ...logo, href: logo.href && page(logo.href) } },
  };
}

export function siteViewOf(config: SiteConfig, client: ClientAssets, customCss: string | null): SiteView {
  return {
    config: linkedConfig(withThemeAssets(config)),
    docsHome: withTrailingSlash(docsRoot(config), config),
    searchPath: searchPermalink(config),
    tagsPath: tagsPermalink(config),
    assets: { css: client.css, js: client.js, customCss },
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
