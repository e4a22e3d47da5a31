// Plain data that passes between the build stages and into the templates.

import type { SiteConfig as ResolvedConfig, SidebarItemConfig as SidebarItem } from "./schema/config.ts";
import type { CustomProps } from "./schema/custom-props.ts";
import type { FrontMatterData } from "./schema/front-matter.ts";

export { SUPPORT_LEVELS, type SupportLevel } from "./schema/front-matter.ts";

/** The site's config with its defaults (src/shared/schema/config.ts holds the schema). */
export type SiteConfig = ResolvedConfig;
export type SidebarItemConfig = SidebarItem;
export type NavbarItem = SiteConfig["navbar"]["items"][number];
export type NavbarLink = Extract<NavbarItem, { href: string }>;
/** Extra entries of a dropdown, after the configured ones (Docusaurus's `dropdownItemsAfter`). */
export type DropdownExtra = NavbarLink;
export type IconLink = SiteConfig["navbar"]["iconLinks"][number];
export type AnnouncementBarConfig = NonNullable<SiteConfig["announcementBar"]>;
export type AlgoliaConfig = NonNullable<SiteConfig["search"]["algolia"]>;

/** A doc's front matter as checked (src/shared/schema/front-matter.ts holds the schema). */
export type FrontMatter = FrontMatterData;

export interface TocItem {
  level: number;
  id: string;
  text: string;
  /** The label of the tab holding the heading (outer › inner when tabs nest), when it sits in one. */
  tab?: string;
}

export interface Breadcrumb {
  label: string;
  href: string | null;
}

export interface PageLink {
  label: string;
  href: string;
}

/**
 * The sidebar as the templates see it: resolved labels and hrefs. A link is a doc's (`docId`) or
 * any other (a `link` or `ref` item: `docId` null); `html` is a sidebar module's own markup. A
 * collapsible category starts closed unless it holds the page or says `collapsed: false`.
 * `customProps`: the item's custom props, as Docusaurus hands them to its theme's components (a
 * doc's `sidebar_custom_props`, an item's or a `_category_` file's `customProps`): JSON data, for
 * the site's component overrides (ssodocs's own components show nothing of them).
 */
export type SidebarNode =
  | { type: "link"; label: string; href: string; docId: string | null; className?: string; customProps?: CustomProps }
  | { type: "html"; html: string; className?: string; customProps?: CustomProps }
  | {
      type: "category";
      label: string;
      href: string | null;
      docId: string | null;
      collapsible: boolean;
      collapsed?: false;
      className?: string;
      customProps?: CustomProps;
      items: SidebarNode[];
    };

export interface TagSummary {
  label: string;
  permalink: string;
  count: number;
}

/** Everything a doc page template needs, computed once per doc. */
export interface DocPageData {
  id: string;
  permalink: string;
  title: string;
  /** The heading shown as H1: the front-matter title unless the body opens with its own H1. */
  heading: string;
  description: string;
  frontMatter: FrontMatter;
  html: string;
  toc: TocItem[];
  hideToc: boolean;
  /** The heading levels the table of contents shows (front matter toc_min/max_heading_level, else the config's). */
  tocLevels: { minHeadingLevel: number; maxHeadingLevel: number };
  /** `hide_title`: the title heading is not shown (a Markdown H1 of the body still is). */
  hideTitle: boolean;
  sidebar: SidebarNode[] | null;
  breadcrumbs: Breadcrumb[];
  previous: PageLink | null;
  next: PageLink | null;
  tags: TagSummary[];
  editUrl: string | null;
  hasMermaid: boolean;
  /** `unlisted` (built, but in no sidebar, search or sitemap) or `draft` (shown by watch mode only): a note above the article. */
  status: "unlisted" | "draft" | null;
  /** `last_update`: "Last updated on <date> by <author>" under the article. */
  lastUpdate: LastUpdate | null;
  /** Front matter `keywords` (a meta tag) and `image` (an absolute URL, for Open Graph and Twitter cards). */
  keywords: string[];
  image: string | null;
}

export interface LastUpdate {
  /** As shown ("Jan 31, 2025") and as an ISO date for `<time datetime>`. */
  date: { text: string; iso: string } | null;
  author: string | null;
}

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  noindex?: boolean;
  keywords?: string[];
  /** Absolute URL of the page's social card image. */
  image?: string | null;
}

export type TemplateName = "Layout" | "DocPage" | "HomePage" | "TagsPage" | "TagPage" | "SearchPage" | "NotFound";

// ---- Search: DocSearch records and hits, shared by the build (records, index) and the browser (dialog, page).

export interface SearchHierarchy {
  lvl0: string | null;
  lvl1: string | null;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

export type SearchRecordType = "lvl1" | "lvl2" | "lvl3" | "lvl4" | "lvl5" | "lvl6" | "content";

/** One DocSearch record, as Algolia indexes it (`build/search/records.json`). */
export interface DocSearchRecord {
  objectID: string;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: SearchRecordType;
  hierarchy: SearchHierarchy;
  content: string | null;
  language: string;
  docusaurus_tag: string;
  weight: { pageRank: number; level: number; position: number };
  /** The page's front-matter keywords (on its lvl1 record only, when it has any): searched as its title. */
  keywords?: string[];
}

/**
 * The embedded search index: the records of records.json in a compact form the browser indexes
 * with MiniSearch. Each page, heading and distinct text is stored once. It is published in two
 * files (EmbeddedIndexFirstPart, EmbeddedIndexTextsPart; src/shared/search-index.ts).
 */
export interface EmbeddedSearchIndex {
  /** [path with base URL, lvl0, lvl1, keywords (only when the page has any)] per page. */
  pages: ([string, string, string] | [string, string, string, string[]])[];
  /** Headings lvl2..lvl6: [page, level, anchor, text, index of the enclosing heading or -1]. */
  sections: [number, number, string, string, number][];
  /** The distinct texts of the content records, in the order of their first record. */
  texts: string[];
  /**
   * Content records, two numbers each: where the record sits (the index of the heading above it,
   * or -(page + 1) when no heading is above it), then the index of its text.
   */
  contents: number[];
  /** The site's synonym groups (config `search.synonyms`), lower-cased. */
  synonyms: string[][];
}

/**
 * `search/index.json`: what finds a page and its sections (titles, categories, keywords,
 * headings, synonyms), all the search dialog fetches before its first answer.
 */
export interface EmbeddedIndexFirstPart extends Pick<EmbeddedSearchIndex, "pages" | "sections" | "synonyms"> {
  version: 5;
  /** Names the build: the texts part of the same build has the same key. */
  key: string;
  /** The texts part's file, relative to this one. */
  textsFile: string;
}

/** `search/texts.json`: the content records, fetched right after the first part. */
export interface EmbeddedIndexTextsPart {
  version: 5;
  key: string;
  texts: string[];
  /**
   * The content records, two numbers each: where it sits less where the record before sits, then
   * 0 for the next text not used before, or how many texts back its text is.
   */
  contents: number[];
}
