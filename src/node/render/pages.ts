// Every route of the site to an HTML file: docs, home, tags, search, 404; plus sitemap.xml and robots.txt.
import type { DocPageData, SiteConfig } from "../../shared/types.ts";
import type { CategoryCard, SiteView } from "../../shared/template-props.ts";
import { isGuideId, type ContentModel } from "../content/site.ts";
import { outputFileOf } from "../content/routes.ts";
import type { OutputFile } from "./assets.ts";
import { renderDocument } from "./page.ts";
import type { Templates } from "./templates.ts";

/** A page of the site, rendered only when asked: a build renders every one, watch mode only those an edit affects. */
export interface PageJob {
  route: string;
  file: string;
  indexable: boolean;
  /** The doc the page shows, for doc pages. */
  docId: string | null;
  render(): string;
}

/** The home page needs only the content model, not the rendered docs (watch mode renders it first). */
export function homePageJob(site: SiteView, model: ContentModel, homeCards: CategoryCard[], templates: Templates): PageJob {
  const { baseUrl } = site.config;
  const guideCount = model.docs.filter((d) => isGuideId(d.id)).length;
  return {
    route: baseUrl,
    file: outputFileOf(baseUrl, baseUrl),
    indexable: true,
    docId: null,
    render: () => renderDocument(templates.HomePage, { site, categories: homeCards, guideCount }, baseUrl),
  };
}

/** Every page of the site, in a stable order: home, docs, tags, each tag, search, 404. */
export function pageJobs(site: SiteView, model: ContentModel, docs: DocPageData[], homeCards: CategoryCard[], templates: Templates): PageJob[] {
  const { config } = site;
  const job = (route: string, render: () => string, indexable = true, docId: string | null = null): PageJob => ({
    route,
    file: outputFileOf(route, config.baseUrl),
    indexable,
    docId,
    render,
  });
  const jobs = [homePageJob(site, model, homeCards, templates)];
  for (const doc of docs) jobs.push(job(doc.permalink, () => renderDocument(templates.DocPage, { site, doc }, doc.permalink), true, doc.id));
  jobs.push(job(site.tagsPath, () => renderDocument(templates.TagsPage, { site, tags: [...model.tags.values()].map((t) => t.summary) }, site.tagsPath)));
  const byId = new Map(docs.map((d) => [d.id, d]));
  for (const { summary, docIds } of model.tags.values()) {
    const list = () =>
      docIds
        .map((id) => byId.get(id)!)
        .sort((a, b) => a.title.localeCompare(b.title))
        .map((d) => ({ title: d.title, href: d.permalink, description: d.description }));
    jobs.push(job(summary.permalink, () => renderDocument(templates.TagPage, { site, tag: summary, docs: list() }, summary.permalink)));
  }
  jobs.push(job(site.searchPath, () => renderDocument(templates.SearchPage, { site }, site.searchPath), false));
  jobs.push({ route: `${config.baseUrl}404.html`, file: "404.html", indexable: false, docId: null, render: () => renderDocument(templates.NotFound, { site }, "404.html") });
  return jobs;
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function sitemapAndRobots(pages: Pick<PageJob, "route" | "indexable">[], config: SiteConfig): OutputFile[] {
  const urls = pages
    .filter((p) => p.indexable)
    .map((p) => `<url><loc>${escapeXml(config.url + p.route)}</loc></url>`)
    .join("");
  return [
    { path: "sitemap.xml", contents: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n` },
    { path: "robots.txt", contents: `User-agent: *\nAllow: /\n\nSitemap: ${config.url}${config.baseUrl}sitemap.xml\n` },
  ];
}
