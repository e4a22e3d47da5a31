// A small persistent cache under node_modules/.cache/ssodocs, keyed by content hashes.
// Entries are written to a temporary file and renamed, so a killed build never leaves a
// half-written entry; an entry that cannot be read or parsed counts as missing.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import fg from "fast-glob";

/** `SSODOCS_CACHE_DIR` moves the cache (tests use their own). */
export const CACHE_DIR = process.env.SSODOCS_CACHE_DIR ?? path.resolve(import.meta.dirname, "../../node_modules/.cache/ssodocs");

export function hashOf(...parts: (string | Uint8Array)[]): string {
  const h = createHash("sha256");
  for (const p of parts) h.update(p).update("\0");
  return h.digest("hex").slice(0, 32);
}

/** A hash of the files `patterns` match below `cwd`: their paths and contents, in a stable order. */
export function hashOfFiles(cwd: string, patterns: string[]): string {
  const files = fg.sync(patterns, { cwd }).sort();
  return hashOf(...files.flatMap((f) => [f, readFileSync(path.join(cwd, f))]));
}

const ROOT = path.resolve(import.meta.dirname, "../..");
let ownSources: string | undefined;

/**
 * A hash of ssodocs's own sources and locked package versions (React, shiki, markdown-it...):
 * whatever is cached from the site's content is keyed on it, so any change of the tool makes it anew.
 */
export function toolStamp(): string {
  return (ownSources ??= hashOfFiles(ROOT, ["src/node/**/*.{ts,mjs}", "src/shared/**/*.ts", "package-lock.json"]));
}

/** Whether the caches of site content are used (`SSODOCS_NO_CACHE=1` turns them off). */
export function contentCacheEnabled(): boolean {
  return !disabled(false);
}

/**
 * `SSODOCS_NO_CACHE=1` turns off the caches of site content (highlighted code); the client
 * bundle, which depends only on ssodocs's own sources, is a tool cache (`tool: true`) and stays.
 */
function disabled(tool: boolean): boolean {
  return !tool && !!process.env.SSODOCS_NO_CACHE;
}

export function readCache<T>(namespace: string, key: string, options: { tool?: boolean } = {}): T | null {
  if (disabled(options.tool ?? false)) return null;
  const file = path.join(CACHE_DIR, namespace, `${key}.json`);
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as T;
    // Used now: the entry counts as recent when older ones are cleared out.
    const now = new Date();
    utimesSync(file, now, now);
    return value;
  } catch {
    return null;
  }
}

/**
 * Writes an entry; `keep` entries of the namespace stay, the most recently used, and older
 * ones go (each change of the client sources, each site, would otherwise add one for good).
 */
export function writeCache(namespace: string, key: string, value: unknown, options: { tool?: boolean; keep?: number } = {}): void {
  if (disabled(options.tool ?? false)) return;
  try {
    const dir = path.join(CACHE_DIR, namespace);
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${key}.json`);
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(value));
    renameSync(temp, file);
    if (options.keep) keepNewest(dir, options.keep);
  } catch {
    // A cache that cannot be written only costs speed.
  }
}

function keepNewest(dir: string, keep: number): void {
  const entries = readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => ({ file: path.join(dir, name), time: statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { file } of entries.slice(keep)) rmSync(file, { force: true });
}
