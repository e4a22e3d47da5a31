// The persistent cache keeps the entries most recently used and clears out the rest.
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-cache-"));
process.env.SSODOCS_CACHE_DIR = dir;
const { readCache, readCacheLines, writeCache, writeCacheLines } = await import("../src/node/cache.ts");
delete process.env.SSODOCS_CACHE_DIR;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Sets an entry's last use `minutesAgo` minutes back. */
function age(key: string, minutesAgo: number): void {
  const t = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(path.join(dir, "bundles", `${key}.json`), t, t);
}

describe("the cache", () => {
  it("keeps the most recently used entries of a namespace and removes older ones", () => {
    for (const [i, key] of ["a", "b", "c"].entries()) {
      writeCache("bundles", key, { key }, { keep: 3 });
      age(key, 30 - i * 10);
    }
    // "a" is the oldest, but reading it makes it recent: "b" is the one to go for a fourth entry.
    expect(readCache("bundles", "a")).toEqual({ key: "a" });
    writeCache("bundles", "d", { key: "d" }, { keep: 3 });
    expect(readdirSync(path.join(dir, "bundles")).sort()).toEqual(["a.json", "c.json", "d.json"]);
    expect(readCache("bundles", "b")).toBeNull();
  });

  it("keeps string maps one line per entry, and takes a file cut short for a missing one", () => {
    const entries = new Map([
      ["k1", JSON.stringify([{ content: "Tabs\tand line\nbreaks inside JSON strings", n: 1 }])],
      ["k2", "[]"],
    ]);
    writeCacheLines("records", "site", entries);
    expect(readCacheLines("records", "site")).toEqual(entries);
    const file = path.join(dir, "records", "site.lines");
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.slice(0, text.indexOf("\n") + 1));
    expect(readCacheLines("records", "site")).toBeNull();
  });
});
