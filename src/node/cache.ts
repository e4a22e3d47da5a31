// A small persistent cache under node_modules/.cache/ssodocs, keyed by content hashes.
// Entries are written to a temporary file and renamed, so a killed build never leaves a
// half-written entry; an entry that cannot be read or parsed counts as missing.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { listFiles } from "./list-files.ts";
import { toolManifest } from "./paths.ts";

/** `SSODOCS_CACHE_DIR` moves the cache (tests use their own); by default it is the project's `node_modules/.cache/ssodocs`. */
export const CACHE_DIR = path.resolve(process.env.SSODOCS_CACHE_DIR ?? "node_modules/.cache/ssodocs");

export function hashOf(...parts: (string | Uint8Array)[]): string {
  const h = createHash("sha256");
  for (const p of parts) h.update(p).update("\0");
  return h.digest("hex").slice(0, 32);
}

/** A hash of files below `cwd` (paths relative to it): their paths and contents, in a stable order. */
export function hashOfFiles(cwd: string, files: string[]): string {
  return hashOf(...[...files].sort().flatMap((f) => [f, readFileSync(path.join(cwd, f))]));
}

/** The files of the folders below `cwd`, as paths relative to it, that `keep` keeps. */
export function filesIn(cwd: string, folders: string[], keep?: (name: string) => boolean): string[] {
  return folders.flatMap((folder) => listFiles(path.join(cwd, folder), { keep }).map((f) => `${folder}/${f}`));
}

/**
 * A hash of ssodocs's own sources and locked package versions (React, shiki, markdown-it...), made
 * when the tool was compiled (dist/manifest.json): whatever is kept from a site's content is keyed
 * on it, so any change of the tool makes it anew.
 */
export function toolStamp(): string {
  return toolManifest().toolStamp;
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

function readEntry<T>(namespace: string, file: string, tool: boolean, parse: (text: string) => T): T | null {
  if (disabled(tool)) return null;
  const full = path.join(CACHE_DIR, namespace, file);
  try {
    const value = parse(readFileSync(full, "utf8"));
    // Used now: the entry counts as recent when older ones are cleared out.
    const now = new Date();
    utimesSync(full, now, now);
    return value;
  } catch {
    return null;
  }
}

function writeEntry(namespace: string, file: string, text: string, options: { tool?: boolean; keep?: number }): void {
  if (disabled(options.tool ?? false)) return;
  const dir = path.join(CACHE_DIR, namespace);
  const full = path.join(dir, file);
  const temp = `${full}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temp, text);
    renameSync(temp, full);
    if (options.keep) keepNewest(dir, options.keep, { include: (name) => name.endsWith(".json") });
  } catch {
    // A cache that cannot be written only costs speed; a part written (on a full disk) goes.
    rmSync(temp, { force: true });
  }
}

export function readCache<T>(namespace: string, key: string, options: { tool?: boolean } = {}): T | null {
  return readEntry(namespace, `${key}.json`, options.tool ?? false, (text) => JSON.parse(text) as T);
}

/**
 * Writes an entry; `keep` entries of the namespace stay, the most recently used, and older
 * ones go (each change of the client sources, each site, would otherwise add one for good).
 */
export function writeCache(
  namespace: string,
  key: string,
  value: unknown,
  options: { tool?: boolean; keep?: number } = {},
): void {
  writeEntry(namespace, `${key}.json`, JSON.stringify(value), options);
}

/**
 * Removes all but the `keep` most recently used entries (files or folders) of `dir`. `include`
 * says which entries count; `timeOf` when one was last used (by default its modification time).
 */
export function keepNewest(
  dir: string,
  keep: number,
  {
    include = () => true,
    timeOf = (entry) => statSync(entry).mtimeMs,
  }: { include?: (name: string) => boolean; timeOf?: (entry: string) => number } = {},
): void {
  const entries = readdirSync(dir)
    .filter(include)
    .map((name) => ({ entry: path.join(dir, name), time: timeOf(path.join(dir, name)) }))
    .sort((a, b) => b.time - a.time);
  for (const { entry } of entries.slice(keep)) rmSync(entry, { recursive: true, force: true });
}

/** A kept file's size and modification time: a file changed in place or replaced since no longer has them. */
export function fileStampOf(file: string): [size: number, mtimeMs: number] {
  const stat = statSync(file);
  return [stat.size, stat.mtimeMs];
}

/** Whether a file still has the size and modification time noted when it was kept (false when it is gone). */
export function hasFileStamp(file: string, size: number, mtimeMs: number): boolean {
  try {
    const [nowSize, nowMtimeMs] = fileStampOf(file);
    return nowSize === size && nowMtimeMs === mtimeMs;
  } catch {
    return false;
  }
}

/** Whether a temporary file or folder may be another build's work in progress: changed within the last minute. */
export function inProgress(entry: string): boolean {
  return Date.now() - statSync(entry).mtimeMs < 60_000;
}
