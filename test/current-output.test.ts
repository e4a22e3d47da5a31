// A build in which nothing changed leaves an output folder that already holds the site as it is;
// any difference in the folder (a file changed, added, removed, replaced) makes it write the site.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildBothWays, ROOT, runCli, tempSite } from "./helpers.ts";

const site = tempSite({ "static/files/setup.txt": "step one\n" }, { ownStatic: true });
const cacheDir = path.join(site.dir, "cache");
const out = path.join(site.dir, "cached");
const BETA = "integrations/services/beta/index.html";
afterAll(() => site.cleanup());

/** The folder's identity and a page's: the same numbers after a build means they were left in place. */
const identity = () => [statSync(out).ino, statSync(path.join(out, BETA)).ino, statSync(path.join(out, BETA)).mtimeMs];

describe("an output folder that already holds the site", () => {
  it("is left in place by a build in which nothing changed", () => {
    buildBothWays(site, cacheDir);
    buildBothWays(site, cacheDir);
    const before = identity();
    buildBothWays(site, cacheDir);
    expect(identity()).toEqual(before);
  });

  it("is written again when a page in it was replaced by other bytes of the same length", () => {
    const file = path.join(out, BETA);
    const text = readFileSync(file, "utf8");
    unlinkSync(file);
    writeFileSync(file, text.replace("Beta", "Bxta"));
    buildBothWays(site, cacheDir);
    expect(readFileSync(file, "utf8")).toBe(text);
  });

  it("is written again when a page in it was edited in place (its cache entry with it)", () => {
    const file = path.join(out, BETA);
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace("Beta", "Bxta"));
    buildBothWays(site, cacheDir);
    expect(readFileSync(file, "utf8")).toBe(text);
  });

  it("loses a file or an empty folder added to it", () => {
    writeFileSync(path.join(out, "stray.html"), "<p>old</p>");
    buildBothWays(site, cacheDir);
    mkdirSync(path.join(out, "integrations/empty"));
    buildBothWays(site, cacheDir);
    expect(existsSync(path.join(out, "integrations/empty"))).toBe(false);
  });

  it("gets back a file removed from it, a search file and a script too", () => {
    for (const file of ["robots.txt", "search/index.json", BETA]) {
      rmSync(path.join(out, file));
      buildBothWays(site, cacheDir);
    }
    const script = (readFileSync(path.join(out, BETA), "utf8").match(/src="\/(assets\/[^"]+\.js)"/) ?? [])[1];
    expect(script).toBeDefined();
    rmSync(path.join(out, script!));
    buildBothWays(site, cacheDir);
  });

  it("takes a changed static file, or one changed in the output", () => {
    writeFileSync(path.join(site.dir, "static/files/setup.txt"), "step two\n");
    buildBothWays(site, cacheDir);
    expect(readFileSync(path.join(out, "files/setup.txt"), "utf8")).toBe("step two\n");
    writeFileSync(path.join(out, "files/setup.txt"), "step six\n");
    buildBothWays(site, cacheDir);
    expect(readFileSync(path.join(out, "files/setup.txt"), "utf8")).toBe("step two\n");
  });

  it("after a build without the cache, is left in place with its pages turned into links to the cache", () => {
    const r = runCli(["build", "--config", site.config, "--out", out], ROOT, { ...process.env, NO_COLOR: "1", SSODOCS_CACHE_DIR: cacheDir, SSODOCS_NO_CACHE: "1" });
    expect(r.code).toBe(0);
    const kept = () => {
      const root = path.join(cacheDir, "outputs");
      return new Set((readdirSync(root, { recursive: true }) as string[]).map((f) => statSync(path.join(root, f))).filter((st) => st.isFile()).map((st) => st.ino));
    };
    expect(kept().has(statSync(path.join(out, BETA)).ino)).toBe(false);
    const folder = statSync(out).ino;
    buildBothWays(site, cacheDir);
    expect(statSync(out).ino).toBe(folder);
    for (const file of [BETA, "index.html", "search/index.json"]) expect(kept().has(statSync(path.join(out, file)).ino), file).toBe(true);
    // The page and its Markdown copy (llms.ts), nothing else.
    expect(readdirSync(path.join(out, "integrations/services/beta")).sort()).toEqual(["index.html", "index.md"]);
  });
});
