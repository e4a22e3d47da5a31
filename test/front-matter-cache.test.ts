// Front matter kept between builds: a build that takes it from the cache writes what a build
// without any cache writes, and bad front matter is refused however often it is built.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildBothWays, ROOT, runCli, tempSite } from "./helpers.ts";

const BETA = "docs/services/beta/index.md";
const site = tempSite({ [BETA]: "---\ntitle: Integrate with Beta\nsidebar_label: Beta\ntags: [integration]\n---\n\nBeta watches services.\n" });
const cacheDir = path.join(site.dir, "cache");
const env = { ...process.env, NO_COLOR: "1", SSODOCS_CACHE_DIR: cacheDir };
afterAll(() => site.cleanup());

const build = () => runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")], ROOT, env);
const write = (text: string) => writeFileSync(path.join(site.dir, BETA), text);
const title = (out: string) => /<title>([^<]*)<\/title>/.exec(readFileSync(path.join(out, "integrations/services/beta/index.html"), "utf8"))?.[1];

describe("the front matter cache", () => {
  it("is written by a first build and read by the next, which writes the same site", () => {
    buildBothWays(site, cacheDir);
    expect(readdirSync(path.join(cacheDir, "front-matter")).length).toBe(1);
    expect(title(buildBothWays(site, cacheDir))).toMatch(/^Integrate with Beta/);
  });

  it("takes an edited title and body", () => {
    write("---\ntitle: Connect Beta\nsidebar_label: Beta\ntags: [integration]\n---\n\nBeta watches hosts.\n");
    const out = buildBothWays(site, cacheDir);
    expect(title(out)).toMatch(/^Connect Beta/);
    expect(readFileSync(path.join(out, "integrations/services/beta/index.html"), "utf8")).toContain("Beta watches hosts.");
  });

  it("refuses a YAML date as a title on every build, not only the first", () => {
    write("---\ntitle: 2024-05-01\ntags: [integration]\n---\n\nBody\n");
    for (let i = 0; i < 2; i++) {
      const r = build();
      expect(r.code, `build ${i + 1}`).toBe(1);
      expect(r.stderr, `build ${i + 1}`).toMatch(/beta\/index\.md:2: front matter "title" must be a non-empty string/);
    }
  });

  it("reports a YAML error with its line on every build", () => {
    write("---\ntitle: Beta\ntags: [integration\n---\n\nBody\n");
    for (let i = 0; i < 2; i++) expect(build().stderr, `build ${i + 1}`).toMatch(/beta\/index\.md:\d+: invalid YAML front matter/);
  });
});
