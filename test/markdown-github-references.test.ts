// The GitHub reference linker ssodocs ships (`ssodocs/markdown`), against remark-github's
// documented behaviour (its readme's Syntax list and its test fixtures, with the repository
// wooorm/remark): the same link text and address where it links, and none of its false
// positives (issue 29).
import { describe, expect, it } from "vitest";
import { githubReferences } from "../src/markdown.ts";
import { createTestRenderer } from "./markdown-helpers.ts";

const render = createTestRenderer([[githubReferences, { repository: "https://github.com/wooorm/remark.git" }]]);
const plain = createTestRenderer([[githubReferences, { repository: "wooorm/remark", mentionStrong: false }]]);
const GH = "https://github.com";

/** Each Markdown line, with the HTML of the paragraph it renders to (links as remark-github makes them). */
const LINKED: [string, string][] = [
  ["Fixed in #1.", `Fixed in <a href="${GH}/wooorm/remark/issues/1">#1</a>.`],
  ["See #123456789", `See <a href="${GH}/wooorm/remark/issues/123456789">#123456789</a>`],
  [
    "And GH-1, gh-2",
    `And <a href="${GH}/wooorm/remark/issues/1">GH-1</a>, <a href="${GH}/wooorm/remark/issues/2">gh-2</a>`,
  ],
  ["(#26)", `(<a href="${GH}/wooorm/remark/issues/26">#26</a>)`],
  ["remarkjs/remark-github#1", `<a href="${GH}/remarkjs/remark-github/issues/1">remarkjs/remark-github#1</a>`],
  [
    "w-w/bar#1 and ww/.gitconfig#1",
    `<a href="${GH}/w-w/bar/issues/1">w-w/bar#1</a> and <a href="${GH}/ww/.gitconfig/issues/1">ww/.gitconfig#1</a>`,
  ],
  ["Thanks @wooorm!", `Thanks <a href="${GH}/wooorm"><strong>@wooorm</strong></a>!`],
  ["@w-w and @a.", `<a href="${GH}/w-w"><strong>@w-w</strong></a> and <a href="${GH}/a"><strong>@a</strong></a>.`],
  [
    "Commit f8083175fe890cbf14f41d0a06e7aa35d4989587",
    `Commit <a href="${GH}/wooorm/remark/commit/f8083175fe890cbf14f41d0a06e7aa35d4989587"><code>f808317</code></a>`,
  ],
  ["1f2a4fb", `<a href="${GH}/wooorm/remark/commit/1f2a4fb"><code>1f2a4fb</code></a>`],
  ["foo@f808317", `<a href="${GH}/foo/remark/commit/f808317">foo@<code>f808317</code></a>`],
  [
    "remarkjs/remark@e1aa9f6c02de18b9459b7d269712bcb50183ce89",
    `<a href="${GH}/remarkjs/remark/commit/e1aa9f6c02de18b9459b7d269712bcb50183ce89">remarkjs/remark@<code>e1aa9f6</code></a>`,
  ],
  ["foo/bar@0000000", `<a href="${GH}/foo/bar/commit/0000000">foo/bar@<code>0000000</code></a>`],
  ["e2acebc...2aa9311", `<a href="${GH}/wooorm/remark/compare/e2acebc...2aa9311"><code>e2acebc...2aa9311</code></a>`],
];

/** Lines remark-github links (or would in a context ssodocs guards) that must stay text. */
const NOT_LINKED: [string, string][] = [
  ["PKCS#1 padding", "a word before # (remark-github links it as the fork PKCS)"],
  ["C# and F#7", "a word before #"],
  ["`#123` and `@user`", "code"],
  ["```\n#123 @user f8083175fe\n```", "a code block"],
  ['[see #123](https://example.com/a) and <a href="https://x.example">#9</a>', "a link's text"],
  ["Write to admin@example.com or ops@deadbeef1.io", "emails"],
  ["Install @docusaurus/core", "an npm scope"],
  ["Order 1234567, the year 20240101, deedeed and fabaceae", "a bare number or hex word"],
  ["id 123e4567-e89b-12d3-a456-426614174000", "a UUID"],
  ["https://example.com/page#123 and a#1", "an address or word"],
  ["#0 and #abc", "no issue number"],
  ["@-w and @w- and -foo/bar#1", "invalid names (remark-github's fixtures)"],
];

describe("githubReferences (ssodocs/markdown)", () => {
  it.each(LINKED)("links %j as remark-github does", async (source, expected) => {
    const { html, warnings } = await render(source);
    expect(html).toBe(`<p>${expected}</p>\n`);
    expect(warnings).toEqual([]);
  });

  it.each(NOT_LINKED)("leaves %j alone (%s)", async (source) => {
    const { html } = await render(source);
    const ours = [...html.matchAll(/href="https:\/\/github\.com[^"]*"/g)];
    expect(ours).toEqual([]);
  });

  it("shows mentions without bold with mentionStrong: false, as remark-github's option does", async () => {
    expect((await plain("@wooorm")).html).toBe(`<p><a href="${GH}/wooorm">@wooorm</a></p>\n`);
  });

  it("links in headings, lists and tables, where the text is", async () => {
    const { html } = await render("## Fixed #12\n\n- by @user\n\n| a |\n| - |\n| #3 |\n");
    expect(html).toContain(`<h2 id="fixed-12">Fixed <a href="${GH}/wooorm/remark/issues/12">#12</a>`);
    expect(html).toContain(`<li>by <a href="${GH}/user"><strong>@user</strong></a></li>`);
    expect(html).toContain(`<td><a href="${GH}/wooorm/remark/issues/3">#3</a></td>`);
  });

  it("fails to set up without a repository, naming the plugin and the config", async () => {
    const broken = createTestRenderer([[githubReferences, {} as never]]);
    await expect(broken("#1")).rejects.toThrow(
      /the Markdown plugin "githubReferences" \(markdown\.plugins\[0\]\) failed to set up: githubReferences needs \{ repository/,
    );
  });
});
