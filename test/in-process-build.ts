// Builds in the test's own process, as a new `ssodocs build` process would: each build imports a
// fresh copy of ssodocs's modules (vi.resetModules), so nothing an earlier build kept in memory (the
// page store of a site, the cache folder read at import) carries over; the caches are read from disk.
// Spawning the command line adds half a second or more per build and tests nothing more where the
// test is about what the build writes, not about the command line.
import path from "node:path";
import { vi } from "vitest";
import { assertSameFiles } from "./helpers.ts";

/** What a build in this process reports: its warnings, and how many pages it took from the store or rendered. */
interface InProcessBuild {
  warnings: string[];
  stored: number;
  rendered: number;
}

/**
 * Builds the site of `config` into `outDir` with its cache in `cacheDir` (`noCache`: as with
 * SSODOCS_NO_CACHE=1); a failed build throws its error.
 */
export async function buildInProcess(
  config: string,
  outDir: string,
  { cacheDir, noCache = false }: { cacheDir: string; noCache?: boolean },
): Promise<InProcessBuild> {
  const saved = { dir: process.env.SSODOCS_CACHE_DIR, off: process.env.SSODOCS_NO_CACHE };
  process.env.SSODOCS_CACHE_DIR = cacheDir;
  if (noCache) process.env.SSODOCS_NO_CACHE = "1";
  else delete process.env.SSODOCS_NO_CACHE;
  try {
    vi.resetModules();
    const { loadConfig } = await import("../src/node/config.ts");
    const { buildSite } = await import("../src/node/pipeline/build.ts");
    const { warnings, stored, rendered } = await buildSite(await loadConfig(config), { outDir });
    return { warnings, stored, rendered };
  } finally {
    restore("SSODOCS_CACHE_DIR", saved.dir);
    restore("SSODOCS_NO_CACHE", saved.off);
  }
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/**
 * What `buildBothWays` (helpers.ts) checks, in this process: the site built with the cache in
 * `cacheDir` (into `<site>/cached`) and without any cache (into `<site>/fresh`) warns alike and
 * writes the same files. Returns the cached build's folder.
 */
export async function buildBothWaysInProcess(site: { dir: string; config: string }, cacheDir: string): Promise<string> {
  const cached = path.join(site.dir, "cached");
  const fresh = path.join(site.dir, "fresh");
  const a = (await buildInProcess(site.config, cached, { cacheDir })).warnings;
  const b = (await buildInProcess(site.config, fresh, { cacheDir, noCache: true })).warnings;
  if (a.join("\n") !== b.join("\n"))
    throw new Error(`the builds warned differently:\n${a.join("\n")}\n---\n${b.join("\n")}`);
  assertSameFiles(cached, fresh);
  return cached;
}
