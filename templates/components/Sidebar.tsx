import type { SidebarNode } from "../../src/shared/types.ts";

type CategoryNode = Extract<SidebarNode, { type: "category" }>;

/**
 * The pages under each category (its own included), worked out once per sidebar: every page of
 * a build asks each category whether it holds the page, and walking the tree for each question
 * would make a build's cost grow with the square of its page count.
 */
const pagesUnder = new WeakMap<SidebarNode, Set<string>>();

function hrefsOf(node: SidebarNode): Set<string> {
  let known = pagesUnder.get(node);
  if (!known) {
    known = new Set<string>(node.href ? [node.href] : []);
    if (node.type === "category") for (const child of node.items) for (const href of hrefsOf(child)) known.add(href);
    pagesUnder.set(node, known);
  }
  return known;
}

// The markup is kept lean (it is on every page): no class or attribute on a link that CSS can
// infer from where it sits. The current page's link has aria-current="page".
function Items({ nodes, path }: { nodes: SidebarNode[]; path: string }) {
  return (
    <ul>
      {nodes.map((node) =>
        node.type === "link" ? (
          <li key={node.href}>
            <a href={node.href} aria-current={node.href === path ? "page" : undefined}>
              {node.label}
            </a>
          </li>
        ) : (
          <Category key={node.label} node={node} path={path} />
        ),
      )}
    </ul>
  );
}

/**
 * A category lists all its items. A collapsible one is a <details>, open when it holds the
 * current page and closed otherwise, so it works without JavaScript too (the page's script only
 * animates it, src/client/sidebar.ts); opening one closes no other. A collapsible category with a
 * page of its own keeps its label as a link, with the <summary> as its caret.
 */
function Category({ node, path }: { node: CategoryNode; path: string }) {
  const label = node.href ? (
    <a href={node.href} aria-current={node.href === path ? "page" : undefined}>
      {node.label}
    </a>
  ) : (
    <span>{node.label}</span>
  );
  const items = <Items nodes={node.items} path={path} />;
  if (!node.collapsible) {
    return (
      <li>
        {label}
        {items}
      </li>
    );
  }
  const open = hrefsOf(node).has(path);
  return node.href ? (
    <li className="linked">
      {label}
      <details open={open}>
        <summary aria-label={node.label} />
        {items}
      </details>
    </li>
  ) : (
    <li>
      <details open={open}>
        <summary>{node.label}</summary>
        {items}
      </details>
    </li>
  );
}

export function Sidebar({ nodes, path }: { nodes: SidebarNode[]; path: string }) {
  return (
    <nav className="sidebar" aria-label="Docs sidebar">
      <Items nodes={nodes} path={path} />
    </nav>
  );
}
