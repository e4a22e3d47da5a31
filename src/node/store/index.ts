// A site's caches, opened once per site in a process so every command and every watch update of
// a site shares them: the page store, the build shortcuts, the readings of docs' texts (these three
// in the site's folder of the cache folder) and the highlighted-code cache. A driver opens them and hands them to the pipeline;
// config, content and Markdown never open a cache themselves. A site is known by its config
// file's path in its project, not by where the checkout lies: every checkout of the project at
// any path (a CI runner's workspace, a second clone) shares them.
import path from "node:path";
import { toolStamp } from "../paths.ts";
import { ProjectPaths } from "../project-paths.ts";
import { hashOf } from "../util/hash.ts";
import { cacheDir, contentCacheEnabled } from "./cache-dir.ts";
import { type CodeCache, codeCacheFor } from "./code-cache.ts";
import { PageStore } from "./page-store.ts";
import { ReadingStore } from "./readings.ts";
import { BuildShortcuts } from "./shortcuts.ts";

export interface SiteCaches {
  pages: PageStore;
  shortcuts: BuildShortcuts;
  /** What each doc's text gives (front matter, languages), by the text's hash. */
  readings: ReadingStore;
  code: CodeCache;
  /** Ends a build or an update: the store's entries written and collected, the shortcuts saved. */
  finish(): Promise<void>;
}

const opened = new Map<string, SiteCaches>();

/** The caches of the site whose config file is `configFile`. */
export function siteCaches(configFile: string): SiteCaches {
  let caches = opened.get(configFile);
  if (caches) return caches;
  const site = new ProjectPaths(configFile).nameOf(path.resolve(configFile));
  const dir = contentCacheEnabled() ? path.join(cacheDir(), "pages", hashOf("store-v1", site)) : null;
  const pages = new PageStore(dir);
  const shortcuts = new BuildShortcuts(dir);
  const readings = new ReadingStore(dir, toolStamp());
  caches = {
    pages,
    shortcuts,
    readings,
    code: codeCacheFor(site),
    async finish() {
      await pages.finish();
      shortcuts.save();
      readings.save();
    },
  };
  opened.set(configFile, caches);
  return caches;
}
