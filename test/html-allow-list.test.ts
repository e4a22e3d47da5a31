// One allow-list for every attribute that reaches a page, whatever produced the element: raw
// HTML, an MDX component written inline or in an HTML block, a sidebar `html` item, the
// announcement bar (issue 27, finding 3).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempSite } from "./helpers.ts";
import { createTestRenderer } from "./markdown-helpers.ts";

const render = createTestRenderer();
/** The attributes a hostile author tries, and the words that must not reach the page. */
const HOSTILE = ['onfocus="alert(1)"', 'style="position:fixed;inset:0"', "autofocus", 'onmouseover="steal()"'];
const FORBIDDEN = [/onfocus/i, /position:fixed/, /autofocus/i, /onmouseover/i, /alert\(1\)/, /steal\(\)/];

function expectClean(html: string): void {
  for (const word of FORBIDDEN) expect(html).not.toMatch(word);
}

describe("MDX components pass the attribute allow-list (issue 27)", () => {
  const cases: [string, string][] = [
    ["<Tabs> inline", `Some text <Tabs ${HOSTILE.join(" ")}>x</Tabs> more.`],
    ["<TabItem> inline", `Text <TabItem value="a" ${HOSTILE.join(" ")}>x</TabItem>.`],
    ["<Tabs> in an HTML block", `<div>\n<Tabs ${HOSTILE.join(" ")}>\n</Tabs>\n</div>`],
    ["<SupportBadge> in text", `Level: <SupportBadge level="authentik" ${HOSTILE.join(" ")} />.`],
    ["<SupportBadge> alone", `<SupportBadge level="community" ${HOSTILE.join(" ")} />`],
    ["<DocCardList> alone", `<DocCardList ${HOSTILE.join(" ")} />`],
    ["<DocCardList> in an HTML block", `<div>\n<DocCardList ${HOSTILE.join(" ")} />\n</div>`],
  ];
  for (const [what, source] of cases) {
    it(`${what}: every attribute outside the list is removed, with a warning naming the line`, async () => {
      const out = await render(source);
      expectClean(out.html);
      expect(out.warnings.join("\n")).toMatch(/\/docs\/page\.md:5:\d+: raw HTML: removed .*onfocus|style/);
    });
  }

  it("keeps what the components need: a badge still renders, tabs still switch", async () => {
    const out = await render(
      `<SupportBadge level="authentik" onclick="x()" />\n\n<Tabs groupId="os" onfocus="x()">\n<TabItem value="a" label="A" style="color:red">\n\nA\n\n</TabItem>\n</Tabs>\n`,
    );
    expect(out.html).toMatch(/<span class="[^"]*badge[^"]*">/);
    expect(out.html).toContain('data-group-id="os"');
    expect(out.html).toContain(">A</button>");
    expectClean(out.html);
    expect(out.html).not.toMatch(/onclick|color:red/);
    // The block-level tabs drop the two attributes too, and say so.
    expect(out.warnings.filter((w) => w.includes("raw HTML: removed"))).toHaveLength(3);
  });
});

describe("sidebar html items and the announcement bar pass the allow-list (issue 27)", () => {
  it("an announcement bar with a handler is an error naming the config key, and nothing is written", () => {
    const site = tempSite();
    try {
      const config = readFileSync(site.config, "utf8");
      const content = '<b onclick="steal()">News</b>';
      writeFileSync(
        site.config,
        config.replace("footer:", `announcementBar: { id: "x", content: ${JSON.stringify(content)} },\n  footer:`),
      );
      const out = path.join(site.dir, "out");
      const result = runCli(["build", "--config", site.config, "--out", out]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^ssodocs\.config\.ts:\d+:\d+: error config key "announcementBar\.content".*onclick/,
      );
      expect(existsSync(out)).toBe(false);
    } finally {
      site.cleanup();
    }
  });

  it("an html item's script, handlers and styles never reach a page, with a warning naming the config", () => {
    const site = tempSite();
    try {
      const item = `<a href="javascript:alert(1)" onmouseover="steal()" style="position:fixed;inset:0">Help</a><script>alert(1)</script>`;
      const config = readFileSync(site.config, "utf8");
      const hostile = config.replace(
        "sidebar: [",
        `sidebar: [\n{ type: "html", value: ${JSON.stringify(item)} },\n{ type: "link", label: "Bad", href: "javascript:alert(1)" },`,
      );
      expect(hostile).not.toBe(config);
      writeFileSync(site.config, hostile);
      const out = path.join(site.dir, "out");
      const result = runCli(["build", "--config", site.config, "--out", out]);
      expect(result.stderr).toMatch(/ssodocs\.config\.ts:1:1: warning raw HTML: removed .*onmouseover/);
      expect(result.stderr).toMatch(/^ssodocs\.config\.ts:1:1: warning .*javascript:/m);
      const page = readFileSync(path.join(out, "integrations/services/alpha/index.html"), "utf8");
      expect(page).toContain(">Help</a>");
      expect(page).not.toMatch(/javascript:|onmouseover|onclick|onerror|position:fixed|<script>alert/);
    } finally {
      site.cleanup();
    }
  });
});
