// A 20 MB guide with a 2 MB line: the Markdown renderer takes it, and so does a whole build, which
// also cuts 10,000 nesting levels with a warning. Part of `npm run test:stress` (each case is bound
// by the test time-out; none asserts a duration). Smaller hostile input: markdown-robustness.test.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempSite } from "../helpers.ts";
import { createTestRenderer } from "../markdown-helpers.ts";

const paragraph = `${"Words of a long guide with `code` and **bold** text. ".repeat(20)}\n\n`;
const twentyMB = () => paragraph.repeat(Math.ceil((20 * 1024 * 1024) / paragraph.length));

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
  it("20 MB with a 2 MB line and 10,000 nesting levels builds, with a warning for the nesting", () => {
    const site = tempSite({
      "docs/services/beta/index.md": `---\ntitle: Beta\n---\n\n## Start\n\n${twentyMB()}${"y".repeat(2 * 1024 * 1024)}\n\n${">".repeat(10_000)} deep quote\n\n${"- ".repeat(10_000)}deep list\n\n## Last section\n\nThe very end.\n`,
    });
    try {
      const out = path.join(site.dir, "build");
      const r = runCli(["build", "--config", site.config, "--out", out]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(
        /docs\/services\/beta\/index\.md:\d+: a line opens more than 40 lists or quotes at once/,
      );
      const html = readFileSync(path.join(out, "integrations/services/beta/index.html"), "utf8");
      expect(html.length).toBeGreaterThan(20 * 1024 * 1024);
      expect(html).toContain('id="last-section"');
      expect(html).toContain("The very end.");
    } finally {
      site.cleanup();
    }
  });
});
