// Nothing ssodocs keeps or writes depends on where the checkout lies (issue 30): a checkout moved
// (or cloned) to another path takes its pages from a cache an earlier build filled at the first
// path, as a CI runner restoring the cache into another workspace does, and writes the same bytes;
// and the tool compiled at two paths (dist/) is the same, so the client's chunk names are too.
import { spawnSync } from "./processes.ts";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { assertSameFiles, fileHashes, ROOT, runCli, cliEnv, tempSite } from "./helpers.ts";
import { buildInProcess } from "./in-process-build.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `ssodocs-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/**
 * A git checkout holding the fixture site in `website/` (as authentik's repository holds its
 * site), with templates and static files of its own, an image, and a page that warns.
 */
function checkout(): { root: string; site: (root: string) => string } {
  const root = tempDir("checkout");
  mkdirSync(path.join(root, ".git"));
  const site = tempSite(
    { "docs/services/beta/index.md": "---\ntitle: Beta\n---\n\n## Setup\n\n<iframe src='/x'></iframe>\n" },
    { ownStatic: true },
  );
  renameSync(site.dir, path.join(root, "website"));
  const website = path.join(root, "website");
  cpSync(path.join(ROOT, "templates"), path.join(website, "templates"), { recursive: true });
  // The templates import ssodocs's shared helpers by a path relative to the repository.
  symlinkSync(path.join(ROOT, "src"), path.join(website, "src"));
  const config = path.join(website, "ssodocs.config.ts");
  // Paths in the config as Docusaurus configs often give them: absolute, from the config's folder.
  const text = readFileSync(config, "utf8")
    .replace("  footer:", '  templates: "templates",\n  footer:')
    .replace('static: "static"', 'static: path.join(import.meta.dirname, "static")');
  writeFileSync(config, `import path from "node:path";\n${text}`);
  return { root, site: (at) => path.join(at, "website") };
}

/** Moves a checkout to a new folder at another depth; returns its new root. */
function move(root: string): string {
  const to = path.join(tempDir("moved"), "deeper", "clone");
  mkdirSync(path.dirname(to), { recursive: true });
  renameSync(root, to);
  return to;
}

describe("a checkout at another path (issue 30)", () => {
  it("takes every page from the store the first path's build filled, and writes the same bytes", async () => {
    const { root, site } = checkout();
    const cacheDir = tempDir("shared-cache");
    const configAt = (at: string) => path.join(site(at), "ssodocs.config.ts");
    const first = await buildInProcess(configAt(root), path.join(site(root), "build"), { cacheDir });
    expect(first.stored).toBe(0);
    expect(first.rendered).toBeGreaterThan(10);
    const moved = move(root);
    const second = await buildInProcess(configAt(moved), path.join(site(moved), "again"), { cacheDir });
    expect({ stored: second.stored, rendered: second.rendered }).toEqual({ stored: first.rendered, rendered: 0 });
    const fresh = await buildInProcess(configAt(moved), path.join(site(moved), "fresh"), {
      cacheDir: tempDir("no-cache"),
      noCache: true,
    });
    // The output moved along with the checkout: the same bytes from the store, and as a build without a cache writes.
    assertSameFiles(path.join(site(moved), "build"), path.join(site(moved), "again"));
    assertSameFiles(path.join(site(moved), "again"), path.join(site(moved), "fresh"));
    // The stored page's warning names the file where it is now.
    const warned = path.join(site(moved), "docs/services/beta/index.md");
    expect(second.warnings.some((w) => w.startsWith(`${warned}:7:`) && w.includes(": raw HTML: removed"))).toBe(true);
    expect(second.warnings).toEqual(fresh.warnings);
    expect(second.warnings).toEqual(first.warnings.map((w) => w.split(root).join(moved)));
  });

  it("keeps its caches where --cache-dir says, whatever SSODOCS_CACHE_DIR says, and finds them from the moved checkout", () => {
    const { root, site } = checkout();
    const cacheDir = path.join(tempDir("cli-cache"), "ci-cache");
    const fromEnv = tempDir("env-cache");
    const build = (at: string) =>
      runCli(
        [
          "build",
          "--config",
          path.join(site(at), "ssodocs.config.ts"),
          "--out",
          path.join(at, "out"),
          "--cache-dir",
          cacheDir,
        ],
        ROOT,
        cliEnv({ SSODOCS_CACHE_DIR: fromEnv }),
      );
    const first = build(root);
    expect(first.stderr).not.toContain("error");
    expect(first.code).toBe(0);
    expect(readdirSync(fromEnv)).toEqual([]);
    const stores = () => readdirSync(path.join(cacheDir, "pages"));
    expect(stores()).toHaveLength(1);
    const second = build(move(root));
    expect(second.code).toBe(0);
    // One store for the site wherever it lies, and the second build used exactly the keys of the first.
    expect(stores()).toHaveLength(1);
    const index = JSON.parse(readFileSync(path.join(cacheDir, "pages", stores()[0], "index.json"), "utf8")) as {
      builds: string[][];
    };
    expect(index.builds).toHaveLength(1);
  });
});

describe("ssodocs compiled at two paths (issue 30)", () => {
  it("gives the same dist/, the client's hashed chunk names included", () => {
    // Two copies of the sources, at different depths, each with a link to the repository's node_modules.
    const copies = [path.join(tempDir("tool-a"), "ssodocs"), path.join(tempDir("tool-b"), "x", "y", "ssodocs")];
    for (const copy of copies) {
      for (const part of ["src", "templates", "scripts", "package.json", "package-lock.json"])
        cpSync(path.join(ROOT, part), path.join(copy, part), { recursive: true });
      symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
      const r = spawnSync(process.execPath, ["scripts/build-tool.mjs"], { cwd: copy, encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
    }
    const [a, b] = copies.map((copy) => path.join(copy, "dist"));
    const chunks = (dist: string) => readdirSync(path.join(dist, "client/assets/js")).sort();
    expect(chunks(a).some((name) => name.startsWith("abnfDiagram-"))).toBe(true);
    expect(chunks(b)).toEqual(chunks(a));
    // The manifest differs only in when it was made.
    const manifest = (dist: string) => ({
      ...JSON.parse(readFileSync(path.join(dist, "manifest.json"), "utf8")),
      builtAt: 0,
    });
    expect(manifest(b)).toEqual(manifest(a));
    const files = (dist: string) => new Map([...fileHashes(dist)].filter(([file]) => file !== "manifest.json"));
    expect(files(b)).toEqual(files(a));
  }, 120_000);
});
