// The MDX parts guides use, handled without an MDX compiler: import lines are dropped, and the
// components <SupportBadge level="..." /> and <DocCardList /> are rendered to HTML. In a doc read
// as MDX, `{" "}` spacers become spaces, `{/* comments */}` are dropped and any other
// `{expression}` is shown as text with a warning; in a doc read as CommonMark (format "md")
// braces are text.
import type { MarkdownIt } from "markdown-it";
import type { StateBlock } from "markdown-it";
import type { Token } from "markdown-it";
import { supportBadgeClass, supportBadgeLabel } from "../../shared/badges.ts";
import { SUPPORT_LEVELS, type SupportLevel } from "../../shared/types.ts";
import { envOf, lineOf, type MarkdownEnv } from "./env.ts";

const IMPORT_LINE = /^(?:import\s+(?:[\w*{}\s,]+\s+from\s+)?["'][^"']+["'];?|export\s+const\s+\w+\s*=.*;)\s*$/;
const SUPPORT_BADGE = /<SupportBadge\s+level=["'](\w+)["']\s*\/>/g;
const DOC_CARD_LIST = /^\s*<DocCardList\s*\/>\s*$/;
const COMMENT = /<!--[\s\S]*?-->/g;

/** What the import rule reads of markdown-it's block state (fences.ts hands it its own). */
type ImportState = Pick<StateBlock, "src" | "bMarks" | "tShift" | "eMarks" | "sCount" | "blkIndent" | "line">;

function isImportLine(state: ImportState, line: number): boolean {
  if (state.sCount[line] !== state.blkIndent || state.blkIndent !== 0) return false;
  return IMPORT_LINE.test(state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]));
}

/**
 * An MDX `import` (or `export const`) line, at the top level only: a block of its own, left out.
 * A run of them is dropped at once: markdown-it tries a setext heading at each line first, which
 * reads ahead to the end of the run, so taking the lines one by one was quadratic (25,000 import
 * lines took minutes). Nothing but that heading can start on an import line, and one that did not
 * from the run's first line does not from a later line either: the output is the same.
 */
export function importLineRule(state: ImportState, startLine: number, endLine: number, silent: boolean): boolean {
  if (!isImportLine(state, startLine)) return false;
  if (silent) return true;
  let line = startLine + 1;
  while (line < endLine && isImportLine(state, line)) line++;
  state.line = line;
  return true;
}

function badgeHtml(level: string, env: MarkdownEnv, token: Token): string {
  if (!SUPPORT_LEVELS.includes(level as SupportLevel)) {
    env.warnings.add(`<SupportBadge level="${level}"> is not a support level (${SUPPORT_LEVELS.join(", ")})`, {
      file: env.file,
      line: lineOf(env, token.map),
    });
    return "";
  }
  if (env.supportBadge) return env.supportBadge(level as SupportLevel);
  return `<span class="${supportBadgeClass(level as SupportLevel)}">${supportBadgeLabel(level as SupportLevel)}</span>`;
}

function rewriteHtml(token: Token, env: MarkdownEnv): void {
  let html = token.content.replace(COMMENT, "");
  if (DOC_CARD_LIST.test(html)) html = env.categoryCards();
  html = html.replace(SUPPORT_BADGE, (_m, level: string) => badgeHtml(level, env, token));
  token.content = html;
}

/** `{/* ... *\/}` on lines of its own: an MDX comment, which renders nothing. */
function commentBlockRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine] + state.tShift[startLine];
  if (!/^\{\s*\/\*/.test(state.src.slice(start, start + 8))) return false;
  const last = Math.min(endLine, startLine + MAX_COMMENT_LINES) - 1;
  for (let line = startLine; line <= last; line++) {
    const text = state.src.slice(start, state.eMarks[line]);
    if (!/\*\/\s*\}\s*$/.test(text)) continue;
    if (!COMMENT_EXPRESSION.test(text.trim())) return false;
    if (!silent) state.line = line + 1;
    return true;
  }
  return false;
}

const MAX_COMMENT_LINES = 200;
const COMMENT_EXPRESSION = /^\{\s*\/\*[\s\S]*?\*\/\s*\}$/;
const INLINE_COMMENT = /\{\s*\/\*[\s\S]*?\*\/\s*\}/g;

/** An expression MDX would evaluate in a text: `{" "}` is a space, a comment nothing, anything else warns. */
function textExpressions(t: Token, env: MarkdownEnv, parentMap: Token["map"]): void {
  t.content = t.content.replace(/\{\s*["'] ["']\s*\}/g, " ").replace(INLINE_COMMENT, "");
  // A JSX expression MDX would evaluate (not a heading's {#id}): ssodocs shows it as text.
  const expression = /\{(?!#)[^{}\n]*\}/.exec(t.content)?.[0];
  if (expression)
    env.warnings.add(`JSX expression ${expression} is shown as text: ssodocs does not evaluate MDX expressions`, {
      file: env.file,
      line: lineOf(env, parentMap),
      needle: expression,
    });
}

export function mdxPlugin(md: MarkdownIt, { expressions }: { expressions: boolean }): void {
  md.block.ruler.before("paragraph", "mdx_import", importLineRule);
  if (expressions) md.block.ruler.before("paragraph", "mdx_comment", commentBlockRule);
  md.core.ruler.push("mdx_components", (state) => {
    const env = envOf(state.env);
    const visit = (tokens: Token[], parentMap: Token["map"]) => {
      for (const t of tokens) {
        if (t.type === "html_block") rewriteHtml(t, env);
        else if (t.type === "html_inline") {
          if (!t.map) t.map = parentMap;
          rewriteHtml(t, env);
        } else if (expressions && t.type === "text" && t.content.includes("{")) textExpressions(t, env, parentMap);
        if (t.children) visit(t.children, t.map);
      }
    };
    visit(state.tokens, null);
  });
}
