// Admonitions: `:::note`, `:::tip[Title]`, `:::warning Legacy title`, closed by `:::`.
// They nest (an inner `:::type` opens one level deeper) and may sit inside list items.
import type { MarkdownIt } from "markdown-it";
import type { StateBlock } from "markdown-it";
import { nearestOf } from "../util/nearest.ts";
import { envOf, lineOf, type MarkdownEnv } from "./env.ts";
import { ADMONITION_OPEN, ADMONITION_TYPES, admonitionEnd, fencedLines } from "./fences.ts";

const DEFAULT_TITLES: Record<string, string> = {
  note: "Note",
  tip: "Tip",
  info: "Info",
  warning: "Warning",
  danger: "Danger",
  caution: "Caution",
  important: "Important",
};

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]);
}

function admonitionRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const open = ADMONITION_OPEN.exec(lineText(state, startLine));
  if (!open) return false;
  if (silent) return true;

  // Its matching close (nested opens counted, fenced code skipped), or the end of its block.
  const { line: nextLine, closed } = admonitionEnd(state, startLine, endLine);
  const env = envOf(state.env);
  if (!closed) {
    env.warnings.add(`admonition ":::${open[2]}" is never closed with ":::"; it runs to the end of its block`, {
      file: env.file,
      line: lineOf(env, [startLine, startLine]),
    });
  }

  const type = open[2];
  const title = (open[3] ?? open[4] ?? "").trim() || DEFAULT_TITLES[type];
  const oldParent = state.parentType;
  const oldLineMax = state.lineMax;
  state.parentType = "admonition" as typeof state.parentType;
  state.lineMax = nextLine;

  const tokenOpen = state.push("admonition_open", "div", 1);
  tokenOpen.info = type;
  tokenOpen.block = true;
  tokenOpen.map = [startLine, nextLine];
  const titleToken = state.push("admonition_title", "", 0);
  titleToken.content = title;
  titleToken.children = [];
  state.md.inline.parse(title, state.md, state.env, titleToken.children);

  state.md.block.tokenize(state, startLine + 1, nextLine);

  const tokenClose = state.push("admonition_close", "div", -1);
  tokenClose.block = true;

  state.parentType = oldParent;
  state.lineMax = oldLineMax;
  state.line = closed ? nextLine + 1 : nextLine;
  return true;
}

/** `:::name` lines whose name is no admonition type (outside fenced code): shown as text, as Docusaurus warns. */
function warnUnknownContainers(src: string, env: MarkdownEnv): void {
  const fenced = fencedLines(src);
  src.split("\n").forEach((line, i) => {
    if (fenced[i]) return;
    const name = /^:{3,}\s*([A-Za-z][\w-]*)/.exec(line.trim())?.[1];
    if (name && !(ADMONITION_TYPES as readonly string[]).includes(name)) {
      const nearest = nearestOf(name.toLowerCase(), ADMONITION_TYPES);
      env.warnings.add(
        `unknown admonition ":::${name}"${nearest ? ` (did you mean ":::${nearest}"?)` : ""}; it is shown as text`,
        {
          file: env.file,
          line: env.bodyLine + i,
        },
      );
    }
  });
}

export function admonitionsPlugin(md: MarkdownIt): void {
  md.block.ruler.before("fence", "admonition", admonitionRule, {
    alt: ["paragraph", "reference", "blockquote", "list"],
  });
  md.core.ruler.push("unknown_containers", (state) => warnUnknownContainers(state.src, envOf(state.env)));
  md.renderer.rules.admonition_open = (tokens, idx) => {
    const type = tokens[idx].info;
    return `<div class="admonition admonition-${type}" role="note">`;
  };
  // The heading's icon is drawn by the stylesheet for the admonition's type (src/shared/icons.ts).
  md.renderer.rules.admonition_title = (tokens, idx, options, env) =>
    `<div class="admonition-heading"><span>${md.renderer.renderInline(tokens[idx].children ?? [], options, env)}` +
    '</span></div><div class="admonition-content">';
  md.renderer.rules.admonition_close = () => "</div></div>\n";
}
