// The page store: what a build made, under the key of everything it was made from, so the next
// build with the same inputs takes it instead of making it again. One entry per page (its HTML,
// the links and ids validation needs, its search records) or per other output (the search
// files); one index per site that lists, for each key, what a build needs without reading the
// entry (the hash of its bytes, its warnings, the images it copies).
// An entry is checked against the hashes of its data and bytes when read; a damaged one counts as missing.
// Garbage collection, the only rule: an entry stays while one of the site's last three builds used it.
// Watch mode keeps the same store, with the entries it made also in memory.
// Builds of two checkouts may share the store at once (one cache folder): entries are named by
// their keys, so both write the same bytes under one name; a build ending takes in what another
// listed since it started before it rewrites the index, and leaves the young files no index lists
// yet (another build's, still running). What slips through (an index written over in the same
// instant) costs speed only: an entry missing or damaged is made again.
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Diagnostic } from "../errors.ts";
import { hashOf, hashOfPieces } from "../util/hash.ts";

/** What the index knows of an entry. */
export interface EntryInfo {
  /** Hash of the entry's bytes. */
  hash: string;
  /** Hash of the entry's data (its JSON line): with `hash`, every byte of the entry is checked when read. */
  metaHash: string;
  /** The page's warnings, its doc's file not named (pipeline/produce.ts names it where the checkout is). */
  warnings: Diagnostic[];
  /** Files of the docs folder the output copies: [path in the docs folder, hash of its bytes, output path]. */
  images: [string, string, string][];
  /** Further output files the entry holds (in its data): [output path, hash of its bytes]. */
  attachments?: [string, string][];
}

/** An entry: data (JSON) and bytes (HTML, or a file's contents). */
export interface Entry<Meta = unknown> {
  info: EntryInfo;
  meta: Meta;
  body: Buffer;
}

interface Index {
  version: 3;
  /** The keys used by each of the last builds, newest first. */
  builds: string[][];
  entries: Record<string, EntryInfo>;
}

const KEEP_BUILDS = 3;
/** An entry file no index lists is removed only once this old (milliseconds): a build still running may be about to list it. */
const UNLISTED_GRACE = 15 * 60_000;
const emptyIndex = (): Index => ({ version: 3, builds: [], entries: {} });

export class PageStore {
  private index: Index;
  /** Entries kept in memory: all of them when the store has no folder (their bytes only with `keepBodies`), else those that could not be written. */
  private readonly memory = new Map<string, Entry>();
  private readonly used = new Set<string>();
  /** Keys whose entries were found damaged: not listed again from another build's index. */
  private readonly damaged = new Set<string>();
  private dirty = false;
  /** The index file's time and size when this store last read or wrote it: changed since, another build wrote it. */
  private indexSeen = "";

  /**
   * With `keepBodies` (watch mode sets it) the entries read and written stay in memory too. With
   * the cache off the store lives in memory only, keeping the entries' bytes only with
   * `keepBodies`: a build reads none back.
   */
  keepBodies = false;

  /** A store kept in `dir`, or in memory only when it is null (the content caches are off). */
  constructor(private readonly dir: string | null) {
    this.index = this.readIndex();
  }

  private indexStamp(): string {
    try {
      const { mtimeMs, size } = statSync(path.join(this.dir!, "index.json"));
      return `${mtimeMs}:${size}`;
    } catch {
      return "";
    }
  }

  private readIndex(): Index {
    if (!this.dir) return emptyIndex();
    try {
      this.indexSeen = this.indexStamp();
      const index = JSON.parse(readFileSync(path.join(this.dir, "index.json"), "utf8")) as Index;
      if (index.version === 3 && Array.isArray(index.builds) && typeof index.entries === "object" && index.entries)
        return index;
    } catch {
      // None yet, or damaged: an empty store.
    }
    return emptyIndex();
  }

  /** What the index says of a key (counting it as used by this build), or undefined when it holds nothing. */
  info(key: string): EntryInfo | undefined {
    const info = this.memory.get(key)?.info ?? this.index.entries[key];
    if (info) this.used.add(key);
    return info;
  }

  /** The entry, checked; null when it is gone or damaged (it is then dropped from the index). */
  read<Meta>(key: string): Entry<Meta> | null {
    const kept = this.memory.get(key);
    if (kept) return kept.body ? (kept as Entry<Meta>) : null;
    const info = this.index.entries[key];
    if (!info || !this.dir) return null;
    try {
      const bytes = readFileSync(this.fileOf(key));
      const newline = bytes.indexOf(10);
      const body = bytes.subarray(newline + 1);
      const line = bytes.subarray(0, newline);
      if (newline < 0 || hashOf(body) !== info.hash || hashOf(line) !== info.metaHash) throw new Error("damaged");
      const entry: Entry<Meta> = { info, meta: JSON.parse(line.toString("utf8")) as Meta, body };
      if (this.keepBodies) this.memory.set(key, entry);
      return entry;
    } catch {
      delete this.index.entries[key];
      this.damaged.add(key);
      this.dirty = true;
      return null;
    }
  }

  /** Entry files being written; `finish` waits for them. */
  private readonly writing = new Set<Promise<void>>();
  private entriesFolderMade = false;

  /**
   * Keeps an entry. It is written in the background and listed in the index once written; a
   * file cut short (a killed build) fails its hash check when read, and counts as missing.
   */
  write<Meta>(key: string, meta: Meta, body: Buffer | string, info: Omit<EntryInfo, "hash" | "metaHash">): Entry<Meta> {
    const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
    const line = Buffer.from(JSON.stringify(meta), "utf8");
    const entry: Entry<Meta> = { info: { ...info, hash: hashOf(bytes), metaHash: hashOf(line) }, meta, body: bytes };
    this.used.add(key);
    if (!this.dir) {
      // Read back only with `keepBodies`; else only its info is asked for.
      this.memory.set(key, this.keepBodies ? entry : { info: entry.info, meta: null, body: null as unknown as Buffer });
      return entry;
    }
    // Until it is on disk, it is read from memory.
    this.memory.set(key, entry);
    const file = this.fileOf(key);
    const done = (async () => {
      try {
        if (!this.entriesFolderMade) mkdirSync(path.dirname(file), { recursive: true });
        this.entriesFolderMade = true;
        await writeFile(file, Buffer.concat([line, Buffer.from("\n"), bytes]));
        this.index.entries[key] = entry.info;
        this.dirty = true;
        if (!this.keepBodies) this.memory.delete(key);
      } catch {
        // A store that cannot be written only costs speed; a part written (on a full disk) goes.
        await rm(file, { force: true });
      }
    })();
    this.writing.add(done);
    void done.finally(() => this.writing.delete(done));
    return entry;
  }

  /**
   * Keeps an entry whose bytes may be too many to hold in memory (the search records of a large
   * site): `fill` hands them in pieces, written to the entry's file as they come. Without a folder,
   * or when the entry cannot be written there, they go to `spare` (a file of the build's own) and
   * only the entry's info is kept. Gives the info, where the bytes are, and what `fill` returned.
   */
  async writeLarge<R>(
    key: string,
    fill: (write: (piece: string) => void) => Promise<R>,
    spare: string,
  ): Promise<{ info: EntryInfo; file: string; offset: number; filled: R }> {
    const line = Buffer.from(JSON.stringify(null), "utf8");
    this.used.add(key);
    if (this.dir) {
      const file = this.fileOf(key);
      try {
        mkdirSync(path.dirname(file), { recursive: true });
        const written = await writePieces(`${file}.${process.pid}.tmp`, line, fill);
        renameSync(`${file}.${process.pid}.tmp`, file);
        const info = { warnings: [], images: [], hash: written.hash, metaHash: hashOf(line) };
        this.index.entries[key] = info;
        this.dirty = true;
        return { info, file, offset: line.length + 1, filled: written.filled };
      } catch {
        // A store that cannot be written only costs speed: the bytes go to the spare file.
        rmSync(`${file}.${process.pid}.tmp`, { force: true });
      }
    }
    const written = await writePieces(spare, null, fill);
    const info = { warnings: [], images: [], hash: written.hash, metaHash: hashOf(line) };
    this.memory.set(key, { info, meta: null, body: null as unknown as Buffer });
    return { info, file: spare, offset: 0, filled: written.filled };
  }

  /**
   * Ends a build: notes which keys it used, drops the entries none of the last builds used, and
   * writes the index if anything changed. Watch mode calls it after every update.
   */
  async finish(): Promise<void> {
    await Promise.all(this.writing);
    const used = [...this.used].sort();
    this.used.clear();
    this.takeInOtherBuilds();
    const last = this.index.builds[0];
    if (!last || last.length !== used.length || last.some((k, i) => k !== used[i])) {
      this.index.builds = [used, ...this.index.builds].slice(0, KEEP_BUILDS);
      const keep = new Set(this.index.builds.flat());
      const dropped = new Set(Object.keys(this.index.entries).filter((key) => !keep.has(key)));
      for (const key of dropped) delete this.index.entries[key];
      for (const key of this.memory.keys()) if (!keep.has(key)) this.memory.delete(key);
      this.dirty = true;
      this.removeUnlisted(keep, dropped);
    }
    if (!this.dirty || !this.dir) return;
    const temp = path.join(this.dir, `index.json.${process.pid}.tmp`);
    try {
      mkdirSync(this.dir, { recursive: true });
      writeFileSync(temp, JSON.stringify(this.index));
      renameSync(temp, path.join(this.dir, "index.json"));
      this.indexSeen = this.indexStamp();
      this.dirty = false;
    } catch {
      rmSync(temp, { force: true });
    }
  }

  /**
   * When another build (another checkout's, sharing the cache folder) wrote the index since this
   * store read it: its builds and entries are taken in, so writing the index keeps them.
   */
  private takeInOtherBuilds(): void {
    if (!this.dir || this.indexStamp() === this.indexSeen) return;
    const theirs = this.readIndex();
    for (const key of this.damaged) delete theirs.entries[key];
    this.index = { version: 3, builds: theirs.builds, entries: { ...theirs.entries, ...this.index.entries } };
    this.dirty = true;
  }

  private fileOf(key: string): string {
    return path.join(this.dir!, "entries", key);
  }

  /**
   * Removes the files of the entries just dropped, and the files no kept key names once they are
   * old (what a killed build or another layout left; a young one may be a running build's).
   */
  private removeUnlisted(keep: Set<string>, dropped: Set<string>): void {
    if (!this.dir) return;
    const root = path.join(this.dir, "entries");
    let names: string[];
    try {
      names = readdirSync(root);
    } catch {
      return;
    }
    const youngSince = Date.now() - UNLISTED_GRACE;
    for (const name of names) {
      if (keep.has(name)) continue;
      try {
        const file = path.join(root, name);
        if (!dropped.has(name) && statSync(file).mtimeMs > youngSince) continue;
        rmSync(file, { force: true });
      } catch {
        // Not a file the store wrote (a folder of another layout, a file it may not remove): left there.
      }
    }
  }
}

/** Writes `line` and a newline (when given), then the pieces `fill` hands in, to `file`; the hash of the pieces. */
async function writePieces<R>(
  file: string,
  line: Buffer | null,
  fill: (write: (piece: string) => void) => Promise<R>,
): Promise<{ hash: string; filled: R }> {
  const fd = openSync(file, "w");
  try {
    if (line) writeSync(fd, Buffer.concat([line, Buffer.from("\n")]));
    const hash = hashOfPieces();
    const filled = await fill((piece) => {
      const bytes = Buffer.from(piece, "utf8");
      hash.add(bytes);
      writeSync(fd, bytes);
    });
    return { hash: hash.digest(), filled };
  } finally {
    closeSync(fd);
  }
}
