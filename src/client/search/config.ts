// The search settings of the page, written by the navbar template on the search button.
import type { AlgoliaConfig } from "../../shared/types.ts";

export interface SearchSettings {
  /** URL of the embedded index. */
  indexUrl: string;
  /** Path of the search page. */
  searchPath: string;
  algolia: AlgoliaConfig | null;
  /** Where "Let us know." points, with the query appended as `title`; null hides the line. */
  missingResultsUrl: string | null;
  /** Name under which recent and favorite searches are stored. */
  storageName: string;
}

export function readSearchSettings(): SearchSettings | null {
  const button = document.querySelector<HTMLElement>("[data-search-button]");
  const index = button?.dataset.searchIndex;
  if (!button || !index) return null;
  let algolia: AlgoliaConfig | null = null;
  try {
    algolia = button.dataset.algolia ? (JSON.parse(button.dataset.algolia) as AlgoliaConfig) : null;
  } catch {
    algolia = null;
  }
  return {
    indexUrl: index,
    searchPath: button.getAttribute("href") ?? "/search",
    algolia,
    missingResultsUrl: button.dataset.missingResultsUrl || null,
    storageName: algolia?.indexName ?? "embedded",
  };
}
