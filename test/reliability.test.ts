// Faults and odd input around whole builds: deterministic output, cache corruption, a build
// killed mid-write, awkward file names, link loops, duplicate slugs, secrets.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateCorpus } from "../bench/corpus.mjs";
import { fileHashes, ROOT, runCli, tempSite } from "./helpers.ts";

/** One hash of every file below `dir`, with its path. */
const treeHash = (dir: string): string => createHash("sha256").update(JSON.stringify([...fileHashes(dir)])).digest("hex");

function buildEnv(extra: Record<string, string>) {
  return { ...process.env, NO_COLOR: "1", ...extra };
}

describe("deterministic output", () => {
  it("two builds, with and without the cache, are byte-identical", () => {
    const site = tempSite({ "docs/services/beta/index.md": "---\ntitle: Beta\ntags: [integration]\n---\n\n## Code\n\n```python {2}\na = 1\nb = 2\n```\n\n```bash\necho hi\n```\n" });
    try {
      const a = path.join(site.dir, "a");
      const b = path.join(site.dir, "b");
      const c = path.join(site.dir, "c");
      expect(runCli(["build", "--config", site.config, "--out", a], ROOT, buildEnv({ SSODOCS_NO_CACHE: "1" })).code).toBe(0);
      expect(runCli(["build", "--config", site.config, "--out", b]).code).toBe(0);
      expect(runCli(["build", "--config", site.config, "--out", c]).code).toBe(0);
      const hash = treeHash(a);
      expect(treeHash(b)).toBe(hash);
      expect(treeHash(c)).toBe(hash);
    } finally {
      site.cleanup();
    }
  });
});

describe("the cache", () => {
  it("recovers from corrupt and truncated entries", () => {
    const site = tempSite({ "docs/services/beta/index.md": "---\ntitle: Beta\n---\n\n```yaml\nkey: value\n```\n" });
    const cacheDir = path.join(site.dir, "cache");
    const env = buildEnv({ SSODOCS_CACHE_DIR: cacheDir });
    try {
      const out = path.join(site.dir, "build");
      expect(runCli(["build", "--config", site.config, "--out", out], ROOT, env).code).toBe(0);
      const before = treeHash(out);
      // Every kept file: highlighted code, rendered Markdown and pages, search files and records, front matter, bundles, client files.
      const entries = (readdirSync(cacheDir, { recursive: true }) as string[]).map((f) => path.join(cacheDir, f)).filter((f) => statSync(f).isFile());
      for (const kind of ["code", "markdown", "outputs", "bundled", "client", "records", "front-matter"]) expect(entries.some((f) => f.startsWith(path.join(cacheDir, kind)))).toBe(true);
      for (const [i, file] of entries.entries()) {
        const text = readFileSync(file, "utf8");
        writeFileSync(file, i % 2 ? "\u0000garbage{" : text.slice(0, Math.floor(text.length / 2)));
      }
      const r = runCli(["build", "--config", site.config, "--out", out], ROOT, env);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(treeHash(out)).toBe(before);
    } finally {
      site.cleanup();
    }
  });
});

describe("a build killed at any moment", () => {
  it("leaves the previous build intact, and the next build is correct", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-kill-"));
    const config = generateCorpus(dir, 400);
    const out = path.join(dir, "build");
    expect(runCli(["build", "--config", config, "--out", out]).code).toBe(0);
    const good = treeHash(out);
    // Kill builds at spread-out moments: during loading, rendering and writing.
    for (const delay of [150, 600, 1200, 1800, 2600, 3400]) {
      const child = spawn(process.execPath, [path.join(ROOT, "bin/ssodocs.mjs"), "build", "--config", config, "--out", out], {
        cwd: ROOT,
        env: buildEnv({ SSODOCS_NO_CACHE: "1" }),
        stdio: "ignore",
      });
      await new Promise((r) => setTimeout(r, delay));
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
      expect(existsSync(path.join(out, "index.html")), `after a kill at ${delay} ms`).toBe(true);
      expect(treeHash(out), `after a kill at ${delay} ms`).toBe(good);
    }
    expect(runCli(["build", "--config", config, "--out", out]).code).toBe(0);
    expect(treeHash(out)).toBe(good);
    expect(readdirSync(dir).filter((n) => n.startsWith(".build-"))).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  }, 180_000);
});

describe("a build killed between moving the old output aside and the new one in", () => {
  it("gets the previous output back on the next run, even when that run fails", () => {
    const site = tempSite();
    try {
      const out = path.join(site.dir, "build");
      expect(runCli(["build", "--config", site.config, "--out", out]).code).toBe(0);
      const good = treeHash(out);
      renameSync(out, path.join(site.dir, ".build-build-old-4242-kill"));
      writeFileSync(path.join(site.dir, "docs/services/beta/index.md"), "---\ntitle: Beta\n---\n\n[broken](/nowhere/)\n");
      expect(runCli(["build", "--config", site.config, "--out", out]).code).toBe(1);
      expect(treeHash(out)).toBe(good);
      expect(readdirSync(site.dir).filter((n) => n.startsWith(".build-"))).toEqual([]);
    } finally {
      site.cleanup();
    }
  });
});

describe("a build that fails on bad input", () => {
  it("leaves the previous build exactly as it was, whatever the error", () => {
    const site = tempSite();
    const beta = path.join(site.dir, "docs/services/beta/index.md");
    const good = readFileSync(beta, "utf8");
    const cases: [string, Record<string, string | Buffer>, RegExp][] = [
      ["invalid YAML", { "docs/services/beta/index.md": "---\ntitle: Beta\ntags: [a, b\n---\n\nBody\n" }, /beta\/index\.md:\d+: invalid YAML front matter/],
      ["tags: 5", { "docs/services/beta/index.md": "---\ntitle: Beta\ntags: 5\n---\n\nBody\n" }, /beta\/index\.md:3: front matter "tags" must be a list/],
      ["an unknown support level", { "docs/services/beta/index.md": "---\ntitle: Beta\nsupport_level: sometimes\n---\n\nBody\n" }, /beta\/index\.md:3: front matter "support_level" must be one of/],
      ["no title", { "docs/services/beta/index.md": "---\nsidebar_label: Beta\n---\n\nBody\n" }, /beta\/index\.md:1: front matter has no "title"/],
      ["a duplicate slug", { "docs/services/one.md": "---\ntitle: One\nslug: /same/\n---\n", "docs/services/two.md": "---\ntitle: Two\nslug: /same/\n---\n" }, /services\/two\.md:3: duplicate slug "\/same\/"/],
      ["a missing image", { "docs/services/beta/index.md": "---\ntitle: Beta\n---\n\n![shot](./gone.png)\n" }, /beta\/index\.md:5: image "\.\/gone\.png" not found/],
      ["binary bytes", { "docs/services/beta/index.md": Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01, 0xff, 0x00]) }, /beta\/index\.md: the file holds binary data/],
    ];
    try {
      const out = path.join(site.dir, "build");
      expect(runCli(["build", "--config", site.config, "--out", out]).code).toBe(0);
      const before = treeHash(out);
      for (const [name, files, error] of cases) {
        for (const [rel, contents] of Object.entries(files)) writeFileSync(path.join(site.dir, rel), contents);
        const r = runCli(["build", "--config", site.config, "--out", out]);
        expect(r.code, name).toBe(1);
        expect(r.stderr, name).toMatch(error);
        expect(treeHash(out), name).toBe(before);
        expect(readdirSync(site.dir).filter((n) => n.startsWith(".build-")), name).toEqual([]);
        writeFileSync(beta, good);
        for (const rel of Object.keys(files)) if (!rel.endsWith("beta/index.md")) rmSync(path.join(site.dir, rel));
      }
    } finally {
      site.cleanup();
    }
  }, 180_000);
});

describe("a huge guide", () => {
  it("20 MB with a 2 MB line and 10,000 nesting levels builds, with a warning for the nesting", () => {
    const paragraph = "Words of a long guide with `code` and **bold** text. ".repeat(20) + "\n\n";
    const body = paragraph.repeat(Math.ceil((20 * 1024 * 1024) / paragraph.length));
    const site = tempSite({
      "docs/services/beta/index.md": `---\ntitle: Beta\n---\n\n## Start\n\n${body}${"y".repeat(2 * 1024 * 1024)}\n\n${">".repeat(10_000)} deep quote\n\n${"- ".repeat(10_000)}deep list\n\n## Last section\n\nThe very end.\n`,
    });
    try {
      const out = path.join(site.dir, "build");
      const r = runCli(["build", "--config", site.config, "--out", out]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/docs\/services\/beta\/index\.md:\d+: a line opens more than 40 lists or quotes at once/);
      const html = readFileSync(path.join(out, "integrations/services/beta/index.html"), "utf8");
      expect(html.length).toBeGreaterThan(20 * 1024 * 1024);
      expect(html).toContain('id="last-section"');
      expect(html).toContain("The very end.");
    } finally {
      site.cleanup();
    }
  }, 180_000);
});

describe("awkward files", () => {
  it("builds file names with spaces and non-ASCII characters, and ignores folder link loops", () => {
    const site = tempSite({
      "docs/services/grüße app/index.md": "---\ntitle: Integrate with Grüße App\n---\n\n## Setup\n\nBack to [Alpha](/integrations/services/alpha/).\n",
      "docs/services/beta/index.md": "---\ntitle: Beta\n---\n\nSee [Grüße](/integrations/services/gr%C3%BC%C3%9Fe%20app/#setup).\n",
    });
    symlinkSync(path.join(site.dir, "docs"), path.join(site.dir, "docs/services/loop"));
    try {
      const out = path.join(site.dir, "build");
      const r = runCli(["build", "--config", site.config, "--out", out]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(readFileSync(path.join(out, "integrations/services/grüße app/index.html"), "utf8")).toContain("Integrate with Grüße App");
    } finally {
      site.cleanup();
    }
  });

  it("two docs claiming the same slug is an error naming the file and line", () => {
    const site = tempSite({
      "docs/services/one.md": "---\ntitle: One\nslug: /same/\n---\n\nOne\n",
      "docs/services/two.md": "---\ntitle: Two\n\nslug: /same/\n---\n\nTwo\n",
    });
    try {
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/docs\/services\/two\.md:4: duplicate slug "\/same\/": services\/one\.md already claims \/integrations\/same\//);
      expect(existsSync(path.join(site.dir, "build"))).toBe(false);
    } finally {
      site.cleanup();
    }
  });
});

describe("secrets", () => {
  it("the Algolia admin key in the environment never reaches the output", () => {
    const site = tempSite();
    const secret = "ADMIN-KEY-6f1c2e9a-must-not-leak";
    try {
      const out = path.join(site.dir, "build");
      const r = runCli(["build", "--config", site.config, "--out", out], ROOT, buildEnv({ ALGOLIA_ADMIN_KEY: secret, ALGOLIA_APP_ID: "TESTAPP" }));
      expect(r.code).toBe(0);
      const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
      for (const file of walk(out)) expect(readFileSync(file).includes(secret), file).toBe(false);
    } finally {
      site.cleanup();
    }
  });
});

