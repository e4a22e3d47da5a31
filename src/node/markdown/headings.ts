// Heading ids: `{#custom-id}` honoured, otherwise GitHub-style slugs with -1, -2 for repeats
// (as markdown-it-anchor numbers them). Headings are collected for the table of contents, get a
// hash link, and an H1 opening the body is lifted out to become the page's title heading.
import type { MarkdownIt } from "markdown-it";
import type { Token } from "markdown-it";
import { SsodocsError } from "../errors.ts";
import { envOf, lineOf, type MarkdownEnv } from "./env.ts";
import { slugify } from "./slugify.ts";

const CUSTOM_ID = /\s*\{#([\w-]+)\}\s*$/;

function customIds(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].type !== "heading_open") continue;
    const inline = tokens[i + 1];
    const m = CUSTOM_ID.exec(inline.content);
    if (!m) continue;
    inline.content = inline.content.replace(CUSTOM_ID, "");
    const last = inline.children?.[inline.children.length - 1];
    if (last?.type === "text") last.content = last.content.replace(CUSTOM_ID, "");
    tokens[i].attrSet("id", m[1]);
  }
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

/**
 * Gives every heading its id: its custom id (which must be unique), else its slug, numbered -1,
 * -2, ... when taken, as markdown-it-anchor numbers them. That package tried every number from 1
 * for each repeat and searched the tokens again after each heading: 40,000 headings took minutes.
 * Here each slug remembers the next number to try, which gives the same ids in linear time.
 */
function headingIds(tokens: Token[], env: MarkdownEnv): void {
  const taken = new Set<string>();
  const next = new Map<string, number>();
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i];
    if (open.type !== "heading_open") continue;
    const custom = open.attrGet("id");
    if (custom !== null) {
      const id = String(custom);
      if (taken.has(id))
        throw new SsodocsError(`the heading id "${id}" is given twice; each heading id must be unique`, {
          file: env.file,
          line: lineOf(env, open.map),
        });
      taken.add(id);
      continue;
    }
    const text = (tokens[i + 1].children ?? [])
      .filter((t) => t.type === "text" || t.type === "code_inline")
      .map((t) => t.content)
      .join("");
    const base = slugify(text);
    let id = base;
    for (let n = next.get(base) ?? 1; taken.has(id); n++) {
      id = `${base}-${n}`;
      next.set(base, n + 1);
    }
    taken.add(id);
    open.attrSet("id", id);
  }
}

export function headingsPlugin(md: MarkdownIt): void {
  md.core.ruler.push("heading_custom_ids", (state) => {
    customIds(state.tokens);
    liftLeadingH1(state.tokens, envOf(state.env));
  });
  md.core.ruler.push("heading_ids", (state) => headingIds(state.tokens, envOf(state.env)));
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
