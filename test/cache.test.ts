// The persistent cache keeps the entries most recently used and clears out the rest.
import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-cache-"));
process.env.SSODOCS_CACHE_DIR = dir;
const { readCache, writeCache } = await import("../src/node/cache.ts");
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
});
