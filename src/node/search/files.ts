// The search files of a build: `search/records.json` (what Algolia indexes) and
// `search/index.json` (the embedded index the browser fetches when search is about to be used).
// Records are made one doc at a time and serialised at once, so the records of the whole site
// never sit in memory as objects; records.json is the same bytes as JSON.stringify of them all.
import type { DocPageData, SiteConfig } from "../../shared/types.ts";
import type { Sidebar } from "../content/sidebar.ts";
import { hashOf, toolStamp } from "../cache.ts";
import type { OutputFile, StoredFile } from "../render/assets.ts";
import type { OutputCache } from "../render/output-cache.ts";
import { EmbeddedIndexBuilder } from "./embedded-index.ts";
import { docsInRecordOrder, lvl0Of, recordsOfDoc } from "./records.ts";

export const RECORDS_FILE = "search/records.json";
export const EMBEDDED_INDEX_FILE = "search/index.json";

/**
 * Everything the search files are made from, besides ssodocs's own code: each doc in record order
 * with its lvl0, and the site's URL. `stampOf` gives a hash of a doc (its HTML may hold code placeholders).
 */
export function searchInputs(docs: DocPageData[], sidebar: Sidebar, config: SiteConfig, stampOf: (doc: DocPageData) => string): string[] {
  return [config.url, ...docsInRecordOrder(docs, sidebar).flatMap((doc) => [lvl0Of(sidebar, doc.id), stampOf(doc)])];
}

/** `fill` gives a doc's HTML its highlighted code (whose setting names are indexed). */
export function searchFiles(docs: DocPageData[], sidebar: Sidebar, config: SiteConfig, fill: (html: string) => string = (html) => html): OutputFile[] {
  const index = new EmbeddedIndexBuilder(config.url);
  // The JSON array, as UTF-8 chunks: "[", then each record's JSON with commas between, then "]".
  const chunks: Buffer[] = [];
  let first = true;
  for (const doc of docsInRecordOrder(docs, sidebar)) {
    const records = recordsOfDoc({ ...doc, html: fill(doc.html) }, lvl0Of(sidebar, doc.id), config.url);
    index.add(records);
    if (!records.length) continue;
    const json = JSON.stringify(records);
    chunks.push(Buffer.from(first ? json.slice(0, -1) : `,${json.slice(1, -1)}`, "utf8"));
    first = false;
  }
  chunks.push(Buffer.from(first ? "[]" : "]", "utf8"));
  return [
    { path: RECORDS_FILE, contents: Buffer.concat(chunks) },
    { path: EMBEDDED_INDEX_FILE, contents: JSON.stringify(index.index) },
  ];
}

/** A search file kept in the output cache, with a way to make it should the kept one be gone. */
export interface KeptSearchFile extends StoredFile {
  made(): OutputFile;
}

/**
 * The search files: from the output cache when what they are made from hashes the same, else
 * made (and kept). `stampOf` gives a hash of a doc; `fill` gives its HTML its highlighted code.
 */
export function cachedSearchFiles<Meta>(
  docs: DocPageData[],
  sidebar: Sidebar,
  config: SiteConfig,
  stampOf: (doc: DocPageData) => string,
  fill: (html: string) => string,
  outputs: OutputCache<Meta | null> | null,
): (OutputFile | KeptSearchFile)[] {
  const make = () => searchFiles(docs, sidebar, config, fill);
  if (!outputs) return make();
  const key = hashOf("search-v1", toolStamp(), ...searchInputs(docs, sidebar, config, stampOf));
  const names = [RECORDS_FILE, EMBEDDED_INDEX_FILE];
  const keys = names.map((file) => hashOf(key, file));
  const kept = keys.map((k) => outputs.get(k));
  if (kept.every((k) => k !== null)) {
    let made: OutputFile[] | undefined;
    return names.map((file, i) => ({ path: file, from: kept[i]!.file, made: () => (made ??= make())[i] }));
  }
  const files = make();
  files.forEach((file, i) => outputs.put(keys[i], file.contents, null));
  return files;
}
