// DocSearch records of the built docs: one per heading (lvl1..lvl6) and one per paragraph,
// list item and table row (content), in the shape the Algolia DocSearch crawler produces.
// Code is not indexed as text; a code block adds one content record listing the setting names
// it holds (identifiers with an underscore, such as role_attribute_path or OIDC_ENABLED), so a
// reader who searches a setting finds the section that sets it.
import { createHash } from "node:crypto";
import type { DocPageData, DocSearchRecord, SearchHierarchy } from "../../shared/types.ts";
import { hasClass } from "../util/html-class.ts";

/** `docusaurus_tag` of the docs plugin's current version, as Docusaurus names it. */
const DOCS_TAG = "docs-default-current";

const LEVEL_WEIGHT: Record<string, number> = { lvl1: 90, lvl2: 80, lvl3: 70, lvl4: 60, lvl5: 50, lvl6: 40, content: 0 };
/** Elements whose text is never indexed: diagrams, buttons (tab labels, copy), admonition icons. */
const SKIPPED = new Set(["button", "svg", "script", "style", "template"]);
/** A setting name in code: letters and digits joined by underscores (dots and dashes may follow). */
const SETTING_NAME = /[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?:[.-][A-Za-z0-9_]+)*/g;
const MAX_SETTING_NAMES = 40;

/** The distinct setting names in a code block, in order of appearance. */
function settingNamesOf(code: string): string[] {
  return [...new Set(code.match(SETTING_NAME) ?? [])].filter((n) => n.length >= 5).slice(0, MAX_SETTING_NAMES);
}
const SKIPPED_CLASSES = ["hash-link", "admonition-heading", "code-title", "mermaid-diagram"];
const HEADING = /^h([1-6])$/;

/** A heading or a content block of a doc's body, as plain text. */
export interface Block {
  kind: "heading" | "content";
  level: number;
  id: string | null;
  text: string;
}

interface Open {
  skip: boolean;
  block: Block | null;
  /** An element inside a code block: its markup is not read, only its text. */
  inert: boolean;
}

/**
 * The headings and content blocks of a doc's body, in document order, from the events of an HTML
 * parser reading it (render/read-page.ts reads each page once; this takes the part inside the
 * body). A code block (`<pre>`) is read as its text alone: the markup inside it opens no block.
 */
export class BlockCollector {
  private readonly blocks: Block[] = [];
  // Open elements; each knows whether it collects text and for which block.
  private readonly stack: Open[] = [];
  private skipDepth = 0;
  private codeDepth = 0;
  private code = "";
  /** Inside a `<pre>`: its markup is read as text. */
  private inPre = false;

  private current(): Block | null {
    for (let i = this.stack.length - 1; i >= 0; i--) if (this.stack[i].block) return this.stack[i].block;
    return null;
  }

  open(name: string, attrs: Record<string, string>): void {
    if (this.inPre) {
      this.stack.push({ skip: false, block: null, inert: true });
      return;
    }
    const skip =
      SKIPPED.has(name) || (attrs.class !== undefined && SKIPPED_CLASSES.some((c) => hasClass(attrs.class, c)));
    if (skip) this.skipDepth++;
    if (name === "pre") {
      this.inPre = true;
      if (!this.skipDepth) this.codeDepth++;
    }
    let block: Block | null = null;
    const heading = HEADING.exec(name);
    if (!this.skipDepth && heading)
      block = { kind: "heading", level: Number(heading[1]), id: attrs.id ?? null, text: "" };
    else if (!this.skipDepth && (name === "p" || name === "li" || name === "tr"))
      block = { kind: "content", level: 0, id: null, text: "" };
    else if ((name === "td" || name === "th") && this.current()) this.current()!.text += " ";
    if (block) this.blocks.push(block);
    // A list item's nested lists and paragraphs are records of their own: its text stops there.
    this.stack.push({ skip, block, inert: false });
  }

  text(text: string): void {
    if (this.skipDepth) return;
    if (this.codeDepth) {
      this.code += text;
      return;
    }
    const block = this.current();
    if (block) block.text += text;
  }

  close(name: string): void {
    const top = this.stack.pop();
    if (!top || top.inert) return;
    if (top.skip) this.skipDepth--;
    if (name === "pre") {
      this.inPre = false;
      if (this.codeDepth && !top.skip && --this.codeDepth === 0) {
        const names = settingNamesOf(this.code);
        this.code = "";
        if (names.length) this.blocks.push({ kind: "content", level: 0, id: null, text: names.join(", ") });
      }
    }
    if (name === "br" || name === "li" || name === "p" || name === "div") {
      const outer = this.current();
      if (outer) outer.text += " ";
    }
  }

  /** The blocks with text, their whitespace collapsed. */
  finish(): Block[] {
    const out: Block[] = [];
    for (const b of this.blocks) {
      const text = b.text.replace(/\s+/g, " ").trim();
      if (text) out.push({ ...b, text });
    }
    return out;
  }
}

function objectIdOf(url: string, position: number, text: string): string {
  return createHash("sha1").update(`${url}\0${position}\0${text}`).digest("hex").slice(0, 20);
}

/** Every record of one doc page, from the blocks of its body (read from the page, render/read-page.ts). */
export function recordsOfDoc(doc: DocPageData, lvl0: string, origin: string, blocks: Block[]): DocSearchRecord[] {
  const pageUrl = origin + doc.permalink;
  const hierarchy: SearchHierarchy = {
    lvl0,
    lvl1: doc.heading,
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  const records: DocSearchRecord[] = [];
  const push = (type: DocSearchRecord["type"], anchor: string | null, content: string | null) => {
    const position = records.length;
    const url = anchor ? `${pageUrl}#${anchor}` : pageUrl;
    records.push({
      objectID: objectIdOf(url, position, content ?? type),
      url,
      url_without_anchor: pageUrl,
      anchor,
      type,
      hierarchy: { ...hierarchy },
      content,
      language: "en",
      docusaurus_tag: DOCS_TAG,
      weight: { pageRank: 0, level: LEVEL_WEIGHT[type], position },
    });
  };
  push("lvl1", null, null);
  const keywords = doc.frontMatter?.keywords?.map((k) => k.trim()).filter(Boolean);
  if (keywords?.length) records[0].keywords = keywords;
  let anchor: string | null = null;
  for (const block of blocks) {
    if (block.kind === "heading") {
      // The body's own H1 is the page title already.
      if (block.level === 1) continue;
      const level = block.level as 2 | 3 | 4 | 5 | 6;
      hierarchy[`lvl${level}`] = block.text;
      for (let l = level + 1; l <= 6; l++) hierarchy[`lvl${l as 3 | 4 | 5 | 6}`] = null;
      anchor = block.id;
      push(`lvl${level}`, anchor, null);
    } else {
      push("content", anchor, block.text);
    }
  }
  return records;
}
