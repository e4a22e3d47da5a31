// The highlighted-code cache keeps the files most recently used and clears out the rest; the page
// store keeps what two builds sharing its folder at once made; the build shortcuts spare a build
// with nothing changed the bundler.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hashOf, hashOfAll } from "../src/node/util/hash.ts";
import { cliEnv, fileHashes, runCli, tempSite } from "./helpers.ts";
import { codeCacheFor } from "../src/node/store/code-cache.ts";
import { PageStore } from "../src/node/store/page-store.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-cache-"));
const cleanups: (() => void)[] = [];
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const cleanup of cleanups) cleanup();
});
const before = new Set<string>();

describe("the code cache", () => {
  it("keeps the 32 most recently used files and removes older ones", () => {
    const sites = Array.from({ length: 33 }, (_, i) => codeCacheFor(`site-${i}`, dir));
    const files = () => readdirSync(dir).sort();
    for (const [i, site] of sites.slice(0, 32).entries()) {
      site.write("v1", [[`k${i}`, `<pre>${i}</pre>`]]);
      // The first site's file is the oldest, 32 minutes back; the last one's a minute back.
      const [file] = files().filter((f) => !before.has(f));
      before.add(file);
      const t = new Date(Date.now() - (32 - i) * 60_000);
      utimesSync(path.join(dir, file), t, t);
    }
    // Reading the oldest makes it recent: the second site's file is the one to go for a 33rd.
    expect(sites[0].read("v1").get("k0")).toBe("<pre>0</pre>");
    sites[32].write("v1", [["k32", "<pre>32</pre>"]]);
    expect(files()).toHaveLength(32);
    expect(sites[1].read("v1").size).toBe(0);
    expect(sites[0].read("v1").size).toBe(1);
    expect(sites[0].read("v2").size).toBe(0);
  });
});

describe("the page store, shared by two builds at once (two checkouts, one cache folder)", () => {
  const entry = { warnings: [], images: [] };
  /** A store in a new folder, and a second one opened on it, as a second process would. */
  const twoStores = () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "ssodocs-store-"));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    return { folder, a: new PageStore(folder), b: new PageStore(folder) };
  };

  it("keeps what each build made, whichever finishes last", async () => {
    const { folder, a, b } = twoStores();
    a.write("page-a", null, "<p>a</p>", entry);
    b.write("page-b", null, "<p>b</p>", entry);
    await b.finish();
    await a.finish();
    const next = new PageStore(folder);
    expect(next.read("page-a")?.body.toString()).toBe("<p>a</p>");
    expect(next.read("page-b")?.body.toString()).toBe("<p>b</p>");
  });

  it("leaves the entries of a build still running, which it lists when it finishes", async () => {
    const { folder, a, b } = twoStores();
    a.write("page-a", null, "<p>a</p>", entry);
    b.write("page-b", null, "<p>b</p>", entry);
    // b's entry is on disk, not yet in the index, as a finishes.
    for (let i = 0; i < 100 && !readdirSync(path.join(folder, "entries")).includes("page-b"); i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await a.finish();
    await b.finish();
    const next = new PageStore(folder);
    expect(next.read("page-b")?.body.toString()).toBe("<p>b</p>");
    expect(next.read("page-a")?.body.toString()).toBe("<p>a</p>");
  });
});

describe("the build shortcuts", () => {
  it("spare a build with nothing changed the bundler: the config and the templates are not bundled again", () => {
    const site = tempSite();
    cleanups.push(site.cleanup);
    const out = path.join(site.dir, "build");
    const build = (env = cliEnv()) => runCli(["build", "--config", site.config, "--out", out], site.dir, env);
    expect(build().code).toBe(0);
    const first = fileHashes(out);
    // An esbuild that cannot start: a build that bundles anything fails.
    const broken = path.join(site.dir, "not-esbuild");
    writeFileSync(broken, "#!/bin/sh\nexit 1\n");
    chmodSync(broken, 0o755);
    const noBundler = cliEnv({ ESBUILD_BINARY_PATH: broken });
    const warm = build(noBundler);
    expect(warm.stderr.toString()).toBe("");
    expect(warm.code).toBe(0);
    expect(fileHashes(out)).toEqual(first);
    // An edited config is bundled again.
    writeFileSync(site.config, `${readFileSync(site.config, "utf8")}\n// edited\n`);
    const edited = build(noBundler);
    expect(edited.code).toBe(1);
    expect(edited.stderr.toString()).toMatch(/ssodocs\.config\.ts:1:1: error the config file could not be loaded/);
  });
});

describe("the hash of keys and stamps", () => {
  it("takes as many parts as a site of 50,000 pages has pages and files, the same hash as spread parts", () => {
    const parts = Array.from({ length: 300_000 }, (_, i) => `integrations/services/app-${i}/index.html`);
    expect(hashOfAll(parts)).toMatch(/^[0-9a-f]{32}$/);
    expect(hashOfAll(parts.slice(0, 3))).toBe(hashOf(...parts.slice(0, 3)));
    expect(hashOfAll(["ab", "c"])).not.toBe(hashOfAll(["a", "bc"]));
  });
});
