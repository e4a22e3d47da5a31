// Writes a build into a staging folder beside the output folder and swaps it in only when
// everything is written, so a failed or interrupted build never leaves a half-written site.
import { existsSync } from "node:fs";
import { copyFile, link, mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFile, StoredFile } from "./render/assets.ts";
import { SsodocsError } from "./errors.ts";
import { listFiles } from "./list-files.ts";
import { OUTPUT_MARKER, isWithin, ownerAlive, realPathOf } from "./output-folder.ts";

/** What the marker file of an output folder says. */
export const MARKER_TEXT = "Written by ssodocs: a build may replace this folder.\n";

const TEMP_PREFIX = ".build-";
const MAX_WRITES_IN_FLIGHT = 32;

function tempName(outDir: string, kind: string): string {
  return path.join(path.dirname(outDir), `${TEMP_PREFIX}${path.basename(outDir)}-${kind}-${process.pid}-${Date.now().toString(36)}`);
}

/**
 * Cleans up after builds that were killed: staging folders are removed, and if a build died in
 * the instant between moving the old output aside and moving the new one in, the old output
 * is put back first.
 */
export async function removeStaleTemps(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const prefix = `${TEMP_PREFIX}${path.basename(outDir)}-`;
  let names: string[] = [];
  try {
    names = (await readdir(parent)).filter((n) => n.startsWith(prefix));
  } catch {
    return;
  }
  const previous = names.filter((n) => n.startsWith(`${prefix}old-`)).sort().pop();
  if (previous && !existsSync(outDir)) {
    await rename(path.join(parent, previous), outDir);
    names = names.filter((n) => n !== previous);
  }
  // Folders of builds still running (another output folder's lock holder, say) are theirs.
  await Promise.all(names.filter((n) => !ownerAlive(n)).map((n) => rm(path.join(parent, n), { recursive: true, force: true })));
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
  if (bad || !isWithin(dir, target)) throw new SsodocsError(`refusing to write outside the output folder: ${JSON.stringify(file)}`);
  return target;
}

/**
 * The files of the static folder (relative paths), each checked: a link that leads nowhere or
 * out of the folder is an error naming it, so nothing outside the site is published.
 */
export function staticFilesOf(staticDir: string): string[] {
  const root = realPathOf(staticDir);
  const files = listFiles(staticDir, { hidden: true, followFolderLinks: true });
  for (const file of files) {
    const full = path.join(staticDir, file);
    if (!existsSync(full)) throw new SsodocsError("this link in the static folder points at nothing (a dangling symbolic link)", { file: full });
    if (!isWithin(root, realPathOf(full))) throw new SsodocsError("this file of the static folder is a link to a file outside it; copy the file in instead", { file: full });
  }
  return files;
}

export interface Staging {
  dir: string;
  /**
   * Queues a file (a stored one is linked or copied); resolves once the queue has room again, so
   * callers stream instead of piling up.
   */
  write(file: OutputFile | StoredFile): Promise<void>;
  /**
   * Puts a stored file (a cache entry) in place at once: a hard link when the folders share a
   * file system (no bytes are copied), else a copy. Rejects if it cannot; the staging folder stays usable.
   */
  place(target: string, from: string): Promise<void>;
  /** Waits for every write, copies the static folder, then swaps the staging folder in. */
  commit(staticDir: string | null): Promise<void>;
  /** Throws the staging folder away. */
  discard(): Promise<void>;
}

export async function createStaging(outDir: string): Promise<Staging> {
  await removeStaleTemps(outDir);
  const dir = tempName(outDir, "new");
  await mkdir(dir, { recursive: true });
  const made = new Set<string>([dir]);
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;

  const targetOf = async (file: string) => {
    const target = outputPathIn(dir, file);
    const parent = path.dirname(target);
    if (!made.has(parent)) {
      await mkdir(parent, { recursive: true });
      made.add(parent);
    }
    return target;
  };
  const place = async (file: string, from: string) => {
    const target = await targetOf(file);
    try {
      await link(from, target);
    } catch {
      await copyFile(from, target);
    }
  };
  const writeOne = async (file: OutputFile | StoredFile) => {
    if ("from" in file) return place(file.path, file.from);
    const kept = await file.kept;
    if (kept) return place(file.path, kept).catch(async () => writeFile(await targetOf(file.path), file.contents));
    return writeFile(await targetOf(file.path), file.contents);
  };

  const drain = async () => {
    await Promise.all(inFlight);
    if (failure) throw failure;
  };

  return {
    dir,
    async write(file) {
      if (failure) throw failure;
      // Encoded now, so a page's HTML string can go at once while its bytes wait for the disk.
      if ("contents" in file && typeof file.contents === "string") file = { ...file, contents: Buffer.from(file.contents, "utf8") };
      const p = writeOne(file)
        .catch((error: NodeJS.ErrnoException) => {
          // A failed write() names no file: this one is named.
          if (error.code && !error.path) error.path = path.join(dir, file.path);
          failure ??= error;
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (inFlight.size >= MAX_WRITES_IN_FLIGHT) await Promise.race(inFlight);
    },
    place,
    async commit(staticDir) {
      await drain();
      if (staticDir && existsSync(staticDir)) {
        // Static files never replace what the build wrote.
        for (const file of staticFilesOf(staticDir)) {
          const target = await targetOf(file);
          if (!existsSync(target)) await copyFile(path.join(staticDir, file), target);
        }
      }
      await writeFile(path.join(dir, OUTPUT_MARKER), MARKER_TEXT);
      const old = existsSync(outDir) ? tempName(outDir, "old") : null;
      if (old) await rename(outDir, old);
      await rename(dir, outDir);
      if (old) await rm(old, { recursive: true, force: true });
    },
    async discard() {
      await Promise.allSettled(inFlight);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
