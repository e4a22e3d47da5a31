// A site's caches, opened once per site in a process so every command and every watch update of
// a site shares them: the page store, the build shortcuts (both in the site's folder of the cache
// folder) and the highlighted-code cache. A driver opens them and hands them to the pipeline;
// config, content and Markdown never open a cache themselves.
import path from "node:path";
import { hashOf } from "../util/hash.ts";
import { CACHE_DIR, contentCacheEnabled } from "./cache-dir.ts";
import { type CodeCache, codeCacheFor } from "./code-cache.ts";
import { PageStore } from "./page-store.ts";
import { BuildShortcuts } from "./shortcuts.ts";

export interface SiteCaches {
  pages: PageStore;
  shortcuts: BuildShortcuts;
  code: CodeCache;
  /** Ends a build or an update: the store's entries written and collected, the shortcuts saved. */
  finish(): Promise<void>;
}

const opened = new Map<string, SiteCaches>();

/** The caches of the site whose config file is `configFile`. */
export function siteCaches(configFile: string): SiteCaches {
  let caches = opened.get(configFile);
  if (caches) return caches;
  const dir = contentCacheEnabled() ? path.join(CACHE_DIR, "pages", hashOf("store-v1", configFile)) : null;
  const pages = new PageStore(dir);
  const shortcuts = new BuildShortcuts(dir);
  caches = {
    pages,
    shortcuts,
    code: codeCacheFor(path.dirname(configFile)),
    async finish() {
      await pages.finish();
      shortcuts.save();
    },
  };
  opened.set(configFile, caches);
  return caches;
}
