// One reading of each rendered page, with htmlparser2 (its entity decoding is the one decoder of
// page text): what link validation needs (every href and src, every id and anchor name), where the
// parts of the page's payload are (page-payload.ts cuts them out), and the search blocks of a doc's
// body (search/records.ts). A page is read once, right after it is rendered, however many of these
// are asked of it.
import { Parser } from "htmlparser2";
import { HEAD_PARTS, SIDEBAR_CLASS, SWAPPED_PARTS, type SwappedPart } from "../../shared/page-payload.ts";
import { type Block, BlockCollector } from "../search/records.ts";

/** Where an element is in the page: its start, the end of its opening tag, its end (exclusive). */
export interface Span {
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
}

/** Elements that have no content and no closing tag (htmlparser2 closes them at once). */
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
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

const hasClass = (attrs: Record<string, string>, name: string) => !!attrs.class?.split(/\s+/).includes(name);
const isPart = (part: SwappedPart, attrs: Record<string, string>) =>
  part.id ? attrs.id === part.id : hasClass(attrs, part.className!);

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
    if (attrs.href !== undefined) this.hrefs.add(attrs.href);
    if (attrs.src !== undefined) this.srcs.add(attrs.src);
    if (attrs.id) this.idValues.add(attrs.id);
    if (name === "a" && attrs.name) this.names.add(attrs.name);
  }

  open(name: string, attrs: Record<string, string>): void {
    this.links(name, attrs);
    const element: OpenElement = { span: null };
    const parser = this.parser();
    const keep = (): Span =>
      (element.span ??= { tag: name, start: parser.startIndex, openEnd: parser.endIndex + 1, end: -1 });
    if (this.collector) {
      this.collector.open(name, attrs);
      element.inBody = true;
    }
    SWAPPED_PARTS.forEach((part, i) => {
      if (this.parts[i] || !isPart(part, attrs)) return;
      this.parts[i] = keep();
      if (i === 0) element.page = true;
    });
    if (!this.sidebar && this.inPage && hasClass(attrs, SIDEBAR_CLASS)) this.sidebar = keep();
    if (this.inHead) this.openInHead(name, attrs, keep);
    if (name === "head") element.head = true;
    else if (name === "body") this.bodyClass ??= attrs.class ?? "";
    if (attrs.id === MAIN_ID) element.main = true;
    if (this.wantsBlocks && this.inMain && !element.inBody && hasClass(attrs, BODY_CLASS)) {
      element.body = true;
      this.collector = new BlockCollector();
      this.wantsBlocks = false;
    }
    this.enter(element, 1);
    this.stack.push(element);
  }

  private openInHead(name: string, attrs: Record<string, string>, keep: () => Span): void {
    if (name === "title" && this.title === null) this.inTitle = true;
    HEAD_PARTS.forEach((part, i) => {
      if (!this.head[i] && attrs[part.attr] === part.value) this.head[i] = keep();
    });
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
    if (element.span) {
      const parser = this.parser();
      // A void element ends with its tag; one closed by another tag, where that tag starts.
      element.span.end = VOID.has(name) ? element.span.openEnd : implied ? parser.startIndex : parser.endIndex + 1;
    }
    if (element.body) {
      this.blocks = this.collector!.finish();
      this.collector = null;
    } else if (element.inBody) this.collector?.close(name);
    this.enter(element, -1);
  }
}

/** Values in order, each once: those of `first`, then those of `then` not among them (interned). */
const unique = (first: Set<string>, then: Set<string>) => [...new Set([...first, ...then].map(intern))];

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
    { decodeEntities: true },
  );
  parser.end(html);
  return {
    targets: unique(reader.hrefs, reader.srcs),
    ids: unique(reader.idValues, reader.names),
    title: reader.title ?? "",
    bodyClass: reader.bodyClass ?? "",
    head: reader.head,
    parts: reader.parts,
    sidebar: reader.sidebar,
    blocks: reader.blocks,
  };
}
