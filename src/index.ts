// What config files import from ssodocs (`import { defineConfig } from "ssodocs"`): kept small, as
// a site's config loads it on every build.
import type { UserConfig } from "./shared/schema/config.ts";

export type { UserConfig } from "./shared/schema/config.ts";
export { readGroupedSidebar, sidebarFromGroups, type GroupedSidebar } from "./node/sidebar-data.ts";
export type { SiteConfig, SidebarItemConfig } from "./shared/types.ts";

/** Typed helper for config files: `export default defineConfig({ ... })`. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
