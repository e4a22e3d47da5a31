// Rendered Markdown kept between builds: after each kind of edit, a build that uses the cache
// writes exactly what a build without any cache writes.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildBothWays, tempSite } from "./helpers.ts";

const BETA = "docs/services/beta/index.md";
const ALPHA = "docs/services/alpha/index.md";

const site = tempSite({
  [BETA]: [
    "---",
    "title: Integrate with Beta",
    "sidebar_label: Beta",
    "support_level: community",
    "tags: [integration]",
    "---",
    "",
    "## What is Beta",
    "",
    "Beta watches services. Read the [Alpha guide](../alpha/index.md) first.",
    "",
    "```bash",
    "beta --watch",
    "```",
    "",
  ].join("\n"),
});
const cacheDir = path.join(site.dir, "cache");
afterAll(() => site.cleanup());

const buildAndCompare = () => buildBothWays(site, cacheDir);

const page = (out: string, route: string) => readFileSync(path.join(out, route, "index.html"), "utf8");
const edit = (file: string, change: (text: string) => string) => writeFileSync(path.join(site.dir, file), change(readFileSync(path.join(site.dir, file), "utf8")));

describe("the Markdown cache", () => {
  it("is written by a first build and read by the next, which writes the same site", () => {
    buildAndCompare();
    expect(readdirSync(path.join(cacheDir, "markdown")).length).toBe(1);
    buildAndCompare();
  });

  it("renders an edited guide again", () => {
    edit(BETA, (t) => t.replace("Beta watches services.", "Beta watches services and hosts."));
    expect(page(buildAndCompare(), "integrations/services/beta")).toContain("Beta watches services and hosts.");
  });

  it("renders again a guide whose link points at a doc that moved, though its own text did not change", () => {
    edit(ALPHA, (t) => t.replace("sidebar_label: Alpha", "sidebar_label: Alpha\nslug: /services/alpha-moved/"));
    const out = buildAndCompare();
    expect(page(out, "integrations/services/beta")).toContain('href="/integrations/services/alpha-moved/"');
  });

  it("gives a replaced image its new hashed name", () => {
    const image = path.join(site.dir, "docs/services/alpha/alpha-settings.png");
    const before = page(buildAndCompare(), "integrations/services/alpha-moved");
    writeFileSync(image, Buffer.concat([readFileSync(image), Buffer.from([0])]));
    const after = page(buildAndCompare(), "integrations/services/alpha-moved");
    const src = (html: string) => /src="([^"]*alpha-settings[^"]*)"/.exec(html)?.[1];
    expect(src(after)).toBeDefined();
    expect(src(after)).not.toBe(src(before));
  });

  it("renders a guide again when its highlighted code is no longer cached", () => {
    rmSync(path.join(cacheDir, "code"), { recursive: true, force: true });
    expect(page(buildAndCompare(), "integrations/services/beta")).toContain("--watch");
  });

  it("ignores a corrupt entry", () => {
    const dir = path.join(cacheDir, "markdown");
    for (const name of readdirSync(dir)) writeFileSync(path.join(dir, name), '{"services/beta/index": {"source": 1');
    buildAndCompare();
  });
});
