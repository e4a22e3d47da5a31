// Whether the output folder already holds exactly what a build would write into it. A build in
// which nothing changed then leaves the folder as it is instead of writing the same site again:
// on a slow disk, making a folder per page and removing the old output cost more than the rest of
// such a build. The check is file by file: the same files (nothing more, no empty folder), each
// with the same bytes; a page, script or search file that is a hard link to the cache entry it
// was placed from is that entry (one changed in place no longer matches the cache and was made anew).
import { linkSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";

/** A file the build would write: from a cache entry, with these contents, or as a copy of a (static) file. */
export type ExpectedFile = { path: string; from: string } | { path: string; contents: Uint8Array | string } | { path: string; copyOf: string };

/** Files below `dir` (relative paths with / separators), or null if it holds anything else: an empty folder, a link. */
function filesBelow(dir: string): string[] | null {
  const files: string[] = [];
  const walk = (folder: string): boolean => {
    const entries = readdirSync(path.join(dir, folder), { withFileTypes: true });
    if (entries.length === 0) return false;
    for (const entry of entries) {
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!walk(relative)) return false;
      } else if (entry.isFile()) files.push(relative);
      else return false;
    }
    return true;
  };
  return walk("") ? files : null;
}

/** Whether `file` holds what is expected; one that holds a cache entry's bytes without being a link to it goes to `unlinked`. */
function holds(file: string, expected: ExpectedFile, unlinked: [string, string][]): boolean {
  const stat = statSync(file);
  if ("from" in expected) {
    const entry = statSync(expected.from);
    if (stat.ino === entry.ino && stat.dev === entry.dev) return true;
    // Written by a build without the cache, or copied: the bytes tell.
    const same = stat.size === entry.size && readFileSync(file).equals(readFileSync(expected.from));
    if (same) unlinked.push([file, expected.from]);
    return same;
  }
  const bytes = "contents" in expected ? Buffer.from(expected.contents) : readFileSync(expected.copyOf);
  return stat.size === bytes.length && readFileSync(file).equals(bytes);
}

/**
 * Whether the output folder holds exactly `expected` (every file of the build; of two with the
 * same path, the later one is written). Files that hold a cache entry's bytes without being a link
 * to it are then replaced by links (each by a rename, so the folder's contents never change), for
 * the next build to check them without reading them.
 */
export function outputIsCurrent(outDir: string, expected: ExpectedFile[]): boolean {
  const byPath = new Map(expected.map((file) => [file.path, file]));
  const unlinked: [string, string][] = [];
  try {
    const found = filesBelow(outDir);
    if (!found || found.length !== byPath.size) return false;
    if (!found.every((relative) => byPath.has(relative) && holds(path.join(outDir, relative), byPath.get(relative)!, unlinked))) return false;
  } catch {
    // No output folder yet, or a file that cannot be read: the build writes the folder.
    return false;
  }
  for (const [file, from] of unlinked) {
    const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.link`);
    try {
      linkSync(from, temp);
      renameSync(temp, file);
    } catch {
      // Another file system, say: the file stays as it is, and is read again next time.
      rmSync(temp, { force: true });
    }
  }
  return true;
}
