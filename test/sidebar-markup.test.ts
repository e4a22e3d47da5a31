// The sidebar's server-rendered markup: lean (no class or attribute per link beyond the current
// page's aria-current), every category's items on every page while the sidebar is of a size to
// hold on each page, and past that a closed category as a link to its first page.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SidebarNode } from "../src/shared/types.ts";
import { FULL_SIDEBAR_LIMIT, Sidebar } from "../templates/components/Sidebar.tsx";

const links = (prefix: string, n: number): SidebarNode[] =>
  Array.from({ length: n }, (_, i) => ({
    type: "link",
    label: `${prefix} ${i}`,
    href: `/docs/${prefix}-${i}/`,
    docId: `${prefix}-${i}`,
  }));
const category = (label: string, items: SidebarNode[]): SidebarNode => ({
  type: "category",
  label,
  href: null,
  docId: null,
  collapsible: true,
  items,
});
const render = (nodes: SidebarNode[], path: string) => renderToStaticMarkup(createElement(Sidebar, { nodes, path }));

describe("sidebar markup", () => {
  it("holds every category's items, the current one's <details> open, with nothing per link but its href", () => {
    const html = render([category("A", links("a", 3)), category("B", links("b", 3))], "/docs/b-1/");
    expect(html).toContain('<li><details><summary>A</summary><ul><li><a href="/docs/a-0/">a 0</a></li>');
    expect(html).toContain('<li><details open=""><summary>B</summary>');
    expect(html).toContain('<li><a href="/docs/b-1/" aria-current="page">b 1</a></li>');
    expect(html).not.toMatch(/<li class|<a class/);
  });

  it("past the limit, gives a closed category as a link to its first page", () => {
    const big = Math.ceil(FULL_SIDEBAR_LIMIT / 2) + 1;
    const html = render([category("A", links("a", big)), category("B", links("b", big))], "/docs/b-1/");
    expect(html).toContain('<li class="closed"><a href="/docs/a-0/">A</a></li>');
    expect(html).not.toContain("/docs/a-1/");
    expect(html).toContain('<li><details open=""><summary>B</summary>');
    expect(html).toContain("/docs/b-2/");
  });
});
