// Where each page lives: doc permalinks and the site's generated routes, with Docusaurus's
// `trailingSlash`: true makes every page's URL end in "/" (written as `a/b/index.html`), false
// makes none end in "/" (written as `a/b.html`), and left out keeps each route as it is made
// (written as `a/b/index.html`). The site's root and base URL keep their slash either way.
import type { SiteConfig } from "../../shared/types.ts";
import type { SourceDoc } from "./load.ts";

/** The URL path the docs live under, ending in "/": `/integrations/`, or the site's base for docs at the root. */
export function docsRoot(config: SiteConfig): string {
  return config.docs.routeBasePath ? `${config.baseUrl}${config.docs.routeBasePath}/` : config.baseUrl;
}

/** A path with `trailingSlash` applied to its path part (its query and hash kept). */
export function withTrailingSlash(href: string, config: Pick<SiteConfig, "trailingSlash" | "baseUrl">): string {
  if (config.trailingSlash === undefined) return href;
  const end = href.search(/[?#]/);
  const pathname = end < 0 ? href : href.slice(0, end);
  if (pathname === "/" || pathname === "" || pathname === config.baseUrl) return href;
  const changed = config.trailingSlash ? pathname.replace(/\/*$/, "/") : pathname.replace(/\/+$/, "");
  return changed + (end < 0 ? "" : href.slice(end));
}

/** `services/grafana/index.md` -> `/integrations/services/grafana/`; `template/service.md` -> `/integrations/template/service`. */
export function docPermalink(doc: Pick<SourceDoc, "slug">, config: SiteConfig): string {
  return withTrailingSlash(`${docsRoot(config)}${doc.slug.slice(1)}`, config);
}

export function tagsPermalink(config: SiteConfig): string {
  return withTrailingSlash(`${docsRoot(config)}tags`, config);
}

export function tagPermalink(tag: string, config: SiteConfig): string {
  return withTrailingSlash(`${docsRoot(config)}tags/${tag}`, config);
}

export function searchPermalink(config: SiteConfig): string {
  return withTrailingSlash(`${config.baseUrl}search`, config);
}

/**
 * The file a route is written to: `/a/b/` and `/a/b` both become `a/b/index.html`, except with
 * `trailingSlash: false`, where `/a/b` becomes `a/b.html` (as Docusaurus writes it).
 */
export function outputFileOf(route: string, baseUrl: string, trailingSlash?: boolean): string {
  let rel = route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route.replace(/^\//, "");
  if (trailingSlash === false && rel !== "" && !rel.endsWith("/")) return `${rel}.html`;
  rel = rel.replace(/\/$/, "");
  return rel === "" ? "index.html" : `${rel}/index.html`;
}

/** The key two routes share when they are the same page: no trailing slash, no .html ending. */
export function routeKey(pathname: string): string {
  let p = pathname.replace(/(?:\/index)?\.html$/, "");
  if (p.length > 1) p = p.replace(/\/+$/, "");
  return p === "" ? "/" : p;
}
