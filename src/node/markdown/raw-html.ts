// Raw HTML written in Markdown is limited to an allow-list: the elements and attributes guides
// use (kbd, details, tables, images, links with safe addresses, ids...). Anything else is
// removed, and each removal is a warning naming the file and line (`ssodocs check` fails on
// them): scripts, event handlers, frames, forms, styles and `javascript:` addresses never reach a
// page, whatever host serves it. Element names that are not HTML (`<application slug>` written
// as a placeholder) are shown as text. MDX components ssodocs renders pass through; unknown ones
// are dropped with a warning.
//
// markdown-it hands raw HTML over tag by tag (`<kbd>`, text, `</kbd>` are three tokens), so each
// token is filtered on its own rather than by a sanitizer that would balance the tags.
import { Parser } from "htmlparser2";
import type { MarkdownIt, Token } from "markdown-it";
import { escapeHtml } from "../../shared/escape-html.ts";
import { UNSAFE_REMOVED } from "../errors.ts";
import { envOf, lineOf, type MarkdownEnv } from "./env.ts";
import { parseAttributes } from "./tabs.ts";
import { COMPONENT_ATTRIBUTES, removedAttribute } from "./components.ts";
import { VOID_ELEMENTS } from "../util/void-elements.ts";

const GLOBAL_ATTRIBUTES = ["id", "class", "title", "lang", "dir", "role"];

/** Allowed elements, each with the attributes it may carry besides the global ones. */
const ELEMENTS: Record<string, string[]> = {
  a: ["href", "name", "target", "rel"],
  img: ["src", "alt", "width", "height", "loading"],
  td: ["colspan", "rowspan", "align"],
  th: ["colspan", "rowspan", "align", "scope"],
  col: ["span"],
  colgroup: ["span"],
  ol: ["start", "type", "reversed"],
  li: ["value"],
  details: ["open"],
  time: ["datetime"],
  blockquote: ["cite"],
  q: ["cite"],
  del: ["cite"],
  ins: ["cite"],
  ...Object.fromEntries(
    (
      "abbr b bdi bdo br caption center cite code dd dfn div dl dt em figcaption figure h1 h2 h3 h4 h5 h6 hr i kbd " +
      "mark p pre rp rt ruby s samp small span strong sub summary sup table tbody tfoot thead tr u ul var wbr"
    )
      .split(" ")
      .map((name) => [name, []]),
  ),
};

/** Elements removed together with everything inside them. */
const REMOVED_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "noscript",
  "template",
  "textarea",
  "select",
  "svg",
  "math",
  "title",
  "head",
]);

/** Elements of HTML that are not allowed (removed, their content kept); any other lower-case name is shown as text. */
const HTML_ELEMENTS = new Set(
  (
    "address area article aside audio base basefont bgsound body button canvas data datalist dialog fieldset font footer form " +
    "header hgroup html input keygen label legend link main map marquee menu meta meter nav nobr optgroup option output param " +
    "picture portal progress search section slot source table track video xmp plaintext listing"
  ).split(" "),
);

/** A component's tag with only the attributes it reads, their values escaped. */
function componentTag(raw: string, name: string, removed: string[]): string {
  const allowed = COMPONENT_ATTRIBUTES[name];
  let tag = raw.startsWith("</") ? `</${name}` : `<${name}`;
  for (const [attribute, value] of Object.entries(parseAttributes(raw))) {
    if (!allowed.includes(attribute)) removed.push(removedAttribute(attribute, value, name));
    else tag += value === true ? ` ${attribute}` : ` ${attribute}="${escapeHtml(value)}"`;
  }
  return `${tag}${/\/\s*>$/.test(raw) ? " />" : ">"}`;
}

const URL_ATTRIBUTES = new Set(["href", "src", "cite"]);

/** Whether an address is safe in a page: relative, a fragment, or http(s), mailto or tel. */
export function safeUrl(value: string): boolean {
  // Browsers ignore whitespace and control characters inside a scheme name.
  const compact = value.replace(/[\u0000-\u0020\u007f]+/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  return scheme === undefined || ["http", "https", "mailto", "tel"].includes(scheme);
}

/**
 * The attributes of an element of the allow-list that it may carry (safe addresses only); each
 * other one is named in `removed`. An element outside the allow-list keeps none and is named in
 * `removed` itself.
 */
export function allowedAttributes(name: string, attributes: [string, string][], removed: string[]): [string, string][] {
  const own = ELEMENTS[name];
  if (!own) {
    removed.push(`<${name}>`);
    return [];
  }
  return attributes.filter(([attribute, value]) => {
    const allowed = GLOBAL_ATTRIBUTES.includes(attribute) || attribute.startsWith("aria-") || own.includes(attribute);
    if (allowed && !(URL_ATTRIBUTES.has(attribute) && !safeUrl(value))) return true;
    removed.push(removedAttribute(attribute, value, name));
    return false;
  });
}

/** Whether an element is on the allow-list. */
export const allowedElement = (name: string): boolean => Object.hasOwn(ELEMENTS, name);

interface Filtered {
  html: string;
  removed: string[];
}

/**
 * A parser that reports every closing tag as written (htmlparser2 drops one that closes nothing
 * it saw opened, and markdown-it hands `</kbd>` over on its own).
 */
class ClosingTagParser extends Parser {
  constructor(
    private readonly source: string,
    handler: ConstructorParameters<typeof Parser>[0],
    private readonly onClosingTag: (raw: string, name: string) => void,
  ) {
    super(handler, {
      decodeEntities: true,
      lowerCaseTags: true,
      lowerCaseAttributeNames: true,
      recognizeSelfClosing: true,
    });
  }
  override onclosetag(start: number, endIndex: number): void {
    this.onClosingTag(this.source.slice(this.startIndex, endIndex + 1), this.source.slice(start, endIndex));
    super.onclosetag(start, endIndex);
  }
}

/** The allowed part of a piece of raw HTML, and what was removed. */
export function filterRawHtml(source: string): Filtered {
  let html = "";
  const removed: string[] = [];
  let skipping: { name: string; depth: number } | null = null;

  const open = (raw: string, name: string, attributes: Record<string, string>) => {
    if (skipping) {
      if (name === skipping.name) skipping.depth++;
      return;
    }
    const original = /^<\s*([A-Za-z][\w.:-]*)/.exec(raw)?.[1] ?? name;
    if (/^[A-Z]/.test(original)) {
      if (Object.hasOwn(COMPONENT_ATTRIBUTES, original)) html += componentTag(raw, original, removed);
      else removed.push(`<${original}> (an MDX component ssodocs does not render)`);
      return;
    }
    if (REMOVED_WITH_CONTENT.has(name)) {
      removed.push(`<${name}> with its content`);
      if (!raw.endsWith("/>")) skipping = { name, depth: 1 };
      return;
    }
    if (!ELEMENTS[name]) {
      if (HTML_ELEMENTS.has(name)) removed.push(`<${name}>`);
      else html += escapeHtml(raw);
      return;
    }
    let tag = `<${name}`;
    for (const [attribute, value] of allowedAttributes(name, Object.entries(attributes), removed))
      tag += value === "" && attribute !== "alt" ? ` ${attribute}` : ` ${attribute}="${escapeHtml(value)}"`;
    if (name === "a" && attributes.target === "_blank" && !/\bnoopener\b/.test(attributes.rel ?? ""))
      tag += ' rel="noopener noreferrer"';
    html += `${tag}${raw.endsWith("/>") ? " /" : ""}>`;
  };

  const close = (raw: string, original: string) => {
    const name = original.toLowerCase();
    if (skipping) {
      if (name === skipping.name && --skipping.depth === 0) skipping = null;
      return;
    }
    if (/^[A-Z]/.test(original)) {
      if (Object.hasOwn(COMPONENT_ATTRIBUTES, original)) html += `</${original}>`;
      return;
    }
    if (VOID_ELEMENTS.has(name)) return;
    if (ELEMENTS[name]) html += `</${name}>`;
    else if (!HTML_ELEMENTS.has(name) && !REMOVED_WITH_CONTENT.has(name)) html += escapeHtml(raw);
  };

  const parser: Parser = new ClosingTagParser(
    source,
    {
      onopentag(name, attributes) {
        open(source.slice(parser.startIndex, parser.endIndex + 1), name, attributes);
      },
      ontext(text) {
        if (!skipping) html += escapeHtml(text);
      },
      onprocessinginstruction(_name, data) {
        if (!skipping) html += escapeHtml(`<${data}>`);
      },
      // Comments are dropped (they may hide anything); closing tags are reported as written, above.
    },
    close,
  );
  parser.end(source);
  return { html, removed };
}

/** The text a piece of HTML shows: its text and character references decoded, its tags left out. */
export function textOfHtml(html: string): string {
  let text = "";
  new Parser({ ontext: (t) => void (text += t) }, { decodeEntities: true }).end(html);
  return text;
}

function filterToken(token: Token, env: MarkdownEnv, line: number): void {
  const { html, removed } = filterRawHtml(token.content);
  token.content =
    token.type === "html_block" && token.content.endsWith("\n") && !html.endsWith("\n") ? `${html}\n` : html;
  for (const what of removed)
    env.warnings.add(`${UNSAFE_REMOVED}${what}; raw HTML is limited to the allow-list in the README`, {
      file: env.file,
      line,
    });
}

/** Filters the author's raw HTML before any other rule adds HTML of its own. */
export function rawHtmlPlugin(md: MarkdownIt): void {
  md.core.ruler.after("inline", "raw_html_allow_list", (state) => {
    const env = envOf(state.env);
    const visit = (tokens: Token[], map: Token["map"]) => {
      for (const t of tokens) {
        if (t.type === "html_block" || t.type === "html_inline") filterToken(t, env, lineOf(env, t.map ?? map));
        if (t.children) visit(t.children, t.map ?? map);
      }
    };
    visit(state.tokens, null);
  });
}
