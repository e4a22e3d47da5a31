// Output files kept between builds of a site (rendered pages, search files), each under a key
// that hashes everything it was made from: a build whose pages are all as they were links (or
// copies) them into its output instead of rendering them. Files live in
// `node_modules/.cache/ssodocs/outputs/<site>/`, one per key, with an index holding a little data
// per key (a page's links and ids, for validation) and each file's size and modification time:
// an output file is a hard link to its entry, so one changed in place (by a deploy script, say)
// changes the entry too, which then no longer matches and is made anew. A file is written to a
// temporary name and renamed, so a killed build never leaves a half-written one; after a build
// only the keys it used are kept. The index also holds a hash of what the last build validated
// (see build.ts). It is a text file, one line per key, each key's data as JSON that is parsed
// only when asked for: a build with nothing changed reads the sizes and times alone.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { CACHE_DIR, contentCacheEnabled, hasFileStamp, hashOf, inProgress, keepNewest } from "../cache.ts";

const NAMESPACE = "outputs";
/** Sites whose outputs are kept at once; the least recently built go first. */
const KEEP_SITES = 8;
const INDEX = "index.lines";
const END = "\u0000end";
const VALIDATED = "validated";

interface Entry<Meta> {
  /** The data as JSON, parsed when asked for. */
  json: string;
  meta?: Meta;
  size: number;
  mtimeMs: number;
}

function metaOf<Meta>(entry: Entry<Meta>): Meta {
  if (!("meta" in entry)) entry.meta = JSON.parse(entry.json) as Meta;
  return entry.meta as Meta;
}

/** The index: each key's entry, and the stamp of the last validation. Throws if it cannot be read whole. */
function readIndex<Meta>(file: string): { stored: Map<string, Entry<Meta>>; validated: string | null } {
  const lines = readFileSync(file, "utf8").split("\n");
  if (lines.pop() !== "" || lines.pop() !== END) throw new Error("cut short");
  const stored = new Map<string, Entry<Meta>>();
  let validated: string | null = null;
  for (const line of lines) {
    const [key, size, mtimeMs, json] = line.split("\t");
    if (key === VALIDATED) validated = size;
    else if (json !== undefined) stored.set(key, { json, size: Number(size), mtimeMs: Number(mtimeMs) });
  }
  return { stored, validated };
}

function indexText<Meta>(entries: [string, Entry<Meta>][], validated: string | null): string {
  let text = validated ? `${VALIDATED}\t${validated}\n` : "";
  for (const [key, { size, mtimeMs, json }] of entries) text += `${key}\t${size}\t${mtimeMs}\t${json}\n`;
  return `${text}${END}\n`;
}

export interface OutputCache<Meta> {
  /** The file holding the output stored under `key`, with its data (read when asked for), or null. */
  get(key: string): { file: string; meta(): Meta } | null;
  /**
   * Stores an output, written in the background (`save` waits for it); resolves to the file
   * holding it once written, or null if it could not be.
   */
  put(key: string, contents: string | Uint8Array, meta: Meta): Promise<string | null>;
  /** What the last successful build validated (a hash), and what this one did. */
  validated: string | null;
  /** Waits for the writes, keeps the keys this build used and removes the rest. */
  save(): Promise<void>;
}

/** The cache of one site (`scope`: its docs folder), or null when caching is off. */
export function openOutputCache<Meta>(scope: string): OutputCache<Meta> | null {
  if (!contentCacheEnabled()) return null;
  const dir = path.join(CACHE_DIR, NAMESPACE, hashOf(scope));
  let stored = new Map<string, Entry<Meta>>();
  let validated: string | null = null;
  try {
    ({ stored, validated } = readIndex<Meta>(path.join(dir, INDEX)));
  } catch {
    // Nothing kept yet, or an index that cannot be read: everything is made anew.
  }
  const validatedBefore = validated;
  const used = new Map<string, Entry<Meta> | { pending: true }>();
  const writes: Promise<void>[] = [];
  let failed = false;
  const fileOf = (key: string) => path.join(dir, key);
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    failed = true;
  }

  return {
    validated,
    get(key) {
      const entry = stored.get(key);
      if (!entry) return null;
      if (!hasFileStamp(fileOf(key), entry.size, entry.mtimeMs)) return null;
      used.set(key, entry);
      return { file: fileOf(key), meta: () => metaOf(entry) };
    },
    put(key, contents, meta) {
      if (failed) return Promise.resolve(null);
      used.set(key, { pending: true });
      const temp = `${fileOf(key)}.${process.pid}.tmp`;
      const written = writeFile(temp, contents)
        .then(() => rename(temp, fileOf(key)))
        .then(() => stat(fileOf(key)))
        .then(({ size, mtimeMs }) => {
          used.set(key, { json: JSON.stringify(meta), meta, size, mtimeMs });
          return fileOf(key);
        })
        .catch(async () => {
          // A cache that cannot be written only costs speed; the index must not name the file,
          // and a part written (on a full disk) goes.
          failed = true;
          await rm(temp, { force: true });
          return null;
        });
      writes.push(written.then(() => undefined));
      return written;
    },
    async save() {
      await Promise.all(writes);
      if (failed) return;
      // Nothing new, nothing gone: the index stands as it is (its time says the site was just built).
      if (writes.length === 0 && used.size === stored.size && this.validated === validatedBefore) {
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
        writeFileSync(temp, indexText([...used].filter((e): e is [string, Entry<Meta>] => !("pending" in e[1])), this.validated));
        renameSync(temp, path.join(dir, INDEX));
        for (const name of readdirSync(dir)) {
          if (name === INDEX || used.has(name)) continue;
          // A temporary file may be another build's write in progress, unless it is old.
          if (name.endsWith(".tmp") && inProgress(path.join(dir, name))) continue;
          rmSync(path.join(dir, name), { force: true });
        }
        // The outputs of all but the most recently built sites go.
        keepNewest(path.dirname(dir), KEEP_SITES, { timeOf: (site) => siteTime(site) });
      } catch {
        // As above: only speed is lost.
      }
    },
  };
}

/** When a site was last built: the time of its index (0 when it has none). */
function siteTime(site: string): number {
  try {
    return statSync(path.join(site, INDEX)).mtimeMs;
  } catch {
    return 0;
  }
}
