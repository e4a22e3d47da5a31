// Heading ids: `{#custom-id}` honoured, otherwise GitHub-style slugs with -1, -2 for repeats
// (markdown-it-anchor). Headings are collected for the table of contents, get a hash link, and an
// H1 opening the body is lifted out to become the page's title heading.
import type { MarkdownIt } from "markdown-it";
import type { Token } from "markdown-it";
import anchor from "markdown-it-anchor";
import { MAX_HEADINGS } from "../../shared/limits.ts";
import { SsodocsError } from "../errors.ts";
import { envOf, lineOf, type MarkdownEnv } from "./env.ts";
import { slugify } from "./slugify.ts";

const CUSTOM_ID = /\s*\{#([\w-]+)\}\s*$/;

/** The ids of one doc's headings so far, and for each slug the next number to try. */
interface HeadingIds {
  taken: Set<string>;
  next: Map<string, number>;
}

const idsOf = new WeakMap<object, HeadingIds>();

/**
 * Takes each heading's `{#custom-id}` (which must be unique; they are all taken before any slug
 * is made) and refuses a doc with more headings than markdown-it-anchor can number quickly.
 */
function customIds(tokens: Token[], env: MarkdownEnv): void {
  const ids: HeadingIds = { taken: new Set(), next: new Map() };
  idsOf.set(env, ids);
  let headings = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].type !== "heading_open") continue;
    if (++headings > MAX_HEADINGS)
      throw new SsodocsError(`a doc may have at most ${MAX_HEADINGS} headings; split it into several`, {
        file: env.file,
        line: lineOf(env, tokens[i].map),
      });
    const inline = tokens[i + 1];
    const m = CUSTOM_ID.exec(inline.content);
    if (!m) continue;
    if (ids.taken.has(m[1]))
      throw new SsodocsError(`the heading id "${m[1]}" is given twice; each heading id must be unique`, {
        file: env.file,
        line: lineOf(env, tokens[i].map),
      });
    ids.taken.add(m[1]);
    inline.content = inline.content.replace(CUSTOM_ID, "");
    const last = inline.children?.[inline.children.length - 1];
    if (last?.type === "text") last.content = last.content.replace(CUSTOM_ID, "");
    tokens[i].attrSet("id", m[1]);
  }
}

/**
 * A heading's slug, numbered -1, -2, ... past the ids taken, as markdown-it-anchor numbers them.
 * Handed a slug that is free already, markdown-it-anchor keeps it at once: left to number repeats
 * itself, it tries every number from 1 again for each (40,000 equal headings took minutes).
 */
function uniqueSlug(title: string, state: { env: object }): string {
  const ids = idsOf.get(state.env)!;
  const base = slugify(title);
  let id = base;
  for (let n = ids.next.get(base) ?? 1; ids.taken.has(id); n++) {
    id = `${base}-${n}`;
    ids.next.set(base, n + 1);
  }
  ids.taken.add(id);
  return id;
}

/** Plain text of a heading's inline tokens (code spans keep their text, markup is dropped). */
function inlineText(inline: Token): string {
  return (inline.children ?? [])
    .filter((t) => t.type === "text" || t.type === "code_inline" || t.type === "softbreak")
    .map((t) => (t.type === "softbreak" ? " " : t.content))
    .join("")
    .trim();
}

function liftLeadingH1(tokens: Token[], env: MarkdownEnv): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === "html_block" && t.content.trim() === "") continue;
    if (t.type === "heading_open" && t.tag === "h1") {
      env.leadingH1 = inlineText(tokens[i + 1]);
      tokens.splice(i, 3);
    }
    return;
  }
}

export function headingsPlugin(md: MarkdownIt): void {
  md.core.ruler.push("heading_custom_ids", (state) => {
    customIds(state.tokens, envOf(state.env));
    liftLeadingH1(state.tokens, envOf(state.env));
  });
  md.use(anchor, {
    slugifyWithState: uniqueSlug,
    level: [1, 2, 3, 4, 5, 6],
    tabIndex: false,
    uniqueSlugStartIndex: 1,
  });
  md.core.ruler.push("heading_toc_and_links", (state) => {
    const env = envOf(state.env);
    const tokens = state.tokens;
    // The labels of the tabs around each heading (tabs.ts has labelled them), for the table of contents.
    const tabs: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const open = tokens[i];
      if (open.type === "tab_open") tabs.push(String((open.meta as { label?: string } | null)?.label ?? ""));
      else if (open.type === "tab_close") tabs.pop();
      if (open.type !== "heading_open") continue;
      const rawId = open.attrGet("id");
      const id = rawId === null ? null : String(rawId);
      const inline = tokens[i + 1];
      if (!id || !inline.children) continue;
      const text = inlineText(inline);
      const tab = tabs.length ? { tab: tabs.join(" › ") } : {};
      env.headings.push({ level: Number(open.tag.slice(1)), id, text, ...tab });
      const link = new state.Token("html_inline", "", 0);
      link.content = `<a class="hash-link" href="#${md.utils.escapeHtml(id)}" aria-label="Direct link to ${md.utils.escapeHtml(text)}">#</a>`;
      inline.children.push(link);
    }
  });
}
