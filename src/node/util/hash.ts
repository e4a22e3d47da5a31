// The one hash of the code base: what every key, stamp and checked entry is made of.
import { createHash } from "node:crypto";

/** A short hex hash of the parts, each ended by a NUL so ("ab", "c") and ("a", "bc") differ. */
export function hashOf(...parts: (string | Uint8Array)[]): string {
  return hashOfAll(parts);
}

/**
 * `hashOf` of parts as many as a site has pages or files: handed as one list, never spread into
 * arguments (50,000 of them overflow the call stack).
 */
export function hashOfAll(parts: Iterable<string | Uint8Array>): string {
  const h = createHash("sha256");
  for (const p of parts) h.update(p).update("\0");
  return h.digest("hex").slice(0, 32);
}

/** The hash `hashOf(bytes)` gives, of bytes handed in pieces (a file too large to hold at once). */
export function hashOfPieces(): { add(piece: string | Uint8Array): void; digest(): string } {
  const h = createHash("sha256");
  return {
    add: (piece) => void h.update(piece),
    digest: () => h.update("\0").digest("hex").slice(0, 32),
  };
}
