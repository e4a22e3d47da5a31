// Docs read as MDX follow MDX 2+'s grammar where it differs from CommonMark (issue 29): no
// indented code, so indentation never folds a list, heading or tag into the text around it; tags
// are JSX; expressions are MDX's. A doc read as CommonMark keeps CommonMark's rules, and a line
// that reads like a list item or heading but was folded into a paragraph is a warning.
import { describe, expect, it } from "vitest";
import { docFormat } from "../src/node/markdown/format.ts";
import { createTestRenderer } from "./markdown-helpers.ts";

const render = createTestRenderer();
const items = (html: string) => (html.match(/<li>/g) ?? []).length;

/** authentik's shape: lists indented four spaces inside the tabs, after a paragraph. */
const TABBED = `<Tabs>
<TabItem value="oidc" label="OIDC">

    Set the following:
    - Provider: OAuth2/OpenID
    - Provider ID: \`authentik\`
        - Client ID: from authentik
    - Redirect URI: \`https://app.company/callback\`

    1. Save.
    2. Restart.

</TabItem>
</Tabs>
`;

describe("MDX: indentation makes no code", () => {
  it("keeps lists indented four spaces inside JSX as lists, nested where indented further", async () => {
    const { html, warnings } = await render(TABBED);
    expect(items(html)).toBe(6);
    expect(html).toMatch(/<p>Set the following:<\/p>\n<ul>\n<li>Provider: OAuth2\/OpenID<\/li>/);
    expect(html).toMatch(/<li>Provider ID: <code>authentik<\/code>\n<ul>\n<li>Client ID: from authentik<\/li>/);
    expect(html).toContain("<ol>\n<li>Save.</li>\n<li>Restart.</li>\n</ol>");
    expect(html).not.toContain("- Provider");
    expect(warnings).toEqual([]);
  });

  it("reads indented headings, quotes and rules as such, and an indented paragraph as a paragraph", async () => {
    const { html, headings } = await render(
      "Intro\n\n    ## Setup\n\n    > Note this.\n\n    ---\n\n        Just text.\n",
    );
    expect(headings.map((h) => h.id)).toEqual(["setup"]);
    expect(html).toContain("<blockquote>\n<p>Note this.</p>\n</blockquote>");
    expect(html).toContain("<hr>");
    expect(html).toContain("<p>Just text.</p>");
  });

  it("reads tags on lines of their own as JSX: the Markdown between them is Markdown, a lone element gets no <p>", async () => {
    const source =
      '<div class="note">\n## Inside\n- one\n</div>\n\n<details>\n<summary>More</summary>\n\nHidden **text**.\n\n</details>\n';
    const { html } = await render(source);
    expect(html).toMatch(/<div class="note">\n<h2 id="inside">/);
    expect(html).toContain("<ul>\n<li>one</li>\n</ul>\n</div>");
    expect(html).toContain("<summary>More</summary>");
    expect(html).not.toContain("<p><summary>");
    expect(html).toContain("<p>Hidden <strong>text</strong>.</p>\n</details>");
  });

  it("drops {/* comments */} and warns of other expressions", async () => {
    const out = await render("{/* a note for writers */}\n\nText {/* inline */} here and {props.name}.\n");
    expect(out.html).toBe("<p>Text  here and {props.name}.</p>\n");
    expect(out.warnings).toEqual([
      expect.stringMatching(/page\.md:7:\d+: JSX expression \{props\.name\} is shown as text/),
    ]);
  });
});

describe("CommonMark (format md)", () => {
  it("folds a list indented four spaces after a paragraph into it, and says so naming the file and line", async () => {
    const out = await render(
      "Set the following:\n    - Provider\n    - Provider ID\n\n# Title\nText\n    # Not a heading\n",
      {
        format: "md",
      },
    );
    expect(out.html).toContain("<p>Set the following:\n- Provider\n- Provider ID</p>");
    expect(out.warnings).toHaveLength(3);
    expect(out.warnings[0]).toMatch(
      /page\.md:6:\d+: this line starts like a list item but is part of the paragraph above: it is indented 4 spaces or more/,
    );
    expect(out.warnings[1]).toMatch(/page\.md:7:\d+: this line starts like a list item/);
    expect(out.warnings[2]).toMatch(/page\.md:11:\d+: this line starts like a heading/);
  });

  it("warns of a list indented four spaces after a blank line, read as a paragraph of its own", async () => {
    const out = await render("To configure it:\n\n    - **Name**: authentik\n    - **URL**: the address\n", {
      format: "md",
    });
    expect(out.html).toContain("<p>- <strong>Name</strong>: authentik\n- <strong>URL</strong>: the address</p>");
    expect(out.warnings).toEqual([
      expect.stringMatching(
        /page\.md:7:\d+: this line starts like a list item but is read as a paragraph: it is indented 4/,
      ),
      expect.stringMatching(/page\.md:8:\d+: this line starts like a list item but is part of the paragraph above/),
    ]);
    expect((await render("To configure it:\n\n    - **Name**: authentik\n")).html).toContain("<li><strong>Name");
  });

  it("warns of a numbered line that cannot start a list after a paragraph, in MDX too", async () => {
    const out = await render("Steps:\n2. Second\n");
    expect(out.html).toContain("<p>Steps:\n2. Second</p>");
    expect(out.warnings).toEqual([
      expect.stringMatching(/page\.md:6:\d+: .*a numbered list that follows a paragraph directly must start at 1/),
    ]);
    expect((await render("Steps:\n\\2. Second\n")).warnings).toEqual([]);
  });

  it("shows braces as text, without warnings", async () => {
    const out = await render("Text {props.name} and {/* not a comment */}.\n", { format: "md" });
    expect(out.html).toBe("<p>Text {props.name} and {/* not a comment */}.</p>\n");
    expect(out.warnings).toEqual([]);
  });
});

describe("markdown.format", () => {
  it("chooses as Docusaurus does: mdx reads every doc as MDX, md none, detect by extension", () => {
    expect([docFormat("a.md", "mdx"), docFormat("a.mdx", "mdx")]).toEqual(["mdx", "mdx"]);
    expect([docFormat("a.md", "md"), docFormat("a.mdx", "md")]).toEqual(["md", "md"]);
    expect([docFormat("a/b.md", "detect"), docFormat("a/b.mdx", "detect")]).toEqual(["md", "mdx"]);
  });
});
