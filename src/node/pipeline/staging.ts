// Writes a build into a staging folder beside the output folder and swaps it in only when
// everything is written, so a failed or interrupted build never leaves a half-written site.
// The staging folder gets a manifest (`.ssodocs-output`: every file with the hash of its bytes),
// which marks the folder as a build's to replace and lets the next build see, exactly and
// cheaply, that the folder already holds the site it would write.
import { createReadStream, createWriteStream, existsSync, readFileSync, type Stats, statSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { hashOf } from "../util/hash.ts";
import type { OutputItem } from "./output-item.ts";
import { describeCondition, SsodocsError, shownPath } from "../errors.ts";
import { plainFilesBelow } from "../util/files.ts";
import { isWithin } from "../util/paths.ts";
import { OUTPUT_MARKER, ownerAlive } from "./output-folder.ts";

const TEMP_PREFIX = ".build-";
const MAX_WRITES_IN_FLIGHT = 32;

function tempName(outDir: string, kind: string): string {
  return path.join(
    path.dirname(outDir),
    `${TEMP_PREFIX}${path.basename(outDir)}-${kind}-${process.pid}-${Date.now().toString(36)}`,
  );
}

/** The staging and old folders of the output folder's builds, by name. */
async function tempsOf(outDir: string): Promise<{ parent: string; prefix: string; names: string[] }> {
  const parent = path.dirname(outDir);
  const prefix = `${TEMP_PREFIX}${path.basename(outDir)}-`;
  try {
    return { parent, prefix, names: (await readdir(parent)).filter((n) => n.startsWith(prefix)) };
  } catch {
    return { parent, prefix, names: [] };
  }
}

/**
 * Removes the staging folders of builds that are gone, before the lock is taken: one a build left
 * when it died on a full disk holds the space the lock file needs, and every later build failed
 * at the lock. (Old outputs moved aside are left for `removeStaleTemps`, which may move one back.)
 */
export async function removeDeadStaging(outDir: string): Promise<void> {
  const { parent, prefix, names } = await tempsOf(outDir);
  const dead = names.filter((n) => n.startsWith(`${prefix}new-`) && !ownerAlive(n));
  await Promise.all(dead.map((n) => rm(path.join(parent, n), { recursive: true, force: true })));
}

/**
 * Cleans up after builds that were killed: staging folders are removed, and if a build died in
 * the instant between moving the old output aside and moving the new one in, the old output
 * is put back first.
 */
export async function removeStaleTemps(outDir: string): Promise<void> {
  const temps = await tempsOf(outDir);
  const { parent, prefix } = temps;
  let { names } = temps;
  const previous = names
    .filter((n) => n.startsWith(`${prefix}old-`))
    .sort()
    .pop();
  if (previous && !existsSync(outDir)) {
    await rename(path.join(parent, previous), outDir);
    names = names.filter((n) => n !== previous);
  }
  // Folders of builds still running (another output folder's lock holder, say) are theirs.
  await Promise.all(
    names.filter((n) => !ownerAlive(n)).map((n) => rm(path.join(parent, n), { recursive: true, force: true })),
  );
}

/**
 * The absolute path of an output file below `dir`; throws unless `file` is a plain relative
 * path that stays inside it (no `..` or `.` segment, no backslash, no control character).
 */
export function outputPathIn(dir: string, file: string): string {
  const segments = file.split("/");
  const bad =
    file === "" ||
    path.isAbsolute(file) ||
    /[\\\u0000-\u001f\u007f]/.test(file) ||
    segments.some((s) => s === "" || s === "." || s === "..");
  const target = path.join(dir, file);
  if (bad || !isWithin(dir, target))
    throw new SsodocsError(`refusing to write outside the output folder: ${JSON.stringify(file)}`);
  return target;
}

/** The output files as the manifest lists them: each path once (the last item with a path wins), sorted. */
function manifestOf(items: OutputItem[] | Map<string, string>): [string, string][] {
  const hashes = items instanceof Map ? items : new Map(items.map((item) => [item.path, item.hash]));
  return [...hashes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The size, modification and change times and inode of each file of an output folder as a build
 * wrote it (kept in the store, not in the folder). The change time and inode are what no one can
 * set: a file edited in place with its size and modification time put back still differs there.
 */
export type WrittenStamps = Record<string, [size: number, mtimeMs: number, ctimeMs: number, ino: number]>;

const stampOf = ({ size, mtimeMs, ctimeMs, ino }: Stats): WrittenStamps[string] => [size, mtimeMs, ctimeMs, ino];

/**
 * Whether the output folder holds exactly these files: its manifest lists them, it holds nothing
 * else, and each file is as written (the size, times and inode `stamps` noted when it was written), or,
 * if touched since, still has the bytes listed.
 */
export function outputIsCurrent(outDir: string, items: OutputItem[], stamps: WrittenStamps | null): boolean {
  const expected = manifestOf(items);
  try {
    const manifest = JSON.parse(readFileSync(path.join(outDir, OUTPUT_MARKER), "utf8")) as {
      files?: [string, string][];
    };
    if (JSON.stringify(manifest.files) !== JSON.stringify(expected)) return false;
    const found = plainFilesBelow(outDir);
    if (!found || found.length !== expected.length + 1) return false;
    return expected.every(([file, hash]) => {
      const full = path.join(outDir, file);
      const now = stampOf(statSync(full));
      const written = stamps?.[file];
      return (written && now.every((value, i) => value === written[i])) || hashOf(readFileSync(full)) === hash;
    });
  } catch {
    return false;
  }
}

/**
 * An error of writing the staging folder, said of the output folder (the staging folder is a name
 * the user never chose and that is gone by the time the error is read) and of the source file
 * the output file is made from, when it has one.
 */
function errorInOutput(error: unknown, dir: string, outDir: string, source?: string): unknown {
  const e = error as NodeJS.ErrnoException & { dest?: string };
  const inOut = (p: string) => (isWithin(dir, p) ? path.join(outDir, path.relative(dir, p)) : p);
  if (typeof e.path === "string") e.path = inOut(e.path);
  if (typeof e.dest === "string") e.dest = inOut(e.dest);
  if (!source || !e.code) return error;
  const wrapped = new SsodocsError(
    `its output ${shownPath(e.path ?? outDir)} cannot be written: ${describeCondition(e)}`,
    {
      file: source,
    },
  );
  wrapped.cause = error;
  return wrapped;
}

/**
 * Writes the items into a staging folder beside `outDir`, then swaps it in. Files are written as
 * they come (a few at a time, so pages stream to disk); `commit` waits for them.
 */
export async function createStaging(outDir: string) {
  await removeStaleTemps(outDir);
  const dir = tempName(outDir, "new");
  await mkdir(dir, { recursive: true });
  const made = new Set<string>([dir]);
  const inFlight = new Set<Promise<void>>();
  /** Each path written with the hash of its bytes (not the items: they would keep every page's bytes alive). */
  const written = new Map<string, string>();
  /** Size, times and inode of each file as written. */
  const stamps: WrittenStamps = {};
  let failure: unknown = null;

  const writeOne = async (item: OutputItem) => {
    const target = outputPathIn(dir, item.path);
    const parent = path.dirname(target);
    if (!made.has(parent)) {
      await mkdir(parent, { recursive: true });
      made.add(parent);
    }
    if (item.stored)
      await pipeline(createReadStream(item.stored.file, { start: item.stored.offset }), createWriteStream(target));
    else await writeFile(target, await item.bytes());
    stamps[item.path] = stampOf(await stat(target));
  };

  return {
    dir,
    /** Queues a file; resolves once the queue has room again. Of two items with one path, the later is written. */
    async write(item: OutputItem): Promise<void> {
      if (failure) throw failure;
      written.set(item.path, item.hash);
      const p = writeOne(item)
        .catch((error: NodeJS.ErrnoException) => {
          // A failed write() names no file: this one is named.
          if (error.code && !error.path) error.path = path.join(dir, item.path);
          failure ??= errorInOutput(error, dir, outDir, item.source);
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (inFlight.size >= MAX_WRITES_IN_FLIGHT) await Promise.race(inFlight);
    },
    /** Waits for every write, writes the manifest, then swaps the staging folder in; returns each file's stamps. */
    async commit(): Promise<WrittenStamps> {
      await Promise.all(inFlight);
      if (failure) throw failure;
      try {
        await writeFile(
          path.join(dir, OUTPUT_MARKER),
          JSON.stringify({ generator: "ssodocs", files: manifestOf(written) }),
        );
        const old = existsSync(outDir) ? tempName(outDir, "old") : null;
        if (old) await rename(outDir, old);
        await rename(dir, outDir);
        if (old) await rm(old, { recursive: true, force: true });
      } catch (error) {
        throw errorInOutput(error, dir, outDir);
      }
      return stamps;
    },
    /** Throws the staging folder away. */
    async discard(): Promise<void> {
      await Promise.allSettled(inFlight);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type Staging = Awaited<ReturnType<typeof createStaging>>;
