// Paths as the file system resolves them: where a path really leads (links followed), and
// whether one path lies inside another.
import { realpathSync } from "node:fs";
import path from "node:path";

/** A path with every link resolved, also for a path (or its tail) that does not exist yet. */
export function realPathOf(target: string): string {
  const absolute = path.resolve(target);
  const missing: string[] = [];
  let existing = absolute;
  for (;;) {
    try {
      return path.join(realpathSync(existing), ...missing);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return absolute;
      missing.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

/** Whether `inner` is `outer` or lies below it (both real paths). */
export function isWithin(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
