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
 * Makes the search files (records, the index's first part, its texts) from each doc page's
 * records, as JSON text (JSON.stringify of the page's records), handed in record order.
 * records.json goes to `write` a page at a time, as it may be larger than is worth holding in
 * memory; `finish` gives the two parts of the index.
 */
export class SearchFiles {
  private readonly index: EmbeddedIndexBuilder;
  private first = true;

  /** `origin`: the site's; `synonyms`: its synonym groups; `write`: takes records.json's text, piece by piece. */
  constructor(
    origin: string,
    synonyms: string[][],
    private readonly write: (text: string) => void,
  ) {
    this.index = new EmbeddedIndexBuilder(origin, synonyms);
  }

  /** A doc page's records, as JSON text. */
  add(json: string): void {
    const records = JSON.parse(json) as DocSearchRecord[];
    this.index.add(records);
    if (!records.length) return;
    this.write(this.first ? json.slice(0, -1) : `,${json.slice(1, -1)}`);
    this.first = false;
  }

  /** Ends records.json; the bytes of the index's two parts. */
  finish(): { index: Buffer; texts: Buffer } {
    this.write(this.first ? "[]" : "]");
    const whole = JSON.stringify(this.index.index);
    const { first, texts } = splitIndex(
      this.index.index,
      hashOf(whole).slice(0, 16),
      path.posix.basename(EMBEDDED_TEXTS_FILE),
    );
    return { index: Buffer.from(JSON.stringify(first), "utf8"), texts: Buffer.from(JSON.stringify(texts), "utf8") };
  }
}

/**
 * The three search files in memory (watch mode's, a site of a few hundred pages), from each doc
 * page's records as JSON text, in record order.
 */
export function searchFiles(
  records: string[],
  origin: string,
  synonyms: string[][] = [],
): { path: string; contents: Buffer }[] {
  const pieces: string[] = [];
  const files = new SearchFiles(origin, synonyms, (piece) => pieces.push(piece));
  for (const json of records) files.add(json);
  const { index, texts } = files.finish();
  return [
    { path: RECORDS_FILE, contents: Buffer.from(pieces.join(""), "utf8") },
    { path: EMBEDDED_INDEX_FILE, contents: index },
    { path: EMBEDDED_TEXTS_FILE, contents: texts },
  ];
}
