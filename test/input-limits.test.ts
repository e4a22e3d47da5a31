// Size limits (issue 27, finding 6): every input file's size is checked before it is read, and the
// front-matter strings every page shows (a sidebar label, a title) and a doc's keywords have a
// length limit; each error names the file (and line) and prints none of the oversized text.
import { closeSync, existsSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempSite } from "./helpers.ts";

const MB = 1024 * 1024;

/** Builds a copy of the fixture site with `files`; `prepare` may add more to its folder. */
function build(files: Record<string, string | Buffer>, prepare: (dir: string) => void = () => {}) {
  const site = tempSite(files, { ownStatic: true });
  try {
    prepare(site.dir);
    const out = path.join(site.dir, "build");
    const r = runCli(["build", "--config", site.config, "--out", out]);
    return { ...r, built: existsSync(out) };
  } finally {
    site.cleanup();
  }
}

/** A file of `size` bytes starting with `head`, the rest a hole (costs no disk). */
function sparse(file: string, head: Buffer, size: number): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const fd = openSync(file, "w");
  writeSync(fd, head, 0, head.length, 0);
  writeSync(fd, Buffer.from([0]), 0, 1, size - 1);
  closeSync(fd);
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("input files have a size limit, checked before they are read", () => {
  it("a doc of 6 MB is an error naming it", () => {
    const r = build({
      "docs/services/beta/index.md": `---\ntitle: Beta\n---\n\n${"Long text. ".repeat((6 * MB) / 11)}\n`,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /docs\/services\/beta\/index\.md:1:1: error the file is 6\.0 MB; a doc may be at most 5 MB/,
    );
    expect(r.stderr.length).toBeLessThan(1000);
    expect(r.built).toBe(false);
  });

  it("a static file and an image of 51 MB are errors naming them", () => {
    const big = (dir: string) => sparse(path.join(dir, "static/files/huge.bin"), Buffer.from("x"), 51 * MB);
    const staticFile = build({}, big);
    expect(staticFile.code).toBe(1);
    expect(staticFile.stderr).toMatch(
      /static\/files\/huge\.bin:1:1: error the file is 51\.0 MB; a static file may be at most 50 MB/,
    );
    const image = build({ "docs/services/beta/index.md": "---\ntitle: Beta\n---\n\n![huge](./huge.png)\n" }, (dir) =>
      sparse(path.join(dir, "docs/services/beta/huge.png"), PNG, 51 * MB),
    );
    expect(image.code).toBe(1);
    expect(image.stderr).toMatch(
      /beta\/index\.md:5:\d+: error image "\.\/huge\.png": the file is 51\.0 MB; an image may be at most 50 MB/,
    );
  });

  it("a _category_ file of 2 MB is an error naming it", () => {
    const r = build({
      "docs/services/_category_.json": `{"label": "Services", "description": "${"d".repeat(2 * MB)}"}`,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /docs\/services\/_category_\.json:1:1: error the file is 2\.0 MB; a _category_ file may be at most 1 MB/,
    );
  });
});

describe("front-matter strings every page shows have a length limit", () => {
  it("a 5 MB sidebar_label and a 6 MB title (the issue's cases) are errors naming the file, printing none of it", () => {
    for (const [key, size] of [
      ["sidebar_label", 5 * MB],
      ["title", 6 * MB],
    ] as const) {
      const r = build({
        "docs/services/beta/index.md": `---\ntitle: Beta\n${key}: ${"L".repeat(size)}\n---\n\nBeta\n`,
      });
      expect(r.code, key).toBe(1);
      expect(r.stderr).toMatch(
        /docs\/services\/beta\/index\.md:1:1: error the file is \d\.0 MB; a doc may be at most 5 MB/,
      );
      expect(r.stderr.length).toBeLessThan(1000);
      expect(r.built).toBe(false);
    }
  });

  it("a 1 MB sidebar_label and a 501-character title are errors naming the file and line, printing none of it", () => {
    const label = build({
      "docs/services/beta/index.md": `---\ntitle: Beta\nsidebar_label: ${"L".repeat(MB)}\n---\n\nBeta\n`,
    });
    expect(label.code).toBe(1);
    expect(label.stderr).toMatch(
      /docs\/services\/beta\/index\.md:3:\d+: error front matter "sidebar_label" may be at most 500 characters \(it has 1048576\)/,
    );
    expect(label.stderr.length).toBeLessThan(1000);
    expect(label.built).toBe(false);
    const title = build({ "docs/services/beta/index.md": `---\ntitle: ${"T".repeat(501)}\n---\n\nBeta\n` });
    expect(title.code).toBe(1);
    expect(title.stderr).toMatch(
      /beta\/index\.md:2:\d+: error front matter "title" may be at most 500 characters \(it has 501\)/,
    );
  });

  it("1 MB of aliased keywords is an error naming the file and line", () => {
    const word = "k".repeat(10_000);
    const keywords = [`- &word ${word}`, ...Array.from({ length: 99 }, () => "- *word")].join("\n  ");
    const r = build({ "docs/services/beta/index.md": `---\ntitle: Beta\nkeywords:\n  ${keywords}\n---\n\nBeta\n` });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /beta\/index\.md:3:\d+: error front matter "keywords" may hold at most 1000 characters in all \(they hold 1000000\)/,
    );
    expect(r.stderr.length).toBeLessThan(1000);
  });

  it("100,000 tags (each a page of its own) are an error naming the file and line, at once; 100 build", () => {
    const tags = (n: number) => `[${Array.from({ length: n }, (_, i) => `t${i}`).join(", ")}]`;
    const many = build({ "docs/services/beta/index.md": `---\ntitle: Beta\ntags: ${tags(100_000)}\n---\n\nBeta\n` });
    expect(many.code).toBe(1);
    expect(many.stderr).toMatch(
      /beta\/index\.md:3:\d+: error front matter "tags" may list at most 100 tags \(it has 100000\)/,
    );
    expect(many.stderr.length).toBeLessThan(1000);
    const hundred = build({ "docs/services/beta/index.md": `---\ntitle: Beta\ntags: ${tags(100)}\n---\n\nBeta\n` });
    expect(hundred.code, hundred.stderr).toBe(0);
  });

  it("a _category_ label longer than 500 characters is an error naming the file", () => {
    const r = build({ "docs/services/_category_.json": JSON.stringify({ label: "C".repeat(501) }) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /_category_\.json:1:1: error category file: "label" may be at most 500 characters \(it has 501\)/,
    );
  });
});
