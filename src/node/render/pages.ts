// Every route of the site to an HTML file: docs, home, tags, search, 404; plus sitemap.xml and robots.txt.
import type { ComponentType } from "react";
import { compareText } from "../content/compare-text.ts";
import type { DocPageData, SiteConfig } from "../../shared/types.ts";
import type { CategoryCard, SiteView } from "../../shared/template-props.ts";
import { isGuideId, type ContentModel } from "../content/site.ts";
import { outputFileOf } from "../content/routes.ts";
import type { OutputFile } from "./assets.ts";
import { hashOf } from "../cache.ts";
import { encodeUrl } from "../../shared/url.ts";
import { renderDocument } from "./page.ts";
import type { Templates } from "./templates.ts";

/** A page of the site, rendered only when asked: a build renders every one, watch mode only those an edit affects. */
export interface PageJob {
  route: string;
  file: string;
  indexable: boolean;
  /** The doc the page shows, for doc pages. */
  docId: string | null;
  /**
   * Everything the page is made from besides the site view and the templates (its template's
   * props but `site`), as JSON: the rendered-page cache keys pages on it. Templates read only
   * their props, so equal inputs render equal pages.
   */
  inputs(): string;
  render(): string;
}

const sidebarStamps = new WeakMap<object, string>();
const docStamps = new WeakMap<DocPageData, string>();

/**
 * A hash of everything a doc's page is made from (it stands for the doc in cache keys): its
 * fields, with its HTML hashed apart and its sidebar (one array that most docs share) hashed once.
 * Kept per doc object: a doc's data is not changed once it is rendered into pages.
 */
export function docStamp(doc: DocPageData): string {
  let stamp = docStamps.get(doc);
  if (stamp === undefined) {
    let sidebar: string | null = null;
    if (doc.sidebar) {
      sidebar = sidebarStamps.get(doc.sidebar) ?? hashOf(JSON.stringify(doc.sidebar));
      sidebarStamps.set(doc.sidebar, sidebar);
    }
    stamp = hashOf(JSON.stringify({ ...doc, html: null, sidebar }), doc.html);
    docStamps.set(doc, stamp);
  }
  return stamp;
}

/** A page job for a template and its props apart from `site`. */
function templateJob<P extends { site: SiteView }>(
  site: SiteView,
  route: string,
  template: ComponentType<P>,
  props: Omit<P, "site">,
  options: { file?: string; indexable?: boolean; docId?: string | null; inputs?: () => string; prepare?: (props: Omit<P, "site">) => Omit<P, "site"> } = {},
): PageJob {
  return {
    route,
    file: options.file ?? outputFileOf(route, site.config.baseUrl),
    indexable: options.indexable ?? true,
    docId: options.docId ?? null,
    inputs: options.inputs ?? (() => JSON.stringify(props)),
    render: () => renderDocument(template, { site, ...(options.prepare ? options.prepare(props) : props) } as P, route),
  };
}

/** The home page needs only the content model, not the rendered docs (watch mode renders it first). */
export function homePageJob(site: SiteView, model: ContentModel, homeCards: CategoryCard[], templates: Templates): PageJob {
  const guideCount = model.docs.filter((d) => isGuideId(d.id)).length;
  return templateJob(site, site.config.baseUrl, templates.HomePage, { categories: homeCards, guideCount });
}

/**
 * Every page of the site, in a stable order: home, docs, tags, each tag, search, 404. `fill`
 * gives a doc's HTML its highlighted code when the page is rendered (the docs' HTML may still
 * hold placeholders, which stand for the code by its hash).
 */
export function pageJobs(
  site: SiteView,
  model: ContentModel,
  docs: DocPageData[],
  homeCards: CategoryCard[],
  templates: Templates,
  fill: (html: string) => string = (html) => html,
): PageJob[] {
  const jobs = [homePageJob(site, model, homeCards, templates)];
  for (const doc of docs) {
    jobs.push(templateJob(site, doc.permalink, templates.DocPage, { doc }, { docId: doc.id, inputs: () => docStamp(doc), prepare: (p) => ({ doc: { ...p.doc, html: fill(p.doc.html) } }) }));
  }
  jobs.push(templateJob(site, site.tagsPath, templates.TagsPage, { tags: [...model.tags.values()].map((t) => t.summary) }));
  const byId = new Map(docs.map((d) => [d.id, d]));
  for (const { summary, docIds } of model.tags.values()) {
    const list = docIds
      .map((id) => byId.get(id)!)
      .sort((a, b) => compareText(a.title, b.title))
      .map((d) => ({ title: d.title, href: d.permalink, description: d.description }));
    jobs.push(templateJob(site, summary.permalink, templates.TagPage, { tag: summary, docs: list }));
  }
  jobs.push(templateJob(site, site.searchPath, templates.SearchPage, {}, { indexable: false }));
  jobs.push(templateJob(site, `${site.config.baseUrl}404.html`, templates.NotFound, {}, { file: "404.html", indexable: false }));
  return jobs;
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function sitemapAndRobots(pages: Pick<PageJob, "route" | "indexable">[], config: SiteConfig): OutputFile[] {
  const urls = pages
    .filter((p) => p.indexable)
    .map((p) => `<url><loc>${escapeXml(encodeUrl(config.url + p.route))}</loc></url>`)
    .join("");
  return [
    { path: "sitemap.xml", contents: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n` },
    { path: "robots.txt", contents: `User-agent: *\nAllow: /\n\nSitemap: ${config.url}${config.baseUrl}sitemap.xml\n` },
  ];
}
