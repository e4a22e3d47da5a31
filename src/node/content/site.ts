// The content model of a site: docs with their permalinks, the sidebar and the tags,
// computed once and handed to the render stage as plain data.
import type { SiteConfig, TagSummary } from "../../shared/types.ts";
import { SsodocsError, type Warnings } from "../errors.ts";
import type { SourceDoc } from "./load.ts";
import { docPermalink, routeKey, tagPermalink } from "./routes.ts";
import { compareText } from "./compare-text.ts";
import { buildSidebar, type Sidebar, type SidebarDocInfo } from "./sidebar.ts";

/** A guide is a service's page: `services/<service>/index`. */
export function isGuideId(docId: string): boolean {
  return /^services\/[^/]+\/index$/.test(docId);
}

/** A tag's path segment: the permalink given, else the label in lower case with hyphens (as Docusaurus makes it). */
export function tagKeyOf(label: string, permalink?: string): string {
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
  docs: SourceDoc[];
  byId: Map<string, SourceDoc>;
  /** Doc id -> sidebar label and permalink. */
  info: Map<string, SidebarDocInfo>;
  /** Doc file path relative to the docs folder -> doc, to resolve links to .md files. */
  byRelativePath: Map<string, SourceDoc>;
  sidebar: Sidebar;
  tags: Map<string, { summary: TagSummary; docIds: string[] }>;
}

export function buildContentModel(
  docs: SourceDoc[],
  config: SiteConfig,
  configFile: string,
  warnings: Warnings,
): ContentModel {
  const byId = new Map<string, SourceDoc>();
  const info = new Map<string, SidebarDocInfo>();
  const byRelativePath = new Map<string, SourceDoc>();
  const routes = new Map<string, SourceDoc>();
  for (const doc of docs) {
    byId.set(doc.id, doc);
    byRelativePath.set(doc.relativePath, doc);
    const permalink = docPermalink(doc, config);
    const key = routeKey(permalink);
    const twin = routes.get(key);
    if (twin && doc.frontMatter.slug !== undefined && twin.frontMatter.slug !== undefined) {
      // Two authors asked for the same address: that is a mistake to fix, not to guess about.
      throw new SsodocsError(
        `duplicate slug "${doc.frontMatter.slug}": ${twin.relativePath} already claims ${permalink}`,
        {
          file: doc.file,
          line: doc.keyLines.slug,
        },
      );
    }
    if (twin) {
      warnings.add(`duplicate route ${permalink}: also created by ${twin.relativePath}; this page replaces it`, {
        file: doc.file,
      });
    }
    routes.set(key, doc);
    info.set(doc.id, { label: doc.frontMatter.sidebar_label ?? doc.title, permalink });
    for (const { key, line, nearest } of doc.unknownKeys) {
      const message = `unknown front matter key "${key}"${nearest ? ` (did you mean "${nearest}"?)` : ""}`;
      if (config.frontMatter.unknownKeys === "error") throw new SsodocsError(message, { file: doc.file, line });
      warnings.add(message, { file: doc.file, line });
    }
  }
  if (docs.length === 0) throw new SsodocsError("the docs folder holds no Markdown files", { file: configFile });
  const sidebar = buildSidebar(config.docs.sidebar, info, configFile);

  const tags = new Map<string, { summary: TagSummary; docIds: string[] }>();
  for (const doc of docs) {
    for (const { label, key } of tagsOf(doc)) {
      let entry = tags.get(key);
      if (!entry) {
        entry = { summary: { label, permalink: tagPermalink(key, config), count: 0 }, docIds: [] };
        tags.set(key, entry);
      }
      if (entry.docIds.includes(doc.id)) continue;
      entry.docIds.push(doc.id);
      entry.summary.count++;
    }
  }
  const sortedTags = new Map([...tags.entries()].sort(([a], [b]) => compareText(a, b)));
  return { docs, byId, info, byRelativePath, sidebar, tags: sortedTags };
}
