// A 20 MB guide with a 2 MB line: the Markdown renderer takes it; a build takes a guide up to the
// size limit of a doc (5 MB, src/node/limits.ts), cutting 10,000 nesting levels with a warning, and
// refuses the 20 MB one by name. Part of `npm run test:stress` (each case is bound by the test
// time-out; none asserts a duration). Smaller hostile input: markdown-robustness.test.ts.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempSite } from "../helpers.ts";
import { createTestRenderer } from "../markdown-helpers.ts";

const paragraph = `${"Words of a long guide with `code` and **bold** text. ".repeat(20)}\n\n`;
const megabytes = (n: number) => paragraph.repeat(Math.ceil((n * 1024 * 1024) / paragraph.length));
const twentyMB = () => megabytes(20);

describe("hostile input", () => {
  it("a 20 MB document and a 2 MB line", async () => {
    const render = createTestRenderer();
    const big = twentyMB();
    const out = await render(big);
    expect(out.html.length).toBeGreaterThan(big.length / 2);
    const line = await render(`${"x".repeat(2 * 1024 * 1024)}\n`);
    expect(line.html.length).toBeGreaterThan(2 * 1024 * 1024);
  });
});

describe("a huge guide", () => {
  it("4 MB with a 0.9 MB line and 10,000 nesting levels builds, with a warning for the nesting", () => {
    const site = tempSite({
      "docs/services/beta/index.md": `---\ntitle: Beta\n---\n\n## Start\n\n${megabytes(4)}${"y".repeat(900 * 1024)}\n\n${">".repeat(10_000)} deep quote\n\n${"- ".repeat(10_000)}deep list\n\n## Last section\n\nThe very end.\n`,
    });
    try {
      const out = path.join(site.dir, "build");
      const r = runCli(["build", "--config", site.config, "--out", out]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(
        /^docs\/services\/beta\/index\.md:\d+:\d+: warning a line opens more than 40 lists or quotes at once/m,
      );
      const html = readFileSync(path.join(out, "integrations/services/beta/index.html"), "utf8");
      expect(html.length).toBeGreaterThan(4 * 1024 * 1024);
      expect(html).toContain('id="last-section"');
      expect(html).toContain("The very end.");
    } finally {
      site.cleanup();
    }
  });

  it("20 MB is refused by name, above the size limit of a doc, before it is read", () => {
    const site = tempSite({ "docs/services/beta/index.md": `---\ntitle: Beta\n---\n\n${twentyMB()}` });
    try {
      const out = path.join(site.dir, "build");
      const r = runCli(["build", "--config", site.config, "--out", out]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^docs\/services\/beta\/index\.md:1:1: error the file is 20\.0 MB; a doc may be at most 5 MB$/m,
      );
      expect(existsSync(out)).toBe(false);
    } finally {
      site.cleanup();
    }
  });
});
