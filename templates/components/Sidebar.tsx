import type { SidebarNode } from "../../src/shared/types.ts";

function containsPath(node: SidebarNode, path: string): boolean {
  if (node.type === "link") return node.href === path;
  return node.href === path || node.items.some((n) => containsPath(n, path));
}

function Items({ nodes, path, level }: { nodes: SidebarNode[]; path: string; level: number }) {
  return (
    <ul className={`menu-list menu-level-${level}`}>
      {nodes.map((node) =>
        node.type === "link" ? (
          <li key={node.href} className="menu-item">
            <a className={`menu-link${node.href === path ? " active" : ""}`} href={node.href} aria-current={node.href === path ? "page" : undefined}>
              {node.label}
            </a>
          </li>
        ) : (
          <Category key={node.label} node={node} path={path} level={level} />
        ),
      )}
    </ul>
  );
}

/** The first page a category leads to: its own page, else its first doc. */
function firstHref(node: SidebarNode): string | null {
  if (node.type === "link") return node.href;
  return node.href ?? node.items.map(firstHref).find((h) => h !== null) ?? null;
}

/**
 * A category lists its items when it cannot collapse or holds the current page. A collapsed one
 * shows only its label, linking to its first page: large sidebars stay small on every page.
 * `data-collapsible` marks the categories the page's script gives a caret button to collapse
 * and expand them (src/client/collapsible.ts); without JavaScript the links do the work.
 */
function Category({ node, path, level }: { node: Extract<SidebarNode, { type: "category" }>; path: string; level: number }) {
  const active = containsPath(node, path);
  const expanded = !node.collapsible || active;
  const href = expanded ? node.href : firstHref(node);
  return (
    <li
      className={`menu-item menu-category${active ? " menu-category-active" : ""}${expanded ? "" : " menu-category-collapsed"}`}
      data-collapsible={node.collapsible ? "" : undefined}
    >
      {href ? (
        <a
          className={`menu-link menu-category-label${node.href === path ? " active" : ""}`}
          href={href}
          aria-current={node.href === path ? "page" : undefined}
          aria-expanded={node.collapsible ? expanded : undefined}
        >
          {node.label}
        </a>
      ) : (
        <span className="menu-category-label">{node.label}</span>
      )}
      {expanded ? <Items nodes={node.items} path={path} level={level + 1} /> : null}
    </li>
  );
}

export function Sidebar({ nodes, path }: { nodes: SidebarNode[]; path: string }) {
  return (
    <nav className="sidebar-menu" aria-label="Docs sidebar">
      <Items nodes={nodes} path={path} level={0} />
    </nav>
  );
}
