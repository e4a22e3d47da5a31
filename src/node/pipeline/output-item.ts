// A file of the output as the stages hand it on: its path below the output folder, the hash of
// its bytes (what sinks compare), and its bytes, read only when a sink writes it.
import { hashOf } from "../util/hash.ts";

/** A file of the output: where it goes, the hash of its bytes, and its bytes (read when written). */
export interface OutputItem {
  path: string;
  hash: string;
  bytes(): Buffer | Promise<Buffer>;
  /** The source file it is made from (a doc, an image, a static file), named when it cannot be written. */
  source?: string;
  /** A file that holds its bytes from `offset` on: a sink copies them from there rather than read them all into memory. */
  stored?: { file: string; offset: number };
}

/** An output item made from bytes in memory. */
export function outputOf(file: string, contents: string | Uint8Array): OutputItem {
  const bytes = Buffer.from(contents);
  return { path: file, hash: hashOf(bytes), bytes: () => bytes };
}
