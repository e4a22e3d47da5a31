// The MDX parts of a doc as plain Markdown, for its Markdown copy (llms.ts): a reader or an
// assistant gets what the page shows, not components. Tabs become headed sections (one level
// below the heading they stand under; bold labels where no heading level is left), admonitions
// labelled block quotes (`> **Note**`), `<SupportBadge level="..." />` its text, and
// `<DocCardList />` the list of links the page shows as cards. Works line by line, on the lines
// outside code (code inside an admonition is quoted with it).
import { supportBadgeLabel } from "../../shared/badges.ts";
import { MAX_NESTING } from "../../shared/limits.ts";
import { SUPPORT_LEVELS, type SupportLevel } from "../../shared/types.ts";
import { parseAttributes } from "../markdown/tabs.ts";

const ADMONITION = /^(\s*):{3,}(note|tip|info|warning|danger|caution|important)(?:\[([^\]]*)\]|[ \t]+(.*?))?[ \t]*$/;
const ADMONITION_CLOSE = /^\s*:{3,}\s*$/;
const TAB_TAG = /^\s*<(\/?)(Tabs|TabItem)(?=[\s>/]|$)/;
const SUPPORT_BADGE = /<SupportBadge\s+level=["'](\w+)["']\s*\/>/g;
const DOC_CARD_LIST = /^\s*<DocCardList\s*\/>\s*$/;
const HEADING = /^ {0,3}(#{1,6})\s/;

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Whether a tag's text is complete: a `>` outside quotes and braces (a `values={[...]}` prop spans lines). */
function tagClosed(text: string): boolean {
  let quote: string | null = null;
  let braces = 0;
  for (const c of text) {
    if (quote) quote = c === quote ? null : quote;
    else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") braces++;
    else if (c === "}") braces--;
    else if (c === ">" && braces === 0) return true;
  }
  return false;
}

/** `values={[{ label: "SAML", value: "saml" }]}` as a map from value to label. */
function declaredLabels(values: unknown): Map<string, string> {
  const labels = new Map<string, string>();
  for (const obj of String(values ?? "").match(/\{[^{}]*\}/g) ?? []) {
    const get = (key: string) => new RegExp(`${key}\\s*:\\s*(["'\`])(.*?)\\1`).exec(obj)?.[2];
    const value = get("value");
    if (value !== undefined) labels.set(value, get("label") ?? value);
  }
  return labels;
}

/**
 * A transformer of a doc's lines: `line` gives what a line outside code becomes (none, one or
 * more lines), `code` a line of code (quoted inside an admonition). `cards` gives the lines of
 * the card list.
 */
export function plainMarkdown(cards: () => string[]) {
  /** Open admonitions: the indentation of the outermost, and how deep. */
  let quoteIndent = "";
  let depth = 0;
  /** The level of the last heading: a tab's label is a heading one deeper. */
  let level = 0;
  /** The labels each open <Tabs> declares (values={...}). */
  const tabs: Map<string, string>[] = [];
  /** The text of a tag that spans lines, until it closes. */
  let pending: string | null = null;

  const quoted = (line: string) => {
    if (!depth) return line;
    const rest = line.startsWith(quoteIndent) ? line.slice(quoteIndent.length) : line.trimStart();
    // As deep as markdown-it reads at most: each level deeper would copy its prefix onto every line.
    return `${quoteIndent}${"> ".repeat(Math.min(depth, MAX_NESTING))}${rest}`.trimEnd();
  };

  const tabTag = (tag: string, closing: boolean, name: string): string[] => {
    if (name === "Tabs") {
      if (closing) tabs.pop();
      else tabs.push(declaredLabels(parseAttributes(tag).values));
      return [];
    }
    if (closing) return [];
    const attrs = parseAttributes(tag);
    const value = String(attrs.value ?? "");
    const label = typeof attrs.label === "string" ? attrs.label : (tabs.at(-1)?.get(value) ?? value);
    const heading = level > 0 && level < 6 ? `${"#".repeat(level + 1)} ${label}` : `**${label}**`;
    return [quoted(""), quoted(heading), quoted("")];
  };

  const line = (text: string): string[] => {
    if (pending !== null) {
      pending += `\n${text}`;
      if (!tagClosed(pending)) return [];
      const tag = pending.trim();
      pending = null;
      const [, closing, name] = TAB_TAG.exec(tag)!;
      return tabTag(tag, closing === "/", name);
    }
    const tab = TAB_TAG.exec(text);
    if (tab) {
      if (!tagClosed(text)) {
        pending = text;
        return [];
      }
      return tabTag(text.trim(), tab[1] === "/", tab[2]);
    }
    const admonition = ADMONITION.exec(text);
    if (admonition) {
      if (!depth) quoteIndent = admonition[1];
      const title = (admonition[3] ?? admonition[4] ?? "").trim() || capitalised(admonition[2]);
      depth++;
      return [quoted(`**${title}**`), quoted("")];
    }
    if (depth && ADMONITION_CLOSE.test(text)) {
      depth--;
      // A blank line ends the quote, so the text after it is not pulled in.
      return [quoted("")];
    }
    if (DOC_CARD_LIST.test(text)) return cards().map(quoted);
    const heading = HEADING.exec(text);
    if (heading && !depth) level = heading[1].length;
    return [quoted(text.replace(SUPPORT_BADGE, (_, l: string) => badgeText(l)))];
  };

  return { line, code: quoted };
}

/** A badge's text as the page shows it; an unknown level (warned about when rendering) shows nothing. */
function badgeText(level: string): string {
  return SUPPORT_LEVELS.includes(level as SupportLevel) ? supportBadgeLabel(level as SupportLevel) : "";
}
