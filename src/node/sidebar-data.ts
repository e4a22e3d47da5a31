// Sidebar written as grouped data (an overview doc, then one category of service categories,
// each listing service slugs) turned into the sidebar items the config takes.
import { readFileSync } from "node:fs";
import type { SidebarItemConfig } from "../shared/types.ts";

export interface GroupedSidebar {
  overview: string;
  applications: {
    label: string;
    link: string;
    categories: { label: string; services: string[] }[];
  };
}

export function sidebarFromGroups(data: GroupedSidebar): SidebarItemConfig[] {
  return [
    { type: "doc", id: data.overview, label: "Overview" },
    {
      type: "category",
      label: data.applications.label,
      link: data.applications.link,
      collapsible: false,
      // The service categories collapse; the page's own category starts open, the others closed (FACTS 1).
      items: data.applications.categories.map((c) => ({
        type: "category" as const,
        label: c.label,
        collapsible: true,
        items: c.services.map((s) => `services/${s}/index`),
      })),
    },
  ];
}

export function readGroupedSidebar(file: string): SidebarItemConfig[] {
  return sidebarFromGroups(JSON.parse(readFileSync(file, "utf8")) as GroupedSidebar);
}
