// The MDX parts guides use, handled without an MDX compiler: import lines are dropped,
// `{" "}` spacers become spaces, and the components <SupportBadge level="..." /> and
// <DocCardList /> are rendered to HTML.
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

function importLineRule(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine] !== state.blkIndent || state.blkIndent !== 0) return false;
  const text = state.src.slice(state.bMarks[startLine] + state.tShift[startLine], state.eMarks[startLine]);
  if (!IMPORT_LINE.test(text)) return false;
  if (!silent) state.line = startLine + 1;
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
  return `<span class="${supportBadgeClass(level as SupportLevel)}">${supportBadgeLabel(level as SupportLevel)}</span>`;
}

function rewriteHtml(token: Token, env: MarkdownEnv): void {
  let html = token.content.replace(COMMENT, "");
  if (DOC_CARD_LIST.test(html)) html = env.categoryCards();
  html = html.replace(SUPPORT_BADGE, (_m, level: string) => badgeHtml(level, env, token));
  token.content = html;
}

export function mdxPlugin(md: MarkdownIt): void {
  md.block.ruler.before("paragraph", "mdx_import", importLineRule);
  md.core.ruler.push("mdx_components", (state) => {
    const env = envOf(state.env);
    const visit = (tokens: Token[], parentMap: Token["map"]) => {
      for (const t of tokens) {
        if (t.type === "html_block") rewriteHtml(t, env);
        else if (t.type === "html_inline") {
          if (!t.map) t.map = parentMap;
          rewriteHtml(t, env);
        } else if (t.type === "text" && t.content.includes("{")) {
          t.content = t.content.replace(/\{\s*["'] ["']\s*\}/g, " ");
          // A JSX expression MDX would evaluate (not a heading's {#id}): ssodocs shows it as text.
          const expression = /\{(?!#)[^{}\n]*\}/.exec(t.content)?.[0];
          if (expression)
            env.warnings.add(
              `JSX expression ${expression} is shown as text: ssodocs does not evaluate MDX expressions`,
              { file: env.file, line: lineOf(env, parentMap), needle: expression },
            );
        }
        if (t.children) visit(t.children, t.map);
      }
    };
    visit(state.tokens, null);
  });
}
