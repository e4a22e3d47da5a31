// The search files of a build: `search/records.json` (what Algolia indexes) and
// `search/index.json` (the embedded index the browser fetches when search is about to be used),
// made from the doc pages' records in record order. records.json is the same bytes as
// JSON.stringify of all the records.
import type { DocSearchRecord } from "../../shared/types.ts";
import { EmbeddedIndexBuilder } from "./embedded-index.ts";

export const RECORDS_FILE = "search/records.json";
export const EMBEDDED_INDEX_FILE = "search/index.json";

/** The two search files, from each doc page's records (in record order), the site's origin and its synonym groups. */
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
  return [
    { path: RECORDS_FILE, contents: Buffer.concat(chunks) },
    { path: EMBEDDED_INDEX_FILE, contents: Buffer.from(JSON.stringify(index.index), "utf8") },
  ];
}
