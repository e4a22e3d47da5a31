// The props each page template and each overridable component receives (a site's overrides import
// them: `import type { FooterProps } from "ssodocs"`). Templates only read these; they compute nothing site-wide.
import type {
  AnnouncementBarConfig,
  Breadcrumb,
  DocPageData,
  FrontMatter,
  IconLink,
  LastUpdate,
  PageHead,
  PageLink,
  SidebarNode,
  SiteConfig,
  SupportLevel,
  TagSummary,
  TocItem,
} from "./types.ts";

/** What every page knows about the site and its built assets. */
export interface SiteView {
  config: SiteConfig;
  /** URL path of the docs home (`/integrations/`). */
  docsHome: string;
  searchPath: string;
  tagsPath: string;
  /** Hashed asset URLs; `customCss`: the bundle of the site's own stylesheets, linked after `css` (null without any). */
  assets: { css: string; js: string; customCss: string | null };
  /** The inline script that sets colour mode and announcement state before first paint. */
  beforePaintScript: string;
  /** The settings the inline scripts read (JSON, on <html data-ssodocs>; only those that are not the default). */
  beforePaintOptions: string;
  /** The Content-Security-Policy in the form a `<meta http-equiv>` tag carries it. */
  cspMeta: string;
  /**
   * The inline script of the home page and the 404 page, in place of the before-paint script: the
   * same, then the checks of the address the site is served at (base-URL banner, `.html` paths).
   */
  siteChecksScript: string;
  /** The policy of the pages that run `siteChecksScript`. */
  siteChecksCspMeta: string;
  /** SVG paths of the brand logos the navbar's icon links use (simple-icons), for templates that draw them inline (the default ones use the stylesheet's). */
  brandIcons: Partial<Record<IconLink["icon"], string>>;
}

export interface LayoutProps {
  site: SiteView;
  head: PageHead;
  /** The current URL path, to mark active navbar items. */
  path: string;
  /** The docs sidebar, also shown in the mobile menu. */
  sidebar?: SidebarNode[] | null;
  /** Extra class on <main>'s wrapper for page-specific styles. */
  pageClass?: string;
  /** The not-found page (404.html), which a static host serves for any unknown path. */
  notFound?: boolean;
  children?: unknown;
}

export interface DocPageProps {
  site: SiteView;
  doc: DocPageData;
}

export interface CategoryCard {
  label: string;
  href: string;
  count: number;
  description: string;
}

export interface DocCardListProps {
  cards: CategoryCard[];
}

export interface HomePageProps {
  site: SiteView;
  categories: CategoryCard[];
  guideCount: number;
}

export interface TagsPageProps {
  site: SiteView;
  tags: TagSummary[];
}

export interface TagPageProps {
  site: SiteView;
  tag: TagSummary;
  docs: { title: string; href: string; description: string }[];
}

export interface SearchPageProps {
  site: SiteView;
}

export interface NotFoundProps {
  site: SiteView;
}

/** The 404 page's main part, inside the layout (Docusaurus's `NotFound/Content`). */
export interface NotFoundContentProps {
  site: SiteView;
}

export interface AnnouncementBarProps {
  bar: AnnouncementBarConfig;
}

export interface NavbarProps {
  site: SiteView;
  /** The current URL path, to mark the active item. */
  path: string;
}

export interface FooterProps {
  site: SiteView;
}

export interface DocSidebarProps {
  nodes: SidebarNode[];
  /** The current page's URL path: its link is marked, and the categories holding it are open. */
  path: string;
}

/**
 * What every part of the sidebar gets besides its items. `full`: whether a closed category holds
 * its items (sidebars of up to 1,000 entries), or is a link to its first page, where it is open.
 */
interface SidebarPart {
  path: string;
  full: boolean;
}

export interface DocSidebarItemsProps extends SidebarPart {
  items: SidebarNode[];
}

export interface DocSidebarItemProps extends SidebarPart {
  item: SidebarNode;
}

export interface DocSidebarItemLinkProps {
  item: Extract<SidebarNode, { type: "link" }>;
  path: string;
}

export interface DocSidebarItemCategoryProps extends SidebarPart {
  item: Extract<SidebarNode, { type: "category" }>;
}

export interface DocSidebarItemHtmlProps {
  item: Extract<SidebarNode, { type: "html" }>;
}

export interface DocBreadcrumbsProps {
  items: Breadcrumb[];
  /** The docs home, the first crumb's link. */
  home: string;
}

export interface DocBadgesProps {
  frontMatter: FrontMatter;
}

/** The support level badge: under a guide's title (front matter `support_level`) and `<SupportBadge level="..." />` in Markdown. */
export interface SupportBadgeProps {
  level: SupportLevel;
}

/** The table of contents, beside the article (`TOC`) or above it where there is no room (`TOCCollapsible`). */
export interface TOCProps {
  items: TocItem[];
}

export interface TagsListInlineProps {
  tags: TagSummary[];
}

export interface LastUpdatedProps {
  update: LastUpdate;
}

/** The help box's links from the config (`docs.contributorGuideUrl`, `issuesUrl`, `supportUrl`) and the doc's edit URL. */
export interface HelpLinks {
  editUrl: string | null;
  contributorGuideUrl: string | null;
  issuesUrl: string | null;
  supportUrl: string | null;
}

/** The "Help us improve this content" box under a doc. */
export interface DocHelpBoxProps {
  links: HelpLinks;
  doc: DocPageData;
  site: SiteView;
}

export interface DocPaginatorProps {
  previous: PageLink | null;
  next: PageLink | null;
}

/** Every component a site can override (a file named like it in its theme folder), with its props. */
export interface ComponentPropsByName {
  DocPage: DocPageProps;
  HomePage: HomePageProps;
  TagsPage: TagsPageProps;
  TagPage: TagPageProps;
  SearchPage: SearchPageProps;
  NotFound: NotFoundProps;
  NotFoundContent: NotFoundContentProps;
  Layout: LayoutProps;
  AnnouncementBar: AnnouncementBarProps;
  Navbar: NavbarProps;
  Footer: FooterProps;
  DocSidebar: DocSidebarProps;
  DocSidebarItems: DocSidebarItemsProps;
  DocSidebarItem: DocSidebarItemProps;
  DocSidebarItemLink: DocSidebarItemLinkProps;
  DocSidebarItemCategory: DocSidebarItemCategoryProps;
  DocSidebarItemHtml: DocSidebarItemHtmlProps;
  DocBreadcrumbs: DocBreadcrumbsProps;
  DocBadges: DocBadgesProps;
  SupportBadge: SupportBadgeProps;
  TOC: TOCProps;
  TOCCollapsible: TOCProps;
  DocCardList: DocCardListProps;
  TagsListInline: TagsListInlineProps;
  LastUpdated: LastUpdatedProps;
  DocHelpBox: DocHelpBoxProps;
  DocPaginator: DocPaginatorProps;
}
