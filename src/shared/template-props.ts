// The props each page template receives. Templates only read these; they compute nothing site-wide.
import type { DocPageData, IconLink, PageHead, SidebarNode, SiteConfig, TagSummary } from "./types.ts";

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

export interface CardListProps {
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
