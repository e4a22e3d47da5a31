// The current-page contract (src/shared/current-page.ts): the docs sidebar's markup differs from
// page to page only by the current page's marks, so every page of a sidebar has the same stamp and
// client navigation keeps the sidebar shown.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CURRENT_ATTRIBUTE, CURRENT_VALUE, OPEN_ATTRIBUTE, withoutCurrentPage } from "../src/shared/current-page.ts";
import type { SidebarNode } from "../src/shared/types.ts";
import { Sidebar } from "../templates/components/Sidebar.tsx";

const link = (label: string, href: string, className?: string): SidebarNode => ({
  type: "link",
  label,
  href,
  docId: href.startsWith("/") ? label : null,
  ...(className ? { className } : {}),
});
const category = (label: string, href: string | null, items: SidebarNode[], collapsed?: false): SidebarNode => ({
  type: "category",
  label,
  href,
  docId: href ? label : null,
  collapsible: true,
  ...(collapsed === undefined ? {} : { collapsed }),
  items,
});

// Every kind of entry: plain and external links, an html item, categories with and without a page,
// one open whatever the page, nested ones, a link with its author's class.
const nodes: SidebarNode[] = [
  link("Overview", "/docs/"),
  { type: "html", html: "<b>Guides</b>", className: "sidebar-title" },
  category("Identity", "/docs/identity/", [
    link("Grafana", "/docs/identity/grafana/"),
    category("Nested", null, [link("GitLab", "/docs/identity/nested/gitlab/", "new")]),
  ]),
  category("Always open", null, [link("Nextcloud", "/docs/nextcloud/")], false),
  link("Upstream", "https://example.com/"),
];
const pages = [
  "/docs/",
  "/docs/identity/",
  "/docs/identity/grafana/",
  "/docs/identity/nested/gitlab/",
  "/docs/nextcloud/",
];
const render = (path: string) => renderToStaticMarkup(createElement(Sidebar, { nodes, path }));

describe("the current-page contract", () => {
  it("gives every page of a sidebar one sidebar body once the current page's marks are left out", () => {
    const bodies = pages.map(render);
    // Each page marks its own entry, so the markup as rendered differs from page to page...
    expect(new Set(bodies).size).toBe(pages.length);
    for (const [i, html] of bodies.entries())
      expect(html).toContain(`href="${pages[i]}" ${CURRENT_ATTRIBUTE}="${CURRENT_VALUE}"`);
    expect(bodies[3]).toContain(`<details ${OPEN_ATTRIBUTE}=""><summary>Nested</summary>`);
    // ...and by nothing else.
    expect(new Set(bodies.map(withoutCurrentPage))).toEqual(new Set([withoutCurrentPage(render("/elsewhere/"))]));
  });

  it("keeps any other difference, such as a class on the current entry", () => {
    const [a, b] = [render(pages[1]), render(pages[2])];
    const marked = b.replace(' aria-current="page"', ' aria-current="page" class="active"');
    expect(withoutCurrentPage(marked)).not.toBe(withoutCurrentPage(a));
    const reopened = b.replace("<details>", '<details class="was-open">');
    expect(withoutCurrentPage(reopened)).not.toBe(withoutCurrentPage(a));
  });
});
