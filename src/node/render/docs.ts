// Markdown of each doc to the data its page template needs: HTML, table of contents,
// breadcrumbs, neighbours, tags and the images it uses (copied under content-hashed names).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { DocPageData, SiteConfig } from "../../shared/types.ts";
import type { CategoryCard } from "../../shared/template-props.ts";
import { categoryAnchor } from "../../shared/category-guides.ts";
import { tagsOf, type ContentModel } from "../content/site.ts";
import { breadcrumbsOf, categoryLinkedTo, docIdsUnder, neighboursOf } from "../content/sidebar.ts";
import type { SourceDoc } from "../content/load.ts";
import { SsodocsError, Warnings } from "../errors.ts";
import type { MarkdownRenderer, RenderedMarkdown } from "../markdown/index.ts";
import { hashOf } from "../cache.ts";
import { isWithin, realPathOf } from "../output-folder.ts";

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
      description:
        node.type === "category"
          ? `${count} ${count === 1 ? "item" : "items"}`
          : (model.byId.get(node.docId)?.frontMatter.description ?? ""),
    };
  });
}

/** First paragraph of the body as plain text, for the meta description when front matter has none. */
export function descriptionFromHtml(html: string): string {
  const p = /<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "";
  const text = p
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, "")}...` : text;
}

/** An image a doc shows: its file in the docs folder, the hash of its bytes, where it is written. */
export interface ImageUse {
  file: string;
  hash: string;
  path: string;
}

/** A doc rendered to its page data, with what rendering it found on the way. */
export interface RenderedDoc {
  page: DocPageData;
  images: ImageUse[];
  /** Each rewritten href -> the href as written in the Markdown, for error reports. */
  origins: Map<string, string>;
  warnings: string[];
}

/** Where an image is written: its name, then a hash of its bytes (so a changed image gets a new URL). */
export function imageOutputPath(file: string, bytes: Uint8Array): string {
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 8);
  const ext = path.extname(file);
  const name = path.basename(file, ext).replace(/[^\w-]+/g, "-");
  return `assets/images/${name}-${hash}${ext.toLowerCase()}`;
}

const safeDecodeUri = (text: string): string | null => {
  try {
    return decodeURI(text);
  } catch {
    return null;
  }
};

/** What a doc's Markdown is rendered with: the site's model and config, the renderer, and the HTML of category cards. */
export interface DocRenderContext {
  model: ContentModel;
  config: SiteConfig;
  docsDir: string;
  markdown: MarkdownRenderer;
  cardsHtml: (cards: CategoryCard[]) => string;
}

/** Renders a doc's Markdown to its page data; its code blocks stay placeholders until the code renderer fills them. */
export function renderDoc(doc: SourceDoc, context: DocRenderContext): RenderedDoc {
  const { model, config, docsDir } = context;
  const { permalink, label } = model.info.get(doc.id)!;
  const origins = new Map<string, string>();
  const images = new Map<string, ImageUse>();
  const warnings = new Warnings();

  const resolveLink = (href: string, line: number): string => {
    if (href === "" || href.startsWith("#") || EXTERNAL.test(href)) return href;
    for (const r of config.links.rewrites) if (href.startsWith(r.from)) return r.to + href.slice(r.from.length);
    const [pathPart, hash = ""] = href.split(/(?=#)/);
    if (/\.mdx?$/.test(pathPart) && !pathPart.startsWith("/")) {
      const decoded = safeDecodeUri(pathPart) ?? pathPart;
      const found = model.byRelativePath.get(
        path.posix.normalize(path.posix.join(path.posix.dirname(doc.relativePath), decoded)),
      );
      if (!found) {
        warnings.add(`Markdown link to a missing file: ${href}`, { file: doc.file, line });
        return href;
      }
      return model.info.get(found.id)!.permalink + hash;
    }
    if (href.startsWith("/")) return href;
    const url = new URL(href, `http://site${permalink}`);
    return url.pathname + url.search + url.hash;
  };

  const resolveImage = (src: string, line: number): string => {
    if (EXTERNAL.test(src) || src.startsWith("/")) return src;
    const decoded = safeDecodeUri(src.split(/[?#]/)[0]);
    if (decoded === null)
      throw new SsodocsError(`image "${src}" is not a valid address (bad percent-encoding)`, { file: doc.file, line });
    const file = path.resolve(path.dirname(doc.file), decoded);
    // Only files of the docs folder are published, whatever the path or a link says.
    if (!isWithin(realPathOf(docsDir), realPathOf(file))) {
      throw new SsodocsError(`image "${src}" is outside the docs folder; only files inside it can be published`, {
        file: doc.file,
        line,
      });
    }
    let use = images.get(file);
    if (!use) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        throw new SsodocsError(`image "${src}" not found (looked for ${path.relative(docsDir, file) || file})`, {
          file: doc.file,
          line,
        });
      }
      use = { file, hash: hashOf(bytes), path: imageOutputPath(file, bytes) };
      images.set(file, use);
    }
    return `${config.baseUrl}${use.path}`;
  };

  const rendered: RenderedMarkdown = context.markdown(doc.body, {
    file: doc.file,
    bodyLine: doc.bodyLine,
    permalink,
    warnings,
    resolveLink: (href, line) => {
      const resolved = resolveLink(href, line);
      if (resolved !== href) origins.set(resolved, href);
      return resolved;
    },
    resolveImage,
    categoryCards: () => context.cardsHtml(categoryCards(model, doc.id)),
  });
  return {
    page: docPageData(doc, rendered, permalink, label, context),
    images: [...images.values()],
    origins,
    warnings: warnings.list,
  };
}

function docPageData(
  doc: SourceDoc,
  rendered: RenderedMarkdown,
  permalink: string,
  label: string,
  { model, config }: DocRenderContext,
): DocPageData {
  const inSidebar = model.sidebar.parents.has(doc.id);
  const { previous, next } = neighboursOf(model.sidebar, doc.id, model.info);
  const { minHeadingLevel, maxHeadingLevel } = config.toc;
  return {
    id: doc.id,
    permalink,
    title: doc.title,
    heading: rendered.leadingH1 ?? doc.title,
    description: doc.frontMatter.description ?? descriptionFromHtml(rendered.html),
    frontMatter: doc.frontMatter,
    html: rendered.html,
    toc: rendered.headings.filter((h) => h.level >= minHeadingLevel && h.level <= maxHeadingLevel),
    hideToc: doc.frontMatter.hide_table_of_contents ?? false,
    sidebar: inSidebar ? model.sidebar.nodes : null,
    breadcrumbs: inSidebar ? breadcrumbsOf(model.sidebar, doc.id, label) : [],
    previous,
    next,
    tags: [...new Set(tagsOf(doc).map((t) => t.key))].map((key) => model.tags.get(key)!.summary),
    editUrl: config.docs.editUrl ? config.docs.editUrl + doc.relativePath : null,
    hasMermaid: rendered.hasMermaid,
  };
}
