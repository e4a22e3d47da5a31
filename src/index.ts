// What config files import from ssodocs.
export { defineConfig, type UserConfig } from "./node/config.ts";
export { readGroupedSidebar, sidebarFromGroups, type GroupedSidebar } from "./node/sidebar-data.ts";
export type { SiteConfig, SidebarItemConfig } from "./shared/types.ts";
