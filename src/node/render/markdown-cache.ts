// The rendered Markdown of every doc, kept between builds (the `markdown` cache namespace), so a
// build renders again only the docs whose text changed. An entry is used only when everything
// that shapes it is as it was:
// - the key covers ssodocs's own sources and locked packages, the config, and the site's
//   structure (every doc's path and front matter, the sidebar): cards and links to other docs
//   depend on those;
// - each entry holds a hash of what it was rendered from (body, permalink, path, first line);
// - its images still have the bytes their content-hashed names were made from;
// - every code block it shows is in the code cache (its placeholders are filled from there).
import { readFileSync } from "node:fs";
import type { SiteConfig } from "../../shared/types.ts";
import { hashOf, readCache, toolStamp, writeCache } from "../cache.ts";
import type { ContentModel } from "../content/site.ts";
import type { CodeRenderer } from "../markdown/code.ts";
import type { RenderedMarkdown } from "../markdown/index.ts";
import { imageOutputPath, MarkdownMemo, markdownSourceOf, type MemoEntry } from "./docs.ts";

const NAMESPACE = "markdown";
/** Sites whose rendered Markdown is larger than this are not kept (reading it back would cost more than rendering). */
const MAX_BYTES = 32 * 1024 * 1024;

interface StoredEntry {
  source: string;
  rendered: RenderedMarkdown;
  origins: [string, string][];
  /** Source file, output path, URL. */
  images: [string, string, string][];
  warnings: string[];
  usesCards: boolean;
}

function keyOf(config: SiteConfig, model: ContentModel, docsDir: string): string {
  const structure = JSON.stringify([model.docs.map((d) => [d.id, d.relativePath, d.frontMatter]), model.sidebar.nodes]);
  return hashOf("markdown-cache-v1", toolStamp(), JSON.stringify(config), structure, docsDir);
}

export interface MarkdownCache {
  memo: MarkdownMemo;
  /** Whether every doc's Markdown was found (nothing is left to render). */
  complete: boolean;
  /** Stores the entries of this build (when any was rendered anew). */
  save(): void;
}

export function loadMarkdownCache(config: SiteConfig, model: ContentModel, docsDir: string, code: CodeRenderer): MarkdownCache {
  const key = keyOf(config, model, docsDir);
  const memo = new MarkdownMemo();
  const stored = readCache<Record<string, StoredEntry>>(NAMESPACE, key) ?? {};
  for (const doc of model.docs) {
    const entry = stored[doc.id];
    const source = markdownSourceOf(doc, model.info.get(doc.id)!.permalink);
    if (!entry || entry.source !== hashOf(source)) continue;
    const images = imagesOf(entry.images);
    if (!images) continue;
    if (!code.adopt(entry.rendered.html)) continue;
    memo.entries.set(doc.id, { source, rendered: entry.rendered, origins: new Map(entry.origins), images, warnings: entry.warnings, usesCards: entry.usesCards });
  }
  const loaded = new Map(memo.entries);
  return {
    memo,
    // Only entries of this model's docs, each rendered from its doc as it is now, were taken.
    complete: memo.entries.size === model.docs.length,
    save() {
      const entries = [...memo.entries];
      const unchanged = entries.length === loaded.size && entries.every(([id, e]) => loaded.get(id) === e);
      if (unchanged) return;
      let bytes = 0;
      const out: Record<string, StoredEntry> = {};
      for (const [id, e] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        bytes += e.rendered.html.length;
        if (bytes > MAX_BYTES) return;
        out[id] = {
          source: hashOf(e.source),
          rendered: e.rendered,
          origins: [...e.origins],
          images: [...e.images].map(([file, { output, url }]) => [file, output.path, url]),
          warnings: e.warnings,
          usesCards: e.usesCards,
        };
      }
      writeCache(NAMESPACE, key, out, { keep: 16 });
    },
  };
}

/** The images of a stored entry with their bytes, or null if one is gone or changed. */
function imagesOf(stored: StoredEntry["images"]): MemoEntry["images"] | null {
  const images: MemoEntry["images"] = new Map();
  for (const [file, outputPath, url] of stored) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      return null;
    }
    if (imageOutputPath(file, bytes) !== outputPath) return null;
    images.set(file, { output: { path: outputPath, contents: bytes }, url });
  }
  return images;
}
