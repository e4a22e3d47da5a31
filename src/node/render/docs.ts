// Markdown of each doc to the data its page template needs: HTML, table of contents,
// breadcrumbs, neighbours, tags and the images it uses (copied under content-hashed names).
import { createHash } from "node:crypto";
import path from "node:path";
import { categoryAnchor } from "../../shared/category-guides.ts";
import { escapeHtml } from "../../shared/escape-html.ts";
import type { CategoryCard } from "../../shared/template-props.ts";
import type { DocPageData, LastUpdate, SiteConfig, SupportLevel } from "../../shared/types.ts";
import { hashOf } from "../util/hash.ts";
import { EXTERNAL, resolveDocLink } from "../content/doc-links.ts";
import type { SourceDoc } from "../content/load.ts";
import { withTrailingSlash } from "../content/routes.ts";
import {
  breadcrumbsOf,
  type CategoryNode,
  type CategoryPage,
  categoryLinkedTo,
  docIdsUnder,
  sidebarIndexOf,
  stopLink,
  stopsAround,
} from "../content/sidebar.ts";
import { type ContentModel, tagsOf } from "../content/site.ts";
import { type Diagnostic, SsodocsError, Warnings } from "../errors.ts";
import type { InputFiles } from "../input-files.ts";
import { docFormat } from "../markdown/format.ts";
import type { MarkdownRenderer, RenderedMarkdown } from "../markdown/index.ts";
import { isWithin } from "../util/paths.ts";
import { notAnImageName, publishedImage } from "./image-files.ts";

/**
 * Cards for the items of a category: its sub-categories ("N items") and docs (their
 * description), and its other links. A sub-category without a page of its own leads to its list
 * of guides on the category's page (templates/components/DocParts.tsx, CategoryGuideList), or
 * to its first page when the category has no page.
 */
export function cardsOf(model: ContentModel, category: CategoryNode): CategoryCard[] {
  return category.items.flatMap((node): CategoryCard[] => {
    if (node.type === "html") return [];
    if (node.type === "link") {
      const doc = node.docId ? model.byId.get(node.docId) : undefined;
      return [{ label: node.label, href: node.href, count: 1, description: doc?.frontMatter.description ?? "" }];
    }
    const ids = docIdsUnder(node);
    const first = ids[0] ? model.info.get(ids[0]) : undefined;
    const listed = category.href ? `${category.href}#${categoryAnchor(node.label)}` : null;
    const count = ids.length;
    return [
      {
        label: node.label,
        href: node.href ?? listed ?? first?.permalink ?? "#",
        count,
        description: `${count} ${count === 1 ? "item" : "items"}`,
      },
    ];
  });
}

/** The cards of the category whose own page is this doc (`<DocCardList />`). */
function categoryCards(model: ContentModel, docId: string): CategoryCard[] {
  const category = categoryLinkedTo(model.sidebar, docId);
  return category ? cardsOf(model, category) : [];
}

/** A meta description from a doc's first paragraph (its text, whitespace collapsed, cut at 160 characters). */
function descriptionOf(paragraph: string): string {
  const text = paragraph.replace(/\s+/g, " ").trim();
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, "")}...` : text;
}

/** A link to a page of the site with `trailingSlash` applied (a link to a file, such as `/img/a.png`, stays as it is). */
function pageLink(href: string, config: SiteConfig): string {
  const pathname = href.split(/[?#]/)[0];
  return /\.[a-z0-9]+$/i.test(pathname.split("/").pop() ?? "") ? href : withTrailingSlash(href, config);
}

/** An image a doc shows: its file in the docs folder, the hash of its bytes (as read), where it is written. */
interface ImageUse {
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
  warnings: Diagnostic[];
}

/** Where an image is written: its name, then a hash of its bytes (so a changed image gets a new URL). */
function imageOutputPath(file: string, bytes: Uint8Array): string {
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

/**
 * An image a doc shows, read through the input gate and checked to be an image (image-files.ts):
 * the hash of its bytes (a stored page is current while they are the same) and where its
 * published bytes go. `refuse` makes the error for why it cannot be shown.
 */
function imageUseOf(
  file: string,
  inputFiles: InputFiles,
  refuse: (why: string, missing?: boolean) => SsodocsError,
): ImageUse & { removed: string[] } {
  const wrongName = notAnImageName(file);
  if (wrongName) throw refuse(wrongName);
  const found = inputFiles.inspect(file, "image");
  if ("why" in found) throw refuse(found.why, found.missing);
  let bytes: Buffer;
  try {
    bytes = inputFiles.read(file, "image");
  } catch (error) {
    throw refuse((error as Error).message);
  }
  const published = publishedImage(file, bytes);
  if ("why" in published) throw refuse(published.why);
  return { file, hash: hashOf(bytes), path: imageOutputPath(file, published.bytes), removed: published.removed };
}

/** What a doc's Markdown is rendered with: the site's model and config, the renderer, and the HTML of category cards. */
export interface DocRenderContext {
  model: ContentModel;
  config: SiteConfig;
  docsDir: string;
  /** The gate images are read through (input-files.ts). */
  inputFiles: InputFiles;
  markdown: MarkdownRenderer;
  cardsHtml: (cards: CategoryCard[]) => string;
  /** HTML of `<SupportBadge level>` by the site's override of it (null: ssodocs's own). */
  badgeHtml: ((level: SupportLevel) => string) | null;
}

/** Renders a doc's Markdown to its page data; its code blocks stay placeholders until the code renderer fills them. */
export function renderDoc(doc: SourceDoc, context: DocRenderContext): RenderedDoc {
  const { model, config, docsDir } = context;
  const { permalink, label } = model.info.get(doc.id)!;
  const origins = new Map<string, string>();
  const images = new Map<string, ImageUse>();
  const warnings = new Warnings({ file: doc.file, text: doc.body, firstLine: doc.bodyLine });

  const resolveLink = (href: string, line: number): string => {
    const link = resolveDocLink(href, doc, model, config);
    switch (link.kind) {
      case "as-written":
        return href;
      case "doc":
        if (link.href === null)
          warnings.add(`Markdown link to a missing file: ${href}`, { file: doc.file, line, needle: href });
        return link.href ?? href;
      case "rewritten":
        return link.href;
      default:
        return pageLink(link.href, config);
    }
  };

  const resolveImage = (src: string, line: number): string => {
    if (EXTERNAL.test(src) || src.startsWith("/")) return src;
    const where = { file: doc.file, line, column: warnings.columnOf(doc.file, line, src) };
    const decoded = safeDecodeUri(src.split(/[?#]/)[0]);
    if (decoded === null) throw new SsodocsError(`image "${src}" is not a valid address (bad percent-encoding)`, where);
    const file = path.resolve(path.dirname(doc.file), decoded);
    // Only files of the docs folder are shown, as written; where a link leads, the input gate checks.
    if (!isWithin(path.resolve(docsDir), file))
      throw new SsodocsError(`image "${src}" is outside the docs folder; only files inside it can be published`, where);
    let use = images.get(file);
    if (!use) {
      const refuse = (why: string, missing?: boolean) => {
        const looked = path.relative(docsDir, file) || file;
        if (missing) return new SsodocsError(`image "${src}" not found (looked for ${looked})`, where);
        // "is not an image: ..." reads on from the name; the gate's reasons follow a colon.
        return new SsodocsError(`image "${src}"${why.startsWith("is ") ? " " : ": "}${why}`, where);
      };
      const { removed, ...found } = imageUseOf(file, context.inputFiles, refuse);
      for (const what of removed) warnings.add(`image "${src}": removed ${what} from the SVG`, where);
      images.set(file, (use = found));
    }
    return `${config.baseUrl}${use.path}`;
  };

  const rendered: RenderedMarkdown = context.markdown(doc.body, {
    format: docFormat(doc.relativePath, config.markdown.format),
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
    supportBadge: context.badgeHtml,
  });
  const image = doc.frontMatter.image;
  const imageUrl = image ? socialImageUrl(image, config, (src) => resolveImage(src, doc.keyLines.image ?? 1)) : null;
  return {
    page: docPageData(doc, rendered, permalink, label, imageUrl, context),
    images: [...images.values()],
    origins,
    warnings: warnings.items,
  };
}

/** A social card image as an absolute URL: a URL as it is, a path of the site, or a file beside the doc (copied). */
function socialImageUrl(image: string, config: SiteConfig, copy: (src: string) => string): string {
  if (EXTERNAL.test(image)) return image;
  if (image.startsWith("/"))
    return `${config.url}${image.startsWith(config.baseUrl) ? image : config.baseUrl + image.slice(1)}`;
  return `${config.url}${copy(image)}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `last_update` as shown: the date as Docusaurus shows it in English ("Jan 31, 2025", in UTC) and the author. */
function lastUpdateOf(doc: SourceDoc): LastUpdate | null {
  const value = doc.frontMatter.last_update;
  if (!value || (value.date === undefined && value.author === undefined)) return null;
  let date: LastUpdate["date"] = null;
  if (value.date !== undefined) {
    const d = value.date instanceof Date ? value.date : new Date(value.date);
    if (Number.isNaN(d.getTime()))
      throw new SsodocsError(
        `front matter "last_update.date" must be a date such as 2025-01-31 (got "${value.date}")`,
        {
          file: doc.file,
          line: doc.keyLines.last_update,
        },
      );
    const text = `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
    date = { text, iso: d.toISOString() };
  }
  return { date, author: value.author ?? null };
}

/** Previous and next: front matter `pagination_prev`/`pagination_next` (a doc id, or null for none), else the sidebar's order. */
function paginationOf(doc: SourceDoc, model: ContentModel): Pick<DocPageData, "previous" | "next"> {
  const index = model.sidebar.sidebarOf.get(doc.id);
  const around = index === undefined ? null : stopsAround(model.sidebar.sidebars[index].stops, doc.id);
  const pick = (key: "pagination_prev" | "pagination_next", fromSidebar: Parameters<typeof stopLink>[0]) => {
    const id = doc.frontMatter[key];
    if (id === null) return null;
    if (id === undefined) return stopLink(fromSidebar, model.byId, model.info);
    return stopLink({ docId: id, href: "", label: model.info.get(id)!.label }, model.byId, model.info);
  };
  return {
    previous: pick("pagination_prev", around?.previous ?? null),
    next: pick("pagination_next", around?.next ?? null),
  };
}

function docPageData(
  doc: SourceDoc,
  rendered: RenderedMarkdown,
  permalink: string,
  label: string,
  image: string | null,
  { model, config }: DocRenderContext,
): DocPageData {
  const fm = doc.frontMatter;
  const chain = model.sidebar.parents.get(doc.id);
  const shown = sidebarIndexOf(model.sidebar, doc);
  const tocLevels = {
    minHeadingLevel: fm.toc_min_heading_level ?? config.toc.minHeadingLevel,
    maxHeadingLevel: fm.toc_max_heading_level ?? config.toc.maxHeadingLevel,
  };
  const editUrl = fm.custom_edit_url !== undefined ? fm.custom_edit_url : config.docs.editUrl;
  return {
    id: doc.id,
    permalink,
    title: doc.title,
    heading: rendered.leadingH1 ?? doc.title,
    description: fm.description ?? descriptionOf(rendered.firstParagraph),
    frontMatter: fm,
    html: rendered.html,
    toc: rendered.headings.filter((h) => h.level >= tocLevels.minHeadingLevel && h.level <= tocLevels.maxHeadingLevel),
    hideToc: fm.hide_table_of_contents ?? false,
    tocLevels,
    hideTitle: (fm.hide_title ?? false) && rendered.leadingH1 === null,
    sidebar: shown === null ? null : model.sidebar.sidebars[shown].nodes,
    breadcrumbs: chain ? breadcrumbsOf(chain, label) : [],
    ...paginationOf(doc, model),
    // An unlisted doc's tags may be on no tag page (tag pages list listed docs only).
    tags: [...new Set(tagsOf(doc).map((t) => t.key))].flatMap((key) => model.tags.get(key)?.summary ?? []),
    editUrl: fm.custom_edit_url !== undefined || !editUrl ? editUrl : editUrl + doc.relativePath,
    hasMermaid: rendered.hasMermaid,
    status: fm.unlisted ? "unlisted" : fm.draft ? "draft" : null,
    lastUpdate: lastUpdateOf(doc),
    keywords: fm.keywords ?? [],
    image,
  };
}

/** A category's generated index page, as a doc page: its title, description and one card per item. */
export function categoryPageData(
  page: CategoryPage,
  model: ContentModel,
  config: SiteConfig,
  cardsHtml: (cards: CategoryCard[]) => string,
): DocPageData {
  const stops = model.sidebar.sidebars[page.sidebar].stops;
  const { previous, next } = stopsAround(stops, page.permalink);
  const description = page.description ? `<p>${escapeHtml(page.description)}</p>\n` : "";
  const image = page.image ? socialImageUrl(page.image, config, (src) => src) : null;
  return {
    id: `category:${page.permalink}`,
    permalink: page.permalink,
    title: page.title,
    heading: page.title,
    description: page.description,
    frontMatter: {},
    html: description + cardsHtml(cardsOf(model, page.node)),
    toc: [],
    hideToc: true,
    tocLevels: config.toc,
    hideTitle: false,
    sidebar: model.sidebar.sidebars[page.sidebar].nodes,
    breadcrumbs: breadcrumbsOf(page.parents, page.node.label),
    previous: stopLink(previous, model.byId, model.info),
    next: stopLink(next, model.byId, model.info),
    tags: [],
    editUrl: null,
    hasMermaid: false,
    status: null,
    lastUpdate: null,
    keywords: page.keywords,
    image,
  };
}
