// Where the caches of a site live: one folder, by default the project's
// `node_modules/.cache/ssodocs` (`SSODOCS_CACHE_DIR` moves it; tests give each test its own; the
// command line's `--cache-dir` wins over both), and `SSODOCS_NO_CACHE=1` turns the caches of site
// content off. What it keeps is found by a checkout of the project at any path (project-paths.ts), so
// a CI runner can restore it into any workspace.
import path from "node:path";

/** The folder `SSODOCS_CACHE_DIR` names, read once when ssodocs starts. */
const FROM_ENVIRONMENT = path.resolve(process.env.SSODOCS_CACHE_DIR ?? "node_modules/.cache/ssodocs");
let chosen: string | null = null;

/** The cache folder. */
export function cacheDir(): string {
  return chosen ?? FROM_ENVIRONMENT;
}

/** Keeps the caches in `dir` (`--cache-dir`), from the next site whose caches are opened on. */
export function setCacheDir(dir: string): void {
  chosen = path.resolve(dir);
}

/** Whether the caches of site content are used (`SSODOCS_NO_CACHE=1` turns them off). */
export function contentCacheEnabled(): boolean {
  return !process.env.SSODOCS_NO_CACHE;
}
