// The Algolia backend: one POST to the multi-index queries path per search, DocSearch's payload
// (contextual: language and docs tag), time-outs and host retry set explicitly.
import { liteClient } from "algoliasearch/lite";
import type { AlgoliaConfig } from "../../shared/types.ts";
import { createHostsCache, HOST_RETRY_MS } from "./algolia-hosts.ts";
import {
  SearchUnavailableError,
  type SearchBackend,
  type SearchHit,
  type SearchOptions,
  type SearchResponse,
} from "./types.ts";

/** Connect 1 s, read 2 s, write 30 s (milliseconds). */
export const ALGOLIA_TIMEOUTS = { connect: 1000, read: 2000, write: 30000 } as const;
const DOCS_PLUGIN_ID = "default";
const LEVELS = ["lvl0", "lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "lvl6"] as const;

/** The request DocSearch sends for a query (FACTS section 4). */
export function searchRequest(indexName: string, query: string, options: SearchOptions) {
  const n = options.snippetWords;
  return {
    indexName,
    query,
    attributesToRetrieve: [...LEVELS.map((l) => `hierarchy.${l}`), "content", "type", "url"],
    attributesToSnippet: [...LEVELS.slice(1).map((l) => `hierarchy.${l}:${n}`), `content:${n}`],
    snippetEllipsisText: "…",
    highlightPreTag: "<mark>",
    highlightPostTag: "</mark>",
    hitsPerPage: options.hitsPerPage,
    ...(options.page ? { page: options.page } : {}),
    facetFilters: ["language:en", ["docusaurus_tag:default", `docusaurus_tag:docs-${DOCS_PLUGIN_ID}-current`]],
  };
}

export interface AlgoliaBackendOptions {
  /** Hosts to use instead of Algolia's (a test stub, a proxy). */
  hosts?: { url: string; protocol: "http" | "https"; port?: number }[];
  /** The clock of the failed-host memory (tests move it). */
  now?: () => number;
}

/** The client options set here rather than left to the library: time-outs and the failed-host memory. */
export function algoliaClientOptions(now?: () => number) {
  return { timeouts: { ...ALGOLIA_TIMEOUTS }, hostsCache: createHostsCache(HOST_RETRY_MS, now) };
}

export function createAlgoliaBackend(config: AlgoliaConfig, options: AlgoliaBackendOptions = {}): SearchBackend {
  const client = liteClient(config.appId, config.apiKey, {
    ...algoliaClientOptions(options.now),
    ...(options.hosts ? { hosts: options.hosts.map((h) => ({ ...h, accept: "readWrite" as const })) } : {}),
  });
  let sections: string[] = [];
  return {
    async warm() {
      // Nothing to fetch ahead: the first query opens the connection.
    },
    async search(query: string, searchOptions: SearchOptions): Promise<SearchResponse> {
      let response: Awaited<ReturnType<typeof client.search<SearchHit>>>;
      try {
        response = await client.search<SearchHit>({
          requests: [searchRequest(config.indexName, query, searchOptions)],
        });
      } catch (error) {
        throw new SearchUnavailableError((error as Error).message);
      }
      const result = response.results[0] as {
        hits?: SearchHit[];
        nbHits?: number;
        page?: number;
        nbPages?: number;
        queryID?: string;
      };
      const hits = result.hits ?? [];
      const groups = [...new Set(hits.map((h) => h.hierarchy?.lvl0).filter((x): x is string => Boolean(x)))];
      if (groups.length > sections.length) sections = groups;
      return {
        hits,
        nbHits: result.nbHits ?? hits.length,
        page: result.page ?? 0,
        nbPages: result.nbPages ?? 1,
        queryID: result.queryID,
      };
    },
    sectionNames: () => sections,
  };
}
