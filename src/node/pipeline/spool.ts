// A run's spool: what a later stage needs of every page but need not be held in memory until then
// (a doc's search records, read back once when the search files are made), kept in a temporary
// file of the run and read back piece by piece. A build of many pages would otherwise hold them
// all. The folder is the run's own (named with the process id, so a killed run's is removed by
// the next, util/temp-folders.ts) and goes when the run ends.
import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { tempFolderName } from "../util/temp-folders.ts";

/** Where a text is in the spool: its first byte and its length in bytes. */
export type SpoolSlice = readonly [start: number, length: number];

export class Spool {
  private dir: string | null = null;
  private fd: number | null = null;
  private size = 0;
  private files = 0;

  /** The run's folder, made on first use. */
  private folder(): string {
    if (!this.dir) {
      this.dir = tempFolderName("spool", `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`);
      mkdirSync(this.dir, { recursive: true });
    }
    return this.dir;
  }

  /** Keeps a text; gives where it is. */
  add(text: string): SpoolSlice {
    this.fd ??= openSync(path.join(this.folder(), "texts"), "w+");
    const bytes = Buffer.from(text, "utf8");
    writeSync(this.fd, bytes, 0, bytes.length, this.size);
    const slice = [this.size, bytes.length] as const;
    this.size += bytes.length;
    return slice;
  }

  /** A text kept with `add`. */
  read([start, length]: SpoolSlice): string {
    const bytes = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) done += readSync(this.fd!, bytes, done, length - done, start + done);
    return bytes.toString("utf8");
  }

  /** A new file of the spool, for output too large to hold in memory. */
  newFile(): string {
    return path.join(this.folder(), `file-${this.files++}`);
  }

  /** Removes the spool (at the end of the run). */
  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }
}
