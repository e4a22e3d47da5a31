// markdown-it stops parsing blocks nested deeper than its maxNesting (100 levels), which keeps
// hostile input from exhausting the stack; this plugin says so instead of dropping text silently.
import type { MarkdownIt } from "markdown-it";
import { envOf, lineOf } from "./env.ts";

export function nestingLimitPlugin(md: MarkdownIt): void {
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
