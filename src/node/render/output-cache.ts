// Output files kept between builds of a site (rendered pages, search files), each under a key
// that hashes everything it was made from: a build whose pages are all as they were links (or
// copies) them into its output instead of rendering them. Files live in
// `node_modules/.cache/ssodocs/outputs/<site>/`, one per key, with an index holding a little data
// per key (a page's links and ids, for validation) and each file's size and modification time:
// an output file is a hard link to its entry, so one changed in place (by a deploy script, say)
// changes the entry too, which then no longer matches and is made anew. A file is written to a
// temporary name and renamed, so a killed build never leaves a half-written one; after a build
// only the keys it used are kept.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { CACHE_DIR, contentCacheEnabled, hashOf } from "../cache.ts";

const NAMESPACE = "outputs";
/** Sites whose outputs are kept at once; the least recently built go first. */
const KEEP_SITES = 8;
const INDEX = "index.json";

interface Entry<Meta> {
  meta: Meta;
  size: number;
  mtimeMs: number;
}

export interface OutputCache<Meta> {
  /** The file holding the output stored under `key`, with its data, or null. */
  get(key: string): { file: string; meta: Meta } | null;
  /**
   * Stores an output, written in the background (`save` waits for it); resolves to the file
   * holding it once written, or null if it could not be.
   */
  put(key: string, contents: string | Uint8Array, meta: Meta): Promise<string | null>;
  /** Waits for the writes, keeps the keys this build used and removes the rest. */
  save(): Promise<void>;
}

/** The cache of one site (`scope`: its docs folder), or null when caching is off. */
export function openOutputCache<Meta>(scope: string): OutputCache<Meta> | null {
  if (!contentCacheEnabled()) return null;
  const dir = path.join(CACHE_DIR, NAMESPACE, hashOf(scope));
  let stored: Record<string, Entry<Meta>> = {};
  try {
    stored = JSON.parse(readFileSync(path.join(dir, INDEX), "utf8")) as Record<string, Entry<Meta>>;
  } catch {
    // Nothing kept yet, or an index that cannot be read: everything is made anew.
  }
  const used = new Map<string, Entry<Meta> | { meta: Meta; pending: true }>();
  const writes: Promise<void>[] = [];
  let failed = false;
  const fileOf = (key: string) => path.join(dir, key);
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    failed = true;
  }

  return {
    get(key) {
      if (!Object.hasOwn(stored, key)) return null;
      const entry = stored[key];
      try {
        const stat = statSync(fileOf(key));
        if (stat.size !== entry.size || stat.mtimeMs !== entry.mtimeMs) return null;
      } catch {
        return null;
      }
      used.set(key, entry);
      return { file: fileOf(key), meta: entry.meta };
    },
    put(key, contents, meta) {
      if (failed) return Promise.resolve(null);
      used.set(key, { meta, pending: true });
      const temp = `${fileOf(key)}.${process.pid}.tmp`;
      const written = writeFile(temp, contents)
        .then(() => rename(temp, fileOf(key)))
        .then(() => stat(fileOf(key)))
        .then(({ size, mtimeMs }) => {
          used.set(key, { meta, size, mtimeMs });
          return fileOf(key);
        })
        .catch(() => {
          // A cache that cannot be written only costs speed; the index must not name the file.
          failed = true;
          return null;
        });
      writes.push(written.then(() => undefined));
      return written;
    },
    async save() {
      await Promise.all(writes);
      if (failed) return;
      // Nothing new, nothing gone: the index stands as it is (its time says the site was just built).
      if (writes.length === 0 && used.size === Object.keys(stored).length) {
        try {
          const now = new Date();
          utimesSync(path.join(dir, INDEX), now, now);
        } catch {
          // Only the order in which sites are cleared out depends on it.
        }
        return;
      }
      try {
        const temp = path.join(dir, `${INDEX}.${process.pid}.tmp`);
        writeFileSync(temp, JSON.stringify(Object.fromEntries([...used].filter(([, e]) => !("pending" in e)))));
        renameSync(temp, path.join(dir, INDEX));
        for (const name of readdirSync(dir)) {
          if (name === INDEX || used.has(name)) continue;
          // A temporary file may be another build's write in progress, unless it is old.
          if (name.endsWith(".tmp") && Date.now() - statSync(path.join(dir, name)).mtimeMs < 60_000) continue;
          rmSync(path.join(dir, name), { force: true });
        }
        keepRecentSites(path.dirname(dir));
      } catch {
        // As above: only speed is lost.
      }
    },
  };
}

/** Removes the outputs of all but the most recently built sites. */
function keepRecentSites(root: string): void {
  const sites = readdirSync(root)
    .map((name) => path.join(root, name))
    .map((dir) => {
      try {
        return { dir, time: statSync(path.join(dir, INDEX)).mtimeMs };
      } catch {
        return { dir, time: 0 };
      }
    })
    .sort((a, b) => b.time - a.time);
  for (const { dir } of sites.slice(KEEP_SITES)) rmSync(dir, { recursive: true, force: true });
}
