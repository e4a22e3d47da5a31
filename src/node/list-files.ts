// Lists the files below a folder with a plain walk: it starts far faster than a glob library,
// and every build lists the docs, the static folder and the client sources.
import { readdirSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { SsodocsError } from "./errors.ts";
import { MAX_LISTED_ENTRIES } from "./limits.ts";

export interface ListOptions {
  /** Entries (files or folders) left out. */
  skip?: (name: string) => boolean;
  /** Whether names starting with a dot are listed (they are left out otherwise). */
  hidden?: boolean;
  /** Files listed; all when not given. */
  keep?: (name: string) => boolean;
  /**
   * Whether links to folders are walked into (never into a folder being walked, so a link loop ends).
   * When not, a link is listed as a file, and reading it tells what it is.
   */
  followFolderLinks?: boolean;
  /** Called with each link to a folder (its absolute path) before it is walked into; it throws to refuse it. */
  checkFolderLink?: (link: string) => void;
}

/** Whether a link leads to a folder (false for a dangling link, which is listed, so reading it reports it). */
function isFolderLink(full: string): boolean {
  try {
    return statSync(full).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Paths below `root`, relative to it with / separators, sorted. Anything but a folder is listed
 * when `keep` takes its name (a FIFO too: reading it says what it is). At most MAX_LISTED_ENTRIES
 * entries are walked: links between folders can multiply a small tree.
 */
export function listFiles(root: string, options: ListOptions = {}): string[] {
  const { skip = () => false, keep = () => true, hidden = false, followFolderLinks = false } = options;
  const files: string[] = [];
  /** The real paths of the folders being walked: a link back to one of them is a loop. */
  const ancestors = new Set<string>();
  let entries = 0;
  const walk = (folder: string) => {
    const full = path.join(root, folder);
    let real: string | null = null;
    if (followFolderLinks) {
      real = realpathSync(full);
      if (ancestors.has(real)) return;
      ancestors.add(real);
    }
    for (const entry of readdirSync(full, { withFileTypes: true })) {
      const { name } = entry;
      if ((!hidden && name.startsWith(".")) || skip(name)) continue;
      if (++entries > MAX_LISTED_ENTRIES)
        throw new SsodocsError(`more than ${MAX_LISTED_ENTRIES} files and folders below this folder, links followed`, {
          file: root,
        });
      const relative = folder ? `${folder}/${name}` : name;
      let isFolder = entry.isDirectory();
      if (entry.isSymbolicLink() && followFolderLinks && isFolderLink(path.join(full, name))) {
        options.checkFolderLink?.(path.join(full, name));
        isFolder = true;
      }
      if (isFolder) walk(relative);
      else if (keep(name)) files.push(relative);
    }
    if (real) ancestors.delete(real);
  };
  walk("");
  return files.sort();
}
