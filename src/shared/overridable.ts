// The components a site can override (Docusaurus's swizzle): a file of its theme folder named like
// one (`theme/Footer.tsx`) replaces it wherever it is used. The page templates render each of these
// through `overridable`, which looks the override up in a React context the renderer provides.
import { type ComponentType, type Context, createContext, createElement, type ReactElement, useContext } from "react";
import type { ComponentPropsByName } from "./template-props.ts";

export type ComponentName = keyof ComponentPropsByName;

/** A site's overrides, by name. */
export type ComponentOverrides = { [N in ComponentName]?: ComponentType<ComponentPropsByName[N]> };

interface ComponentInfo {
  /** Its props type, as `import type { ... } from "ssodocs"` names it. */
  props: string;
  /** What it draws. */
  what: string;
}

/** Every overridable component (`ssodocs components` lists them), in the order a page holds them. */
export const COMPONENTS: Readonly<Record<ComponentName, ComponentInfo>> = {
  DocPage: { props: "DocPageProps", what: "a doc's page, and a category's generated index (the whole page)" },
  HomePage: { props: "HomePageProps", what: "the home page, when no doc is at the site's root (the whole page)" },
  TagsPage: { props: "TagsPageProps", what: "the page listing every tag (the whole page)" },
  TagPage: { props: "TagPageProps", what: "one tag's page (the whole page)" },
  SearchPage: { props: "SearchPageProps", what: "the search page (the whole page)" },
  NotFound: { props: "NotFoundProps", what: "the 404 page (the whole page)" },
  NotFoundContent: { props: "NotFoundContentProps", what: "the 404 page's main part, inside the layout" },
  Layout: { props: "LayoutProps", what: "the page shell: head, navbar, main content, footer" },
  AnnouncementBar: { props: "AnnouncementBarProps", what: "the announcement bar above the navbar" },
  Navbar: { props: "NavbarProps", what: "the navbar" },
  Footer: { props: "FooterProps", what: "the footer of every page" },
  DocSidebar: { props: "DocSidebarProps", what: "the docs sidebar" },
  DocSidebarItems: { props: "DocSidebarItemsProps", what: "a list of sidebar items (the sidebar's, a category's)" },
  DocSidebarItem: { props: "DocSidebarItemProps", what: "one sidebar item, of any type" },
  DocSidebarItemLink: { props: "DocSidebarItemLinkProps", what: "a sidebar link (a doc's or any other)" },
  DocSidebarItemCategory: { props: "DocSidebarItemCategoryProps", what: "a sidebar category and its items" },
  DocSidebarItemHtml: { props: "DocSidebarItemHtmlProps", what: "a sidebar `html` item" },
  DocBreadcrumbs: { props: "DocBreadcrumbsProps", what: "the breadcrumbs above a doc" },
  DocBadges: { props: "DocBadgesProps", what: "the badges under a doc's title (support level, version, ...)" },
  SupportBadge: { props: "SupportBadgeProps", what: "the support level badge (under the title, <SupportBadge>)" },
  TOC: { props: "TOCProps", what: "the table of contents beside a doc" },
  TOCCollapsible: { props: "TOCProps", what: 'the collapsible "On this page" above a doc, on narrow screens' },
  DocCardList: { props: "DocCardListProps", what: "the category cards (home page, <DocCardList />, category pages)" },
  TagsListInline: { props: "TagsListInlineProps", what: "a doc's tags, under it" },
  LastUpdated: { props: "LastUpdatedProps", what: '"Last updated on ... by ..." under a doc' },
  DocHelpBox: { props: "DocHelpBoxProps", what: 'the "Help us improve this content" box under a doc' },
  DocPaginator: { props: "DocPaginatorProps", what: "the previous and next links under a doc" },
};

export const COMPONENT_NAMES = Object.keys(COMPONENTS) as ComponentName[];

// One context per process, whichever copy of this module asks: the renderer (compiled with the
// command line), the default templates (compiled apart) and a site's own templates (bundled at
// build time) each hold a copy, and all must meet on one context. They share React's instance.
const KEY = Symbol.for("ssodocs.componentOverrides");
const contexts = globalThis as unknown as Record<symbol, Context<ComponentOverrides> | undefined>;
contexts[KEY] ??= createContext<ComponentOverrides>({});
const Overrides = contexts[KEY];

/** The component `name` as pages render it: the site's override when it has one, else `Default`. */
export function overridable<N extends ComponentName>(
  name: N,
  Default: ComponentType<ComponentPropsByName[N]>,
): ComponentType<ComponentPropsByName[N]> {
  const Overridable = (props: ComponentPropsByName[N]) =>
    createElement((useContext(Overrides)[name] ?? Default) as ComponentType<ComponentPropsByName[N]>, props);
  Overridable.displayName = name;
  return Overridable;
}

/**
 * The site's overrides, for a component that picks among several for many elements (a sidebar's
 * items): one lookup per list instead of an `overridable` wrapper per element.
 */
export const useOverrides = (): ComponentOverrides => useContext(Overrides);

/** `element` rendered with a site's overrides. */
export function withOverrides(element: ReactElement, overrides: ComponentOverrides): ReactElement {
  return createElement(Overrides.Provider, { value: overrides }, element);
}
