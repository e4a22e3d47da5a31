// What client navigation swaps, and the payload each page carries for it. Every page's folder
// holds, beside its index.html, `page-data.json` (PAYLOAD_FILE): the parts of that HTML the
// router swaps, cut from the rendered page (src/node/render/page-payload.ts), without the docs
// sidebar, which is the same on every page that has it: the router keeps the one it shows and
// marks the new page's entry. The 404 page has none; nor has a page whose payload's path would
// be a page of the site (a doc whose slug is `page-data.json`).

export const PAYLOAD_FILE = "page-data.json";

/** A part of the page swapped whole: found by its id or by a class. */
export interface SwappedPart {
  selector: string;
  id?: string;
  className?: string;
}

export const SWAPPED_PARTS: SwappedPart[] = [
  { selector: "#page", id: "page" },
  { selector: "#mobile-menu", id: "mobile-menu" },
  { selector: ".navbar-items", className: "navbar-items" },
];

/** The <head> elements that differ between pages (besides the title), each found by one attribute. */
export interface HeadPart {
  tag: "meta" | "link";
  attr: "name" | "rel" | "property";
  value: string;
}

export const HEAD_PARTS: HeadPart[] = [
  { tag: "meta", attr: "name", value: "description" },
  { tag: "link", attr: "rel", value: "canonical" },
  { tag: "meta", attr: "property", value: "og:title" },
  { tag: "meta", attr: "property", value: "og:description" },
  { tag: "meta", attr: "property", value: "og:url" },
  { tag: "meta", attr: "name", value: "robots" },
];

export const headSelector = (part: HeadPart): string => `${part.tag}[${part.attr}="${part.value}"]`;

/** The class of the docs sidebar inside `#page`; in the HTML it carries `data-sidebar` (its stamp). */
export const SIDEBAR_CLASS = "sidebar";

export interface PagePayload {
  /** The document's title, as text. */
  title: string;
  /** The HEAD_PARTS the page has, as HTML. */
  head: string;
  /** The class of <body>. */
  bodyClass: string;
  /** Each of SWAPPED_PARTS the page has, by selector: its HTML. */
  parts: Record<string, string>;
  /**
   * The stamp of the sidebar left out of `#page` (whose element is there, empty): the same on every
   * page showing that sidebar, whatever its current entry and open categories.
   */
  sidebar?: string;
}

/** The payload's URL of the page at `pathname` (a route: `/a/b/` or `/a/b`). */
export function payloadUrlOf(pathname: string): string {
  return `${pathname}${pathname.endsWith("/") ? "" : "/"}${PAYLOAD_FILE}`;
}
