import { currentPageProps, openProps } from "../../src/shared/current-page.ts";
import { type ComponentOverrides, overridable, useOverrides } from "../../src/shared/overridable.ts";
import type {
  DocSidebarItemCategoryProps,
  DocSidebarItemHtmlProps,
  DocSidebarItemLinkProps,
  DocSidebarItemProps,
  DocSidebarItemsProps,
  DocSidebarProps,
} from "../../src/shared/template-props.ts";
import type { SidebarNode } from "../../src/shared/types.ts";

/**
 * The pages under each category (its own included), worked out once per sidebar: every page of
 * a build asks each category whether it holds the page, and walking the tree for each question
 * would make a build's cost grow with the square of its page count.
 */
const pagesUnder = new WeakMap<SidebarNode, Set<string>>();
const firstPages = new WeakMap<SidebarNode, string | null>();
const sizes = new WeakMap<SidebarNode[], number>();

/**
 * Up to this many entries, every page holds the whole sidebar, closed categories included, so
 * opening one needs nothing more. A larger sidebar (thousands of pages) would make every page
 * huge: there a closed category is a link to its first page, where it is open.
 */
export const FULL_SIDEBAR_LIMIT = 1000;

function firstPageOf(node: SidebarNode): string | null {
  let first = firstPages.get(node);
  if (first === undefined) {
    first =
      node.type === "html"
        ? null
        : (node.href ??
          (node.type === "category" ? (node.items.map(firstPageOf).find((h) => h !== null) ?? null) : null));
    firstPages.set(node, first);
  }
  return first;
}

function sizeOf(nodes: SidebarNode[]): number {
  let size = sizes.get(nodes);
  if (size === undefined) {
    size = nodes.reduce((n, node) => n + hrefsOf(node).size, 0);
    sizes.set(nodes, size);
  }
  return size;
}

function hrefsOf(node: SidebarNode): Set<string> {
  let known = pagesUnder.get(node);
  if (!known) {
    known = new Set<string>(node.type !== "html" && node.href ? [node.href] : []);
    if (node.type === "category") for (const child of node.items) for (const href of hrefsOf(child)) known.add(href);
    pagesUnder.set(node, known);
  }
  return known;
}

/** A link that leaves the site opens in a new tab, as in Docusaurus. */
const external = (href: string) => (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href) ? "_blank" : undefined);

/** A sidebar item's React key: what tells it apart from its siblings. */
const keyOf = (node: SidebarNode) => (node.type === "html" ? node.html : node.type === "link" ? node.href : node.label);

/**
 * One item as a list holds it: the site's `DocSidebarItem` (unless `own` is that one's default),
 * else the component of the item's type, the site's where it has one. A list looks the overrides
 * up once for all its items: a wrapper per item (`overridable`) cost more than the items.
 */
function itemOf(item: SidebarNode, part: { path: string; full: boolean }, own: ComponentOverrides, any = true) {
  const { path, full } = part;
  const key = keyOf(item);
  const Item = any ? own.DocSidebarItem : undefined;
  if (Item) return <Item key={key} item={item} path={path} full={full} />;
  if (item.type === "html") {
    const Html = own.DocSidebarItemHtml ?? SidebarHtml;
    return <Html key={key} item={item} />;
  }
  if (item.type === "link") {
    const Link = own.DocSidebarItemLink ?? SidebarLink;
    return <Link key={key} item={item} path={path} />;
  }
  const Group = own.DocSidebarItemCategory ?? Category;
  return <Group key={key} item={item} path={path} full={full} />;
}

// The markup is kept lean (it is on every page): no class or attribute on a link that CSS can
// infer from where it sits (an item's own `className` is its author's). The current page's link
// has aria-current="page". An `html` item is the sidebar module's own markup.
export function SidebarItems({ items, path, full }: DocSidebarItemsProps) {
  const own = useOverrides();
  return <ul>{items.map((item) => itemOf(item, { path, full }, own))}</ul>;
}

/** One item of any type: the default `DocSidebarItem`, which an override may wrap. */
export function SidebarItem({ item, path, full }: DocSidebarItemProps) {
  return itemOf(item, { path, full }, useOverrides(), false);
}

export function SidebarHtml({ item }: DocSidebarItemHtmlProps) {
  return <li className={item.className} dangerouslySetInnerHTML={{ __html: item.html }} />;
}

export function SidebarLink({ item: node, path }: DocSidebarItemLinkProps) {
  return (
    <li className={node.className}>
      <a
        href={node.href}
        {...currentPageProps(node.href === path)}
        target={external(node.href)}
        rel={external(node.href) ? "noopener noreferrer" : undefined}
      >
        {node.label}
      </a>
    </li>
  );
}

/**
 * A category lists all its items. A collapsible one is a <details>, open when it holds the
 * current page or says `collapsed: false`, and closed otherwise, so it works without JavaScript too (the page's script only
 * animates it, src/client/sidebar.ts); opening one closes no other. A collapsible category with a
 * page of its own keeps its label as a link, with the <summary> as its caret.
 */
export function Category({ item: node, path, full }: DocSidebarItemCategoryProps) {
  const label = node.href ? (
    <a href={node.href} {...currentPageProps(node.href === path)}>
      {node.label}
    </a>
  ) : (
    <span>{node.label}</span>
  );
  const Items = useOverrides().DocSidebarItems ?? SidebarItems;
  const items = <Items items={node.items} path={path} full={full} />;
  const own = node.className;
  const classes = (name?: string) => [name, own].filter(Boolean).join(" ") || undefined;
  if (!node.collapsible) {
    return (
      <li className={own}>
        {label}
        {items}
      </li>
    );
  }
  const open = node.collapsed === false || hrefsOf(node).has(path);
  const first = firstPageOf(node);
  if (!open && !full && first) {
    return (
      <li className={classes("closed")}>
        <a href={first}>{node.label}</a>
      </li>
    );
  }
  return node.href ? (
    <li className={classes("linked")}>
      {label}
      <details {...openProps(open)}>
        <summary aria-label={node.label} />
        {items}
      </details>
    </li>
  ) : (
    <li className={own}>
      <details {...openProps(open)}>
        <summary>{node.label}</summary>
        {items}
      </details>
    </li>
  );
}

export function Sidebar({ nodes, path }: DocSidebarProps) {
  const Items = useOverrides().DocSidebarItems ?? SidebarItems;
  return (
    <nav className="sidebar" aria-label="Docs sidebar">
      <Items items={nodes} path={path} full={sizeOf(nodes) <= FULL_SIDEBAR_LIMIT} />
    </nav>
  );
}

/** The sidebar as pages render it: the site's `theme/DocSidebar.tsx` when it has one. */
export const DocSidebar = overridable("DocSidebar", Sidebar);
