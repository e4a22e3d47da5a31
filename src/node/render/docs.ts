// Markdown of each doc to the data its page template needs: HTML, table of contents,
// breadcrumbs, neighbours, tags and the images it uses (copied under content-hashed names).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { DocPageData, SiteConfig } from "../../shared/types.ts";
import type { CategoryCard } from "../../shared/template-props.ts";
import { categoryAnchor } from "../../shared/category-guides.ts";
import type { ContentModel } from "../content/site.ts";
import { breadcrumbsOf, categoryLinkedTo, docIdsUnder, neighboursOf } from "../content/sidebar.ts";
import type { SourceDoc } from "../content/load.ts";
import { SsodocsError, Warnings } from "../errors.ts";
import type { MarkdownRenderer, RenderedMarkdown } from "../markdown/index.ts";
import type { OutputFile } from "./assets.ts";

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Cards for the sub-categories and docs of a category (the services index shows these). A
 * sub-category without a page of its own leads to its list of guides on the category's page
 * (templates/components/DocParts.tsx, CategoryGuideList).
 */
export function categoryCards(model: ContentModel, docId: string): CategoryCard[] {
  const category = categoryLinkedTo(model.sidebar, docId);
  if (!category) return [];
  return category.items.map((node) => {
    const ids = docIdsUnder(node);
    const first = ids[0] ? model.info.get(ids[0]) : undefined;
    const listed = node.type === "category" && category.href ? `${category.href}#${categoryAnchor(node.label)}` : null;
    const href = node.href ?? listed ?? first?.permalink ?? "#";
    const count = node.type === "category" ? ids.length : 1;
    return {
      label: node.label,
      href,
      count,
      description: node.type === "category" ? `${count} ${count === 1 ? "item" : "items"}` : (model.byId.get(node.docId)?.frontMatter.description ?? ""),
    };
  });
}

/** First paragraph of the body as plain text, for the meta description when front matter has none. */
export function descriptionFromHtml(html: string): string {
  const p = /<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "";
  const text = p.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/\s+/g, " ").trim();
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, "")}...` : text;
}

export interface RenderedDocs {
  pages: DocPageData[];
  images: OutputFile[];
  /** Per page, each rewritten href -> the href as written in the Markdown, for error reports. */
  linkOrigins: Map<string, Map<string, string>>;
}

/** The Markdown of one doc as rendered, with everything rendering it produced besides its HTML. */
export interface MemoEntry {
  /** The body, permalink and path it was rendered from. */
  source: string;
  rendered: RenderedMarkdown;
  origins: Map<string, string>;
  /** Images it uses: source file -> output file and URL. */
  images: Map<string, { output: OutputFile; url: string }>;
  warnings: string[];
  /** It shows category cards, which depend on other docs' front matter. */
  usesCards: boolean;
}

/**
 * Watch mode keeps each doc's rendered Markdown between rebuilds, so an edit renders only the
 * docs whose text changed. Entries that depend on other docs are dropped by `forgetStructure`.
 */
export class MarkdownMemo {
  readonly entries = new Map<string, MemoEntry>();
  /** Drops what depends on the set of docs and their front matter (cards; with `links`, resolved .md links too). */
  forgetStructure(links: boolean): void {
    if (links) this.entries.clear();
    else for (const [id, e] of this.entries) if (e.usesCards) this.entries.delete(id);
  }
}

/** What a doc's rendered Markdown is made from, besides the site's structure and config. */
export function markdownSourceOf(doc: SourceDoc, permalink: string): string {
  return `${permalink}\0${doc.relativePath}\0${doc.bodyLine}\0${doc.body}`;
}

/** Where an image is written: its name, then a hash of its bytes (so a changed image gets a new URL). */
export function imageOutputPath(file: string, bytes: Uint8Array): string {
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 8);
  const ext = path.extname(file);
  const name = path.basename(file, ext).replace(/[^\w-]+/g, "-");
  return `assets/images/${name}-${hash}${ext.toLowerCase()}`;
}

export function renderDocs(
  model: ContentModel,
  config: SiteConfig,
  docsDir: string,
  markdown: MarkdownRenderer,
  cardsHtml: (cards: CategoryCard[]) => string,
  warnings: Warnings,
  memo: MarkdownMemo | null = null,
): RenderedDocs {
  const images = new Map<string, OutputFile>();
  const imageUrls = new Map<string, string>();
  const linkOrigins = new Map<string, Map<string, string>>();
  const pages = model.docs.map((doc) => renderDoc(doc));

  function resolveLink(doc: SourceDoc, permalink: string, href: string, line: number, warnings: Warnings): string {
    if (href === "" || href.startsWith("#") || EXTERNAL.test(href)) return href;
    for (const r of config.links.rewrites) if (href.startsWith(r.from)) return r.to + href.slice(r.from.length);
    const [pathPart, hash = ""] = href.split(/(?=#)/);
    if (/\.mdx?$/.test(pathPart) && !pathPart.startsWith("/")) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(doc.relativePath), decodeURI(pathPart)));
      const found = model.byRelativePath.get(target);
      if (!found) {
        warnings.add(`Markdown link to a missing file: ${href}`, { file: doc.file, line });
        return href;
      }
      return model.info.get(found.id)!.permalink + hash;
    }
    if (href.startsWith("/")) return href;
    const url = new URL(href, `http://site${permalink}`);
    return url.pathname + url.search + url.hash;
  }

  function resolveImage(doc: SourceDoc, src: string, line: number, used: MemoEntry["images"]): string {
    if (EXTERNAL.test(src) || src.startsWith("/")) return src;
    const file = path.resolve(path.dirname(doc.file), decodeURI(src.split(/[?#]/)[0]));
    const known = imageUrls.get(file);
    if (known) {
      used.set(file, { output: images.get(known.slice(config.baseUrl.length))!, url: known });
      return known;
    }
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      throw new SsodocsError(`image "${src}" not found (looked for ${path.relative(docsDir, file) || file})`, { file: doc.file, line });
    }
    const out = imageOutputPath(file, bytes);
    const output = { path: out, contents: bytes };
    images.set(out, output);
    const url = `${config.baseUrl}${out}`;
    imageUrls.set(file, url);
    used.set(file, { output, url });
    return url;
  }

  function renderMarkdown(doc: SourceDoc, permalink: string): MemoEntry {
    const source = markdownSourceOf(doc, permalink);
    const known = memo?.entries.get(doc.id);
    if (known && known.source === source) {
      for (const [file, { output, url }] of known.images) {
        images.set(output.path, output);
        imageUrls.set(file, url);
      }
      return known;
    }
    const entry: MemoEntry = { source, rendered: null!, origins: new Map(), images: new Map(), warnings: [], usesCards: false };
    const local = new Warnings();
    entry.rendered = markdown(doc.body, {
      file: doc.file,
      bodyLine: doc.bodyLine,
      permalink,
      warnings: local,
      resolveLink: (href, line) => {
        const resolved = resolveLink(doc, permalink, href, line, local);
        if (resolved !== href) entry.origins.set(resolved, href);
        return resolved;
      },
      resolveImage: (src, line) => resolveImage(doc, src, line, entry.images),
      categoryCards: () => {
        entry.usesCards = true;
        return cardsHtml(categoryCards(model, doc.id));
      },
    });
    entry.warnings = local.list;
    memo?.entries.set(doc.id, entry);
    return entry;
  }

  function renderDoc(doc: SourceDoc): DocPageData {
    const { permalink, label } = model.info.get(doc.id)!;
    const memoised = renderMarkdown(doc, permalink);
    const rendered = memoised.rendered;
    linkOrigins.set(permalink, memoised.origins);
    warnings.list.push(...memoised.warnings);
    const inSidebar = model.sidebar.parents.has(doc.id);
    const { previous, next } = neighboursOf(model.sidebar, doc.id, model.info);
    const { minHeadingLevel, maxHeadingLevel } = config.toc;
    return {
      id: doc.id,
      permalink,
      title: doc.frontMatter.title,
      heading: rendered.leadingH1 ?? doc.frontMatter.title,
      description: doc.frontMatter.description ?? descriptionFromHtml(rendered.html),
      frontMatter: doc.frontMatter,
      html: rendered.html,
      toc: rendered.headings.filter((h) => h.level >= minHeadingLevel && h.level <= maxHeadingLevel),
      hideToc: doc.frontMatter.hide_table_of_contents ?? false,
      sidebar: inSidebar ? model.sidebar.nodes : null,
      breadcrumbs: inSidebar ? breadcrumbsOf(model.sidebar, doc.id, label) : [],
      previous,
      next,
      tags: doc.frontMatter.tags.map((t) => model.tags.get(t)!.summary),
      editUrl: config.docs.editUrl ? config.docs.editUrl + doc.relativePath : null,
      hasMermaid: rendered.hasMermaid,
    };
  }

  return { pages, images: [...images.values()], linkOrigins };
}
