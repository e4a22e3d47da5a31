// Fenced code in a doc's Markdown source, found the way the site's markdown-it reads it: the one
// place that finds fences in source. Languages to load (language-context.ts), code to highlight
// before rendering (code.ts), the lines a Markdown copy keeps as written (search/llms.ts) and the
// lines whose `:::name` is no admonition (admonitions.ts) all come from here.
//
// A fence is a fence only where markdown-it's block parser sees one: in a list item or a block
// quote it belongs to that container (and ends with it), inside an HTML block or a paragraph's
// indented line it is text. So this follows markdown-it's block parser line by line, with its rules
// in the site's order and the site's own (admonitions, tabs, MDX imports, fences indented any
// amount), without building tokens or reading inline text: markdown-it's own block parse costs
// three times as much (a token per block), and every build scans every doc, cached or not.
// Link reference definitions are read as paragraphs: they take the same lines, but for a lazy line
// straight after one in a list item (markdown-it ends the item there; this reads on). It follows the
// CommonMark rules of markdown-it ("md" docs); MDX docs (mdx-blocks.ts) read the same for fences but
// where a fence sits indented four or more spaces after a paragraph or between JSX tag lines, which
// MDX reads as a fence and this does not: such a fence is then highlighted when its page renders
// (its language loaded only if another doc names it, else shown plain with a warning).
import { MAX_NESTING } from "../../shared/limits.ts";
import { tabsTag } from "./tabs.ts";
import { capLeadingMarkers, MAX_MARKERS, opensTooMany } from "./nesting-limit.ts";
import { importLineRule } from "./mdx.ts";
import { atAnyIndent } from "./mdx-blocks.ts";

/** A fenced code block as markdown-it's `fence` token has it. */
export interface Fence {
  /** The info string: what follows the opening marker. */
  info: string;
  /** The code, each line without the opening fence's indentation, with its final newline. */
  content: string;
  /** The lines it takes, from its opening fence to after its closing one (0-based, end excluded), as the token's `map`. */
  map: [number, number];
}

/** The lines of a source as markdown-it's block state has them (`StateBlock`), and the fences found. */
interface BlockLines {
  src: string;
  bMarks: number[];
  eMarks: number[];
  tShift: number[];
  sCount: number[];
  bsCount: number[];
  blkIndent: number;
  line: number;
  lineMax: number;
  listIndent: number;
  parentType: string;
  level: number;
  fences: Fence[];
  /** Whether fences are taken with their code (else with an empty `content`). */
  withCode: boolean;
  /** Whether a line opens more lists or quotes than markdown-it is let parse (nesting-limit.ts cuts it first). */
  overDeep: boolean;
}

type Rule = (s: BlockLines, startLine: number, endLine: number, silent: boolean) => boolean;

const isSpace = (c: number) => c === 0x20 || c === 0x09;

// --- Fence lines -------------------------------------------------------------------------------

/**
 * The length of the fence marker at `pos` of a line ending at `max`: a run of three or more ` or ~
 * (a backtick fence's info string may not hold a backtick: it would be inline code), else 0.
 */
function markerAt(src: string, pos: number, max: number): number {
  const marker = src.charCodeAt(pos);
  if (marker !== 0x60 && marker !== 0x7e) return 0;
  let end = pos + 1;
  while (end < max && src.charCodeAt(end) === marker) end++;
  if (end - pos < 3) return 0;
  if (marker === 0x60) {
    const tick = src.indexOf("`", end);
    if (tick >= 0 && tick < max) return 0;
  }
  return end - pos;
}

/** Whether the line from `pos` to `max` closes a fence of `length` `marker`s: a run as long or longer, then blanks. */
function closesAt(src: string, pos: number, max: number, marker: number, length: number): boolean {
  let end = pos;
  while (end < max && src.charCodeAt(end) === marker) end++;
  if (end - pos < length) return false;
  while (end < max && isSpace(src.charCodeAt(end))) end++;
  return end >= max;
}

/** The marker a line's text (after its indentation) opens a fence with, or null. */
function fenceOpening(text: string): string | null {
  const length = markerAt(text, 0, text.length);
  return length ? text.slice(0, length) : null;
}

/** Whether a line's text (after its indentation) closes a fence opened with `marker`. */
function closesFence(text: string, marker: string): boolean {
  return closesAt(text, 0, text.length, marker.charCodeAt(0), marker.length);
}

/** The language a fence's info string names (its first word; none for a `{1,3}` line range). */
export function fenceLanguage(info: string): string {
  const word = /^\S*/.exec(info.trim())?.[0] ?? "";
  return word.startsWith("{") ? "" : word;
}

// --- Admonitions (markdown/admonitions.ts renders them; where they end is worked out here) --------

export const ADMONITION_TYPES = ["note", "tip", "info", "warning", "danger", "caution", "important"] as const;
/** `:::type`, `:::type[Title]` or `:::type Title`. */
export const ADMONITION_OPEN = new RegExp(
  `^(:{3,})(${ADMONITION_TYPES.join("|")})(?:\\[([^\\]]*)\\]|[ \\t]+(.*?))?[ \\t]*$`,
);
const ADMONITION_CLOSE = /^:{3,}\s*$/;

type Lines = Pick<BlockLines, "src" | "bMarks" | "eMarks" | "tShift" | "sCount" | "blkIndent">;

const lineText = (s: Lines, line: number) => s.src.slice(s.bMarks[line] + s.tShift[line], s.eMarks[line]);

/**
 * Where the admonition opening at `startLine` ends: the line of its matching `:::` (nested ones
 * counted, fenced code skipped), or where its block ends when it is never closed.
 */
export function admonitionEnd(s: Lines, startLine: number, endLine: number): { line: number; closed: boolean } {
  let depth = 1;
  let fence: string | null = null;
  for (let line = startLine + 1; line < endLine; line++) {
    const text = lineText(s, line);
    if (text.length > 0 && s.sCount[line] < s.blkIndent) return { line, closed: false };
    if (fence) {
      if (closesFence(text, fence)) fence = null;
      continue;
    }
    fence = fenceOpening(text);
    if (fence) continue;
    if (ADMONITION_OPEN.test(text)) depth++;
    else if (ADMONITION_CLOSE.test(text) && --depth === 0) return { line, closed: true };
  }
  return { line: endLine, closed: false };
}

// --- The lines of a source, as markdown-it's StateBlock reads them -----------------------------

/** Whether a line starting with `c` (after its indentation) may start with list or quote markers. */
const mayOpenMarkers = (c: number) => c === 0x2d || c === 0x2a || c === 0x2b || c === 0x3e || (c >= 0x30 && c <= 0x39);

function blockLines(src: string): BlockLines {
  const s: BlockLines = {
    src,
    bMarks: [],
    eMarks: [],
    tShift: [],
    sCount: [],
    bsCount: [],
    blkIndent: 0,
    line: 0,
    lineMax: 0,
    listIndent: -1,
    parentType: "root",
    level: 0,
    fences: [],
    withCode: true,
    overDeep: false,
  };
  for (let start = 0; start < src.length; ) {
    let end = src.indexOf("\n", start);
    if (end < 0) end = src.length;
    let pos = start;
    let offset = 0;
    for (; pos < end; pos++) {
      const c = src.charCodeAt(pos);
      if (c === 0x20) offset++;
      else if (c === 0x09) offset += 4 - (offset % 4);
      else break;
    }
    // markdown-it leaves out a last line of blanks that no newline ends.
    if (end === src.length && pos === end) break;
    if (end - start > MAX_MARKERS && mayOpenMarkers(src.charCodeAt(pos)) && opensTooMany(src, start)) s.overDeep = true;
    s.bMarks.push(start);
    s.eMarks.push(end);
    s.tShift.push(pos - start);
    s.sCount.push(offset);
    s.bsCount.push(0);
    start = end + 1;
  }
  s.lineMax = s.bMarks.length;
  s.bMarks.push(src.length);
  s.eMarks.push(src.length);
  s.tShift.push(0);
  s.sCount.push(0);
  s.bsCount.push(0);
  return s;
}

const isEmpty = (s: BlockLines, line: number) => s.bMarks[line] + s.tShift[line] >= s.eMarks[line];

function skipEmptyLines(s: BlockLines, from: number): number {
  while (from < s.lineMax && isEmpty(s, from)) from++;
  return from;
}

function skipSpaces(s: BlockLines, pos: number): number {
  while (pos < s.src.length && isSpace(s.src.charCodeAt(pos))) pos++;
  return pos;
}

/** Lines `begin` to `end` without `indent` columns of indentation (markdown-it's `getLines`). */
function getLines(s: BlockLines, begin: number, end: number, indent: number): string {
  let text = "";
  for (let line = begin; line < end; line++) {
    let lineIndent = 0;
    const lineStart = s.bMarks[line];
    let first = lineStart;
    const last = s.eMarks[line] + 1;
    while (first < last && lineIndent < indent) {
      const c = s.src.charCodeAt(first);
      if (isSpace(c)) {
        if (c === 0x09) lineIndent += 4 - ((lineIndent + s.bsCount[line]) % 4);
        else lineIndent++;
      } else if (first - lineStart < s.tShift[line]) lineIndent++;
      else break;
      first++;
    }
    // A tab that spans the cut keeps its columns beyond it as spaces.
    text += (lineIndent > indent ? " ".repeat(lineIndent - indent) : "") + s.src.slice(first, last);
  }
  return text;
}

// --- The block parser: markdown-it's tokenize loop and its rules, without tokens ---------------

function tokenize(s: BlockLines, startLine: number, endLine: number): void {
  let line = startLine;
  while (line < endLine) {
    s.line = line = skipEmptyLines(s, line);
    if (line >= endLine || s.sCount[line] < s.blkIndent) break;
    if (s.level >= MAX_NESTING) {
      s.line = endLine;
      break;
    }
    // The paragraph rule, last, takes any line.
    const rules = RULES.at(s, line);
    for (let i = 0; i < rules.length; i++) if (rules[i](s, line, endLine, false)) break;
    line = s.line;
    if (line < endLine && isEmpty(s, line)) s.line = ++line;
  }
}

function terminates(chain: RuleChain, s: BlockLines, line: number, endLine: number): boolean {
  const rules = chain.at(s, line);
  for (let i = 0; i < rules.length; i++) if (rules[i](s, line, endLine, true)) return true;
  return false;
}

/** markdown-it's `fence` rule. */
function fenceRule(s: BlockLines, startLine: number, endLine: number, silent: boolean): boolean {
  if (s.sCount[startLine] - s.blkIndent >= 4) return false;
  const start = s.bMarks[startLine] + s.tShift[startLine];
  const length = markerAt(s.src, start, s.eMarks[startLine]);
  if (!length) return false;
  if (silent) return true;
  const marker = s.src.charCodeAt(start);
  let nextLine = startLine;
  let closed = false;
  for (;;) {
    nextLine++;
    if (nextLine >= endLine) break;
    const pos = s.bMarks[nextLine] + s.tShift[nextLine];
    const max = s.eMarks[nextLine];
    // A line indented less than the block (in a list item) ends the block and the fence with it.
    if (pos < max && s.sCount[nextLine] < s.blkIndent) break;
    if (s.src.charCodeAt(pos) !== marker || s.sCount[nextLine] - s.blkIndent >= 4) continue;
    if (closesAt(s.src, pos, max, marker, length)) {
      closed = true;
      break;
    }
  }
  s.line = nextLine + (closed ? 1 : 0);
  s.fences.push({
    info: s.src.slice(start + length, s.eMarks[startLine]),
    content: s.withCode ? getLines(s, startLine + 1, nextLine, s.sCount[startLine]) : "",
    map: [startLine, s.line],
  });
  return true;
}

/** The site's fence rule (code.ts): a fence may be indented any amount, as in MDX. */
const fence: Rule = atAnyIndent(fenceRule);

/** The site's admonition rule (admonitions.ts): its lines are parsed as blocks of their own. */
const admonition: Rule = (s, startLine, endLine, silent) => {
  if (s.src.charCodeAt(s.bMarks[startLine] + s.tShift[startLine]) !== 0x3a) return false;
  if (!ADMONITION_OPEN.test(lineText(s, startLine))) return false;
  if (silent) return true;
  const end = admonitionEnd(s, startLine, endLine);
  const { parentType, lineMax } = s;
  s.parentType = "admonition";
  s.lineMax = end.line;
  s.level++;
  tokenize(s, startLine + 1, end.line);
  s.level--;
  s.parentType = parentType;
  s.lineMax = lineMax;
  s.line = end.closed ? end.line + 1 : end.line;
  return true;
};

/** The site's `<Tabs>`/`<TabItem>` rule (tabs.ts): each tag is a block. */
const tabs: Rule = (s, startLine, endLine, silent) => {
  if (s.src.charCodeAt(s.bMarks[startLine] + s.tShift[startLine]) !== 0x3c) return false;
  const tag = tabsTag(s, startLine, endLine);
  if (!tag) return false;
  if (silent) return true;
  s.level += tag.closing ? -1 : 1;
  s.line = tag.lastLine + 1;
  return true;
};

const mdxImport: Rule = (s, startLine, endLine, silent) => importLineRule(s, startLine, endLine, silent);

/** markdown-it's `hr` rule. */
const hr: Rule = (s, startLine, _endLine, silent) => {
  if (s.sCount[startLine] - s.blkIndent >= 4) return false;
  let pos = s.bMarks[startLine] + s.tShift[startLine];
  const max = s.eMarks[startLine];
  const marker = s.src.charCodeAt(pos++);
  if (marker !== 0x2a && marker !== 0x2d && marker !== 0x5f) return false;
  let count = 1;
  while (pos < max) {
    const c = s.src.charCodeAt(pos++);
    if (c !== marker && !isSpace(c)) return false;
    if (c === marker) count++;
  }
  if (count < 3) return false;
  if (!silent) s.line = startLine + 1;
  return true;
};

/** markdown-it's `heading` rule (ATX headings). */
const heading: Rule = (s, startLine, _endLine, silent) => {
  if (s.sCount[startLine] - s.blkIndent >= 4) return false;
  let pos = s.bMarks[startLine] + s.tShift[startLine];
  const max = s.eMarks[startLine];
  if (s.src.charCodeAt(pos) !== 0x23 || pos >= max) return false;
  let level = 1;
  while (s.src.charCodeAt(++pos) === 0x23 && pos < max && level <= 6) level++;
  if (level > 6 || (pos < max && !isSpace(s.src.charCodeAt(pos)))) return false;
  if (!silent) s.line = startLine + 1;
  return true;
};

/** Saved line fields of a block quote's lines, put back when the quote is done. */
interface SavedLines {
  bMarks: number[];
  bsCount: number[];
  sCount: number[];
  tShift: number[];
}

function saveLine(s: BlockLines, saved: SavedLines, line: number): void {
  saved.bMarks.push(s.bMarks[line]);
  saved.bsCount.push(s.bsCount[line]);
  saved.sCount.push(s.sCount[line]);
  saved.tShift.push(s.tShift[line]);
}

/** A `>` line's content: markdown-it's blockquote rule shifts the line past the marker and one space. */
function enterQuoteLine(s: BlockLines, line: number, saved: SavedLines): boolean {
  let pos = s.bMarks[line] + s.tShift[line] + 1;
  const max = s.eMarks[line];
  let initial = s.sCount[line] + 1;
  let spaceAfterMarker = false;
  let adjustTab = false;
  if (s.src.charCodeAt(pos) === 0x20) {
    pos++;
    initial++;
    spaceAfterMarker = true;
  } else if (s.src.charCodeAt(pos) === 0x09) {
    spaceAfterMarker = true;
    if ((s.bsCount[line] + initial) % 4 === 3) {
      pos++;
      initial++;
    } else adjustTab = true;
  }
  let offset = initial;
  saveLine(s, saved, line);
  s.bMarks[line] = pos;
  for (; pos < max; pos++) {
    const c = s.src.charCodeAt(pos);
    if (c === 0x09) offset += 4 - ((offset + s.bsCount[line] + (adjustTab ? 1 : 0)) % 4);
    else if (c === 0x20) offset++;
    else break;
  }
  s.bsCount[line] = s.sCount[line] + 1 + (spaceAfterMarker ? 1 : 0);
  s.sCount[line] = offset - initial;
  s.tShift[line] = pos - s.bMarks[line];
  return pos >= max;
}

/** markdown-it's `blockquote` rule. */
const blockquote: Rule = (s, startLine, endLine, silent) => {
  if (s.sCount[startLine] - s.blkIndent >= 4) return false;
  if (s.src.charCodeAt(s.bMarks[startLine] + s.tShift[startLine]) !== 0x3e) return false;
  if (silent) return true;
  const saved: SavedLines = { bMarks: [], bsCount: [], sCount: [], tShift: [] };
  const { parentType, lineMax, blkIndent } = s;
  s.parentType = "blockquote";
  let lastLineEmpty = false;
  let nextLine = startLine;
  for (; nextLine < endLine; nextLine++) {
    const outdented = s.sCount[nextLine] < s.blkIndent;
    const pos = s.bMarks[nextLine] + s.tShift[nextLine];
    if (pos >= s.eMarks[nextLine]) break;
    if (s.src.charCodeAt(pos) === 0x3e && !outdented) {
      lastLineEmpty = enterQuoteLine(s, nextLine, saved);
      continue;
    }
    if (lastLineEmpty) break;
    if (terminates(BLOCKQUOTE_TERMINATORS, s, nextLine, endLine)) {
      s.lineMax = nextLine;
      if (s.blkIndent !== 0) {
        saveLine(s, saved, nextLine);
        s.sCount[nextLine] -= s.blkIndent;
      }
      break;
    }
    // A lazy line: it continues the quote's paragraph.
    saveLine(s, saved, nextLine);
    s.sCount[nextLine] = -1;
  }
  s.blkIndent = 0;
  s.level++;
  tokenize(s, startLine, nextLine);
  s.level--;
  s.lineMax = lineMax;
  s.parentType = parentType;
  for (let i = 0; i < saved.tShift.length; i++) {
    s.bMarks[i + startLine] = saved.bMarks[i];
    s.tShift[i + startLine] = saved.tShift[i];
    s.sCount[i + startLine] = saved.sCount[i];
    s.bsCount[i + startLine] = saved.bsCount[i];
  }
  s.blkIndent = blkIndent;
  return true;
};

/** Where a bullet list marker (`-`, `+`, `*` and a space) ends on a line, or -1. */
function bulletMarkerEnd(s: BlockLines, line: number): number {
  const max = s.eMarks[line];
  let pos = s.bMarks[line] + s.tShift[line];
  const marker = s.src.charCodeAt(pos++);
  if (marker !== 0x2a && marker !== 0x2d && marker !== 0x2b) return -1;
  return pos < max && !isSpace(s.src.charCodeAt(pos)) ? -1 : pos;
}

/** Where an ordered list marker (`1.`, `1)` and a space) ends on a line, or -1. */
function orderedMarkerEnd(s: BlockLines, line: number): number {
  const start = s.bMarks[line] + s.tShift[line];
  const max = s.eMarks[line];
  let pos = start;
  if (pos + 1 >= max) return -1;
  let c = s.src.charCodeAt(pos++);
  if (c < 0x30 || c > 0x39) return -1;
  for (;;) {
    if (pos >= max) return -1;
    c = s.src.charCodeAt(pos++);
    if (c >= 0x30 && c <= 0x39) {
      if (pos - start >= 10) return -1;
      continue;
    }
    if (c === 0x29 || c === 0x2e) break;
    return -1;
  }
  return pos < max && !isSpace(s.src.charCodeAt(pos)) ? -1 : pos;
}

/** Whether a list starts at `line` (the checks of markdown-it's `list` rule). */
function listStarts(s: BlockLines, line: number, silent: boolean): boolean {
  if (s.sCount[line] - s.blkIndent >= 4) return false;
  if (s.listIndent >= 0 && s.sCount[line] - s.listIndent >= 4 && s.sCount[line] < s.blkIndent) return false;
  // A list interrupting a paragraph must start with 1 and hold something.
  const interrupting = silent && s.parentType === "paragraph" && s.sCount[line] >= s.blkIndent;
  let after = orderedMarkerEnd(s, line);
  if (after >= 0) {
    const start = s.bMarks[line] + s.tShift[line];
    if (interrupting && Number(s.src.slice(start, after - 1)) !== 1) return false;
  } else if ((after = bulletMarkerEnd(s, line)) < 0) return false;
  return !(interrupting && skipSpaces(s, after) >= s.eMarks[line]);
}

/** One list item from `line`, whose marker ends at `afterMarker`: its lines are parsed as blocks of their own. */
function listItem(s: BlockLines, line: number, afterMarker: number, endLine: number): void {
  let pos = afterMarker;
  const max = s.eMarks[line];
  const initial = s.sCount[line] + afterMarker - (s.bMarks[line] + s.tShift[line]);
  let offset = initial;
  for (; pos < max; pos++) {
    const c = s.src.charCodeAt(pos);
    if (c === 0x09) offset += 4 - ((offset + s.bsCount[line]) % 4);
    else if (c === 0x20) offset++;
    else break;
  }
  const contentStart = pos;
  let indentAfterMarker = contentStart >= max ? 1 : offset - initial;
  if (indentAfterMarker > 4) indentAfterMarker = 1;
  const tShift = s.tShift[line];
  const sCount = s.sCount[line];
  const listIndent = s.listIndent;
  s.listIndent = s.blkIndent;
  s.blkIndent = initial + indentAfterMarker;
  s.tShift[line] = contentStart - s.bMarks[line];
  s.sCount[line] = offset;
  s.level++;
  if (contentStart >= max && isEmpty(s, line + 1)) s.line = Math.min(s.line + 2, endLine);
  else tokenize(s, line, endLine);
  s.level--;
  s.blkIndent = s.listIndent;
  s.listIndent = listIndent;
  s.tShift[line] = tShift;
  s.sCount[line] = sCount;
}

/** markdown-it's `list` rule. */
const list: Rule = (s, startLine, endLine, silent) => {
  if (!listStarts(s, startLine, silent)) return false;
  if (silent) return true;
  const ordered = orderedMarkerEnd(s, startLine) >= 0;
  const markerEnd = ordered ? orderedMarkerEnd : bulletMarkerEnd;
  let afterMarker = markerEnd(s, startLine);
  const markerChar = s.src.charCodeAt(afterMarker - 1);
  const parentType = s.parentType;
  s.parentType = "list";
  s.level++;
  let nextLine = startLine;
  while (nextLine < endLine) {
    listItem(s, nextLine, afterMarker, endLine);
    nextLine = s.line;
    if (nextLine >= endLine || s.sCount[nextLine] < s.blkIndent || s.sCount[nextLine] - s.blkIndent >= 4) break;
    if (terminates(LIST_TERMINATORS, s, nextLine, endLine)) break;
    afterMarker = markerEnd(s, nextLine);
    if (afterMarker < 0 || s.src.charCodeAt(afterMarker - 1) !== markerChar) break;
  }
  s.level--;
  s.line = nextLine;
  s.parentType = parentType;
  return true;
};

/** The cells of a table row: markdown-it's `escapedSplit` (a pipe after a backslash is text), an empty first and last cell dropped. */
function cellCount(row: string): number {
  const unescapedPipe = (i: number) => row.charCodeAt(i) === 0x7c && row.charCodeAt(i - 1) !== 0x5c;
  let count = 1;
  for (let i = 0; i < row.length; i++) if (unescapedPipe(i)) count++;
  if (unescapedPipe(0)) count--;
  if (count > 0 && unescapedPipe(row.length - 1)) count--;
  return count;
}

const trimmedLine = (s: BlockLines, line: number) => lineText(s, line).trim();

/** The columns a table's delimiter row (`| --- | :-: |`) gives, or -1 if it is none. */
function delimiterColumns(s: BlockLines, line: number): number {
  let pos = s.bMarks[line] + s.tShift[line];
  const max = s.eMarks[line];
  if (pos >= max) return -1;
  const first = s.src.charCodeAt(pos++);
  if (first !== 0x7c && first !== 0x2d && first !== 0x3a) return -1;
  if (pos >= max) return -1;
  const second = s.src.charCodeAt(pos++);
  if (second !== 0x7c && second !== 0x2d && second !== 0x3a && !isSpace(second)) return -1;
  if (first === 0x2d && isSpace(second)) return -1;
  for (; pos < max; pos++) {
    const c = s.src.charCodeAt(pos);
    if (c !== 0x7c && c !== 0x2d && c !== 0x3a && !isSpace(c)) return -1;
  }
  const columns = lineText(s, line).split("|");
  let aligned = 0;
  for (let i = 0; i < columns.length; i++) {
    const t = columns[i].trim();
    if (!t && (i === 0 || i === columns.length - 1)) continue;
    if (!/^:?-+:?$/.test(t)) return -1;
    aligned++;
  }
  return aligned;
}

/** markdown-it's `table` rule (GFM tables): rows run to a blank line or a block that ends a quote. */
const table: Rule = (s, startLine, endLine, silent) => {
  const delimiter = startLine + 1;
  if (startLine + 2 > endLine || s.sCount[delimiter] < s.blkIndent || s.sCount[delimiter] - s.blkIndent >= 4)
    return false;
  const aligned = delimiterColumns(s, delimiter);
  if (aligned < 0) return false;
  const header = trimmedLine(s, startLine);
  if (!header.includes("|") || s.sCount[startLine] - s.blkIndent >= 4) return false;
  const columns = cellCount(header);
  if (columns === 0 || columns !== aligned) return false;
  if (silent) return true;
  const parentType = s.parentType;
  s.parentType = "table";
  let autocompleted = 0;
  let nextLine = startLine + 2;
  for (; nextLine < endLine; nextLine++) {
    if (s.sCount[nextLine] < s.blkIndent || terminates(BLOCKQUOTE_TERMINATORS, s, nextLine, endLine)) break;
    const row = trimmedLine(s, nextLine);
    if (!row || s.sCount[nextLine] - s.blkIndent >= 4) break;
    autocompleted += columns - cellCount(row);
    if (autocompleted > 65536) break;
  }
  s.parentType = parentType;
  s.line = nextLine;
  return true;
};

/** markdown-it's names of the elements that open an HTML block of the sixth kind (it runs to a blank line). */
const HTML_BLOCK_NAMES =
  "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|" +
  "dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|" +
  "li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|" +
  "tfoot|th|thead|title|tr|track|ul";
const OPEN_TAG = String.raw`<[A-Za-z][A-Za-z0-9\-]*(?:\s+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:\s*=\s*(?:[^"'=<>${"`"}\x00-\x20]+|'[^']*'|"[^"]*"))?)*\s*\/?>`;
const CLOSE_TAG = String.raw`<\/[A-Za-z][A-Za-z0-9\-]*\s*>`;

/** markdown-it's HTML blocks: how one starts, what line ends it, and whether it may interrupt a paragraph. */
const HTML_SEQUENCES: [RegExp, RegExp, boolean][] = [
  [/^<(script|pre|style|textarea)(?=(\s|>|$))/i, /<\/(script|pre|style|textarea)>/i, true],
  [/^<!--/, /-->/, true],
  [/^<\?/, /\?>/, true],
  [/^<![A-Za-z]/, />/, true],
  [/^<!\[CDATA\[/, /\]\]>/, true],
  [new RegExp(`^</?(${HTML_BLOCK_NAMES})(?=(\\s|/?>|$))`, "i"), /^$/, true],
  [new RegExp(`^(?:${OPEN_TAG}|${CLOSE_TAG})\\s*$`), /^$/, false],
];

/** markdown-it's `html_block` rule: the lines of an HTML block are HTML, whatever they look like. */
const htmlBlock: Rule = (s, startLine, endLine, silent) => {
  if (s.sCount[startLine] - s.blkIndent >= 4) return false;
  if (s.src.charCodeAt(s.bMarks[startLine] + s.tShift[startLine]) !== 0x3c) return false;
  const text = lineText(s, startLine);
  const sequence = HTML_SEQUENCES.find(([start]) => start.test(text));
  if (!sequence) return false;
  if (silent) return sequence[2];
  const [, end] = sequence;
  const endsOnBlankLine = end.test("");
  let nextLine = startLine + 1;
  if (!end.test(text)) {
    for (; nextLine < endLine; nextLine++) {
      if (s.sCount[nextLine] < s.blkIndent && (endsOnBlankLine || !isEmpty(s, nextLine))) break;
      const next = lineText(s, nextLine);
      if (end.test(next)) {
        if (next.length !== 0) nextLine++;
        break;
      }
    }
  }
  s.line = nextLine;
  return true;
};

/**
 * How far paragraph lines run from `startLine` (markdown-it's `lheading` and `paragraph` rules read
 * the same lines): to a blank line or a block that may interrupt a paragraph, or, for a setext
 * heading, to its `===` or `---` underline.
 */
function paragraphEnd(
  s: BlockLines,
  startLine: number,
  endLine: number,
  setext: boolean,
): { line: number; underlined: boolean } {
  const parentType = s.parentType;
  s.parentType = "paragraph";
  let underlined = false;
  let nextLine = startLine + 1;
  for (; nextLine < endLine && !isEmpty(s, nextLine); nextLine++) {
    if (s.sCount[nextLine] - s.blkIndent > 3) continue;
    if (setext && s.sCount[nextLine] >= s.blkIndent) {
      let pos = s.bMarks[nextLine] + s.tShift[nextLine];
      const max = s.eMarks[nextLine];
      const marker = s.src.charCodeAt(pos);
      if (pos < max && (marker === 0x2d || marker === 0x3d)) {
        while (s.src.charCodeAt(pos) === marker) pos++;
        if (skipSpaces(s, pos) >= max) {
          underlined = true;
          break;
        }
      }
    }
    if (s.sCount[nextLine] < 0) continue;
    if (terminates(PARAGRAPH_TERMINATORS, s, nextLine, endLine)) break;
  }
  s.parentType = parentType;
  return { line: nextLine, underlined };
}

/**
 * markdown-it's `lheading`, `mdx_import` (the site's) and `paragraph` rules, in that order, which
 * take any line: a setext heading, else an MDX import line, else a paragraph.
 */
const paragraph: Rule = (s, startLine, endLine) => {
  // lheading does not take a line indented as code: the paragraph then reads on past underlines.
  const end = paragraphEnd(s, startLine, endLine, s.sCount[startLine] - s.blkIndent < 4);
  if (end.underlined) {
    s.line = end.line + 1;
    return true;
  }
  const c = s.src.charCodeAt(s.bMarks[startLine] + s.tShift[startLine]);
  if ((c === 0x69 || c === 0x65) && mdxImport(s, startLine, endLine, false)) return true;
  s.line = end.line;
  return true;
};

/** Rules in order: those that may take a line, by its first character. */
interface RuleChain {
  /** The rules of the chain that may take the line (each of the others would turn it down at once). */
  at(s: BlockLines, line: number): Rule[];
}

/** The characters a line must start with for a rule to take it (a rule not here may take any line). */
const FIRST = new Map<Rule, string>([
  [admonition, ":"],
  [fence, "`~"],
  [blockquote, ">"],
  [hr, "*-_"],
  [list, "*-+0123456789"],
  [tabs, "<"],
  [htmlBlock, "<"],
  [heading, "#"],
]);

function chainOf(rules: Rule[]): RuleChain {
  const takes = (rule: Rule, c: string) => FIRST.get(rule)?.includes(c) ?? true;
  const any = rules.filter((rule) => !FIRST.has(rule));
  const byChar = Array.from({ length: 128 }, (_, c) => rules.filter((rule) => takes(rule, String.fromCharCode(c))));
  return { at: (s, line) => byChar[s.src.charCodeAt(s.bMarks[line] + s.tShift[line])] ?? any };
}

// The site's block rules in markdown-it's order (instance.ts), and those that may end a paragraph,
// a quote's lazy lines and a list (their `alt`). Link reference definitions are read as paragraphs.
const RULES = chainOf([table, admonition, fence, blockquote, hr, list, tabs, htmlBlock, heading, paragraph]);
const PARAGRAPH_TERMINATORS = chainOf([table, admonition, fence, blockquote, hr, list, tabs, htmlBlock, heading]);
const BLOCKQUOTE_TERMINATORS = chainOf([admonition, fence, blockquote, hr, list, tabs, htmlBlock, heading]);
const LIST_TERMINATORS = chainOf([admonition, fence, blockquote, hr, tabs]);

/**
 * The fenced code blocks of a doc's Markdown, in order, as markdown-it's block parser finds them
 * (without their code when `withCode` is false: reading it is most of the cost).
 */
export function fencesOf(source: string, withCode = true): Fence[] {
  // A fence needs a run of three backticks or tildes: a doc without one has none.
  if (!source.includes("```") && !source.includes("~~~")) return [];
  // As markdown-it's core rules hand the source to the block parser: newlines, NUL, over-deep nesting.
  let src = source.includes("\r") ? source.replace(/\r\n?/g, "\n") : source;
  if (src.includes("\0")) src = src.replace(/\0/g, "\uFFFD");
  let s = blockLines(src);
  if (s.overDeep) s = blockLines(capLeadingMarkers(src).src);
  s.withCode = withCode;
  tokenize(s, 0, s.lineMax);
  return s.fences;
}

const fencesOfDocs = new WeakMap<{ body: string }, Fence[]>();
/** The fenced code blocks of a doc, found once per doc (the languages to load and the code to highlight ahead both ask). */
export function docFences(doc: { body: string }): Fence[] {
  let fences = fencesOfDocs.get(doc);
  if (!fences) fencesOfDocs.set(doc, (fences = fencesOf(doc.body)));
  return fences;
}

/** Whether each line of a doc's Markdown (lines as markdown-it splits them) is part of a fenced block. */
export function fencedLines(source: string): boolean[] {
  const fenced: boolean[] = [];
  for (const { map } of fencesOf(source, false)) for (let line = map[0]; line < map[1]; line++) fenced[line] = true;
  return fenced;
}

/** A doc's Markdown cut into lines as markdown-it cuts it (any of \r\n, \r, \n ends a line). */
export const linesOf = (source: string): string[] => source.split(/\r\n?|\n/);
