// A page's payload for client navigation (src/shared/page-payload.ts): the parts of its rendered
// HTML the router swaps, cut out of that HTML as they stand, so the payload is the page and a
// cached build writes what an uncached one writes. The docs sidebar is left out: its element
// stays, empty, and the page's own sidebar gets `data-sidebar`, a stamp of its markup without the
// current entry and the open categories; the router keeps the sidebar it shows when the stamps match.
// The HTML is React's, as the templates render it: every `<` and `>` inside text and attribute
// values is escaped, so tags can be found by pattern without parsing the whole page.
import { hashOf } from "../cache.ts";
import { withoutCurrentPage } from "../../shared/current-page.ts";
import {
  HEAD_PARTS,
  type PagePayload,
  SIDEBAR_CLASS,
  SWAPPED_PARTS,
  type SwappedPart,
} from "../../shared/page-payload.ts";

/** Where an element is: its start, the end of its opening tag, its end (exclusive). */
interface Span {
  start: number;
  openEnd: number;
  end: number;
  tag: string;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const openTag = (attribute: string) => new RegExp(`<([a-zA-Z][\\w-]*)(?=[\\s/>])[^>]*\\s${attribute}[^>]*>`, "g");
const withId = (id: string) => openTag(`id="${escapeRe(id)}"`);
const withClass = (name: string) => openTag(`class="(?:[^"]*\\s)?${escapeRe(name)}(?:\\s[^"]*)?"`);

/** The first element whose opening tag `open` finds in [from, to), with where it ends. */
function findElement(html: string, open: RegExp, from = 0, to = html.length): Span | null {
  open.lastIndex = from;
  const m = open.exec(html);
  if (!m || m.index >= to) return null;
  const tag = m[1];
  const span = { start: m.index, openEnd: m.index + m[0].length, end: m.index + m[0].length, tag };
  if (m[0].endsWith("/>")) return span;
  const tags = new RegExp(`<(/?)${escapeRe(tag)}(?=[\\s/>])[^>]*>`, "g");
  tags.lastIndex = span.openEnd;
  let depth = 1;
  for (let t = tags.exec(html); t; t = tags.exec(html)) {
    if (!t[1]) depth += t[0].endsWith("/>") ? 0 : 1;
    else if (--depth === 0) return { ...span, end: t.index + t[0].length };
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Text as it stands in the HTML, decoded (React escapes with these entities only). */
function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) =>
    e[0] === "#"
      ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (ENTITIES[e.toLowerCase()] ?? whole),
  );
}

const partOpen = (part: SwappedPart) => (part.id ? withId(part.id) : withClass(part.className!));

/** The sidebar's stamp: its markup without what differs from page to page (src/shared/current-page.ts). */
function sidebarStamp(markup: string): string {
  return hashOf("sidebar-v1", withoutCurrentPage(markup)).slice(0, 12);
}

/** Marks the sidebar in `#page` with its stamp; null when the page has none. */
function stampSidebar(html: string): { html: string; stamp: string } | null {
  const page = findElement(html, partOpen(SWAPPED_PARTS[0]));
  const sidebar = page && findElement(html, withClass(SIDEBAR_CLASS), page.openEnd, page.end);
  if (!sidebar || sidebar.end === sidebar.openEnd) return null;
  const stamp = sidebarStamp(html.slice(sidebar.start, sidebar.end));
  const at = sidebar.openEnd - 1;
  return { html: `${html.slice(0, at)} data-sidebar="${stamp}"${html.slice(at)}`, stamp };
}

function headOf(html: string): Pick<PagePayload, "title" | "head"> {
  const end = html.indexOf("</head>");
  const head = html.slice(0, end < 0 ? html.length : end);
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1] ?? "";
  const parts = HEAD_PARTS.map((p) => {
    const element = findElement(head, openTag(`${p.attr}="${escapeRe(p.value)}"`));
    return element && element.tag === p.tag ? head.slice(element.start, element.end) : "";
  });
  return { title: decode(title), head: parts.join("") };
}

/**
 * The page's HTML (its sidebar stamped) and its payload as JSON; no payload for a page without
 * `#page` (the router loads such a page whole).
 */
export function withPayload(rendered: string): { html: string; payload: string | null } {
  const stamped = stampSidebar(rendered);
  const html = stamped?.html ?? rendered;
  const parts: Record<string, string> = {};
  for (const part of SWAPPED_PARTS) {
    const element = findElement(html, partOpen(part));
    if (!element) continue;
    let markup = html.slice(element.start, element.end);
    if (part === SWAPPED_PARTS[0] && stamped) {
      const sidebar = findElement(html, withClass(SIDEBAR_CLASS), element.openEnd, element.end)!;
      const close = `</${sidebar.tag}>`;
      markup = html.slice(element.start, sidebar.openEnd) + close + html.slice(sidebar.end, element.end);
    }
    parts[part.selector] = markup;
  }
  if (!parts[SWAPPED_PARTS[0].selector]) return { html, payload: null };
  const bodyClass = /<body(?=[\s>])[^>]*\sclass="([^"]*)"/.exec(html)?.[1] ?? "";
  const payload: PagePayload = {
    ...headOf(html),
    bodyClass: decode(bodyClass),
    parts,
    ...(stamped ? { sidebar: stamped.stamp } : {}),
  };
  return { html, payload: JSON.stringify(payload) };
}
