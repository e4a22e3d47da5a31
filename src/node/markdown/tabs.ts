// Docusaurus tabs: `<Tabs>` holding `<TabItem value label default>` blocks of Markdown,
// or `<Tabs defaultValue values={[{ label, value }, ...]}>` written over several lines.
// Rendered as an ARIA tab list whose default panel shows without JavaScript.
import type { MarkdownIt } from "markdown-it";
import type { StateBlock } from "markdown-it";
import type { Token } from "markdown-it";
import { UNSAFE_REMOVED } from "../errors.ts";
import { COMPONENT_ATTRIBUTES, removedAttribute } from "./components.ts";
import { lineOf, type MarkdownEnv } from "./env.ts";

interface TagAttributes {
  [name: string]: string | true;
}

interface TabsMeta {
  [key: string]: unknown;
  attrs: TagAttributes;
  items: { value: string; label: string }[];
  selected: string | null;
}

interface TabMeta {
  [key: string]: unknown;
  attrs: TagAttributes;
  value: string;
  label: string;
  selected: boolean;
  panelId: string;
  tabId: string;
}

const START = /^<\/?(Tabs|TabItem)(?=[\s>/]|$)/;

/** Reads `<Tag a="1" b={...} c>` starting at `pos`; returns the end offset after `>`, or -1. */
export function scanTag(src: string, pos: number, max: number): number {
  let quote: string | null = null;
  let braces = 0;
  for (let i = pos; i < max; i++) {
    const c = src[i];
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") braces++;
    else if (c === "}") braces--;
    else if (c === ">" && braces === 0) return i + 1;
  }
  return -1;
}

export function parseAttributes(tag: string): TagAttributes {
  const attrs: TagAttributes = {};
  const body = tag.replace(/^<\/?\w+/, "").replace(/\/?>$/, "");
  let i = 0;
  while (i < body.length) {
    const m = /^\s*([A-Za-z_:][\w:.-]*)/.exec(body.slice(i));
    if (!m) break;
    const name = m[1];
    i += m[0].length;
    const eq = /^\s*=\s*/.exec(body.slice(i));
    if (!eq) {
      attrs[name] = true;
      continue;
    }
    i += eq[0].length;
    const c = body[i];
    if (c === '"' || c === "'") {
      const end = body.indexOf(c, i + 1);
      attrs[name] = body.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? body.length : end + 1;
    } else if (c === "{") {
      let depth = 0;
      let j = i;
      for (; j < body.length; j++) {
        if (body[j] === "{") depth++;
        else if (body[j] === "}" && --depth === 0) break;
      }
      attrs[name] = body.slice(i + 1, j);
      i = j + 1;
    } else {
      const m2 = /^[^\s>]+/.exec(body.slice(i));
      attrs[name] = m2 ? m2[0] : "";
      i += m2 ? m2[0].length : 1;
    }
  }
  return attrs;
}

/** `[{ label: "SAML", value: "saml" }, ...]` as written in a `values={...}` prop. */
function parseValuesProp(expr: string): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (const obj of expr.match(/\{[^{}]*\}/g) ?? []) {
    const get = (key: string) => new RegExp(`${key}\\s*:\\s*(["'\`])(.*?)\\1`).exec(obj)?.[2];
    const value = get("value");
    if (value !== undefined) out.push({ value, label: get("label") ?? value });
  }
  return out;
}

/** A `<Tabs>` or `<TabItem>` tag, opening or closing, as it starts a line and ends its last line. */
interface TabsTag {
  name: string;
  closing: boolean;
  /** Where the tag starts and ends in the source, and the last line it takes. */
  start: number;
  end: number;
  lastLine: number;
}

/** The tag starting `startLine` (after its indentation), or null when none does or what follows it on its line is not blank. */
export function tabsTag(
  state: Pick<StateBlock, "src" | "bMarks" | "tShift" | "eMarks" | "lineMax">,
  startLine: number,
  endLine: number,
): TabsTag | null {
  const start = state.bMarks[startLine] + state.tShift[startLine];
  const first = START.exec(state.src.slice(start, state.eMarks[startLine]));
  if (!first) return null;
  const end = scanTag(state.src, start, state.eMarks[Math.min(endLine, state.lineMax) - 1] ?? state.src.length);
  if (end < 0) return null;
  // The tag must end its line: what follows on the same line would be lost.
  let lastLine = startLine;
  while (lastLine < endLine - 1 && state.eMarks[lastLine] < end) lastLine++;
  if (state.src.slice(end, state.eMarks[lastLine]).trim() !== "") return null;
  return { name: first[1], closing: state.src.startsWith("</", start), start, end, lastLine };
}

function tabsBlockRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const found = tabsTag(state, startLine, endLine);
  if (!found) return false;
  if (silent) return true;
  const type = `${found.name === "Tabs" ? "tabs" : "tab"}_${found.closing ? "close" : "open"}`;
  const token = state.push(type, "div", found.closing ? -1 : 1);
  token.block = true;
  token.map = [startLine, found.lastLine + 1];
  if (!found.closing) token.meta = { attrs: parseAttributes(state.src.slice(found.start, found.end)) };
  state.line = found.lastLine + 1;
  return true;
}

/** Pairs tabs with their items, fills labels and picks the selected tab; repairs unbalanced tags. */
function tabsCoreRule(state: { tokens: Token[]; env: MarkdownEnv }): void {
  const tokens = state.tokens;
  // Each open <Tabs> has its own open <TabItem>, so tabs nested in a tab close where they should.
  const stack: { tabs: Token; items: Token[]; index: number; open: Token | null }[] = [];
  const out: Token[] = [];
  const env = state.env;
  const warn = (message: string, token: Token) =>
    env.warnings.add(message, { file: env.file, line: lineOf(env, token.map) });
  const TokenCtor = tokens[0]?.constructor as new (type: string, tag: string, nesting: number) => Token;
  const closeTab = () => {
    const t = new TokenCtor("tab_close", "div", -1);
    t.block = true;
    return t;
  };

  // Attributes the tabs do not read never reach the page (they are not rendered); say so, as for raw HTML.
  const checkAttributes = (t: Token, name: string) => {
    for (const [attribute, value] of Object.entries((t.meta as { attrs: TagAttributes }).attrs))
      if (!COMPONENT_ATTRIBUTES[name].includes(attribute))
        warn(
          `${UNSAFE_REMOVED}${removedAttribute(attribute, value, name)}; the attributes it takes are in the README`,
          t,
        );
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === "tabs_open") checkAttributes(t, "Tabs");
    else if (t.type === "tab_open") checkAttributes(t, "TabItem");
    if (t.type === "tabs_open") {
      stack.push({ tabs: t, items: [], index: i, open: null });
      out.push(t);
    } else if (t.type === "tab_open") {
      const frame = stack[stack.length - 1];
      if (!frame) {
        warn("<TabItem> outside <Tabs> is shown as plain content", t);
        continue;
      }
      if (frame.open) {
        warn("<TabItem> opened before the previous one was closed", t);
        out.push(closeTab());
      }
      frame.items.push(t);
      frame.open = t;
      out.push(t);
    } else if (t.type === "tab_close") {
      const frame = stack[stack.length - 1];
      if (!frame?.open) continue;
      frame.open = null;
      out.push(t);
    } else if (t.type === "tabs_close") {
      const frame = stack.pop();
      if (!frame) {
        warn("</Tabs> without an opening <Tabs> is ignored", t);
        continue;
      }
      if (frame.open) {
        warn("<TabItem> is not closed before </Tabs>", frame.open);
        out.push(closeTab());
      }
      finishTabs(frame.tabs, frame.items);
      out.push(t);
    } else out.push(t);
  }
  while (stack.length) {
    const frame = stack.pop()!;
    warn("<Tabs> is never closed with </Tabs>", frame.tabs);
    if (frame.open) out.push(closeTab());
    finishTabs(frame.tabs, frame.items);
    const close = new TokenCtor("tabs_close", "div", -1);
    close.block = true;
    out.push(close);
  }
  state.tokens = out;
}

let tabsCounter = 0;

function finishTabs(tabs: Token, items: Token[]): void {
  const attrs = (tabs.meta as { attrs: TagAttributes }).attrs;
  const declared = typeof attrs.values === "string" ? parseValuesProp(attrs.values) : [];
  const group = `tabs-${++tabsCounter}`;
  const list = items.map((item, n) => {
    const a = (item.meta as { attrs: TagAttributes }).attrs;
    const value = typeof a.value === "string" ? a.value : `tab-${n + 1}`;
    const label = typeof a.label === "string" ? a.label : (declared.find((d) => d.value === value)?.label ?? value);
    return { item, value, label, isDefault: a.default === true || a.default === "true" };
  });
  const selected =
    (typeof attrs.defaultValue === "string" && list.some((l) => l.value === attrs.defaultValue)
      ? attrs.defaultValue
      : null) ??
    list.find((l) => l.isDefault)?.value ??
    list[0]?.value ??
    null;
  const slug = (v: string) => v.replace(/[^\w-]+/g, "-");
  tabs.meta = {
    attrs,
    items: list.map(({ value, label }) => ({ value, label })),
    selected,
    group,
  } satisfies TabsMeta & { group: string };
  for (const l of list) {
    l.item.meta = {
      attrs: (l.item.meta as { attrs: TagAttributes }).attrs,
      value: l.value,
      label: l.label,
      selected: l.value === selected,
      panelId: `${group}-panel-${slug(l.value)}`,
      tabId: `${group}-tab-${slug(l.value)}`,
    } satisfies TabMeta;
  }
}

export function tabsPlugin(md: MarkdownIt): void {
  md.block.ruler.before("html_block", "tabs", tabsBlockRule, { alt: ["paragraph", "reference", "blockquote", "list"] });
  md.core.ruler.after("block", "tabs_pairing", (state) => {
    tabsCounter = 0;
    tabsCoreRule(state as unknown as { tokens: Token[]; env: MarkdownEnv });
  });
  const esc = md.utils.escapeHtml;
  md.renderer.rules.tabs_open = (tokens, idx) => {
    const meta = tokens[idx].meta as unknown as TabsMeta & { group: string };
    const group = typeof meta.attrs.groupId === "string" ? meta.attrs.groupId : null;
    const groupId = group ? ` data-group-id="${esc(group)}"` : "";
    // Docusaurus's queryString: `?<key>=<value>` selects a tab (the key is the groupId when it is just `queryString`).
    const q = meta.attrs.queryString;
    const named = typeof q === "string" && q !== "false" && q !== "true" ? q.replace(/^["'`]|["'`]$/g, "") : null;
    const queryKey = q === true || q === "true" ? group : named;
    const query = queryKey ? ` data-query-key="${esc(queryKey)}"` : "";
    const buttons = meta.items
      .map((item) => {
        const selected = item.value === meta.selected;
        const slug = item.value.replace(/[^\w-]+/g, "-");
        return `<button type="button" role="tab" class="tab" id="${meta.group}-tab-${esc(slug)}" aria-controls="${meta.group}-panel-${esc(slug)}" aria-selected="${selected}" tabindex="${selected ? 0 : -1}" data-value="${esc(item.value)}">${esc(item.label)}</button>`;
      })
      .join("");
    return `<div class="tabs" data-tabs${groupId}${query}><div class="tabs-list" role="tablist">${buttons}</div>\n`;
  };
  md.renderer.rules.tabs_close = () => "</div>\n";
  md.renderer.rules.tab_open = (tokens, idx) => {
    const meta = tokens[idx].meta as unknown as TabMeta;
    return `<div class="tab-panel" role="tabpanel" id="${esc(meta.panelId)}" aria-labelledby="${esc(meta.tabId)}" data-value="${esc(meta.value)}" tabindex="0"${meta.selected ? "" : " hidden"}>\n`;
  };
  md.renderer.rules.tab_close = () => "</div>\n";
}
