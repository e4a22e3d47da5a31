// Where each page lives: doc permalinks and the site's generated routes.
import type { SiteConfig } from "../../shared/types.ts";
import type { SourceDoc } from "./load.ts";

/** The URL path the docs live under, ending in "/": `/integrations/`, or the site's base for docs at the root. */
export function docsRoot(config: SiteConfig): string {
  return config.docs.routeBasePath ? `${config.baseUrl}${config.docs.routeBasePath}/` : config.baseUrl;
}

/** `services/grafana/index` -> `/integrations/services/grafana/`; `template/service` -> `/integrations/template/service`. */
export function docPermalink(doc: Pick<SourceDoc, "id" | "frontMatter">, config: SiteConfig): string {
  const root = docsRoot(config);
  const slug = doc.frontMatter.slug;
  if (slug) {
    if (slug.startsWith("/")) return `${root}${slug.slice(1)}`;
    const dir = doc.id.includes("/") ? doc.id.slice(0, doc.id.lastIndexOf("/") + 1) : "";
    return `${root}${dir}${slug}`;
  }
  if (doc.id === "index") return root;
  if (doc.id.endsWith("/index")) return `${root}${doc.id.slice(0, -"index".length)}`;
  return `${root}${doc.id}`;
}

export function tagsPermalink(config: SiteConfig): string {
  return `${docsRoot(config)}tags`;
}

export function tagPermalink(tag: string, config: SiteConfig): string {
  return `${tagsPermalink(config)}/${tag}`;
}

export function searchPermalink(config: SiteConfig): string {
  return `${config.baseUrl}search`;
}

/** The file a route is written to: `/a/b/` and `/a/b` both become `a/b/index.html`. */
export function outputFileOf(route: string, baseUrl: string): string {
  let rel = route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route.replace(/^\//, "");
  rel = rel.replace(/\/$/, "");
  return rel === "" ? "index.html" : `${rel}/index.html`;
}

/** The key two routes share when they are the same page: no trailing slash, no .html ending. */
export function routeKey(pathname: string): string {
  let p = pathname.replace(/(?:\/index)?\.html$/, "");
  if (p.length > 1) p = p.replace(/\/+$/, "");
  return p === "" ? "/" : p;
}
