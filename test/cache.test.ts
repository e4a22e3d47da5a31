// The highlighted-code cache keeps the files most recently used and clears out the rest.
import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codeCacheFor } from "../src/node/store/code-cache.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const before = new Set<string>();

describe("the code cache", () => {
  it("keeps the 32 most recently used files and removes older ones", () => {
    const sites = Array.from({ length: 33 }, (_, i) => codeCacheFor(`site-${i}`, dir));
    const files = () => readdirSync(dir).sort();
    for (const [i, site] of sites.slice(0, 32).entries()) {
      site.write("v1", { [`k${i}`]: `<pre>${i}</pre>` });
      // The first site's file is the oldest, 32 minutes back; the last one's a minute back.
      const [file] = files().filter((f) => !before.has(f));
      before.add(file);
      const t = new Date(Date.now() - (32 - i) * 60_000);
      utimesSync(path.join(dir, file), t, t);
    }
    // Reading the oldest makes it recent: the second site's file is the one to go for a 33rd.
    expect(sites[0].read("v1").get("k0")).toBe("<pre>0</pre>");
    sites[32].write("v1", { k32: "<pre>32</pre>" });
    expect(files()).toHaveLength(32);
    expect(sites[1].read("v1").size).toBe(0);
    expect(sites[0].read("v1").size).toBe(1);
    expect(sites[0].read("v2").size).toBe(0);
  });
});
