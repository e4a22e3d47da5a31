// Lists the files below a folder: fast-glob walks each real folder, and links to folders are
// followed here, one at a time, so a link is checked before it is walked into and a link loop
// ends (fast-glob itself never follows a link: it would walk a loop until the path is too long).
import { realpathSync, statSync } from "node:fs";
import path from "node:path";
import fastGlob from "fast-glob";
import { MAX_LISTED_ENTRIES } from "../../shared/limits.ts";
import { SsodocsError } from "../errors.ts";

export interface ListOptions {
  /** Globs (relative to the folder walked) of folders and files left out; a folder's whole tree goes with it. */
  ignore?: string[];
  /** Whether names starting with a dot are listed (they are left out otherwise). */
  hidden?: boolean;
  /** Files listed; all when not given. */
  keep?: (name: string) => boolean;
  /**
   * Whether links to folders are walked into (never into a folder being walked, so a link loop ends).
   * When not, a link is listed as a file, and reading it tells what it is.
   */
  followFolderLinks?: boolean;
  /** Called with each link to a folder (its path below `root`, and its target's real path) before it is walked into; it throws to refuse it. */
  checkFolderLink?: (link: string, real: string) => void;
}

/** The real path of a link's target when it is a folder (null for anything else, or a dangling link: listed, so reading it reports it). */
function folderLinkTarget(link: string): string | null {
  try {
    return statSync(link).isDirectory() ? realpathSync(link) : null;
  } catch {
    return null;
  }
}

/**
 * Paths below `root`, relative to it with / separators, sorted. Anything but a folder is listed
 * when `keep` takes its name (a FIFO too: reading it says what it is). At most MAX_LISTED_ENTRIES
 * entries are walked through links to folders: links between folders can multiply a small tree
 * (the tree itself is as large as the disk holds: a site of 50,000 docs lists 100,000 entries).
 */
export function listFiles(root: string, options: ListOptions = {}): string[] {
  const { ignore = [], keep = () => true, hidden = false, followFolderLinks = false } = options;
  const files: string[] = [];
  /** The real paths of the folders being walked: a link back to one of them is a loop. */
  const ancestors = new Set<string>();
  let entries = 0;
  const walk = (prefix: string, real: string) => {
    if (ancestors.has(real)) return;
    ancestors.add(real);
    const found = fastGlob.sync("**", {
      cwd: real,
      dot: hidden,
      ignore,
      onlyFiles: false,
      followSymbolicLinks: false,
      objectMode: true,
    });
    if (prefix) entries += found.length;
    if (entries > MAX_LISTED_ENTRIES)
      throw new SsodocsError(
        `more than ${MAX_LISTED_ENTRIES} files and folders reached through links to folders below this folder`,
        { file: root },
      );
    for (const { path: relative, name, dirent } of found) {
      if (dirent.isDirectory()) continue;
      const listed = prefix ? `${prefix}/${relative}` : relative;
      const target = dirent.isSymbolicLink() && followFolderLinks ? folderLinkTarget(path.join(real, relative)) : null;
      if (target) {
        options.checkFolderLink?.(path.join(root, listed), target);
        walk(listed, target);
      } else if (keep(name)) files.push(listed);
    }
    ancestors.delete(real);
  };
  walk("", followFolderLinks ? realpathSync(root) : root);
  return files.sort();
}

/**
 * Every file below `dir` (relative, / separators, sorted), or null when it holds anything but
 * files and folders that hold files (an empty folder, a link): what an output folder must be.
 */
export function plainFilesBelow(dir: string): string[] | null {
  const entries = fastGlob.sync("**", {
    cwd: dir,
    dot: true,
    onlyFiles: false,
    followSymbolicLinks: false,
    objectMode: true,
  });
  const files: string[] = [];
  const folders: string[] = [];
  for (const { path: relative, dirent } of entries) {
    if (dirent.isFile()) files.push(relative);
    else if (dirent.isDirectory()) folders.push(relative);
    else return null;
  }
  if (!files.length) return null;
  const holding = new Set(
    files.flatMap((f) =>
      f
        .split("/")
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
    ),
  );
  return folders.every((folder) => holding.has(folder)) ? files.sort() : null;
}
