// Faults and odd input around whole builds: deterministic output, cache corruption, a build
// killed mid-write, awkward file names, link loops, duplicate slugs, secrets. A 20 MB guide is
// built in `npm run test:stress` (test/stress/huge-document.test.ts).
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateCorpus } from "../bench/corpus.mjs";
import { cliEnv, FIXTURE_SITE, fileHashes, ROOT, runCli, tempSite } from "./helpers.ts";
import { spawn, spawnSync } from "./processes.ts";

/** One hash of every file below `dir`, with its path. */
const treeHash = (dir: string): string =>
  createHash("sha256")
    .update(JSON.stringify([...fileHashes(dir)]))
    .digest("hex");

function buildEnv(extra: Record<string, string>) {
  return cliEnv(extra);
}

describe("deterministic output", () => {
  it("two builds, with and without the cache, are byte-identical", () => {
    const site = tempSite({
      "docs/services/beta/index.md":
        "---\ntitle: Beta\ntags: [integration]\n---\n\n## Code\n\n```python {2}\na = 1\nb = 2\n```\n\n```bash\necho hi\n```\n",
    });
    try {
      const a = path.join(site.dir, "a");
      const b = path.join(site.dir, "b");
      const c = path.join(site.dir, "c");
      expect(
        runCli(["build", "--config", site.config, "--out", a], ROOT, buildEnv({ SSODOCS_NO_CACHE: "1" })).code,
      ).toBe(0);
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

/**
 * A scratch site with `doc` as its Beta guide, built once with a cache folder of its own: `build`
 * builds it again, `before` is the first output's hash, `cached(kind)` lists the cache's files or
 * folders.
 */
function cachedSite(doc: string) {
  const site = tempSite({ "docs/services/beta/index.md": doc });
  const cacheDir = path.join(site.dir, "cache");
  const env = buildEnv({ SSODOCS_CACHE_DIR: cacheDir });
  const out = path.join(site.dir, "build");
  const build = () => runCli(["build", "--config", site.config, "--out", out], ROOT, env);
  expect(build().code).toBe(0);
  const cached = (kind: "file" | "folder") =>
    (readdirSync(cacheDir, { recursive: true }) as string[])
      .map((f) => path.join(cacheDir, f))
      .filter((f) => (kind === "file" ? statSync(f).isFile() : statSync(f).isDirectory()));
  return { site, cacheDir, out, build, before: treeHash(out), cached };
}

describe("the cache", () => {
  it("recovers from corrupt and truncated entries", () => {
    const { site, cacheDir, out, build, before, cached } = cachedSite(
      "---\ntitle: Beta\n---\n\n```yaml\nkey: value\n```\n",
    );
    try {
      // Every kept file: highlighted code, the page store (pages, search files, its index with the bundled config).
      const entries = cached("file");
      for (const kind of ["code", "pages"])
        expect(entries.some((f) => f.startsWith(path.join(cacheDir, kind)))).toBe(true);
      for (const [i, file] of entries.entries()) {
        const text = readFileSync(file, "utf8");
        writeFileSync(file, i % 2 ? "\u0000garbage{" : text.slice(0, Math.floor(text.length / 2)));
      }
      const r = build();
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(treeHash(out)).toBe(before);
    } finally {
      site.cleanup();
    }
  });

  it("builds when its folders hold files and folders it never wrote (another version's layout)", () => {
    const { site, out, build, before, cached } = cachedSite("---\ntitle: Beta\n---\n\nBeta's own words.\n");
    try {
      const folders = cached("folder");
      expect(folders.some((f) => f.endsWith(`${path.sep}entries`))).toBe(true);
      for (const folder of folders) {
        mkdirSync(path.join(folder, "00", "nested"), { recursive: true });
        writeFileSync(path.join(folder, "00", "nested", "file"), "x");
      }
      // A changed doc makes the store drop entries: the strangers are in the way of that.
      writeFileSync(path.join(site.dir, "docs/services/beta/index.md"), "---\ntitle: Beta\n---\n\nChanged.\n");
      const r = build();
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(treeHash(out)).not.toBe(before);
      expect(readFileSync(path.join(out, "integrations/services/beta/index.html"), "utf8")).toContain("Changed.");
    } finally {
      site.cleanup();
    }
  });
});

describe("the cache and the output folder edited in place (issue 17)", () => {
  /** Swaps one character of the file for another, at the same place: the size stays. */
  const flipOne = (file: string, at: (text: string) => number) => {
    const text = readFileSync(file, "latin1");
    const i = at(text);
    writeFileSync(file, text.slice(0, i) + (text[i] === "x" ? "y" : "x") + text.slice(i + 1), "latin1");
  };

  it("an entry edited without changing its size never reaches the output: it is made again", () => {
    const { site, out, build, before, cached } = cachedSite("---\ntitle: Beta\n---\n\nBeta's own words.\n");
    try {
      const entries = cached("file").filter((f) => f.includes(`${path.sep}entries${path.sep}`));
      const page = entries.find((f) => /^\{.*own words.*\n<!DOCTYPE html>.*own words/s.test(readFileSync(f, "utf8")))!;
      expect(page).toBeDefined();
      // First in the entry's data (its Markdown copy, search records), then in its HTML.
      for (const part of ["data", "bytes"]) {
        flipOne(page, (text) => {
          const newline = text.indexOf("\n");
          return part === "data" ? text.lastIndexOf("own words", newline) + 1 : text.indexOf("own words", newline) + 1;
        });
        rmSync(out, { recursive: true });
        const r = build();
        expect(r.stderr).toBe("");
        expect(r.code).toBe(0);
        expect(treeHash(out), `an entry edited in its ${part}`).toBe(before);
      }
    } finally {
      site.cleanup();
    }
  });

  it("a file of the output edited in place, same size, is written again by the next build", () => {
    const { site, out, build, before } = cachedSite("---\ntitle: Beta\n---\n\nBeta's own words.\n");
    try {
      const page = path.join(out, "integrations/services/beta/index.html");
      flipOne(page, (text) => text.indexOf("Beta&#x27;s own words") + 1);
      expect(treeHash(out)).not.toBe(before);
      expect(build().code).toBe(0);
      expect(treeHash(out)).toBe(before);
    } finally {
      site.cleanup();
    }
  });

  it("a file of the output edited in place with its size and modification time kept is repaired (issue 27)", () => {
    const { site, out, build, before } = cachedSite("---\ntitle: Beta\n---\n\nBeta's own words.\n");
    try {
      const page = path.join(out, "integrations/services/beta/index.html");
      // The times to the nanosecond, as `touch -r` copies them (utimes from JavaScript rounds them).
      const times = path.join(site.dir, "times");
      writeFileSync(times, "");
      expect(spawnSync("touch", ["-r", page, times]).status).toBe(0);
      const { size, mtimeNs } = statSync(page, { bigint: true });
      flipOne(page, (text) => text.indexOf("Beta&#x27;s own words") + 1);
      expect(spawnSync("touch", ["-r", times, page]).status).toBe(0);
      expect(statSync(page, { bigint: true })).toMatchObject({ size, mtimeNs });
      expect(treeHash(out)).not.toBe(before);
      expect(build().code).toBe(0);
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
      const child = spawn(
        process.execPath,
        [path.join(ROOT, "bin/ssodocs.mjs"), "build", "--config", config, "--out", out],
        {
          cwd: ROOT,
          env: buildEnv({ SSODOCS_NO_CACHE: "1" }),
          stdio: "ignore",
        },
      );
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
      writeFileSync(
        path.join(site.dir, "docs/services/beta/index.md"),
        "---\ntitle: Beta\n---\n\n[broken](/nowhere/)\n",
      );
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
      [
        "invalid YAML",
        { "docs/services/beta/index.md": "---\ntitle: Beta\ntags: [a, b\n---\n\nBody\n" },
        /beta\/index\.md:\d+:\d+: error invalid YAML front matter/,
      ],
      [
        "tags: 5",
        { "docs/services/beta/index.md": "---\ntitle: Beta\ntags: 5\n---\n\nBody\n" },
        /beta\/index\.md:3:\d+: error front matter "tags" must be a list/,
      ],
      [
        "an unknown support level",
        { "docs/services/beta/index.md": "---\ntitle: Beta\nsupport_level: sometimes\n---\n\nBody\n" },
        /beta\/index\.md:3:\d+: error front matter "support_level" must be one of/,
      ],
      [
        "JavaScript front matter",
        { "docs/services/beta/index.md": "---js\n{ title: 'Beta' }\n---\n\nBody\n" },
        /beta\/index\.md:1:\d+: error front matter in "js" is not allowed/,
      ],
      [
        "a slug out of the site",
        { "docs/services/beta/index.md": "---\ntitle: Beta\nslug: ../../../../x\n---\n\nBody\n" },
        /beta\/index\.md:3:\d+: error front matter "slug" may not contain/,
      ],
      [
        "a duplicate slug",
        {
          "docs/services/one.md": "---\ntitle: One\nslug: /same/\n---\n",
          "docs/services/two.md": "---\ntitle: Two\nslug: /same/\n---\n",
        },
        /services\/two\.md:3:\d+: error duplicate slug "\/same\/"/,
      ],
      [
        "a missing image",
        { "docs/services/beta/index.md": "---\ntitle: Beta\n---\n\n![shot](./gone.png)\n" },
        /beta\/index\.md:5:\d+: error image "\.\/gone\.png" not found/,
      ],
      [
        "binary bytes",
        { "docs/services/beta/index.md": Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01, 0xff, 0x00]) },
        /beta\/index\.md:1:1: error the file holds binary data/,
      ],
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
        expect(
          readdirSync(site.dir).filter((n) => n.startsWith(".build-")),
          name,
        ).toEqual([]);
        writeFileSync(beta, good);
        for (const rel of Object.keys(files)) if (!rel.endsWith("beta/index.md")) rmSync(path.join(site.dir, rel));
      }
    } finally {
      site.cleanup();
    }
  }, 180_000);

  it("ends the process when it fails after the code started highlighting: build and serve exit 1 (issue 27)", () => {
    // Every real guide has a fenced code block: its highlighting starts on another thread before
    // the Markdown is rendered, and the missing image fails the build meanwhile.
    const site = tempSite({
      "docs/services/beta/index.md": "---\ntitle: Beta\n---\n\n```js\nconst a = 1;\n```\n\n![shot](./gone.png)\n",
    });
    try {
      const out = path.join(site.dir, "build");
      for (const command of [["build"], ["serve", "--port", "0"]]) {
        const r = runCli([...command, "--config", site.config, "--out", out], ROOT, cliEnv(), 45_000);
        expect(r.code, command[0]).toBe(1);
        expect(r.stderr, command[0]).toMatch(
          /^docs\/services\/beta\/index\.md:9:1: error image "\.\/gone\.png" not found/,
        );
      }
    } finally {
      site.cleanup();
    }
  }, 120_000);
});

describe("awkward files", () => {
  it("builds file names with spaces and non-ASCII characters, and ignores folder link loops", () => {
    const site = tempSite({
      "docs/services/grüße app/index.md":
        "---\ntitle: Integrate with Grüße App\n---\n\n## Setup\n\nBack to [Alpha](/integrations/services/alpha/).\n",
      "docs/services/beta/index.md":
        "---\ntitle: Beta\n---\n\nSee [Grüße](/integrations/services/gr%C3%BC%C3%9Fe%20app/#setup).\n",
    });
    symlinkSync(path.join(site.dir, "docs"), path.join(site.dir, "docs/services/loop"));
    try {
      const out = path.join(site.dir, "build");
      const r = runCli(["build", "--config", site.config, "--out", out]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(readFileSync(path.join(out, "integrations/services/grüße app/index.html"), "utf8")).toContain(
        "Integrate with Grüße App",
      );
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
      expect(r.stderr).toMatch(
        /docs\/services\/two\.md:4:\d+: error duplicate slug "\/same\/": services\/one\.md already claims \/integrations\/same\//,
      );
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
      const r = runCli(
        ["build", "--config", site.config, "--out", out],
        ROOT,
        buildEnv({ ALGOLIA_ADMIN_KEY: secret, ALGOLIA_APP_ID: "TESTAPP" }),
      );
      expect(r.code).toBe(0);
      const walk = (d: string): string[] =>
        readdirSync(d).flatMap((n) =>
          statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)],
        );
      for (const file of walk(out)) expect(readFileSync(file).includes(secret), file).toBe(false);
    } finally {
      site.cleanup();
    }
  });
});

/** Whether this machine lets the tests mount a small tmpfs (as root on Linux): how a full or read-only disk is made. */
function mountTmpfs(dir: string, options: string): boolean {
  mkdirSync(dir, { recursive: true });
  return spawnSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir]).status === 0;
}
const unmount = (dir: string) => spawnSync("umount", [dir]);

describe("the output folder (issue 17)", () => {
  it("is refused when it is or holds the project, or holds or lies inside a source folder, or is a file", () => {
    const site = tempSite({}, { ownStatic: true });
    try {
      const before = fileHashes(site.dir);
      const cases: [string, RegExp][] = [
        [site.dir, /it is the project folder or holds it/],
        [path.dirname(site.dir), /it is the project folder or holds it/],
        [path.join(site.dir, "docs"), /it holds the docs folder/],
        [path.join(site.dir, "docs/services"), /it lies inside the docs folder/],
        [path.join(site.dir, "static"), /it holds the static folder/],
        [path.join(site.dir, "ssodocs.config.ts"), /it is a file, not a folder/],
        // Empty, it would build in memory only and write nothing, yet say it built.
        ["", /^error --out may not be empty: name the output folder\n$/],
      ];
      for (const [out, message] of cases) {
        for (const command of ["build", "serve"]) {
          const r = runCli([
            command,
            "--config",
            site.config,
            "--out",
            out,
            ...(command === "serve" ? ["--port", "0"] : []),
          ]);
          expect(r.code, `${command} --out ${out}`).toBe(1);
          expect(r.stderr).toMatch(message);
          expect(r.stderr.trim().split("\n")).toHaveLength(1);
        }
      }
      // The project as it was: nothing deleted, nothing added.
      expect(fileHashes(site.dir)).toEqual(before);
    } finally {
      site.cleanup();
    }
  });

  it("replaces a folder only when a build wrote it (its marker) or it is empty, and says how to proceed otherwise", () => {
    const site = tempSite();
    const out = path.join(site.dir, "mine");
    try {
      mkdirSync(out);
      writeFileSync(path.join(out, "notes.txt"), "mine, not a build's");
      const refused = runCli(["build", "--config", site.config, "--out", out]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /refusing to replace .*mine: it holds files that no ssodocs build wrote \(no \.ssodocs-output file\); remove the folder yourself if it may go, or choose another --out/,
      );
      expect(readFileSync(path.join(out, "notes.txt"), "utf8")).toBe("mine, not a build's");
      rmSync(path.join(out, "notes.txt"));
      expect(runCli(["build", "--config", site.config, "--out", out]).code).toBe(0);
      expect(existsSync(path.join(out, ".ssodocs-output"))).toBe(true);
      expect(runCli(["build", "--config", site.config, "--out", out]).code).toBe(0);
    } finally {
      site.cleanup();
    }
  });

  it("is locked by a running build: another says so and exits 1; a lock left by a dead process is taken over", () => {
    const site = tempSite();
    const out = path.join(site.dir, "build");
    const holder = spawn("sleep", ["30"]);
    try {
      writeFileSync(`${out}.lock`, String(holder.pid));
      const locked = runCli(["build", "--config", site.config, "--out", out]);
      expect(locked.code).toBe(1);
      expect(locked.stderr).toMatch(new RegExp(`another build is writing .*build \\(pid ${holder.pid}\\)`));
      expect(existsSync(out)).toBe(false);
      holder.kill();
      // A process id no process has (beyond the kernel's maximum).
      writeFileSync(`${out}.lock`, "4194305");
      const taken = runCli(["build", "--config", site.config, "--out", out]);
      expect(taken.code).toBe(0);
      expect(existsSync(`${out}.lock`)).toBe(false);
    } finally {
      holder.kill();
      site.cleanup();
    }
  });

  it("two builds at once into one folder: one writes it, the other says it is locked; no stack trace, the site is there", async () => {
    const site = tempSite();
    const out = path.join(site.dir, "build");
    const run = () =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [path.join(ROOT, "bin/ssodocs.mjs"), "build", "--config", site.config, "--out", out],
          { env: buildEnv({ SSODOCS_NO_CACHE: "1" }), timeout: 120_000 },
        );
        let stderr = "";
        child.stderr!.on("data", (d) => (stderr += d));
        child.on("close", (code) => resolve({ code, stderr }));
      });
    try {
      for (let round = 0; round < 4; round++) {
        const results = await Promise.all([run(), run()]);
        for (const r of results) {
          if (r.code !== 0)
            expect(r.stderr).toMatch(/^error another build is writing .*build \(pid \d+\); wait for it to finish\n$/);
          expect(r.stderr).not.toMatch(/\n\s+at /);
        }
        expect(results.some((r) => r.code === 0)).toBe(true);
        expect(existsSync(path.join(out, "index.html"))).toBe(true);
        expect(readdirSync(site.dir).filter((n) => n.startsWith(".build-"))).toEqual([]);
      }
    } finally {
      site.cleanup();
    }
  }, 120_000);
});

describe("operating system errors (issue 17)", () => {
  it("a read-only or full disk and a file in the path give one line naming the path and the condition, exit 1", (ctx) => {
    const site = tempSite();
    const disk = path.join(site.dir, "disk");
    try {
      const inFile = runCli(["build", "--config", site.config, "--out", path.join(site.config, "build")]);
      expect(inFile.code).toBe(1);
      expect(inFile.stderr).toMatch(
        /^error .*ssodocs\.config\.ts\/build\.lock: a part of the path is a file, not a folder\n$/,
      );
      const verbose = runCli(["build", "--config", site.config, "--out", path.join(site.config, "build"), "--verbose"]);
      expect(verbose.stderr).toMatch(/a part of the path is a file, not a folder\nError: ENOTDIR[\s\S]*\n\s+at /);

      ctx.skip(
        !mountTmpfs(disk, "ro,size=1m"),
        "mounting a tmpfs is not allowed here (needs root on Linux): a read-only and a full disk cannot be made",
      );
      const readOnly = runCli(["build", "--config", site.config, "--out", path.join(disk, "build")]);
      expect(readOnly.code).toBe(1);
      expect(readOnly.stderr).toMatch(/^error .*disk\/build\.lock: read-only file system\n$/);
      unmount(disk);
      expect(mountTmpfs(disk, "size=256k")).toBe(true);
      const full = runCli(["build", "--config", site.config, "--out", path.join(disk, "build")]);
      expect(full.code).toBe(1);
      // One line naming what could not be written on the disk; a page is named by its doc too (which
      // write meets the full disk first depends on the order the files come in).
      expect(full.stderr).toMatch(/^(?:\S+:\d+:\d+: )?error .*\/disk\/.*: no space left on device\n$/);
      // Nothing half-written is left on the disk.
      expect(readdirSync(disk)).toEqual([]);
    } finally {
      unmount(disk);
      site.cleanup();
    }
  });

  it("after a build that died on a full disk, the next build removes its staging folder itself (issue 27)", (ctx) => {
    const site = tempSite();
    const disk = path.join(site.dir, "disk");
    const out = path.join(disk, "build");
    try {
      ctx.skip(
        !mountTmpfs(disk, "size=12m"),
        "mounting a tmpfs is not allowed here (needs root on Linux): a full disk cannot be made",
      );
      expect(runCli(["build", "--config", site.config, "--out", out]).code).toBe(0);
      // What a build that died on the full disk leaves: its staging folder, holding the space
      // left (its process is gone: a process id beyond the kernel's maximum), and an empty lock.
      const left = path.join(disk, ".build-build-new-4194305-mx1k2z");
      mkdirSync(left);
      const chunk = Buffer.alloc(64 * 1024, 1);
      for (let i = 0; ; i++) {
        try {
          writeFileSync(path.join(left, `page-${i}.html`), chunk);
        } catch {
          break;
        }
      }
      writeFileSync(`${out}.lock`, "");
      writeFileSync(path.join(site.dir, "docs/services/beta/index.md"), "---\ntitle: Beta\n---\n\nEdited.\n");
      const r = runCli(["build", "--config", site.config, "--out", out]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(readFileSync(path.join(out, "integrations/services/beta/index.html"), "utf8")).toContain("Edited.");
      expect(readdirSync(disk).sort()).toEqual(["build"]);
    } finally {
      unmount(disk);
      site.cleanup();
    }
  });

  it("a page that cannot be written names its doc and its place in the output, never the staging folder (issue 27)", (ctx) => {
    // Every guide is large, so the first page written fills the disk (pages are written as they
    // are rendered, guides first).
    const long = (guide: string) =>
      `${readFileSync(path.join(FIXTURE_SITE, guide), "utf8")}\n${"Words of a long guide. ".repeat(30_000)}\n`;
    const guides = ["docs/services/alpha/index.md", "docs/services/beta/index.md"];
    const site = tempSite(Object.fromEntries(guides.map((guide) => [guide, long(guide)])));
    const disk = path.join(site.dir, "disk");
    try {
      ctx.skip(
        !mountTmpfs(disk, "size=256k"),
        "mounting a tmpfs is not allowed here (needs root on Linux): a full disk cannot be made",
      );
      const r = runCli(["build", "--config", site.config, "--out", path.join(disk, "build")]);
      expect(r.code).toBe(1);
      expect(r.stderr).not.toContain(".build-");
      expect(r.stderr).toMatch(
        /^docs\/services\/(?:alpha|beta)\/index\.md:1:1: error its output .*disk\/build\/integrations\/services\/(?:alpha|beta)\/[\w.-]+ cannot be written: no space left on device\n$/,
      );
      expect(readdirSync(disk)).toEqual([]);
    } finally {
      unmount(disk);
      site.cleanup();
    }
  });

  it("a cache on a full disk costs only speed and leaves no temporary file", (ctx) => {
    const site = tempSite();
    const cache = path.join(site.dir, "cache");
    try {
      ctx.skip(
        !mountTmpfs(cache, "size=64k"),
        "mounting a tmpfs is not allowed here (needs root on Linux): a full disk cannot be made",
      );
      const r = runCli(
        ["build", "--config", site.config, "--out", path.join(site.dir, "build")],
        ROOT,
        buildEnv({ SSODOCS_CACHE_DIR: cache }),
      );
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const left = (readdirSync(cache, { recursive: true }) as string[]).filter((f) => f.endsWith(".tmp"));
      expect(left).toEqual([]);
    } finally {
      unmount(cache);
      site.cleanup();
    }
  });
});
