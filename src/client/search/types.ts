// What the search dialog and the search page read from a backend: Algolia-shaped hits, so the
// embedded index and Algolia answer in one form.
import type { SearchHierarchy, SearchRecordType } from "../../shared/types.ts";

export type { SearchHierarchy };

/** A value with the matches wrapped in <mark> (raw text otherwise: sanitise before use as HTML). */
interface MarkedValue {
  value: string;
  matchLevel?: string;
}

export interface SearchHit {
  objectID: string;
  type: SearchRecordType;
  /** Absolute URL or site path, with the anchor. */
  url: string;
  hierarchy: SearchHierarchy;
  content: string | null;
  _snippetResult?: {
    hierarchy?: Partial<Record<keyof SearchHierarchy, MarkedValue>>;
    content?: MarkedValue;
  };
  _highlightResult?: {
    hierarchy?: Partial<Record<keyof SearchHierarchy, MarkedValue>>;
    content?: MarkedValue;
  };
}

export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  /**
   * How many documents (pages) match, when the backend knows it: the embedded index counts them;
   * Algolia counts records only (nbHits).
   */
  nbDocuments?: number;
  page: number;
  nbPages: number;
  queryID?: string;
  /**
   * Answered from the first part of the embedded index (titles and headings), its texts not yet in:
   * the whole answer follows from the same query asked without `early`.
   */
  partial?: boolean;
}

export interface SearchOptions {
  /** Words in each snippet (10; 5 on narrow screens). */
  snippetWords: number;
  hitsPerPage: number;
  page: number;
  /** Answer from what is in already (a `partial` answer) rather than wait for the whole index. */
  early?: boolean;
}

export interface SearchBackend {
  /** Prepares the backend (fetches the embedded index, its first part, then its texts); safe to call many times. */
  warm(): Promise<void>;
  search(query: string, options: SearchOptions): Promise<SearchResponse>;
  /** Section names to suggest when a query finds nothing, if the backend knows them up front. */
  sectionNames(): string[];
}

/** Thrown when the search service cannot be reached at all: the dialog shows its error screen. */
export class SearchUnavailableError extends Error {}
