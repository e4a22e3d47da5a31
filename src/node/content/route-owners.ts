// Every route has one owner. A doc may not take a page ssodocs makes (the tags index, a tag's page,
// the search page, the 404 page, a category's generated index), and a tag may not take the tags
// index: a contributed doc could otherwise replace a page unnoticed. (Two docs with one route are
// refused where their routes are worked out, site.ts.) Routes that differ only in case or in Unicode
// normalisation form are one file on macOS and Windows checkouts and on case-insensitive hosts:
// they warn, naming both.
import type { SiteConfig } from "../../shared/types.ts";
import { SsodocsError, type Warnings } from "../errors.ts";
import type { SourceDoc } from "./load.ts";
import { routeKey, searchPermalink, tagsPermalink } from "./routes.ts";
import type { CategoryPage, SidebarDocInfo } from "./sidebar.ts";

/** What the check reads of the content model. */
export interface RoutedContent {
  docs: SourceDoc[];
  info: Map<string, SidebarDocInfo>;
  byId: Map<string, SourceDoc>;
  tags: Map<string, { summary: { label: string; permalink: string }; docIds: string[] }>;
  categoryPages: CategoryPage[];
}

/** A page ssodocs makes: its route and how messages name it. */
interface Generated {
  route: string;
  what: string;
}

function generatedPages(content: RoutedContent, config: SiteConfig): Generated[] {
  const ofTag = (docIds: string[]) => content.byId.get(docIds[0])?.relativePath ?? "a doc";
  return [
    { route: tagsPermalink(config), what: "the tags index" },
    { route: searchPermalink(config), what: "the search page" },
    { route: `${config.baseUrl}404.html`, what: "the 404 page" },
    ...[...content.tags.values()].map(({ summary, docIds }) => ({
      route: summary.permalink,
      what: `the page of the tag "${summary.label}" (of ${ofTag(docIds)})`,
    })),
    ...content.categoryPages.map((page) => ({
      route: page.permalink,
      what: `the generated index of the category "${page.node.label}"`,
    })),
  ];
}

/** A tag whose page would be the tags index (`permalink: /`, or a label of punctuation only). */
function checkTags(content: RoutedContent, config: SiteConfig): void {
  const index = routeKey(tagsPermalink(config));
  for (const { summary, docIds } of content.tags.values()) {
    if (routeKey(summary.permalink) !== index) continue;
    const doc = content.byId.get(docIds[0])!;
    throw new SsodocsError(
      `the tag "${summary.label}" would be at ${summary.permalink}, the tags index; give it another label or permalink`,
      { file: doc.file, line: doc.keyLines.tags },
    );
  }
}

/** The key under which two routes are one file on a case-insensitive, normalising file system. */
const foldedKey = (route: string) => routeKey(route).normalize("NFC").toLowerCase();

/** Throws when a doc takes a generated page or a tag the tags index; warns for routes one only in case or Unicode form. */
export function checkRouteOwners(content: RoutedContent, config: SiteConfig, warnings: Warnings): void {
  checkTags(content, config);
  const generated = generatedPages(content, config);
  const made = new Map(generated.map((page) => [routeKey(page.route), page]));
  const folded = new Map<string, { route: string; what: string }>();
  for (const page of generated) if (!folded.has(foldedKey(page.route))) folded.set(foldedKey(page.route), page);
  for (const doc of content.docs) {
    const route = content.info.get(doc.id)!.permalink;
    const where = { file: doc.file, line: doc.keyLines.slug };
    const taken = made.get(routeKey(route));
    if (taken)
      throw new SsodocsError(`route ${route} is ${taken.what}, which ssodocs makes; choose another slug`, where);
    const twin = folded.get(foldedKey(route));
    if (twin && routeKey(twin.route) !== routeKey(route))
      warnings.add(`route ${route} differs only in case or Unicode form from ${twin.route} (${twin.what})`, where);
    else if (!twin) folded.set(foldedKey(route), { route, what: doc.relativePath });
  }
}
