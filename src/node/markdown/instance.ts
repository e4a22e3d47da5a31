// The markdown-it instance: CommonMark + GFM tables, autolinks and raw HTML, plus the
// Docusaurus-flavoured rules guides are written in (one plugin per file in this folder).
import MarkdownIt from "markdown-it";
import type { MarkdownIt as MarkdownItInstance, Token } from "markdown-it";
import { admonitionsPlugin } from "./admonitions.ts";
import { codePlugin, type CodeRenderer } from "./code.ts";
import { headingsPlugin } from "./headings.ts";
import { linksPlugin } from "./links.ts";
import { mdxPlugin } from "./mdx.ts";
import { nestingLimitPlugin } from "./nesting-limit.ts";
import { rawHtmlPlugin, textOfHtml } from "./raw-html.ts";
import { tabsPlugin } from "./tabs.ts";
import { taskListsPlugin } from "./task-lists.ts";

export function markdownIt(code: CodeRenderer): MarkdownItInstance {
  const md = new MarkdownIt({ html: true, linkify: true, typographer: false });
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false });
  md.use(codePlugin, code);
  md.use(admonitionsPlugin);
  md.use(tabsPlugin);
  md.use(mdxPlugin);
  md.use(taskListsPlugin);
  md.use(headingsPlugin);
  md.use(linksPlugin);
  md.use(nestingLimitPlugin);
  // Last: its rule goes straight after inline parsing, before every rule that adds HTML of its own.
  md.use(rawHtmlPlugin);
  return md;
}

/**
 * The text of a doc's first paragraph (shown, so not a tight list item's), as its rendered HTML
 * reads: text, code and raw HTML's text; line breaks as newlines; images and markup add none.
 */
export function firstParagraphText(tokens: Token[]): string {
  const at = tokens.findIndex((t) => t.type === "paragraph_open" && !t.hidden);
  let text = "";
  for (const t of (at < 0 ? null : tokens[at + 1].children) ?? []) {
    if (t.type === "text" || t.type === "code_inline") text += t.content;
    else if (t.type === "softbreak" || t.type === "hardbreak") text += "\n";
    else if (t.type === "html_inline") text += textOfHtml(t.content);
  }
  return text;
}
