// The highlighted-code cache: each site's highlighted blocks by block key, one file per site and
// version of the highlighter, written to a temporary file and renamed (a killed build never
// leaves half an entry). The code renderer (markdown/code.ts) is handed one and knows no folder.
// The 32 most recently used files stay; older ones (another site, an older ssodocs) go.
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { hashOf } from "../util/hash.ts";
import { cacheDir, contentCacheEnabled } from "./cache-dir.ts";

/** Highlighted blocks by key, for one version of the highlighter (`version` names shiki, the themes and ssodocs). */
export interface CodeCache {
  read(version: string): Map<string, string>;
  write(version: string, blocks: Iterable<readonly [string, string]>): void;
}

const KEEP_FILES = 32;

/** Removes all but the `keep` most recently used `.json` files of `dir`. */
function keepNewest(dir: string, keep: number): void {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => ({ file: path.join(dir, name), time: statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { file } of files.slice(keep)) rmSync(file, { force: true });
}

/** The code cache of the site `scope` (none, an empty one, with the content caches off). */
export function codeCacheFor(scope: string, dir = path.join(cacheDir(), "code")): CodeCache {
  const fileOf = (version: string) => path.join(dir, `${hashOf(version, scope)}.json`);
  return {
    read(version) {
      if (!contentCacheEnabled()) return new Map();
      const file = fileOf(version);
      try {
        const blocks = new Map(Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, string>));
        // Used now: it counts as recent when older files are cleared out.
        const now = new Date();
        utimesSync(file, now, now);
        return blocks;
      } catch {
        return new Map();
      }
    },
    write(version, blocks) {
      if (!contentCacheEnabled()) return;
      const file = fileOf(version);
      const temp = `${file}.${process.pid}.tmp`;
      try {
        mkdirSync(dir, { recursive: true });
        writeObject(temp, blocks);
        renameSync(temp, file);
        keepNewest(dir, KEEP_FILES);
      } catch {
        // A cache that cannot be written only costs speed; a part written (on a full disk) goes.
        rmSync(temp, { force: true });
      }
    },
  };
}

/**
 * Writes the blocks as one JSON object, a few hundred at a time: a large site's blocks make a text
 * too long to build in memory at once.
 */
function writeObject(file: string, blocks: Iterable<readonly [string, string]>): void {
  const fd = openSync(file, "w");
  try {
    let pieces: string[] = [];
    let first = true;
    const flush = () => {
      writeSync(fd, pieces.join(""));
      pieces = [];
    };
    pieces.push("{");
    for (const [key, html] of blocks) {
      pieces.push(`${first ? "" : ","}${JSON.stringify(key)}:${JSON.stringify(html)}`);
      first = false;
      if (pieces.length >= 500) flush();
    }
    pieces.push("}");
    flush();
  } finally {
    closeSync(fd);
  }
}
