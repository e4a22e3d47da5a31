import type { SidebarNode } from "../../src/shared/types.ts";

/**
 * Facts about each node that do not depend on the page, worked out once per sidebar: every page
 * of a build asks each category whether it holds the page and where it leads, and walking the
 * tree for each question would make a build's cost grow with the square of its page count.
 */
interface NodeFacts {
  /** The pages under the node, its own included. */
  hrefs: Set<string>;
  /** The first page it leads to: its own page, else its first doc's. */
  first: string | null;
}

const facts = new WeakMap<SidebarNode, NodeFacts>();

function factsOf(node: SidebarNode): NodeFacts {
  let known = facts.get(node);
  if (!known) {
    const hrefs = new Set<string>(node.href ? [node.href] : []);
    let first = node.href;
    if (node.type === "category") {
      for (const child of node.items) {
        const inner = factsOf(child);
        for (const href of inner.hrefs) hrefs.add(href);
        first ??= inner.first;
      }
    }
    known = { hrefs, first };
    facts.set(node, known);
  }
  return known;
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

/**
 * A category lists its items when it cannot collapse or holds the current page. A collapsed one
 * shows only its label, linking to its first page: large sidebars stay small on every page.
 * `data-collapsible` marks the categories the page's script gives a caret button to collapse
 * and expand them (src/client/collapsible.ts); without JavaScript the links do the work.
 */
function Category({ node, path, level }: { node: Extract<SidebarNode, { type: "category" }>; path: string; level: number }) {
  const { hrefs, first } = factsOf(node);
  const active = hrefs.has(path);
  const expanded = !node.collapsible || active;
  const href = expanded ? node.href : first;
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
