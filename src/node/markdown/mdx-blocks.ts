// The block grammar of MDX 2+ where it differs from CommonMark (a doc whose format is "mdx",
// see format.ts). Indented code does not exist in MDX, so indentation never makes code: a list,
// heading, quote, rule, table or tag indented four spaces or more past its block (inside
// `<TabItem>`, after a paragraph) is what it would be unindented, and interrupts a paragraph as
// it would. Tags are JSX: a line holding only tags is a block of its own and the lines between
// are Markdown, and a paragraph holding only elements gets no <p> (MDX unwraps it).
// markdown-it's rules are kept; each is run with the block's indent raised to the line's own.
import type { MarkdownIt, StateBlock, Token } from "markdown-it";
import { scanTag } from "./tabs.ts";

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
interface RuleEntry {
  name: string;
  fn: BlockRule;
}

/** markdown-it's rules that refuse a line indented 4 or more past the block (the fence is handled in code.ts). */
const INDENT_REFUSING = ["table", "blockquote", "hr", "list", "reference", "heading", "lheading", "html_block"];

/**
 * A rule that takes a line indented any amount past its block as if it started the block: of
 * markdown-it's block state, or of the source scanner's that follows it (fences.ts).
 */
export function atAnyIndent<State extends { sCount: number[]; blkIndent: number }>(
  rule: (state: State, startLine: number, endLine: number, silent: boolean) => boolean,
): (state: State, startLine: number, endLine: number, silent: boolean) => boolean {
  return (state, startLine, endLine, silent) => {
    if (state.sCount[startLine] - state.blkIndent < 4) return rule(state, startLine, endLine, silent);
    const saved = state.blkIndent;
    state.blkIndent = state.sCount[startLine];
    try {
      return rule(state, startLine, endLine, silent);
    } finally {
      state.blkIndent = saved;
    }
  };
}

/** A setext underline (`===`, `---`): where lheading ends a paragraph's lines. */
const UNDERLINE = /^(?:=+|-+)[ \t]*$/;

/**
 * A paragraph rule whose following lines may end it at any indent: markdown-it folds a line
 * indented 4 or more into the paragraph without asking the other rules (it would be code), so
 * such lines are shown to them as indented 3 while the paragraph is read. Only the paragraph's
 * own lines are looked at (up to the first another rule takes), so that a long run of lines
 * split into many paragraphs is not read again for each.
 */
function interruptibleAtAnyIndent(rule: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    const changed: [number, number][] = [];
    const terminators = state.md.block.ruler.getRules("paragraph");
    const parentType = state.parentType;
    state.parentType = "paragraph";
    for (let line = startLine + 1; line < endLine && !state.isEmpty(line); line++) {
      if (state.sCount[line] < 0) continue;
      if (state.sCount[line] - state.blkIndent > 3) {
        changed.push([line, state.sCount[line]]);
        state.sCount[line] = state.blkIndent + 3;
      }
      const text = state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]);
      if (UNDERLINE.test(text) || terminators.some((t) => t(state, line, endLine, true))) break;
    }
    state.parentType = parentType;
    try {
      return rule(state, startLine, endLine, silent);
    } finally {
      for (const [line, sCount] of changed) state.sCount[line] = sCount;
    }
  };
}

/** Tags whose content stays raw text, as in HTML (markdown-it's html_block reads them), and comments. */
const RAW_BLOCK = /^<(?:(?:pre|script|style|textarea)(?=[\s>]|$)|!|\?)/i;
const TAG_START = /^<\/?[A-Za-z][\w.:-]*(?=[\s/>]|$)/;
const MAX_TAG_LINES = 50;

/** The last line of a run of tags starting at `start` that fills its lines, or -1 (text follows a tag). */
function tagRunEnd(state: StateBlock, startLine: number, endLine: number): number {
  // A tag may span lines (attributes one per line), but not many: an unclosed quote must not make
  // every line scan to the end of the document.
  const lastLine = Math.min(endLine, state.lineMax, startLine + MAX_TAG_LINES) - 1;
  const limit = state.eMarks[lastLine] ?? state.src.length;
  let pos = state.bMarks[startLine] + state.tShift[startLine];
  let line = startLine;
  for (;;) {
    if (!TAG_START.test(state.src.slice(pos, Math.min(pos + 200, limit)))) return -1;
    const end = scanTag(state.src, pos, limit);
    if (end < 0) return -1;
    while (line < endLine - 1 && state.eMarks[line] < end) line++;
    const rest = state.src.slice(end, state.eMarks[line]);
    const next = rest.search(/\S/);
    if (next < 0) return line;
    if (rest[next] !== "<") return -1;
    pos = end + next;
  }
}

/** JSX flow: a line (or lines, for a tag written over several) of tags only is a block of its own. */
function jsxFlowRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine] + state.tShift[startLine];
  if (state.src.charCodeAt(start) !== 0x3c || RAW_BLOCK.test(state.src.slice(start, start + 12))) return false;
  const last = tagRunEnd(state, startLine, endLine);
  if (last < 0) return false;
  if (silent) return true;
  const token = state.push("html_block", "", 0);
  token.map = [startLine, last + 1];
  token.content = state.getLines(startLine, last + 1, state.sCount[startLine], true);
  state.line = last + 1;
  return true;
}

/** In MDX only raw-text elements and comments are HTML blocks; other tags are JSX (jsxFlowRule). */
function rawBlocksOnly(rule: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    const start = state.bMarks[startLine] + state.tShift[startLine];
    return RAW_BLOCK.test(state.src.slice(start, start + 12)) && rule(state, startLine, endLine, silent);
  };
}

const VOID = /^<(?:area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)\b/i;

/** Whether a paragraph's inline content is only elements (and white space), which MDX does not wrap in <p>. */
function onlyElements(children: Token[]): boolean {
  let depth = 0;
  let elements = 0;
  for (const child of children) {
    // Tags the allow-list showed as text (`&lt;placeholder&gt;`) are text.
    if (child.type === "html_inline" && /^<\/?[A-Za-z]/.test(child.content)) {
      const tag = child.content;
      if (tag.startsWith("</")) depth--;
      else if (tag.startsWith("<!--")) continue;
      else if (!tag.endsWith("/>") && !VOID.test(tag)) depth++;
      elements++;
    } else if (child.type === "softbreak" || (child.type === "text" && child.content.trim() === "")) continue;
    else if (depth <= 0) return false;
  }
  return elements > 0 && depth === 0;
}

function unwrapElementParagraphs(tokens: Token[]): void {
  for (let i = 1; i < tokens.length - 1; i++) {
    const inline = tokens[i];
    if (inline.type !== "inline" || tokens[i - 1].type !== "paragraph_open") continue;
    if (!onlyElements(inline.children ?? [])) continue;
    tokens[i - 1].hidden = true;
    tokens[i + 1].hidden = true;
  }
}

export function mdxBlocksPlugin(md: MarkdownIt): void {
  const rules = (md.block.ruler as unknown as { __rules__: RuleEntry[]; __cache__: unknown }).__rules__;
  for (const entry of rules) {
    if (entry.name === "html_block") entry.fn = atAnyIndent(rawBlocksOnly(entry.fn));
    else if (INDENT_REFUSING.includes(entry.name)) entry.fn = atAnyIndent(entry.fn);
    else if (entry.name === "paragraph") entry.fn = interruptibleAtAnyIndent(entry.fn);
  }
  const lheading = rules.find((r) => r.name === "lheading");
  if (lheading) lheading.fn = interruptibleAtAnyIndent(lheading.fn);
  (md.block.ruler as unknown as { __cache__: unknown }).__cache__ = null;
  md.block.ruler.before("html_block", "jsx_flow", atAnyIndent(jsxFlowRule), {
    alt: ["paragraph", "reference", "blockquote", "list"],
  });
  md.core.ruler.after("inline", "mdx_unwrap_paragraphs", (state) => unwrapElementParagraphs(state.tokens));
}
