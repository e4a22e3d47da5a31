// The pages of a site, each with the key of everything it is made from. `pageDependencies` is the
// one place that lists what a page depends on; rendering (render-pages.ts) reads nothing else,
// so a page whose key is in the store is that page, and a cached build writes what an uncached
// one writes.

import path from "node:path";
import type { SiteView } from "../../shared/template-props.ts";
import type { SiteConfig } from "../../shared/types.ts";
import type { SidebarNode } from "../../shared/types.ts";
import { hashOf, hashOfAll } from "../util/hash.ts";
import type { CategoryMeta } from "../content/category-meta.ts";
import { compareText } from "../content/compare-text.ts";
import type { SourceDoc } from "../content/load.ts";
import { type Redirect, redirectsOf } from "../content/redirects.ts";
import { outputFileOf } from "../content/routes.ts";
import type { CategoryPage } from "../content/sidebar.ts";
import type { ContentModel } from "../content/site.ts";
import { docFormat } from "../markdown/format.ts";
import { languageContext, resolveLanguage } from "../markdown/language-context.ts";
import { payloadUrlOf } from "../../shared/page-payload.ts";
import type { ProjectPaths } from "../project-paths.ts";

type PageKind = "doc" | "category" | "home" | "tags" | "tag" | "search" | "notFound" | "redirect";

export interface PagePlan {
  kind: PageKind;
  route: string;
  /** Output file, below the output folder. */
  file: string;
  /** Its payload for client navigation, beside it (src/shared/page-payload.ts); none for the 404 page. */
  payload: string | null;
  /** Listed in the sitemap. */
  indexable: boolean;
  /** The doc a doc page shows. */
  doc: SourceDoc | null;
  /** The tag a tag page lists (its key in the model). */
  tag: string | null;
  /** The category a category's generated index page lists. */
  category: CategoryPage | null;
  /** Where a redirect page sends readers. */
  redirect: Redirect | null;
  key: string;
}

/** What every page of a build is made from; each page adds its own part (pageDependencies). */
export interface SiteStamps {
  /** ssodocs's own code and the packages it bundles and loads (React, markdown-it, shiki). */
  tool: string;
  /** The page templates and the site's component overrides, and every file they import. */
  templates: string;
  /**
   * The config (the files it was made from) and the site view the templates get (asset URLs,
   * scripts). The custom stylesheets are in it through their bundle's URL, named by the hash of its
   * content (render/site-css.ts): an edit of one, or of a file it imports or loads, re-keys every page.
   */
  site: string;
  /**
   * Every doc's id, path, title and front matter, the folders' `_category_` files and whether
   * drafts are shown: the sidebar (its items' custom props too: `sidebar_custom_props` is front
   * matter, `customProps` a `_category_` file's), tags, cards, links between docs. (The sidebars
   * module, and its items' custom props, are among the config's inputs, in `site`.)
   */
  structure: string;
  /** How docs are read: `markdown.format` and the site's plugins, their code and options (plugin-list.ts). */
  markdown: string;
  /** The languages the build loads for highlighting (see language-context.ts). */
  languages: readonly string[];
}

/**
 * The site view and the config's files as one hash. Paths in the config (a Docusaurus config
 * gives `path.join(__dirname, ...)`) and its files are named as in every checkout
 * (project-paths.ts); a path so named is marked, so it stands for no other text of the config.
 */
export function siteStampOf(site: SiteView, configInputs: [string, string][], paths: ProjectPaths): string {
  const named = (_key: string, value: unknown) => {
    if (typeof value !== "string" || !path.isAbsolute(value)) return value;
    const name = paths.nameOf(value);
    return name === value ? value : `\u0000${name}`;
  };
  return hashOf("site-v2", JSON.stringify(site, named), ...paths.inputNames(configInputs).flat());
}

/** The structure of the site: what a page may show of docs other than its own. */
export function structureStampOf(model: ContentModel, categories: Map<string, CategoryMeta>): string {
  return hashOf(
    "structure-v2",
    JSON.stringify(model.docs.map((d) => [d.id, d.relativePath, d.title, d.frontMatter])),
    ...[...categories].map(([dir, meta]) => `${dir}:${meta.hash}`),
    ...model.drafts,
  );
}

/** The language context of each language a doc's fences name: what its blocks' colours depend on. */
function codeStampOf(doc: SourceDoc, languages: readonly string[]): string {
  return doc.languages
    .map((name) => {
      const lang = resolveLanguage(name);
      return lang ? `${lang}:${languageContext(lang, languages)}` : "";
    })
    .sort()
    .join(";");
}

/**
 * Everything a page is made from. Doc pages: their doc's text, the format it is read in and the
 * language context of its code. Tag pages: the docs they list (a description may come from a
 * doc's first paragraph, as rendered). Category pages: the sidebar and the front matter of the
 * docs they list (the structure). Every page: ssodocs, the templates, the config and site view,
 * the site's structure, how Markdown is read (format, plugins). Redirect pages: ssodocs, the
 * config and site view (their policy), and where they lead.
 */
function pageDependencies(
  kind: PageKind,
  route: string,
  stamps: SiteStamps,
  docs: SourceDoc[],
  format: SiteConfig["markdown"]["format"],
  redirect: Redirect | null = null,
): string[] {
  if (kind === "redirect") return ["page-v1", kind, route, stamps.tool, stamps.site, redirect!.to];
  const own = docs.flatMap((doc) => [
    doc.id,
    doc.hash,
    docFormat(doc.relativePath, format),
    ...(kind === "doc" ? [codeStampOf(doc, stamps.languages)] : []),
  ]);
  const site = [stamps.tool, stamps.templates, stamps.site, stamps.structure, stamps.markdown];
  return ["page-v2", kind, route, ...site, ...own];
}

/** A page's key: the hash of everything it is made from. */
function pageKey(
  kind: PageKind,
  route: string,
  stamps: SiteStamps,
  docs: SourceDoc[],
  format: SiteConfig["markdown"]["format"],
  redirect: Redirect | null,
): string {
  return hashOfAll(pageDependencies(kind, route, stamps, docs, format, redirect));
}

/**
 * Every page of the site in a stable order: home, docs, category pages, tags, each tag, search,
 * 404, then the redirect pages (checked against the other pages' routes).
 */
export function planPages(model: ContentModel, site: SiteView, stamps: SiteStamps, configFile: string): PagePlan[] {
  const { baseUrl, trailingSlash } = site.config;
  const plans: PagePlan[] = [];
  const add = (kind: PageKind, route: string, docs: SourceDoc[], extra: Partial<PagePlan> = {}) => {
    const redirect = extra.redirect ?? null;
    const file = extra.file ?? outputFileOf(route, baseUrl, trailingSlash);
    plans.push({
      kind,
      route,
      file,
      // Where the client asks for it (with trailingSlash: false too, `<route>/page-data.json`).
      payload: kind === "notFound" || kind === "redirect" ? null : payloadUrlOf(route).slice(baseUrl.length),
      indexable: extra.indexable ?? true,
      doc: extra.doc ?? null,
      tag: extra.tag ?? null,
      category: extra.category ?? null,
      redirect,
      key: pageKey(kind, route, stamps, docs, site.config.markdown.format, redirect),
    });
  };
  // A doc served at the site's root (docs at "/") is the home page.
  if (!model.docs.some((d) => model.info.get(d.id)!.permalink === baseUrl)) add("home", baseUrl, []);
  for (const doc of model.docs)
    add("doc", model.info.get(doc.id)!.permalink, [doc], { doc, indexable: !doc.frontMatter.unlisted });
  for (const category of model.sidebar.categoryPages) add("category", category.permalink, [], { category });
  add("tags", site.tagsPath, []);
  for (const [key, { summary, docIds }] of model.tags)
    add(
      "tag",
      summary.permalink,
      docIds.map((id) => model.byId.get(id)!),
      { tag: key },
    );
  add("search", site.searchPath, [], { indexable: false });
  const routes = plans.map((p) => p.route);
  add("notFound", `${baseUrl}404.html`, [], { file: "404.html", indexable: false });
  for (const redirect of redirectsOf(site.config, routes, configFile))
    add("redirect", redirect.from, [], { redirect, indexable: false });
  // Every route has one owner (content/site.ts and route-owners.ts refuse a second); should two
  // pages still come to one file, the later one stays.
  const last = new Map(plans.map((plan, i) => [plan.file, i]));
  return withoutTakenPayloads(plans.filter((plan, i) => last.get(plan.file) === i));
}

/**
 * The plans again after an edit of some docs' text alone (`changed`, by id: their structure, the
 * stamps and every other doc as they were; replan.ts checks that): what planPages gives for
 * `model`, working out only the keys of the pages made from those docs (their doc pages, the tag
 * pages listing them). Every other plan is kept as it is.
 */
export function replanPages(
  plans: PagePlan[],
  model: ContentModel,
  site: SiteView,
  stamps: SiteStamps,
  changed: Set<string>,
): PagePlan[] {
  const docsOf = (plan: PagePlan): SourceDoc[] => {
    if (plan.kind === "doc") return [model.byId.get(plan.doc!.id)!];
    return plan.kind === "tag" ? model.tags.get(plan.tag!)!.docIds.map((id) => model.byId.get(id)!) : [];
  };
  return plans.map((plan) => {
    const docs = docsOf(plan);
    if (!docs.some((doc) => changed.has(doc.id))) return plan;
    const key = pageKey(plan.kind, plan.route, stamps, docs, site.config.markdown.format, plan.redirect);
    return { ...plan, doc: plan.kind === "doc" ? docs[0] : plan.doc, key };
  });
}

/** A payload whose path is a page's file or folder (a doc with the slug `page-data.json`) is not made. */
function withoutTakenPayloads(plans: PagePlan[]): PagePlan[] {
  const taken = new Set<string>();
  for (const { file } of plans)
    for (let i = file.indexOf("/"); i >= 0; i = file.indexOf("/", i + 1)) taken.add(file.slice(0, i));
  for (const plan of plans) taken.add(plan.file);
  for (const plan of plans) if (plan.payload && taken.has(plan.payload)) plan.payload = null;
  return plans;
}

/**
 * How many guides the home page counts: the docs a sidebar lists inside a category, other than
 * a category's own page (`services/<service>/index` in a service category, or a folder's
 * `<category>/<service>/index.md` shown as a link).
 */
export function guideCountOf(model: ContentModel): number {
  const guides = new Set<string>();
  const visit = (nodes: SidebarNode[], inCategory: boolean) => {
    for (const node of nodes) {
      if (node.type === "category") visit(node.items, true);
      else if (node.type === "link" && inCategory && node.docId) guides.add(node.docId);
    }
  };
  for (const sidebar of model.sidebar.sidebars) visit(sidebar.nodes, false);
  return guides.size;
}

/** A tag page's docs, in title order. */
export function tagDocsOf(model: ContentModel, tag: string): SourceDoc[] {
  return model.tags
    .get(tag)!
    .docIds.map((id) => model.byId.get(id)!)
    .sort((a, b) => compareText(a.title, b.title));
}
