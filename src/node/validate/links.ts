// Link and anchor validation over the rendered pages: every internal href must name a route
// (or an output file), and every #fragment an id on the target page.
import { routeKey } from "../content/routes.ts";

/** What validation needs of a page, read from its HTML right after rendering (render/read-page.ts). */
export interface PageLinks {
  route: string;
  /** Every href and src, decoded, each once. */
  targets: string[];
  ids: Set<string>;
}

export interface BrokenLink {
  source: string;
  href: string;
  resolved: string;
  kind: "link" | "anchor";
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * `origins` maps, per page route, an href as it stands in the HTML to the href as the author
 * wrote it (relative links are rewritten before validation), so reports quote the source.
 */
export function findBrokenLinks(
  pages: PageLinks[],
  files: Set<string>,
  baseUrl: string,
  origins: Map<string, Map<string, string>> = new Map(),
): BrokenLink[] {
  const byKey = new Map<string, PageLinks>();
  for (const p of pages) byKey.set(routeKey(p.route), p);
  /** What is wrong with an href on a page, or null when nothing is. */
  const check = (href: string, route: string): Pick<BrokenLink, "resolved" | "kind"> | null => {
    if (href === "" || href === "#" || EXTERNAL.test(href)) return null;
    // Markdown links to missing .md files were reported as warnings already.
    if (/\.mdx?(#.*)?$/.test(href)) return null;
    const url = new URL(href, `http://site${route}`);
    const pathname = safeDecode(url.pathname);
    const hash = safeDecode(url.hash.slice(1));
    const target = byKey.get(routeKey(pathname));
    const rel = pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length) : pathname.slice(1);
    if (!target) return files.has(rel) ? null : { resolved: pathname, kind: "link" };
    if (hash && !target.ids.has(hash)) return { resolved: `${target.route}#${hash}`, kind: "anchor" };
    return null;
  };
  // Root-relative hrefs (the sidebar and navbar repeat on every page) have the same verdict everywhere.
  const absolute = new Map<string, Pick<BrokenLink, "resolved" | "kind"> | null>();
  const broken: BrokenLink[] = [];
  for (const page of pages) {
    const written = origins.get(page.route);
    for (const href of page.targets) {
      let problem: Pick<BrokenLink, "resolved" | "kind"> | null | undefined;
      if (href.startsWith("/")) {
        problem = absolute.get(href);
        if (problem === undefined) absolute.set(href, (problem = check(href, "/")));
      } else problem = check(href, page.route);
      if (problem) broken.push({ source: page.route, href: written?.get(href) ?? href, ...problem });
    }
  }
  return broken;
}

/** The report printed when links are broken, grouped by source page. */
export function formatBrokenLinks(broken: BrokenLink[]): string {
  const lines: string[] = [];
  const links = broken.filter((b) => b.kind === "link");
  const anchors = broken.filter((b) => b.kind === "anchor");
  const section = (title: string, list: BrokenLink[]) => {
    if (!list.length) return;
    lines.push(title);
    const bySource = new Map<string, BrokenLink[]>();
    for (const b of list) bySource.set(b.source, [...(bySource.get(b.source) ?? []), b]);
    for (const [source, items] of bySource) {
      lines.push(`- On page ${source}:`);
      for (const b of items) lines.push(`  - ${b.href}${b.resolved !== b.href ? ` (resolved as ${b.resolved})` : ""}`);
    }
    const counts = new Map<string, number>();
    for (const b of list) counts.set(b.href, (counts.get(b.href) ?? 0) + 1);
    for (const [href, n] of counts) {
      if (n >= 5)
        lines.push(`Hint: "${href}" is broken on ${n} pages; it probably comes from the layout (navbar or footer).`);
    }
  };
  section(`Broken links (${links.length}):`, links);
  section(`Broken anchors (${anchors.length}):`, anchors);
  return lines.join("\n");
}
