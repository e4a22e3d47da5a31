// The site's markdown-it plugins (`markdown.plugins`, issue 29): applied after ssodocs's own
// rules with their options, their HTML held to the raw-HTML allow-list whichever way they make
// it, and their errors naming the plugin and the doc.
import type { MarkdownIt, Token } from "markdown-it";
import { describe, expect, it } from "vitest";
import { formatDiagnostic, SsodocsError } from "../src/node/errors.ts";
import { createTestRenderer } from "./markdown-helpers.ts";

/** Replaces a word in every text, as a plugin with options does. */
function replaceWord(md: MarkdownIt, { from, to }: { from: string; to: string }): void {
  md.core.ruler.push("replace_word", (state) => {
    for (const token of state.tokens)
      for (const child of token.children ?? [])
        if (child.type === "text") child.content = child.content.replaceAll(from, to);
  });
}

/** `:smile:` as a token of its own type, rendered by the plugin's renderer rule. */
function emoji(md: MarkdownIt, { html }: { html: string }): void {
  md.inline.ruler.push("emoji", (state, silent) => {
    if (!state.src.startsWith(":smile:", state.pos)) return false;
    if (!silent) state.push("emoji", "", 0);
    state.pos += ":smile:".length;
    return true;
  });
  md.renderer.rules.emoji = () => html;
}

/** Adds raw HTML and unsafe tokens after ssodocs's own rules have run. */
function late(md: MarkdownIt): void {
  md.core.ruler.push("late", (state) => {
    const inline = state.tokens.find((t) => t.type === "inline")!;
    const html = new state.Token("html_inline", "", 0);
    html.content = '<iframe src="https://evil.example"></iframe><kbd>K</kbd>';
    const link = new state.Token("link_open", "a", 1);
    link.attrs = [
      ["href", "javascript:alert(1)"],
      ["onclick", "x()"],
    ];
    const script = new state.Token("script_open", "script", 1);
    inline.children!.push(html, link, new state.Token("link_close", "a", -1), script);
  });
}

describe("markdown.plugins", () => {
  it("applies each plugin with its options, after ssodocs's own rules", async () => {
    const render = createTestRenderer([[replaceWord, { from: "Beta", to: "Gamma" }]]);
    const { html, headings } = await render("## About Beta\n\nBeta watches [Beta](https://beta.example).\n");
    expect(html).toContain("<p>Gamma watches <a");
    expect(html).toContain(">Gamma</a>");
    // The heading's id and its table-of-contents entry were made first, from the text as written.
    expect(headings).toEqual([{ level: 2, id: "about-beta", text: "About Beta" }]);
  });

  it("holds what a plugin's renderer returns to the allow-list, warning with the plugin's name", async () => {
    const render = createTestRenderer([
      [emoji, { html: '<span class="emoji" onclick="steal()">😄</span><script>x</script>' }],
    ]);
    const { html, warnings } = await render("Hello\n\nHi :smile:\n");
    expect(html).toContain('<p>Hi <span class="emoji">😄</span></p>');
    expect(html).not.toMatch(/script|onclick/);
    expect(warnings).toEqual([
      expect.stringMatching(
        /page\.md:7:\d+: raw HTML: removed onclick="steal\(\)" of <span>, made by the Markdown plugin "emoji" \(markdown\.plugins\[0\]\)/,
      ),
      expect.stringMatching(
        /page\.md:7:\d+: raw HTML: removed <script> with its content, made by the Markdown plugin "emoji"/,
      ),
    ]);
  });

  it("holds HTML and tokens a plugin adds late to the allow-list too", async () => {
    const { html, warnings } = await createTestRenderer([late])("Text\n");
    expect(html).toBe("<p>Text<kbd>K</kbd><a></a></p>\n");
    expect(warnings.join("\n")).toMatch(/<iframe> with its content, made by the Markdown plugin "late"/);
    expect(warnings.join("\n")).toMatch(/href="javascript:alert\(1\)" of <a>, made by a Markdown plugin/);
    expect(warnings.join("\n")).toMatch(/onclick="x\(\)" of <a>, made by a Markdown plugin/);
    expect(warnings.join("\n")).toMatch(/<script>, made by a Markdown plugin/);
  });

  it("leaves ssodocs's own markup alone when plugins are there (table alignment, task lists, headings)", async () => {
    const render = createTestRenderer([[replaceWord, { from: "x", to: "y" }]]);
    const { html, warnings } = await render("## Title\n\n| a | b |\n| :- | -: |\n| 1 | 2 |\n\n- [x] done\n");
    expect(html).toContain('<th style="text-align:left">a</th>');
    expect(html).toContain("task-list-item");
    expect(warnings).toEqual([]);
  });

  it("names the plugin and the doc's line when a plugin throws while rendering it", async () => {
    const failing = (md: MarkdownIt) => {
      md.block.ruler.before("paragraph", "failing", (state, line) => {
        if (state.src.slice(state.bMarks[line], state.eMarks[line]) === "boom") throw new Error("cannot read boom");
        return false;
      });
    };
    await expect(createTestRenderer([failing])("Fine.\n\nboom\n")).rejects.toThrow(
      /the Markdown plugin "failing" \(markdown\.plugins\[0\]\) failed: cannot read boom/,
    );
    const error = await createTestRenderer([failing])("Fine.\n\nboom\n").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SsodocsError);
    expect(formatDiagnostic("error", (error as SsodocsError).diagnostics()[0], "/")).toBe(
      'docs/page.md:7:1: error the Markdown plugin "failing" (markdown.plugins[0]) failed: cannot read boom',
    );
  });

  it("refuses a plugin that replaces how ssodocs renders its own tokens, naming it and the config", async () => {
    const fence = (md: MarkdownIt) => {
      md.renderer.rules.fence = (tokens: Token[], idx: number) => `<pre>${tokens[idx].content}</pre>`;
    };
    const error = await createTestRenderer([fence])("```\nx\n```\n").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SsodocsError);
    expect(formatDiagnostic("error", (error as SsodocsError).diagnostics()[0], "/")).toMatch(
      /^site\/ssodocs\.config\.ts:1:1: error the Markdown plugin "fence" \(markdown\.plugins\[0\]\) replaces how ssodocs renders "fence" tokens/,
    );
  });
});
