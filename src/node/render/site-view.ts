// What every page template is given about the site, and the category cards of the home page.
import type { SiteConfig } from "../../shared/types.ts";
import type { CategoryCard, SiteView } from "../../shared/template-props.ts";
import { docsRoot, searchPermalink, tagsPermalink } from "../content/routes.ts";
import type { ContentModel } from "../content/site.ts";
import { beforePaintOptions, type ClientAssets } from "./assets.ts";
import { contentSecurityPolicy, metaPolicy } from "./csp.ts";
import { brandIconPaths } from "./brand-icons.ts";
import { categoryCards } from "./docs.ts";

export function siteViewOf(config: SiteConfig, client: ClientAssets): SiteView {
  return {
    config,
    docsHome: docsRoot(config),
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

/** The home page shows the categories of the services index (or of the first doc's category). */
export function homeCardsOf(model: ContentModel): CategoryCard[] {
  const servicesIndex = model.byId.get("services/index")?.id ?? model.sidebar.order[0];
  return servicesIndex ? categoryCards(model, servicesIndex) : [];
}
