// Every route of the site to an HTML file: docs, home, tags, search, 404; plus sitemap.xml and robots.txt.
import type { DocPageData, SiteConfig } from "../../shared/types.ts";
import type { CategoryCard, SiteView } from "../../shared/template-props.ts";
import type { ContentModel } from "../content/site.ts";
import { outputFileOf } from "../content/routes.ts";
import type { OutputFile } from "./assets.ts";
import { renderDocument } from "./page.ts";
import type { Templates } from "./templates.ts";

export interface RenderedPage {
  /** URL path of the page. */
  route: string;
  /** Output file below the build folder. */
  file: string;
  html: string;
  /** Listed in sitemap.xml. */
  indexable: boolean;
}

/** Renders the pages one at a time, so a caller can write each out and let it go. */
export function* renderPages(
  site: SiteView,
  model: ContentModel,
  docs: DocPageData[],
  homeCards: CategoryCard[],
  templates: Templates,
): Generator<RenderedPage> {
  const { config } = site;
  const page = (route: string, html: string, indexable = true): RenderedPage => ({ route, file: outputFileOf(route, config.baseUrl), html, indexable });
  yield page(config.baseUrl, renderDocument(templates.HomePage, { site, categories: homeCards, guideCount: docs.filter((d) => /\/services\/[^/]+\/index$/.test(d.id)).length }, config.baseUrl));
  for (const doc of docs) yield page(doc.permalink, renderDocument(templates.DocPage, { site, doc }, doc.permalink));
  yield page(site.tagsPath, renderDocument(templates.TagsPage, { site, tags: [...model.tags.values()].map((t) => t.summary) }, site.tagsPath));
  const byId = new Map(docs.map((d) => [d.id, d]));
  for (const { summary, docIds } of model.tags.values()) {
    const list = docIds
      .map((id) => byId.get(id)!)
      .sort((a, b) => a.title.localeCompare(b.title))
      .map((d) => ({ title: d.title, href: d.permalink, description: d.description }));
    yield page(summary.permalink, renderDocument(templates.TagPage, { site, tag: summary, docs: list }, summary.permalink));
  }
  yield page(site.searchPath, renderDocument(templates.SearchPage, { site }, site.searchPath), false);
  yield { route: `${config.baseUrl}404.html`, file: "404.html", html: renderDocument(templates.NotFound, { site }, "404.html"), indexable: false };
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function sitemapAndRobots(pages: Pick<RenderedPage, "route" | "indexable">[], config: SiteConfig): OutputFile[] {
  const urls = pages
    .filter((p) => p.indexable)
    .map((p) => `<url><loc>${escapeXml(config.url + p.route)}</loc></url>`)
    .join("");
  return [
    { path: "sitemap.xml", contents: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n` },
    { path: "robots.txt", contents: `User-agent: *\nAllow: /\n\nSitemap: ${config.url}${config.baseUrl}sitemap.xml\n` },
  ];
}
