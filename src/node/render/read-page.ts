// One reading of each rendered page, with htmlparser2 (its entity decoding is the one decoder of
// page text): what link validation needs (every href and src, every id and anchor name), where the
// parts of the page's payload are (page-payload.ts cuts them out), and the search blocks of a doc's
// body (search/records.ts). A page is read once, right after it is rendered, however many of these
// are asked of it.
import { Parser } from "htmlparser2";
import { withoutCurrentPage } from "../../shared/current-page.ts";
import { HEAD_PARTS, SIDEBAR_CLASS, SWAPPED_PARTS, type SwappedPart } from "../../shared/page-payload.ts";
import { type Block, BlockCollector } from "../search/records.ts";
import { hasClass } from "../util/html-class.ts";
import { VOID_ELEMENTS } from "../util/void-elements.ts";

/** Where an element is in the page: its start, the end of its opening tag, its end (exclusive). */
interface Span {
  tag: string;
  start: number;
  openEnd: number;
  end: number;
}

export interface PageReading {
  /** Every href and src of the page (links, but also its stylesheet, icon, scripts and images), decoded, each once. */
  targets: string[];
  /** Every id, and every name of an `<a>`: what a link's #fragment may name. */
  ids: string[];
  /** The document's title, as text. */
  title: string;
  /** The class of `<body>`, as text. */
  bodyClass: string;
  /** For each of HEAD_PARTS, the first element of `<head>` with its attribute (whatever its tag), if any. */
  head: (Span | null)[];
  /** For each of SWAPPED_PARTS, its first element, if any. */
  parts: (Span | null)[];
  /** The docs sidebar: the first element with its class inside `#page`, if any. */
  sidebar: Span | null;
  /** A doc page's search blocks: those of its body, `.markdown` in `#main-content` (when asked for). */
  blocks: Block[] | null;
  /** The sidebar's markup without the current page's marks, when the reading made it. */
  sidebarMarkup: string | null;
}

const BODY_CLASS = "markdown";
const MAIN_ID = "main-content";

/**
 * One shared copy of each distinct string. A value read from a page is a slice that keeps the
 * whole page alive; interning a flat copy lets each page go once it is written.
 */
const interned = new Map<string, string>();
function intern(s: string): string {
  let v = interned.get(s);
  if (v === undefined) {
    v = Buffer.from(s, "utf8").toString("utf8");
    interned.set(v, v);
  }
  return v;
}

const isPart = (part: SwappedPart, attrs: Record<string, string>) =>
  part.id ? attrs.id === part.id : hasClass(attrs.class, part.className!);

/** An open element and what the reading keeps of it. */
interface OpenElement {
  /** Where it is, when the reading needs it. */
  span: Span | null;
  /** It is `<head>`, `#page`, `#main-content`, the doc's body, or an element inside that body. */
  head?: boolean;
  page?: boolean;
  main?: boolean;
  body?: boolean;
  inBody?: boolean;
}

const PLAIN: OpenElement = Object.freeze({ span: null });
const IN_BODY: OpenElement = Object.freeze({ span: null, inBody: true });

/** The reading's state while the parser walks the page. */
class Reader {
  readonly hrefs = new Set<string>();
  readonly srcs = new Set<string>();
  readonly idValues = new Set<string>();
  readonly names = new Set<string>();
  title: string | null = null;
  bodyClass: string | null = null;
  readonly head: (Span | null)[] = HEAD_PARTS.map(() => null);
  readonly parts: (Span | null)[] = SWAPPED_PARTS.map(() => null);
  sidebar: Span | null = null;
  blocks: Block[] | null = null;

  /** Characters of the page left out of what the parser was given before the current position (a known sidebar's). */
  offset = 0;
  /** While the sidebar is read: the links and anchors it holds, and whether it holds nothing else the reading keeps. */
  private recording: (SidebarLinks & { pure: boolean; depth: number }) | null = null;
  private readonly stack: OpenElement[] = [];
  private inHead = 0;
  private inPage = 0;
  private inMain = 0;
  private inTitle = false;
  private collector: BlockCollector | null = null;
  private wantsBlocks: boolean;

  constructor(
    private readonly parser: () => Parser,
    withBlocks: boolean,
  ) {
    this.wantsBlocks = withBlocks;
  }

  /** The links and anchors of an element (of a repeated attribute, the first, as a browser reads it). */
  private links(name: string, attrs: Record<string, string>): void {
    const { href, src, id } = attrs;
    const anchor = name === "a" ? attrs.name : undefined;
    if (href !== undefined) this.hrefs.add(href);
    if (src !== undefined) this.srcs.add(src);
    if (id) this.idValues.add(id);
    if (anchor) this.names.add(anchor);
    const recording = this.recording;
    if (!recording) return;
    if (href !== undefined) recording.hrefs.push(href);
    if (src !== undefined) recording.srcs.push(src);
    if (id) recording.ids.push(id);
    if (anchor) recording.names.push(anchor);
  }

  /** Starts taking note of what the sidebar's content adds (it has just been opened). */
  record(): void {
    this.recording = { hrefs: [], srcs: [], ids: [], names: [], pure: true, depth: this.stack.length };
  }

  /** What the sidebar's content added, if nothing but links and anchors. */
  recorded(): SidebarLinks | null {
    const recording = this.recording;
    this.recording = null;
    return recording?.pure ? recording : null;
  }

  /** Adds what a sidebar read before holds, as reading it again would. */
  replay(known: SidebarLinks): void {
    for (const v of known.hrefs) this.hrefs.add(v);
    for (const v of known.srcs) this.srcs.add(v);
    for (const v of known.ids) this.idValues.add(v);
    for (const v of known.names) this.names.add(v);
  }

  open(name: string, attrs: Record<string, string>): void {
    this.links(name, attrs);
    const inBody = this.collector !== null;
    this.collector?.open(name, attrs);
    // Most elements are none of those sought: they share one entry.
    const sought = attrs.id !== undefined || attrs.class !== undefined || this.inHead > 0 || name === "head";
    const element: OpenElement = sought ? this.sought(name, attrs, inBody) : inBody ? IN_BODY : PLAIN;
    if (name === "body") this.bodyClass ??= attrs.class ?? "";
    this.enter(element, 1);
    this.stack.push(element);
  }

  /** The entry of an element that may be one the reading keeps (a part, the sidebar, a head part, the doc's body). */
  private sought(name: string, attrs: Record<string, string>, inBody: boolean): OpenElement {
    const element: OpenElement = { span: null, inBody };
    const parser = this.parser();
    const { offset } = this;
    const keep = (): Span =>
      (element.span ??= {
        tag: name,
        start: parser.startIndex + offset,
        openEnd: parser.endIndex + 1 + offset,
        end: -1,
      });
    for (let i = 0; i < SWAPPED_PARTS.length; i++) {
      if (this.parts[i] || !isPart(SWAPPED_PARTS[i], attrs)) continue;
      this.parts[i] = keep();
      if (i === 0) element.page = true;
    }
    if (!this.sidebar && this.inPage && hasClass(attrs.class, SIDEBAR_CLASS)) this.sidebar = keep();
    if (this.inHead) this.openInHead(name, attrs, keep);
    if (name === "head") element.head = true;
    if (attrs.id === MAIN_ID) element.main = true;
    if (this.wantsBlocks && this.inMain && !inBody && hasClass(attrs.class, BODY_CLASS)) {
      element.body = true;
      this.collector = new BlockCollector();
      this.wantsBlocks = false;
    }
    if (this.recording && (element.span || element.head || element.main || element.body)) this.recording.pure = false;
    return element;
  }

  private openInHead(name: string, attrs: Record<string, string>, keep: () => Span): void {
    if (name === "title" && this.title === null) this.inTitle = true;
    if (this.recording) this.recording.pure = false;
    for (let i = 0; i < HEAD_PARTS.length; i++)
      if (!this.head[i] && attrs[HEAD_PARTS[i].attr] === HEAD_PARTS[i].value) this.head[i] = keep();
  }

  private enter(element: OpenElement, by: 1 | -1): void {
    if (element.head) this.inHead += by;
    if (element.page) this.inPage += by;
    if (element.main) this.inMain += by;
  }

  text(text: string): void {
    if (this.inTitle) this.title = (this.title ?? "") + text;
    this.collector?.text(text);
  }

  close(name: string, implied: boolean): void {
    const element = this.stack.pop();
    if (!element) return;
    if (name === "title") this.inTitle = false;
    // The sidebar's content closed something around it.
    if (this.recording && this.stack.length < this.recording.depth) this.recording.pure = false;
    if (element.span) {
      const parser = this.parser();
      // A void element ends with its tag; one closed by another tag, where that tag starts.
      element.span.end = VOID_ELEMENTS.has(name)
        ? element.span.openEnd
        : (implied ? parser.startIndex : parser.endIndex + 1) + this.offset;
    }
    if (element.body) {
      // An id read from the page is a slice that would keep the whole page alive in the records.
      this.blocks = this.collector!.finish().map((b) => (b.id === null ? b : { ...b, id: intern(b.id) }));
      this.collector = null;
    } else if (element.inBody) this.collector?.close(name);
    this.enter(element, -1);
  }
}

/** Values in order, each once: those of `first`, then those of `then` not among them (interned). */
function unique(first: Set<string>, then: Set<string>): string[] {
  const values = new Set<string>();
  for (const v of first) values.add(intern(v));
  for (const v of then) values.add(intern(v));
  return [...values];
}

/** The links and anchors of a sidebar's content, in order. */
interface SidebarLinks {
  hrefs: string[];
  srcs: string[];
  ids: string[];
  names: string[];
}

/**
 * The sidebars read so far, by their content without the current page's marks. A sidebar is the
 * same on every page that shows it (src/shared/current-page.ts) and is about two fifths of each
 * page, so it is read once: on the pages after, the parser is not given its content again.
 */
const knownSidebars = new Map<string, SidebarLinks>();
const KNOWN_SIDEBARS = 16;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const SIDEBAR_OPEN = new RegExp(
  `<([a-zA-Z][\\w-]*)(?=[\\s/>])[^>]*\\sclass="(?:[^"]*\\s)?${escapeRe(SIDEBAR_CLASS)}(?:\\s[^"]*)?"[^>]*>`,
);

/** The first opening tag with the sidebar's class, and its closing tag (counting tags of its name between), if any. */
function sidebarTags(html: string): { start: number; openEnd: number; closeStart: number; end: number } | null {
  const open = SIDEBAR_OPEN.exec(html);
  if (!open || open[0].endsWith("/>")) return null;
  const openEnd = open.index + open[0].length;
  const tags = new RegExp(`<(/?)${escapeRe(open[1])}(?=[\\s/>])[^>]*>`, "g");
  tags.lastIndex = openEnd;
  let depth = 1;
  for (let t = tags.exec(html); t; t = tags.exec(html)) {
    if (!t[1]) depth += t[0].endsWith("/>") ? 0 : 1;
    else if (--depth === 0) return { start: open.index, openEnd, closeStart: t.index, end: t.index + t[0].length };
  }
  return null;
}

/**
 * Gives the parser the page, its sidebar's content only if this sidebar was not read before; the
 * sidebar's markup without the current page's marks, when found.
 */
function readAroundSidebar(html: string, parser: Parser, reader: Reader): string | null {
  const tags = sidebarTags(html);
  if (!tags) {
    parser.end(html);
    return null;
  }
  parser.write(html.slice(0, tags.openEnd));
  // Only the sidebar the reading found there (inside #page) is read once.
  if (reader.sidebar?.start !== tags.start) {
    parser.end(html.slice(tags.openEnd));
    return null;
  }
  const content = html.slice(tags.openEnd, tags.closeStart);
  const key = withoutCurrentPage(content);
  // The marks are attributes: none spans the content's edges, so the markup's is the content's within its tags.
  const markup = withoutCurrentPage(html.slice(tags.start, tags.openEnd)) + key + html.slice(tags.closeStart, tags.end);
  const known = knownSidebars.get(key);
  if (known) {
    reader.replay(known);
    reader.offset = content.length;
    parser.end(html.slice(tags.closeStart));
    return markup;
  }
  reader.record();
  parser.write(content);
  const recorded = reader.recorded();
  parser.end(html.slice(tags.closeStart));
  // The parser may see the sidebar end elsewhere (its content closes what is around it, say): then
  // it is neither kept nor what the payload leaves out.
  if (reader.sidebar.end !== tags.end) return null;
  if (recorded) {
    if (knownSidebars.size >= KNOWN_SIDEBARS) knownSidebars.delete(knownSidebars.keys().next().value!);
    knownSidebars.set(key, recorded);
  }
  return markup;
}

/** Reads a rendered page once; `blocks`: also the search blocks of a doc page's body. */
export function readPage(html: string, { blocks = false } = {}): PageReading {
  let parser: Parser | null = null;
  const reader = new Reader(() => parser!, blocks);
  parser = new Parser(
    {
      onopentag: (name, attrs) => reader.open(name, attrs),
      ontext: (text) => reader.text(text),
      onclosetag: (name, implied) => reader.close(name, implied),
    },
    // Attribute names are left as written: React, markdown-it and the raw-HTML filter write them in lower case.
    { decodeEntities: true, lowerCaseAttributeNames: false },
  );
  const sidebarMarkup = readAroundSidebar(html, parser, reader);
  return {
    targets: unique(reader.hrefs, reader.srcs),
    ids: unique(reader.idValues, reader.names),
    title: reader.title ?? "",
    bodyClass: reader.bodyClass ?? "",
    head: reader.head,
    parts: reader.parts,
    sidebar: reader.sidebar,
    blocks: reader.blocks,
    sidebarMarkup,
  };
}
