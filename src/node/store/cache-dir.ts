// Where the caches of a site live: one folder, by default the project's
// `node_modules/.cache/ssodocs` (`SSODOCS_CACHE_DIR` moves it; tests give each test its own), and
// `SSODOCS_NO_CACHE=1` turns the caches of site content off.
import path from "node:path";

/** The cache folder, read once when ssodocs starts. */
export const CACHE_DIR = path.resolve(process.env.SSODOCS_CACHE_DIR ?? "node_modules/.cache/ssodocs");

/** Whether the caches of site content are used (`SSODOCS_NO_CACHE=1` turns them off). */
export function contentCacheEnabled(): boolean {
  return !process.env.SSODOCS_NO_CACHE;
}
