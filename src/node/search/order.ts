// Where a doc's search records go: their group (lvl0) and the order of the docs. Kept apart from
// records.ts (which parses HTML), so a build that makes no records loads no HTML parser.
import type { Sidebar } from "../content/sidebar.ts";

/** The group heading of docs that sit in no sidebar category. */
const DEFAULT_LVL0 = "Documentation";

/** lvl0 of a doc: its innermost sidebar category, else the default section name. */
export function lvl0Of(sidebar: Sidebar, docId: string): string {
  const chain = sidebar.parents.get(docId);
  const inner = chain?.[chain.length - 1];
  return inner?.label ?? DEFAULT_LVL0;
}

/** The docs in the order their records go: sidebar order first, then the docs outside the sidebar. */
export function docsInRecordOrder<T extends { id: string }>(docs: T[], sidebar: Sidebar): T[] {
  const rank = new Map(sidebar.order.map((id, i) => [id, i]));
  return [...docs].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity));
}
