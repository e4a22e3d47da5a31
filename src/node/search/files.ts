// The search files of a build: `search/records.json` (what Algolia indexes) and
// `search/index.json` (the embedded index the browser fetches when search is about to be used).
import type { DocPageData, SiteConfig } from "../../shared/types.ts";
import type { Sidebar } from "../content/sidebar.ts";
import type { OutputFile } from "../render/assets.ts";
import { buildEmbeddedIndex } from "./embedded-index.ts";
import { buildSearchRecords } from "./records.ts";

export const RECORDS_FILE = "search/records.json";
export const EMBEDDED_INDEX_FILE = "search/index.json";

export function searchFiles(docs: DocPageData[], sidebar: Sidebar, config: SiteConfig): OutputFile[] {
  const records = buildSearchRecords(docs, sidebar, config);
  return [
    { path: RECORDS_FILE, contents: JSON.stringify(records) },
    { path: EMBEDDED_INDEX_FILE, contents: JSON.stringify(buildEmbeddedIndex(records, config.url)) },
  ];
}
