// The site's markdown-it plugins (`markdown.plugins`), applied to every doc after ssodocs's own
// rules, as Docusaurus applies `remarkPlugins`. A plugin is the site's code, but the Markdown it
// reads is not: what it renders passes the raw-HTML allow-list as the author's own HTML does
// (whether it comes from a renderer rule, an HTML token or a token's tag and attributes), an
// error it throws names the plugin and the doc, and what it is (its code and options) is part of
// every page's key (plugin-list.ts).
import MarkdownIt from "markdown-it";
import type { MarkdownIt as MarkdownItInstance, RendererRule, Token } from "markdown-it";
import { SsodocsError, UNSAFE_REMOVED } from "../errors.ts";
import { envOf, lineOf, type MarkdownEnv } from "./env.ts";
import { type NamedPlugin, namedPlugins, type SitePlugins } from "./plugin-list.ts";
import { allowedAttributes, allowedElement, filterRawHtml } from "./raw-html.ts";

/** The error a plugin threw while rendering a doc, naming both. */
function pluginError(plugin: NamedPlugin, env: MarkdownEnv | undefined, map: Token["map"], error: unknown) {
  if (error instanceof SsodocsError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const where = env?.file ? { file: env.file, ...(map ? { line: lineOf(env, map) } : {}) } : undefined;
  return Object.assign(new SsodocsError(`the Markdown plugin ${plugin.name} failed: ${message}`, where), {
    cause: error,
  });
}

/** Warns of what the allow-list removed from a plugin's output (`by`: which plugin, when known). */
function warnRemoved(env: MarkdownEnv, removed: string[], by: string, map: Token["map"]): void {
  for (const what of removed)
    env.warnings.add(`${UNSAFE_REMOVED}${what}, made by ${by}; HTML is limited to the allow-list in the README`, {
      file: env.file,
      line: lineOf(env, map),
    });
}

/** Every HTML token (children included) with its content. */
function htmlTokens(tokens: Token[], found = new Map<Token, string>()): Map<Token, string> {
  for (const t of tokens) {
    if (t.type === "html_block" || t.type === "html_inline") found.set(t, t.content);
    if (t.children) htmlTokens(t.children, found);
  }
  return found;
}

type CoreRule = Parameters<MarkdownItInstance["core"]["ruler"]["push"]>[1];
type BlockRule = Parameters<MarkdownItInstance["block"]["ruler"]["push"]>[1];
type InlineRule = Parameters<MarkdownItInstance["inline"]["ruler"]["push"]>[1];
type PostRule = Parameters<MarkdownItInstance["inline"]["ruler2"]["push"]>[1];

/** A plugin's core rule: HTML tokens it adds or changes go through the allow-list (they come after ssodocs's filter). */
function guardedCore(fn: CoreRule, plugin: NamedPlugin): CoreRule {
  return (state) => {
    const before = htmlTokens(state.tokens);
    try {
      fn(state);
    } catch (error) {
      throw pluginError(plugin, envOf(state.env), null, error);
    }
    for (const [token, content] of htmlTokens(state.tokens)) {
      if (before.get(token) === content) continue;
      const { html, removed } = filterRawHtml(content);
      token.content = html;
      warnRemoved(envOf(state.env), removed, `the Markdown plugin ${plugin.name}`, token.map);
    }
  };
}

function guardedBlock(fn: BlockRule, plugin: NamedPlugin): BlockRule {
  return (state, startLine, endLine, silent) => {
    try {
      return fn(state, startLine, endLine, silent);
    } catch (error) {
      throw pluginError(plugin, envOf(state.env), [startLine, startLine + 1], error);
    }
  };
}

function guardedInline<F extends InlineRule | PostRule>(fn: F, plugin: NamedPlugin): F {
  return ((state: Parameters<F>[0], silent: boolean) => {
    try {
      return (fn as InlineRule)(state, silent);
    } catch (error) {
      throw pluginError(plugin, envOf(state.env), null, error);
    }
  }) as F;
}

/** A renderer rule of a plugin: what it returns goes through the allow-list. */
function guardedRenderer(rule: RendererRule, plugin: NamedPlugin): RendererRule {
  return (tokens, idx, options, rawEnv, self) => {
    const env = envOf(rawEnv);
    let out: string;
    try {
      out = rule(tokens, idx, options, rawEnv, self);
    } catch (error) {
      throw pluginError(plugin, env, tokens[idx]?.map ?? null, error);
    }
    const { html, removed } = filterRawHtml(out);
    warnRemoved(env, removed, `the Markdown plugin ${plugin.name}`, tokens[idx]?.map ?? null);
    return html;
  };
}

const rulersOf = (md: MarkdownItInstance) => ({
  core: md.core.ruler,
  block: md.block.ruler,
  inline: md.inline.ruler,
  post: md.inline.ruler2,
});

interface Snapshot {
  rules: Set<unknown>;
  renderer: Record<string, RendererRule>;
}

function snapshot(md: MarkdownItInstance): Snapshot {
  const rules = new Set<unknown>();
  for (const ruler of Object.values(rulersOf(md)))
    for (const entry of (ruler as { __rules__: Entries }).__rules__) rules.add(entry.fn);
  return { rules, renderer: { ...md.renderer.rules } };
}

/** The entries of a ruler, whatever its rules' arguments. */
type Entries = { fn: unknown }[];

/** Wraps the rules a plugin added or replaced (rulers and renderer) so that they answer for it. */
function guardNewRules(md: MarkdownItInstance, before: Snapshot, plugin: NamedPlugin, own: Set<string>): string | null {
  const rulers = rulersOf(md);
  const wrap = (ruler: { __rules__: Entries; __cache__: unknown }, guard: (fn: never) => unknown) => {
    for (const entry of ruler.__rules__) if (!before.rules.has(entry.fn)) entry.fn = guard(entry.fn as never);
    ruler.__cache__ = null;
  };
  wrap(rulers.core, (fn: CoreRule) => guardedCore(fn, plugin));
  wrap(rulers.block, (fn: BlockRule) => guardedBlock(fn, plugin));
  wrap(rulers.inline, (fn: InlineRule) => guardedInline(fn, plugin));
  wrap(rulers.post, (fn: PostRule) => guardedInline(fn, plugin));
  for (const [type, rule] of Object.entries(md.renderer.rules)) {
    if (rule === before.renderer[type]) continue;
    // ssodocs's own renderers (code blocks, tabs, admonitions) make markup the allow-list would take apart.
    if (own.has(type)) return type;
    md.renderer.rules[type] = guardedRenderer(rule, plugin);
  }
  return null;
}

/** markdown-it's own renderer rules that print a token's attributes. */
const ATTRIBUTES_PRINTED = new Set(["code_inline", "code_block", "image"]);

/** Whether a token is printed from its tag and attributes (by markdown-it, not a renderer rule of ssodocs or a plugin). */
const printedFromTag = (md: MarkdownItInstance, t: Token) =>
  t.nesting !== -1 && !t.hidden && t.tag !== "" && (!md.renderer.rules[t.type] || ATTRIBUTES_PRINTED.has(t.type));

/** markdown-it's alignment of table cells, the one style attribute its own tokens carry. */
const CELL_ALIGN = /^text-align:(?:left|right|center)$/;

/**
 * Tokens markdown-it prints from their tag and attributes (a plugin may make or change any):
 * an element outside the allow-list is left out, an attribute outside it removed.
 */
function checkPrintedTokens(md: MarkdownItInstance, tokens: Token[], env: MarkdownEnv, map: Token["map"]): void {
  for (const t of tokens) {
    // A child of an inline token has no line of its own: its paragraph's, for the warnings of renderer rules.
    if (!t.map && map) t.map = map;
    if (printedFromTag(md, t)) {
      const removed: string[] = [];
      const attrs = (t.attrs ?? []).map(([name, value]): [string, string] => [name, String(value)]);
      const align = attrs.filter(
        ([name, value]) => name === "style" && /^t[hd]$/.test(t.tag) && CELL_ALIGN.test(value),
      );
      const kept = allowedAttributes(
        t.tag,
        attrs.filter((a) => !align.includes(a)),
        removed,
      );
      if (!allowedElement(t.tag)) t.hidden = true;
      else if (removed.length) t.attrs = [...kept, ...align];
      if (removed.length) warnRemoved(env, removed, "a Markdown plugin", t.map ?? map);
    }
    if (t.children) checkPrintedTokens(md, t.children, env, t.map ?? map);
  }
}

/** Applies the site's plugins, in order, after ssodocs's own; throws naming a plugin that fails to set up. */
export function applySitePlugins(md: MarkdownItInstance, { list, configFile }: SitePlugins): void {
  if (!list.length) return;
  const defaults = new MarkdownIt().renderer.rules;
  const own = new Set(Object.keys(md.renderer.rules).filter((type) => md.renderer.rules[type] !== defaults[type]));
  for (const plugin of namedPlugins(list)) {
    const before = snapshot(md);
    try {
      md.use(plugin.plugin as never, ...(plugin.options as never[]));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new SsodocsError(
        `the Markdown plugin ${plugin.name} failed to set up: ${message}`,
        configFile ? { file: configFile } : undefined,
      );
    }
    const replaced = guardNewRules(md, before, plugin, own);
    if (replaced)
      throw new SsodocsError(
        `the Markdown plugin ${plugin.name} replaces how ssodocs renders "${replaced}" tokens; a plugin may add token types and their renderers, not replace ssodocs's`,
        configFile ? { file: configFile } : undefined,
      );
  }
  md.core.ruler.push("site_plugins_allow_list", (state) =>
    checkPrintedTokens(md, state.tokens, envOf(state.env), null),
  );
}
