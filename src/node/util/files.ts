// Lists the files below a folder with a plain walk: it starts far faster than a glob library,
// and every build lists the docs, the static folder and the client sources.
import { readdirSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { SsodocsError } from "../errors.ts";
import { MAX_LISTED_ENTRIES } from "../../shared/limits.ts";

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
 * entries are walked: links between folders can multiply a small tree.
 */
export function listFiles(root: string, options: ListOptions = {}): string[] {
  const { skip = () => false, keep = () => true, hidden = false, followFolderLinks = false } = options;
  const files: string[] = [];
  /** The real paths of the folders being walked: a link back to one of them is a loop. */
  const ancestors = new Set<string>();
  let entries = 0;
  // Each folder is read through its real path (`real`): a link is resolved once, where it is met,
  // not again below it (a path through many links takes as long to resolve as it is deep).
  const walk = (folder: string, real: string) => {
    if (ancestors.has(real)) return;
    ancestors.add(real);
    for (const entry of readdirSync(real, { withFileTypes: true })) {
      const { name } = entry;
      if ((!hidden && name.startsWith(".")) || skip(name)) continue;
      if (++entries > MAX_LISTED_ENTRIES)
        throw new SsodocsError(`more than ${MAX_LISTED_ENTRIES} files and folders below this folder, links followed`, {
          file: root,
        });
      const relative = folder ? `${folder}/${name}` : name;
      const target = entry.isSymbolicLink() && followFolderLinks ? folderLinkTarget(path.join(real, name)) : null;
      if (target) options.checkFolderLink?.(path.join(root, relative), target);
      if (entry.isDirectory() || target) walk(relative, target ?? path.join(real, name));
      else if (keep(name)) files.push(relative);
    }
    ancestors.delete(real);
  };
  walk("", followFolderLinks ? realpathSync(root) : root);
  return files.sort();
}
