// What config files import from ssodocs (`import { defineConfig } from "ssodocs"`): kept small, as
// a site's config loads it on every build.
import type { UserConfig } from "./shared/schema/config.ts";

export type { UserConfig } from "./shared/schema/config.ts";
export { readGroupedSidebar, sidebarFromGroups, type GroupedSidebar } from "./node/sidebar-data.ts";
export type { SiteConfig, SidebarItemConfig } from "./shared/types.ts";
// The props of every component a site can override (`theme/<Name>.tsx`; `ssodocs components` lists them).
export type {
  AnnouncementBarProps,
  CategoryCard,
  DocBadgesProps,
  DocBreadcrumbsProps,
  DocCardListProps,
  DocHelpBoxProps,
  DocPageProps,
  DocPaginatorProps,
  DocSidebarItemCategoryProps,
  DocSidebarItemHtmlProps,
  DocSidebarItemLinkProps,
  DocSidebarItemProps,
  DocSidebarItemsProps,
  DocSidebarProps,
  FooterProps,
  HelpLinks,
  HomePageProps,
  LastUpdatedProps,
  LayoutProps,
  NavbarProps,
  NotFoundContentProps,
  NotFoundProps,
  SearchPageProps,
  SiteView,
  SupportBadgeProps,
  TagPageProps,
  TagsListInlineProps,
  TagsPageProps,
  TOCProps,
} from "./shared/template-props.ts";
export type { DocPageData, SidebarNode } from "./shared/types.ts";

/** Typed helper for config files: `export default defineConfig({ ... })`. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
