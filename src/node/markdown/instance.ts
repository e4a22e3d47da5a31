// The markdown-it instance: CommonMark + GFM tables, autolinks and raw HTML, plus the
// Docusaurus-flavoured rules guides are written in (one plugin per file in this folder), then the
// site's own plugins (markdown.plugins). One instance per format: a doc read as MDX gets MDX's
// block grammar (mdx-blocks.ts) and expressions.
import MarkdownIt from "markdown-it";
import type { MarkdownIt as MarkdownItInstance, Token } from "markdown-it";
import { admonitionsPlugin } from "./admonitions.ts";
import { codePlugin, type CodeRenderer } from "./code.ts";
import { foldedLinesPlugin } from "./folded-lines.ts";
import type { MarkdownFormat } from "./format.ts";
import { headingsPlugin } from "./headings.ts";
import { linksPlugin } from "./links.ts";
import { mdxBlocksPlugin } from "./mdx-blocks.ts";
import { mdxPlugin } from "./mdx.ts";
import { nestingLimitPlugin } from "./nesting-limit.ts";
import type { SitePlugins } from "./plugin-list.ts";
import { applySitePlugins } from "./plugins.ts";
import { rawHtmlPlugin, textOfHtml } from "./raw-html.ts";
import { tabsPlugin } from "./tabs.ts";
import { taskListsPlugin } from "./task-lists.ts";

export function markdownIt(code: CodeRenderer, format: MarkdownFormat, plugins: SitePlugins): MarkdownItInstance {
  const md = new MarkdownIt({ html: true, linkify: true, typographer: false });
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false });
  md.use(codePlugin, code);
  md.use(admonitionsPlugin);
  md.use(tabsPlugin);
  md.use(mdxPlugin, { expressions: format === "mdx" });
  // After the tabs: their rule reads <Tabs> lines before JSX flow would.
  if (format === "mdx") md.use(mdxBlocksPlugin);
  md.use(taskListsPlugin);
  md.use(headingsPlugin);
  md.use(linksPlugin);
  md.use(nestingLimitPlugin);
  md.use(foldedLinesPlugin);
  // Last of ssodocs's own: its rule goes straight after inline parsing, before every rule that adds HTML of its own.
  md.use(rawHtmlPlugin);
  applySitePlugins(md, plugins);
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
