// The output folder is the one place a build deletes and replaces. Before it does, the folder is
// checked: it may not hold (or lie inside) the sources, may not be a file, and a folder that is
// there already must be one an earlier build wrote (it holds the marker file) or be empty. A lock
// file beside it keeps two builds from writing the same folder at once.
import { closeSync, lstatSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { isWithin, realPathOf } from "../util/paths.ts";
import { processAlive } from "../util/temp-folders.ts";
import { SsodocsError } from "../errors.ts";

/** Written into every output folder: the next build knows the folder is its own to replace. */
export const OUTPUT_MARKER = ".ssodocs-output";

export interface ProtectedFolders {
  /** The project: the folder of the config file. */
  root: string;
  /** Folders a build reads: docs, templates, static folders. */
  sources: { label: string; dir: string }[];
}

const shown = (dir: string) => path.relative(process.cwd(), dir) || ".";

/**
 * Throws when `outDir` may not be replaced by a build: the project folder or one above it, a
 * folder that holds or lies inside a source folder, an existing file, or a folder of other files.
 */
export function checkOutputFolder(outDir: string, folders: ProtectedFolders): void {
  const out = realPathOf(outDir);
  const refuse = (why: string): never => {
    throw new SsodocsError(`refusing to write the site to ${shown(outDir)}: ${why}; choose another --out`);
  };
  if (isWithin(out, realPathOf(folders.root)))
    refuse("it is the project folder or holds it, and a build replaces its output folder");
  for (const { label, dir } of folders.sources) {
    const source = realPathOf(dir);
    if (isWithin(out, source) || isWithin(source, out))
      refuse(`it ${isWithin(out, source) ? "holds" : "lies inside"} the ${label} (${shown(dir)})`);
  }
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(out);
  } catch {
    return;
  }
  if (!stat.isDirectory()) refuse("it is a file, not a folder");
  const names = readdirSync(out);
  if (names.length > 0 && !names.includes(OUTPUT_MARKER)) {
    throw new SsodocsError(
      `refusing to replace ${shown(outDir)}: it holds files that no ssodocs build wrote (no ${OUTPUT_MARKER} file); ` +
        "remove the folder yourself if it may go, or choose another --out",
    );
  }
}

/**
 * Takes the lock of an output folder (`<out>.lock` beside it, created exclusively, holding this
 * process's id); a lock left by a process that is gone is taken over. Returns the release function.
 */
export function lockOutputFolder(outDir: string): () => void {
  const file = `${path.resolve(outDir)}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx");
      try {
        writeSync(fd, String(process.pid));
      } catch (error) {
        // A full disk: no empty lock is left behind, and the error names the file.
        closeSync(fd);
        rmSync(file, { force: true });
        (error as NodeJS.ErrnoException).path ??= file;
        throw error;
      }
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, "utf8") === String(process.pid)) rmSync(file, { force: true });
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(file, "utf8").trim());
    } catch {
      continue;
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder)) {
      throw new SsodocsError(`another build is writing ${shown(outDir)} (pid ${holder}); wait for it to finish`);
    }
    // Left by a build that is gone (or unreadable): taken over.
    rmSync(file, { force: true });
  }
  throw new SsodocsError(`cannot take the lock ${shown(file)}`);
}

/** Whether a staging or old folder named with a process id belongs to a build still running. */
export function ownerAlive(name: string): boolean {
  const pid = Number(/-(\d+)-[0-9a-z]+$/.exec(name)?.[1]);
  return Number.isInteger(pid) && pid !== process.pid && processAlive(pid);
}
