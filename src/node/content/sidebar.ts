// The docs sidebar: resolved once from the config into links, then read for
// breadcrumbs, previous/next links, category cards and each doc's section.
import type { Breadcrumb, PageLink, SidebarItemConfig, SidebarNode } from "../../shared/types.ts";
import { SsodocsError } from "../errors.ts";

export interface SidebarDocInfo {
  label: string;
  permalink: string;
}

export interface Sidebar {
  nodes: SidebarNode[];
  /** Doc ids in reading order (category pages included), for previous/next. */
  order: string[];
  /** The chain of categories above each doc id (outermost first). */
  parents: Map<string, Extract<SidebarNode, { type: "category" }>[]>;
}

export function buildSidebar(
  items: SidebarItemConfig[],
  docs: Map<string, SidebarDocInfo>,
  configFile: string,
): Sidebar {
  const order: string[] = [];
  const parents = new Map<string, Extract<SidebarNode, { type: "category" }>[]>();
  const seen = new Set<string>();
  const unknown: string[] = [];

  const lookup = (id: string, where: string): SidebarDocInfo | null => {
    const doc = docs.get(id);
    if (!doc) {
      unknown.push(`${where}: "${id}"`);
      return null;
    }
    return doc;
  };

  const walk = (
    list: SidebarItemConfig[],
    chain: Extract<SidebarNode, { type: "category" }>[],
    where: string,
  ): SidebarNode[] => {
    const out: SidebarNode[] = [];
    list.forEach((raw, i) => {
      const item = typeof raw === "string" ? { type: "doc" as const, id: raw } : raw;
      const here = `${where}[${i}]`;
      if (item.type === "doc") {
        const doc = lookup(item.id, here);
        if (!doc) return;
        if (seen.has(item.id))
          throw new SsodocsError(`doc "${item.id}" appears twice in the sidebar (${here})`, { file: configFile });
        seen.add(item.id);
        order.push(item.id);
        parents.set(item.id, chain);
        out.push({ type: "link", label: item.label ?? doc.label, href: doc.permalink, docId: item.id });
        return;
      }
      const linked = item.link ? lookup(item.link, `${here}.link`) : null;
      const node: Extract<SidebarNode, { type: "category" }> = {
        type: "category",
        label: item.label,
        href: linked?.permalink ?? null,
        docId: linked ? item.link! : null,
        collapsible: item.collapsible ?? false,
        items: [],
      };
      if (linked) {
        if (seen.has(item.link!))
          throw new SsodocsError(`doc "${item.link}" appears twice in the sidebar (${here}.link)`, {
            file: configFile,
          });
        seen.add(item.link!);
        order.push(item.link!);
        parents.set(item.link!, chain);
      }
      node.items = walk(item.items, [...chain, node], `${here}.items`);
      out.push(node);
    });
    return out;
  };

  const nodes = walk(items, [], "docs.sidebar");
  if (unknown.length) {
    throw new SsodocsError(
      `the sidebar names ${unknown.length === 1 ? "a doc that does" : "docs that do"} not exist: ${unknown.join(", ")}`,
      {
        file: configFile,
      },
    );
  }
  return { nodes, order, parents };
}

export function breadcrumbsOf(sidebar: Sidebar, docId: string, label: string): Breadcrumb[] {
  const chain = sidebar.parents.get(docId);
  if (!chain) return [];
  return [...chain.map((c) => ({ label: c.label, href: c.href })), { label, href: null }];
}

/** Position of each doc id in a reading order, made once per order (a search per doc would cost n² in all). */
const positions = new WeakMap<string[], Map<string, number>>();

function positionIn(order: string[], docId: string): number {
  let byId = positions.get(order);
  if (!byId || byId.size !== order.length) {
    byId = new Map();
    order.forEach((id, i) => {
      if (!byId!.has(id)) byId!.set(id, i);
    });
    positions.set(order, byId);
  }
  return byId.get(docId) ?? -1;
}

export function neighboursOf(
  sidebar: Sidebar,
  docId: string,
  docs: Map<string, SidebarDocInfo>,
): { previous: PageLink | null; next: PageLink | null } {
  const i = positionIn(sidebar.order, docId);
  if (i < 0) return { previous: null, next: null };
  const link = (id: string | undefined): PageLink | null => {
    if (!id) return null;
    const d = docs.get(id)!;
    return { label: d.label, href: d.permalink };
  };
  return { previous: link(sidebar.order[i - 1]), next: link(sidebar.order[i + 1]) };
}

/** The category whose own page is this doc: its children become the page's cards. */
export function categoryLinkedTo(sidebar: Sidebar, docId: string): Extract<SidebarNode, { type: "category" }> | null {
  const find = (nodes: SidebarNode[]): Extract<SidebarNode, { type: "category" }> | null => {
    for (const n of nodes) {
      if (n.type !== "category") continue;
      if (n.docId === docId) return n;
      const inner = find(n.items);
      if (inner) return inner;
    }
    return null;
  };
  return find(sidebar.nodes);
}

/** Every doc id reachable from a node (the category's own page included). */
export function docIdsUnder(node: SidebarNode): string[] {
  if (node.type === "link") return [node.docId];
  return [...(node.docId ? [node.docId] : []), ...node.items.flatMap(docIdsUnder)];
}
