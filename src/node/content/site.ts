// The content model of a site: docs with their permalinks, the sidebar and the tags,
// computed once and handed to the render stage as plain data.
import type { SiteConfig, TagSummary } from "../../shared/types.ts";
import { SsodocsError, type Warnings } from "../errors.ts";
import type { CategoryMeta } from "./category-meta.ts";
import { compareText } from "./compare-text.ts";
import type { SourceDoc } from "./load.ts";
import { checkRouteOwners } from "./route-owners.ts";
import { docPermalink, routeKey, tagPermalink } from "./routes.ts";
import { buildSidebar, type Sidebar, type SidebarDocInfo } from "./sidebar.ts";
import type { NamedSidebar } from "./sidebars-module.ts";

/** A tag's path segment: the permalink given, else the label in lower case with hyphens (as Docusaurus makes it). */
function tagKeyOf(label: string, permalink?: string): string {
  const key = (permalink ?? label).replace(/^\/+|\/+$/g, "");
  return permalink
    ? key
    : key
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, "-")
        .replace(/^-+|-+$/g, "");
}

/** A doc's tags, each with its label and path segment. */
export function tagsOf(doc: SourceDoc): { label: string; key: string }[] {
  return (doc.frontMatter.tags ?? []).map((tag) =>
    typeof tag === "string"
      ? { label: tag, key: tagKeyOf(tag) }
      : { label: tag.label, key: tagKeyOf(tag.label, tag.permalink) },
  );
}

export interface ContentModel {
  /** The docs of the build: every doc but the drafts (which watch mode shows). */
  docs: SourceDoc[];
  /** Ids of the drafts left out. */
  drafts: Set<string>;
  byId: Map<string, SourceDoc>;
  /** Doc id -> sidebar label and permalink. */
  info: Map<string, SidebarDocInfo>;
  /** Doc file path relative to the docs folder -> doc, to resolve links to .md files. */
  byRelativePath: Map<string, SourceDoc>;
  sidebar: Sidebar;
  tags: Map<string, { summary: TagSummary; docIds: string[] }>;
}

/** What the model is made from: the docs read, the folders' `_category_` files and the sidebars. */
export interface ContentSources {
  docs: SourceDoc[];
  categories: Map<string, CategoryMeta>;
}

/** The config and its sidebars, as loadConfig gives them. */
export interface ModelConfig {
  config: SiteConfig;
  file: string;
  sidebars: NamedSidebar[];
}

/** `drafts`: build the drafts too (watch mode), as Docusaurus's development server does. */
export interface ModelOptions {
  drafts?: boolean;
}

/**
 * Two docs with one route: an error naming both (one would replace the other, so a new doc could
 * take over a guide's address, or the docs index). The doc whose slug asked for it is the one
 * pointed at.
 */
function duplicateRoute(doc: SourceDoc, twin: SourceDoc, permalink: string): SsodocsError {
  if (doc.frontMatter.slug !== undefined && twin.frontMatter.slug !== undefined)
    return new SsodocsError(
      `duplicate slug "${doc.frontMatter.slug}": ${twin.relativePath} already claims ${permalink}`,
      {
        file: doc.file,
        line: doc.keyLines.slug,
      },
    );
  const [claimer, other] = twin.frontMatter.slug !== undefined ? [twin, doc] : [doc, twin];
  return new SsodocsError(`route ${permalink} is also the route of ${other.relativePath}; choose another slug`, {
    file: claimer.file,
    line: claimer.keyLines.slug,
  });
}

/** Docs' permalinks and labels; two docs with one route are an error. */
function docInfos(docs: SourceDoc[], config: SiteConfig, warnings: Warnings): Map<string, SidebarDocInfo> {
  const info = new Map<string, SidebarDocInfo>();
  const routes = new Map<string, SourceDoc>();
  const ids = new Map<string, SourceDoc>();
  for (const doc of docs) {
    const same = ids.get(doc.id);
    if (same)
      throw new SsodocsError(`duplicate doc id "${doc.id}": ${same.relativePath} has it too`, {
        file: doc.file,
        line: doc.keyLines.id,
      });
    ids.set(doc.id, doc);
    const permalink = docPermalink(doc, config);
    const key = routeKey(permalink);
    const twin = routes.get(key);
    if (twin) throw duplicateRoute(doc, twin, permalink);
    routes.set(key, doc);
    info.set(doc.id, { label: doc.frontMatter.sidebar_label ?? doc.title, permalink });
    for (const { key, line, nearest } of doc.unknownKeys) {
      const message = `unknown front matter key "${key}"${nearest ? ` (did you mean "${nearest}"?)` : ""}`;
      if (config.frontMatter.unknownKeys === "error") throw new SsodocsError(message, { file: doc.file, line });
      warnings.add(message, { file: doc.file, line });
    }
  }
  return info;
}

/** Front matter naming other docs (pagination_prev, pagination_next) names docs that exist. */
function checkDocReferences(docs: SourceDoc[], byId: Map<string, SourceDoc>): void {
  for (const doc of docs) {
    for (const key of ["pagination_prev", "pagination_next"] as const) {
      const id = doc.frontMatter[key];
      if (typeof id === "string" && !byId.has(id))
        throw new SsodocsError(`front matter "${key}" names no doc: "${id}"`, {
          file: doc.file,
          line: doc.keyLines[key],
        });
    }
  }
}

function tagsOfDocs(docs: SourceDoc[], config: SiteConfig): ContentModel["tags"] {
  const tags = new Map<string, { summary: TagSummary; docIds: string[] }>();
  for (const doc of docs) {
    // An unlisted doc's tags would list it: its tags show on its page only.
    if (doc.frontMatter.unlisted) continue;
    for (const { label, key } of tagsOf(doc)) {
      let entry = tags.get(key);
      if (!entry) {
        entry = { summary: { label, permalink: tagPermalink(key, config), count: 0 }, docIds: [] };
        tags.set(key, entry);
      }
      // A tag the doc gives twice: docs come one at a time, so its id would be the last one listed
      // (searching the whole list made 100,000 docs of one tag quadratic).
      if (entry.docIds[entry.docIds.length - 1] === doc.id) continue;
      entry.docIds.push(doc.id);
      entry.summary.count++;
    }
  }
  return new Map([...tags.entries()].sort(([a], [b]) => compareText(a, b)));
}

const WHY: Record<string, string> = {
  key: "Docusaurus tells items apart by it for translations",
  sidebar_key: "Docusaurus tells items apart by it for translations",
  defaultStyle: "every html item is styled alike",
};
const ignoredNote = (key: string) => `has no effect in ssodocs (${WHY[key]}); ignored`;
const AUTOGENERATED_PROPS =
  'an autogenerated sidebar item\'s "customProps" has no effect (as in Docusaurus, the items it stands for take theirs from their docs and _category_ files); ignored';

/** One warning per Docusaurus key that ssodocs accepts and ignores, naming the first place that uses it. */
function warnIgnored(sources: ContentSources, sidebars: NamedSidebar[], warnings: Warnings): void {
  for (const sidebar of sidebars)
    for (const key of sidebar.ignored ?? [])
      warnings.add(
        key === "autogenerated customProps" ? AUTOGENERATED_PROPS : `sidebar items' "${key}" ${ignoredNote(key)}`,
        {
          file: sidebar.file,
        },
      );
  const metaKeys = new Set<string>();
  for (const meta of sources.categories.values()) {
    for (const key of meta.ignored) {
      if (metaKeys.has(key)) continue;
      metaKeys.add(key);
      warnings.add(`category "${key}" ${ignoredNote(key)}`, { file: meta.file });
    }
  }
  const key = "sidebar_key";
  const using = sources.docs.filter((doc) => doc.frontMatter[key] !== undefined);
  if (!using.length) return;
  const others = using.length > 1 ? ` (and in ${using.length - 1} other docs)` : "";
  warnings.add(`front matter "${key}" ${ignoredNote(key)}${others}`, {
    file: using[0].file,
    line: using[0].keyLines[key],
  });
}

export function buildContentModel(
  sources: ContentSources,
  { config, file: configFile, sidebars }: ModelConfig,
  warnings: Warnings,
  options: ModelOptions = {},
): ContentModel {
  if (sources.docs.length === 0)
    throw new SsodocsError("the docs folder holds no Markdown files", { file: configFile });
  const docs = options.drafts ? sources.docs : sources.docs.filter((doc) => !doc.frontMatter.draft);
  const drafts = new Set(options.drafts ? [] : sources.docs.filter((d) => d.frontMatter.draft).map((d) => d.id));
  const info = docInfos(docs, config, warnings);
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const byRelativePath = new Map(docs.map((doc) => [doc.relativePath, doc]));
  checkDocReferences(docs, byId);
  warnIgnored(sources, sidebars, warnings);
  const sidebar = buildSidebar({
    sidebars,
    docs,
    byId,
    info,
    drafts,
    categories: sources.categories,
    config,
    warn: (message, file) => warnings.add(message, { file }),
  });
  const tags = tagsOfDocs(docs, config);
  checkRouteOwners({ docs, info, byId, tags, categoryPages: sidebar.categoryPages }, config, warnings);
  return { docs, drafts, byId, info, byRelativePath, sidebar, tags };
}

/**
 * The model with some docs read again (`fresh`, by path relative to the docs folder), each with
 * the structure it had (id, title, front matter): what buildContentModel gives for them, as the
 * sidebar, tags and routes come from the structure alone (watch mode's update of a doc's text).
 */
export function withDocs(model: ContentModel, fresh: Map<string, SourceDoc>): ContentModel {
  const docs = model.docs.map((doc) => fresh.get(doc.relativePath) ?? doc);
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  return { ...model, docs, byId, byRelativePath: new Map(docs.map((doc) => [doc.relativePath, doc])) };
}
