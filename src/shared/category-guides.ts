// The services index lists the guides of each of its categories under a heading of its own, and
// the category cards (on that page and on the home page) link to those headings.
import type { SidebarNode, TocItem } from "./types.ts";

type CategoryNode = Extract<SidebarNode, { type: "category" }>;

/** The id of a category's heading on its parent's page: its label as a slug ("Cloud Providers" -> "cloud-providers"). */
export function categoryAnchor(label: string): string {
  const slug = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "category";
}

export const ALL_GUIDES_ID = "all-guides-by-category";

export interface CategoryGuides {
  label: string;
  id: string;
  links: { label: string; href: string }[];
}

function find(nodes: SidebarNode[], permalink: string): CategoryNode | null {
  for (const n of nodes) {
    if (n.type !== "category") continue;
    if (n.href === permalink) return n;
    const inner = find(n.items, permalink);
    if (inner) return inner;
  }
  return null;
}

const linksUnder = (node: SidebarNode): { label: string; href: string }[] =>
  node.type === "html"
    ? []
    : node.type === "link"
      ? [{ label: node.label, href: node.href }]
      : [...(node.href ? [{ label: node.label, href: node.href }] : []), ...node.items.flatMap(linksUnder)];

/** On the page of a category: its sub-categories without a page of their own, each with its guides. */
export function categoryGuidesOf(sidebar: SidebarNode[] | null, permalink: string): CategoryGuides[] {
  const category = sidebar ? find(sidebar, permalink) : null;
  if (!category) return [];
  return category.items
    .filter((n): n is CategoryNode => n.type === "category" && !n.href)
    .map((n) => ({ label: n.label, id: categoryAnchor(n.label), links: n.items.flatMap(linksUnder) }));
}

/** The table-of-contents entries of that list (an h2, then an h3 per category), within the configured levels. */
export function categoryGuidesToc(
  groups: CategoryGuides[],
  levels: { minHeadingLevel: number; maxHeadingLevel: number },
): TocItem[] {
  if (groups.length === 0) return [];
  const items: TocItem[] = [
    { level: 2, id: ALL_GUIDES_ID, text: "All guides by category" },
    ...groups.map((g) => ({ level: 3, id: g.id, text: g.label })),
  ];
  return items.filter((i) => i.level >= levels.minHeadingLevel && i.level <= levels.maxHeadingLevel);
}
