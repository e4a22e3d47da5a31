// Plain data that passes between the build stages and into the templates.

export type SupportLevel = "authentik" | "community" | "vendor" | "deprecated";
export const SUPPORT_LEVELS: readonly SupportLevel[] = ["authentik", "community", "vendor", "deprecated"];

export interface NavbarLink {
  label: string;
  href: string;
}

/** Extra entries of a dropdown, after the configured ones (Docusaurus's `dropdownItemsAfter`). */
export interface DropdownExtra {
  label: string;
  href: string;
}

/**
 * A navbar item as the config writes it: a link (left side), or Docusaurus's locale or docs
 * version dropdown (right side), whose entries come from `i18n` and `docs.versions`.
 */
export type NavbarItem =
  | NavbarLink
  | { type: "localeDropdown"; dropdownItemsAfter?: DropdownExtra[] }
  | { type: "docsVersionDropdown"; dropdownItemsAfter?: DropdownExtra[] };

/** One locale's settings (Docusaurus's `i18n.localeConfigs`); `url`: where a locale other than the built one lives. */
export interface LocaleConfig {
  label?: string;
  htmlLang?: string;
  direction?: "ltr" | "rtl";
  url?: string;
}

export interface I18nConfig {
  /** The locale this build is written in. */
  defaultLocale: string;
  locales: string[];
  localeConfigs: Record<string, LocaleConfig>;
}

export interface IconLink {
  label: string;
  href: string;
  icon: "github" | "discord";
}

export interface AnnouncementBarConfig {
  id: string;
  content: string;
  backgroundColor: string;
  textColor: string;
  isCloseable: boolean;
}

export interface AlgoliaConfig {
  appId: string;
  apiKey: string;
  indexName: string;
}

/** A sidebar as written in the configuration: doc ids and categories. */
export type SidebarItemConfig =
  | string
  | { type: "doc"; id: string; label?: string }
  | { type: "category"; label: string; link?: string; collapsible?: boolean; items: SidebarItemConfig[] };

export interface SiteConfig {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  titleDelimiter: string;
  navbar: {
    logo: { alt: string; src: string; href: string };
    items: NavbarItem[];
    iconLinks: IconLink[];
    hideOnScroll: boolean;
  };
  footer: { copyright: string };
  announcementBar: AnnouncementBarConfig | null;
  i18n: I18nConfig;
  colorMode: { defaultMode: "light" | "dark"; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  docs: {
    /** Folder of the docs, relative to the config file. */
    path: string;
    routeBasePath: string;
    sidebar: SidebarItemConfig[];
    /** Prefix of the "Edit on GitHub" link; the doc's path relative to docs.path is appended. */
    editUrl: string | null;
    issuesUrl: string | null;
    contributorGuideUrl: string | null;
    supportUrl: string | null;
    /** The label of the version this build is (Docusaurus's `versions.current.label`, "Next" by default). */
    versions: { current: { label: string } };
  };
  toc: { minHeadingLevel: number; maxHeadingLevel: number };
  links: { rewrites: { from: string; to: string }[] };
  search: { algolia: AlgoliaConfig | null };
  mermaid: { theme: { light: string; dark: string } };
  code: { extraLanguages: string[] };
  /** Folder of the React page templates, relative to the config file. */
  templates: string;
  /** Folder of static files copied as they are to the output root. */
  static: string | null;
}

export interface FrontMatter {
  title: string;
  sidebar_label?: string;
  support_level?: SupportLevel;
  tags: string[];
  description?: string;
  authentik_preview?: boolean;
  authentik_enterprise?: boolean;
  authentik_version?: string;
  hide_table_of_contents?: boolean;
  slug?: string;
}

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

/** The sidebar as the templates see it: resolved labels and hrefs. */
export type SidebarNode =
  | { type: "link"; label: string; href: string; docId: string }
  | { type: "category"; label: string; href: string | null; docId: string | null; collapsible: boolean; items: SidebarNode[] };

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
  sidebar: SidebarNode[] | null;
  breadcrumbs: Breadcrumb[];
  previous: PageLink | null;
  next: PageLink | null;
  tags: TagSummary[];
  editUrl: string | null;
  hasMermaid: boolean;
}

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  noindex?: boolean;
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
}

/**
 * The embedded search index (`build/search/index.json`): the records of records.json in a compact
 * form the browser indexes with MiniSearch. Each page, heading and distinct text is stored once.
 */
export interface EmbeddedSearchIndex {
  version: 3;
  /** [path with base URL, lvl0, lvl1] per page. */
  pages: [string, string, string][];
  /** Headings lvl2..lvl6: [page, level, anchor, text, index of the enclosing heading or -1]. */
  sections: [number, number, string, string, number][];
  /** The distinct texts of the content records. */
  texts: string[];
  /**
   * Content records, two numbers each: where the record sits (the index of the heading above it,
   * or -(page + 1) when no heading is above it), then the index of its text.
   */
  contents: number[];
}
