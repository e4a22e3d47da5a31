// DocSearch records of the built docs: one per heading (lvl1..lvl6) and one per paragraph,
// list item and table row (content), in the shape the Algolia DocSearch crawler produces.
// Code is not indexed as text; a code block adds one content record listing the setting names
// it holds (identifiers with an underscore, such as role_attribute_path or OIDC_ENABLED), so a
// reader who searches a setting finds the section that sets it.
import { createHash } from "node:crypto";
import { Parser } from "htmlparser2";
import type { DocPageData, DocSearchRecord, SearchHierarchy } from "../../shared/types.ts";

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

interface Block {
  kind: "heading" | "content";
  level: number;
  id: string | null;
  text: string;
}

/** Headings and content blocks of a doc's body HTML, in document order, as plain text. */
export function blocksOfHtml(html: string): Block[] {
  const blocks: Block[] = [];
  // Open elements; each knows whether it collects text and for which block.
  const stack: { name: string; skip: boolean; block: Block | null }[] = [];
  let skipDepth = 0;
  let codeDepth = 0;
  let code = "";
  const current = (): Block | null => {
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i].block) return stack[i].block;
    return null;
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const classes = (attrs.class ?? "").split(/\s+/);
        const skip = SKIPPED.has(name) || SKIPPED_CLASSES.some((c) => classes.includes(c));
        if (skip) skipDepth++;
        if (name === "pre" && !skipDepth) codeDepth++;
        let block: Block | null = null;
        const heading = HEADING.exec(name);
        if (!skipDepth && heading)
          block = { kind: "heading", level: Number(heading[1]), id: attrs.id ?? null, text: "" };
        else if (!skipDepth && (name === "p" || name === "li" || name === "tr"))
          block = { kind: "content", level: 0, id: null, text: "" };
        else if ((name === "td" || name === "th") && current()) current()!.text += " ";
        if (block) blocks.push(block);
        // A list item's nested lists and paragraphs are records of their own: its text stops there.
        stack.push({ name, skip, block });
      },
      ontext(text) {
        if (skipDepth) return;
        if (codeDepth) {
          code += text;
          return;
        }
        const block = current();
        if (block) block.text += text;
      },
      onclosetag(name) {
        const top = stack.pop();
        if (!top) return;
        if (top.skip) skipDepth--;
        if (name === "pre" && codeDepth && !top.skip && --codeDepth === 0) {
          const names = settingNamesOf(code);
          code = "";
          if (names.length) blocks.push({ kind: "content", level: 0, id: null, text: names.join(", ") });
        }
        if (name === "br" || name === "li" || name === "p" || name === "div") {
          const outer = current();
          if (outer) outer.text += " ";
        }
      },
    },
    { decodeEntities: true },
  );
  // Highlighted code is mostly markup; only its text matters here, so it is flattened first.
  parser.write(
    html.replace(
      /(<pre\b[^>]*>)([\s\S]*?)(<\/pre>)/g,
      (_, open: string, inner: string, close: string) => open + inner.replace(/<[^>]*>/g, "") + close,
    ),
  );
  parser.end();
  const out: Block[] = [];
  for (const b of blocks) {
    const text = b.text.replace(/\s+/g, " ").trim();
    if (text) out.push({ ...b, text });
  }
  return out;
}

function objectIdOf(url: string, position: number, text: string): string {
  return createHash("sha1").update(`${url}\0${position}\0${text}`).digest("hex").slice(0, 20);
}

/** Every record of one doc page. */
export function recordsOfDoc(doc: DocPageData, lvl0: string, origin: string): DocSearchRecord[] {
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
  for (const block of blocksOfHtml(doc.html)) {
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
