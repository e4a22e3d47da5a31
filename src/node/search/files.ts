// The search files of a build: `search/records.json` (what Algolia indexes) and the embedded
// index the browser fetches when search is about to be used, in two parts (see
// src/shared/search-index.ts): `search/index.json` (pages, headings, synonyms: the dialog's first
// answer) and `search/texts.json` (the content records, fetched right after). All are made from
// the doc pages' records in record order. records.json is the same bytes as JSON.stringify of all
// the records.
import path from "node:path";
import type { DocSearchRecord } from "../../shared/types.ts";
import { splitIndex } from "../../shared/search-index.ts";
import { hashOf } from "../util/hash.ts";
import { EmbeddedIndexBuilder } from "./embedded-index.ts";

export const RECORDS_FILE = "search/records.json";
export const EMBEDDED_INDEX_FILE = "search/index.json";
export const EMBEDDED_TEXTS_FILE = "search/texts.json";

/**
 * The search files (records, the index's first part, its texts), from each doc page's records (in
 * record order), the site's origin and its synonym groups.
 */
export function searchFiles(
  recordsByDoc: DocSearchRecord[][],
  origin: string,
  synonyms: string[][] = [],
): { path: string; contents: Buffer }[] {
  const index = new EmbeddedIndexBuilder(origin, synonyms);
  const chunks: Buffer[] = [];
  for (const records of recordsByDoc) {
    index.add(records);
    if (!records.length) continue;
    const json = JSON.stringify(records);
    chunks.push(Buffer.from(chunks.length ? `,${json.slice(1, -1)}` : json.slice(0, -1), "utf8"));
  }
  chunks.push(Buffer.from(chunks.length ? "]" : "[]", "utf8"));
  const whole = JSON.stringify(index.index);
  const { first, texts } = splitIndex(
    index.index,
    hashOf(whole).slice(0, 16),
    path.posix.basename(EMBEDDED_TEXTS_FILE),
  );
  return [
    { path: RECORDS_FILE, contents: Buffer.concat(chunks) },
    { path: EMBEDDED_INDEX_FILE, contents: Buffer.from(JSON.stringify(first), "utf8") },
    { path: EMBEDDED_TEXTS_FILE, contents: Buffer.from(JSON.stringify(texts), "utf8") },
  ];
}
