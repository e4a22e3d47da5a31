// The site for AI assistants (the llms.txt convention, https://llmstxt.org): `llms.txt` at the
// root (the site's title, its tagline as summary, then one line per doc, by sidebar category, with
// the URL of its Markdown copy and its description; docs in no category under Overview, docs in no
// sidebar last under Optional), and each doc's Markdown beside its HTML:
// `<route>index.md` for a route ending in / (`/integrations/services/grafana/index.md`), else
// `<route>.md`. A copy is the doc's title as H1 (the body's own H1 where it opens with one), its
// description as a quote, then its Markdown as written, without front matter and MDX import/export
// lines, links made absolute: links to other docs (by route or by .md file) and the config's
// rewrites (/docs/...); its MDX components as plain Markdown (plain-markdown.ts). Images stay as written.
// Made from the content model alone, so the copies say what the HTML says.
import { markdownPathOf } from "../../shared/markdown-copy.ts";
import type { SiteConfig } from "../../shared/types.ts";
import { resolveDocLink } from "../content/doc-links.ts";
import type { SourceDoc } from "../content/load.ts";
import { type CategoryPage, categoryLinkedTo, docIdsUnder } from "../content/sidebar.ts";
import type { ContentModel } from "../content/site.ts";
import { fencedLines, linesOf } from "../markdown/fences.ts";
import { cardsOf } from "../render/docs.ts";
import { docsInRecordOrder, lvl0Of } from "./order.ts";
import { plainMarkdown } from "./plain-markdown.ts";

export const LLMS_FILE = "llms.txt";
/** The section of the sidebar's docs outside any category (the docs home, a category's own page). */
const OVERVIEW_SECTION = "Overview";
/** The section of docs that are in no sidebar (the llms.txt convention's section a reader may skip). */
const OPTIONAL_SECTION = "Optional";

/** An MDX import or export statement (a line of the body outside code, at the start of a line). */
const MDX_STATEMENT = new RegExp(
  String.raw`^(?:import\s[^\n]*?\bfrom\s+["'][^"']+["'];?|import\s+["'][^"']+["'];?` +
    String.raw`|export\s+(?:const|let|var|function|default)\b[^\n]*)\s*$`,
);
/** An inline link or image target: `](target)` or `](target "title")`. */
const INLINE_TARGET = /(\]\()(<[^>]*>|[^\s)]+)((?:\s+"[^"]*")?\))/g;
/** A reference definition: `[id]: target`. */
const REFERENCE = /^(\s{0,3}\[[^\]]+\]:\s*)(\S+)/;

/** Where a doc's Markdown copy is written, below the output folder. */
export function markdownFileOf(permalink: string, baseUrl: string): string {
  const url = markdownPathOf(permalink);
  return url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url.replace(/^\//, "");
}

/** An absolute URL for a link of a doc, where that is cheap to know (docs, the site's paths); else the link as written. */
function absoluteLink(href: string, doc: SourceDoc, model: ContentModel, config: SiteConfig): string {
  const link = resolveDocLink(href, doc, model, config);
  switch (link.kind) {
    case "rewritten":
      return link.href;
    case "doc":
      return link.href === null ? href : config.url + link.href;
    case "site":
      return config.url + link.href;
    default:
      return href;
  }
}

/** A link of the site for a copy: a page's as its Markdown copy (a part of a page as the page's), absolute. */
function copyUrl(href: string, config: SiteConfig): string {
  if (!href.startsWith("/")) return href;
  return config.url + (href.includes("#") ? href : markdownPathOf(href));
}

/**
 * What a doc's `<DocCardList />` shows, as a list of links: each item of the category whose page
 * the doc is, a sub-category with its guides under it (the page lists them below the cards).
 */
function cardLines(doc: SourceDoc, model: ContentModel, config: SiteConfig): string[] {
  const category = categoryLinkedTo(model.sidebar, doc.id);
  if (!category) return [];
  const items = category.items.filter((node) => node.type !== "html");
  return cardsOf(model, category).flatMap((card, i) => {
    const lines = [entryLine(card.label, copyUrl(card.href, config), card.description)];
    const node = items[i];
    if (node?.type !== "category") return lines;
    for (const id of docIdsUnder(node)) {
      const [guide, info] = [model.byId.get(id), model.info.get(id)];
      if (guide && info && !guide.frontMatter.unlisted)
        lines.push(`  ${entryLine(info.label, copyUrl(info.permalink, config), guide.frontMatter.description)}`);
    }
    return lines;
  });
}

/** The body without MDX statements, its components as plain Markdown, its links absolute; code (fenced) is left as it is. */
export function markdownBody(doc: SourceDoc, model: ContentModel, config: SiteConfig): string {
  const lines = linesOf(doc.body);
  const fenced = fencedLines(doc.body);
  const out: string[] = [];
  const transformer = plainMarkdown(() => cardLines(doc, model, config));
  // A component's lines dropped leave their blank lines: of two blank lines in a row (outside code), one is kept.
  const blank = /^\s*(?:>\s*)*$/;
  const plain = {
    code: transformer.code,
    line: (text: string) =>
      transformer.line(text).filter((l, i, all) => !(blank.test(l) && (i ? all[i - 1] : out.at(-1)) === l)),
  };
  const link = (href: string) => {
    const bare = href.startsWith("<") ? href.slice(1, -1) : href;
    const resolved = absoluteLink(bare, doc, model, config);
    return href.startsWith("<") ? `<${resolved}>` : resolved;
  };
  for (const [i, line] of lines.entries()) {
    if (fenced[i]) {
      out.push(plain.code(line));
      continue;
    }
    // Most lines hold no statement and no link: only their components change.
    if (!line.includes("](") && !line.includes("]:") && !/^\s*(?:import|export)\s/.test(line)) {
      out.push(...plain.line(line));
      continue;
    }
    if (MDX_STATEMENT.test(line)) continue;
    const reference = REFERENCE.exec(line);
    if (reference) {
      out.push(...plain.line(reference[1] + link(reference[2]) + line.slice(reference[0].length)));
      continue;
    }
    // Inline code spans keep their text: only the parts between them are rewritten.
    const rewrite = (part: string) =>
      part.replace(INLINE_TARGET, (_, open: string, href: string, close: string) => open + link(href) + close);
    out.push(
      ...plain.line(
        line
          .split(/(`+[^`]*`+)/)
          .map((part, i) => (i % 2 ? part : rewrite(part)))
          .join(""),
      ),
    );
  }
  return out
    .join("\n")
    .replace(/^\s*\n/, "")
    .trimEnd();
}

/** A doc's Markdown copy: its title, its description, its body. */
export function markdownCopy(doc: SourceDoc, model: ContentModel, config: SiteConfig): string {
  const description = doc.frontMatter.description?.replace(/\s+/g, " ").trim();
  let body = markdownBody(doc, model, config);
  // A body that opens with its own H1 has its title already (the page shows that one).
  const h1 = /^# .*/.exec(body)?.[0];
  if (h1) body = body.slice(h1.length).replace(/^\s+/, "");
  const parts = [h1 ?? `# ${doc.title}`];
  if (description) parts.push(`> ${description}`);
  if (body) parts.push(body);
  return `${parts.join("\n\n")}\n`;
}

/** One line of llms.txt: a Markdown link that cannot be broken by the title's own brackets. */
function entryLine(title: string, url: string, description: string | undefined): string {
  const text = title.replace(/([\\[\]])/g, "\\$1");
  const about = description?.replace(/\s+/g, " ").trim();
  return `- [${text}](${url})${about ? `: ${about}` : ""}`;
}

/** llms.txt: title, tagline, then the docs by sidebar category, those in no sidebar last (Optional). */
export function llmsTxt(model: ContentModel, config: SiteConfig): string {
  const sections = new Map<string, string[]>();
  const inSidebar = new Set(model.sidebar.order);
  for (const doc of docsInRecordOrder(model.docs, model.sidebar)) {
    // Unlisted docs are for readers who have their link only.
    if (doc.frontMatter.unlisted) continue;
    const inCategory = (model.sidebar.parents.get(doc.id)?.length ?? 0) > 0;
    let section = inCategory ? lvl0Of(model.sidebar, doc.id) : OVERVIEW_SECTION;
    if (!inSidebar.has(doc.id)) section = OPTIONAL_SECTION;
    const url = config.url + markdownPathOf(model.info.get(doc.id)!.permalink);
    const lines = sections.get(section) ?? [];
    lines.push(entryLine(doc.title, url, doc.frontMatter.description));
    sections.set(section, lines);
  }
  // Optional goes last, as the convention wants.
  const ordered = [...sections].sort(([a], [b]) => Number(a === OPTIONAL_SECTION) - Number(b === OPTIONAL_SECTION));
  const head = [`# ${config.title}`];
  if (config.tagline.trim()) head.push(`> ${config.tagline.trim()}`);
  const site = config.url + config.baseUrl;
  head.push(
    `Each page of ${site} is also Markdown: the links below are those copies; the page itself is the same address without \`index.md\` (or \`.md\`).`,
  );
  return `${[...head, ...ordered.map(([section, lines]) => `## ${section}\n\n${lines.join("\n")}`)].join("\n\n")}\n`;
}

/** The Markdown copy of a category's generated page: its title, description and a line per item. */
export function categoryCopy(page: CategoryPage, model: ContentModel, config: SiteConfig): string {
  const lines = page.node.items.flatMap((node) => {
    if (node.type === "html") return [];
    const href = node.href ?? "";
    const url = href.startsWith("/") ? config.url + markdownPathOf(href) : href;
    const doc = node.type === "link" && node.docId ? model.byId.get(node.docId) : undefined;
    return href ? [entryLine(node.label, url, doc?.frontMatter.description)] : [];
  });
  const parts = [`# ${page.title}`];
  if (page.description.trim()) parts.push(`> ${page.description.replace(/\s+/g, " ").trim()}`);
  if (lines.length) parts.push(lines.join("\n"));
  return `${parts.join("\n\n")}\n`;
}
