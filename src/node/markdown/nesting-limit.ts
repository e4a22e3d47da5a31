// markdown-it stops parsing blocks nested deeper than its maxNesting (100 levels), which keeps
// hostile input from exhausting the stack, but it then skips to the end of the enclosing block,
// which for a list item is the end of the document. So a line opening more than MAX_MARKERS
// lists or quotes at once keeps its first MAX_MARKERS and shows the rest as text (with a
// warning), and deeper nesting built up over many lines is reported instead of dropped silently.
import type { MarkdownIt } from "markdown-it";
import { envOf, lineOf } from "./env.ts";

/** A list level costs two nesting levels (list, item), a quote one: 40 stays under 100. */
export const MAX_MARKERS = 40;
/** One list marker (bullet or number) or quote marker with the space after it. */
const MARKER_SOURCE = String.raw`(?:[-*+]|\d{1,9}[.)])[ \t]+|>[ \t]?`;
const MARKER = new RegExp(MARKER_SOURCE, "y");
/** A line starting with more than MAX_MARKERS markers (`m`: any line of a source). */
const LEADING_MARKERS = new RegExp(`^ {0,3}(?:${MARKER_SOURCE}){${MAX_MARKERS + 1},}`);
const ANY_LINE_LEADING_MARKERS = new RegExp(LEADING_MARKERS.source, "m");
const LEADING_MARKERS_AT = new RegExp(LEADING_MARKERS.source.slice(1), "y");

/** Whether the line starting at `start` of `src` opens more than MAX_MARKERS lists or quotes (capLeadingMarkers cuts it). */
export function opensTooMany(src: string, start: number): boolean {
  LEADING_MARKERS_AT.lastIndex = start;
  return LEADING_MARKERS_AT.test(src);
}

/** The source with over-deep marker runs cut down; the 0-based index of the first line cut, or -1. */
export function capLeadingMarkers(src: string): { src: string; firstLine: number } {
  if (!ANY_LINE_LEADING_MARKERS.test(src)) return { src, firstLine: -1 };
  let firstLine = -1;
  const lines = src.split("\n").map((line, index) => {
    if (!LEADING_MARKERS.test(line)) return line;
    if (firstLine < 0) firstLine = index;
    let at = line.length - line.trimStart().length;
    for (let n = 0; n < MAX_MARKERS; n++) {
      MARKER.lastIndex = at;
      MARKER.exec(line);
      at = MARKER.lastIndex;
    }
    return `${line.slice(0, at)}\\${line.slice(at)}`;
  });
  return { src: lines.join("\n"), firstLine };
}

export function nestingLimitPlugin(md: MarkdownIt): void {
  md.core.ruler.before("block", "cap_nesting", (state) => {
    const capped = capLeadingMarkers(state.src);
    if (capped.firstLine < 0) return;
    state.src = capped.src;
    const env = envOf(state.env);
    env.warnings.add(
      `a line opens more than ${MAX_MARKERS} lists or quotes at once; the markers beyond are shown as text`,
      {
        file: env.file,
        line: lineOf(env, [capped.firstLine, capped.firstLine + 1]),
      },
    );
  });
  md.core.ruler.after("block", "nesting_limit", (state) => {
    const limit = md.options.maxNesting;
    const deepest = state.tokens.find((t) => t.level >= limit - 1);
    if (!deepest) return;
    const env = envOf(state.env);
    env.warnings.add(`blocks are nested deeper than ${limit} levels; what lies deeper is left out`, {
      file: env.file,
      line: lineOf(env, deepest.map),
    });
  });
}
