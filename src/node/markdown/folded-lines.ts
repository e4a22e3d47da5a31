// Nothing lost silently: a line that starts like a list item or a heading (`- `, `* `, `+ `,
// `1. `, `# `) but was read as text of a paragraph (indented four spaces or more past its block in
// CommonMark, where indented code does not exist either; an ordered list not starting at 1
// after a paragraph, ...) shows as text run into that paragraph. Each such line is a warning
// naming the file and line.
import type { MarkdownIt, Token } from "markdown-it";
import { envOf, type MarkdownEnv } from "./env.ts";

const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])[ \t]+\S/;
const HEADING = /^#{1,6}(?:[ \t]|$)/;

/**
 * Why a line of a paragraph that reads like `kind` was not one, as far as the line shows. A
 * paragraph's first line has lost its indentation, but only indentation makes such a line text.
 */
function reason(line: string, kind: string, first: boolean): string {
  if (first || /^(?: {4}|\t)/.test(line))
    return `it is indented 4 spaces or more past its block, which CommonMark does not read as a ${kind} after a paragraph (the doc is read as CommonMark, markdown.format)`;
  if (kind === "list item" && /^\d/.test(line.trimStart()) && !/^0*1[.)]/.test(line.trimStart()))
    return "a numbered list that follows a paragraph directly must start at 1";
  return `it follows the paragraph without a blank line in a way that does not start a ${kind}`;
}

function checkParagraph(inline: Token, env: MarkdownEnv): void {
  if (!inline.map) return;
  const lines = inline.content.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i].trimStart();
    const kind = LIST_ITEM.test(text) ? "list item" : HEADING.test(text) ? "heading" : null;
    if (!kind) continue;
    env.warnings.add(
      `this line starts like a ${kind} but is ${i ? "part of the paragraph above" : "read as a paragraph"}: ${reason(lines[i], kind, i === 0)}; ` +
        `add a blank line before it or indent it less, or escape its first character (\\${text[0]}) to keep it as text`,
      { file: env.file, line: env.bodyLine + inline.map[0] + i },
    );
  }
}

export function foldedLinesPlugin(md: MarkdownIt): void {
  md.core.ruler.after("block", "folded_lines", (state) => {
    const env = envOf(state.env);
    const tokens = state.tokens;
    for (let i = 1; i < tokens.length; i++)
      if (tokens[i].type === "inline" && tokens[i - 1].type === "paragraph_open") checkParagraph(tokens[i], env);
  });
}
