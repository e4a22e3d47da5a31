// Sidebar written as grouped data (an overview doc, then one category of service categories,
// each listing its guides) turned into the sidebar items the config takes: one more way to write
// what a sidebars module says. A guide is named by its folder (`grafana`: the doc
// `<dir>/grafana/index`, where `dir` is the category's, else the file's, else "services") or
// by its doc id (anything with a "/").
import { readFileSync } from "node:fs";
import type { SidebarItemConfig } from "../shared/types.ts";

export interface GroupedSidebar {
  overview: string;
  /** The folder the guides named by slug live in (default "services"). */
  dir?: string;
  applications: {
    label: string;
    link: string;
    categories: { label: string; dir?: string; services: string[] }[];
  };
}

export const DEFAULT_GUIDES_DIR = "services";

/** Whether data has the grouped form (rather than a Docusaurus sidebars object). */
export function isGroupedSidebar(data: unknown): data is GroupedSidebar {
  const d = data as GroupedSidebar | null;
  return (
    typeof d === "object" &&
    d !== null &&
    typeof d.overview === "string" &&
    typeof d.applications === "object" &&
    Array.isArray(d.applications?.categories)
  );
}

/** The folder of a category's guides. */
export function guidesDirOf(data: GroupedSidebar, category: { dir?: string }): string {
  return (category.dir ?? data.dir ?? DEFAULT_GUIDES_DIR).replace(/^\/+|\/+$/g, "");
}

/** A guide's doc id: `<dir>/<slug>/index`, or the entry itself when it is a doc id. */
function guideIdOf(dir: string, entry: string): string {
  return entry.includes("/") ? entry : `${dir ? `${dir}/` : ""}${entry}/index`;
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
        items: c.services.map((s) => guideIdOf(guidesDirOf(data, c), s)),
      })),
    },
  ];
}

export function readGroupedSidebar(file: string): SidebarItemConfig[] {
  return sidebarFromGroups(JSON.parse(readFileSync(file, "utf8")) as GroupedSidebar);
}
