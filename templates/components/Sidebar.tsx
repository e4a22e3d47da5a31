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
          <li key={node.label} className={`menu-item menu-category${containsPath(node, path) ? " menu-category-active" : ""}`}>
            {node.href ? (
              <a className={`menu-link menu-category-label${node.href === path ? " active" : ""}`} href={node.href} aria-current={node.href === path ? "page" : undefined}>
                {node.label}
              </a>
            ) : (
              <span className="menu-category-label">{node.label}</span>
            )}
            <Items nodes={node.items} path={path} level={level + 1} />
          </li>
        ),
      )}
    </ul>
  );
}

export function Sidebar({ nodes, path }: { nodes: SidebarNode[]; path: string }) {
  return (
    <nav className="sidebar-menu" aria-label="Docs sidebar">
      <Items nodes={nodes} path={path} level={0} />
    </nav>
  );
}
