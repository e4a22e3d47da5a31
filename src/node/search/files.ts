// The search files of a build: `search/records.json` (what Algolia indexes) and
// `search/index.json` (the embedded index the browser fetches when search is about to be used).
// Records are made one doc at a time and serialised at once, so the records of the whole site
// never sit in memory as objects; records.json is the same bytes as JSON.stringify of them all.
import type { DocPageData, SiteConfig } from "../../shared/types.ts";
import type { Sidebar } from "../content/sidebar.ts";
import type { OutputFile } from "../render/assets.ts";
import { EmbeddedIndexBuilder } from "./embedded-index.ts";
import { docsInRecordOrder, lvl0Of, recordsOfDoc } from "./records.ts";

export const RECORDS_FILE = "search/records.json";
export const EMBEDDED_INDEX_FILE = "search/index.json";

/**
 * Everything the search files are made from, besides ssodocs's own code: each doc in record order
 * with its lvl0, and the site's URL. `docJson` gives a doc as JSON (its HTML may hold code placeholders).
 */
export function searchInputs(docs: DocPageData[], sidebar: Sidebar, config: SiteConfig, docJson: (doc: DocPageData) => string): string[] {
  return [config.url, ...docsInRecordOrder(docs, sidebar).flatMap((doc) => [lvl0Of(sidebar, doc.id), docJson(doc)])];
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
