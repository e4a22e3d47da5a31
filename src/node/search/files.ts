// The search files of a build: `search/records.json` (what Algolia indexes) and
// `search/index.json` (the embedded index the browser fetches when search is about to be used).
// Records are made one doc at a time and serialised at once, so the records of the whole site
// never sit in memory as objects; records.json is the same bytes as JSON.stringify of them all.
import type { DocPageData, DocSearchRecord, SiteConfig } from "../../shared/types.ts";
import type { Sidebar } from "../content/sidebar.ts";
import { hashOf, KeptStrings, readCacheLines, saveKeptStrings, toolStamp } from "../cache.ts";
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
  const perDoc = docsInRecordOrder(docs, sidebar).flatMap((doc) => [lvl0Of(sidebar, doc.id), stampOf(doc)]);
  return [config.url, JSON.stringify(config.search.synonyms), ...perDoc];
}

/**
 * Each doc's records as JSON, under a hash of what they are made from (the doc, its lvl0, the
 * site's URL), so only the records of docs that changed are made again: kept in memory by watch
 * mode, between builds in the cache (`loadRecordsMemo`).
 */
export class RecordsMemo extends KeptStrings {
  constructor(
    /** A hash of a doc. */
    readonly stampOf: (doc: DocPageData) => string,
    known?: Map<string, string>,
  ) {
    super(known);
  }
}

const RECORDS_NAMESPACE = "records";
const recordsKey = (scope: string) => hashOf("records-v1", toolStamp(), scope);

/** The records kept for a site (`scope`: its docs folder) by earlier builds. */
export function loadRecordsMemo(scope: string, stampOf: (doc: DocPageData) => string): RecordsMemo {
  return new RecordsMemo(stampOf, readCacheLines(RECORDS_NAMESPACE, recordsKey(scope)) ?? new Map());
}

export function saveRecordsMemo(scope: string, memo: RecordsMemo): void {
  saveKeptStrings(RECORDS_NAMESPACE, recordsKey(scope), memo, { keep: 8 });
}

/** Records kept as JSON, or null if the text is not what was kept (a damaged cache file). */
function parsedRecords(json: string): DocSearchRecord[] | null {
  try {
    const records = JSON.parse(json) as unknown;
    return Array.isArray(records) ? (records as DocSearchRecord[]) : null;
  } catch {
    return null;
  }
}

/** `fill` gives a doc's HTML its highlighted code (whose setting names are indexed). */
export function searchFiles(docs: DocPageData[], sidebar: Sidebar, config: SiteConfig, fill: (html: string) => string = (html) => html, memo: RecordsMemo | null = null): OutputFile[] {
  const index = new EmbeddedIndexBuilder(config.url, config.search.synonyms);
  // The JSON array, as UTF-8 chunks: "[", then each record's JSON with commas between, then "]".
  const chunks: Buffer[] = [];
  let first = true;
  for (const doc of docsInRecordOrder(docs, sidebar)) {
    const lvl0 = lvl0Of(sidebar, doc.id);
    const key = memo ? hashOf(memo.stampOf(doc), lvl0, config.url) : "";
    const kept = memo?.get(key);
    let records = kept === undefined ? null : parsedRecords(kept);
    let json = kept ?? "";
    if (!records) {
      records = recordsOfDoc({ ...doc, html: fill(doc.html) }, lvl0, config.url);
      json = JSON.stringify(records);
      memo?.set(key, json);
    }
    index.add(records);
    if (!records.length) continue;
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
 * made (and kept), with the records of unchanged docs taken from the cache. `stampOf` gives a
 * hash of a doc; `fill` gives its HTML its highlighted code; `scope` is the site's docs folder.
 */
export function cachedSearchFiles<Meta>(
  scope: string,
  docs: DocPageData[],
  sidebar: Sidebar,
  config: SiteConfig,
  stampOf: (doc: DocPageData) => string,
  fill: (html: string) => string,
  outputs: OutputCache<Meta | null> | null,
): (OutputFile | KeptSearchFile)[] {
  const make = () => {
    const memo = outputs ? loadRecordsMemo(scope, stampOf) : null;
    const files = searchFiles(docs, sidebar, config, fill, memo);
    if (memo) saveRecordsMemo(scope, memo);
    return files;
  };
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
  return files.map((file, i) => ({ ...file, kept: outputs.put(keys[i], file.contents, null) }));
}
