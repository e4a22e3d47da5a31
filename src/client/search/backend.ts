// One search backend per page: Algolia when the site configures it, else the embedded index.
// The Algolia client is a chunk of its own, loaded only on sites that use it.
import type { SearchSettings } from "./config.ts";
import { createEmbeddedBackend } from "./embedded-backend.ts";
import type { SearchBackend, SearchOptions, SearchResponse } from "./types.ts";

let backend: SearchBackend | null = null;

function lazyAlgolia(settings: SearchSettings): SearchBackend {
  const config = settings.algolia!;
  let loaded: Promise<SearchBackend> | null = null;
  let current: SearchBackend | null = null;
  const load = () => {
    loaded ??= import("./algolia.ts").then((m) => (current = m.createAlgoliaBackend(config)));
    loaded.catch(() => (loaded = null));
    return loaded;
  };
  return {
    warm: async () => {
      await load();
    },
    search: async (query: string, options: SearchOptions): Promise<SearchResponse> =>
      (await load()).search(query, options),
    sectionNames: () => current?.sectionNames() ?? [],
  };
}

export function searchBackend(settings: SearchSettings): SearchBackend {
  backend ??= settings.algolia ? lazyAlgolia(settings) : createEmbeddedBackend(settings.indexUrl);
  return backend;
}

/** Words in each snippet: 10, or 5 when the screen is 768 px wide or narrower. */
export function snippetWords(): number {
  return window.matchMedia("(max-width: 768px)").matches ? 5 : 10;
}

/** A hit's URL as a path of this site: Algolia records hold absolute URLs of the published site. */
export function localHref(url: string): string {
  if (!/^https?:\/\//.test(url)) return url;
  const u = new URL(url);
  return u.pathname + u.search + u.hash;
}
