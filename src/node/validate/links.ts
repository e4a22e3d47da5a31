// Link and anchor validation over the rendered pages: every internal href must name a route
// (or an output file), and every #fragment an id on the target page.
import { routeKey } from "../content/routes.ts";

/** What validation needs of a page, taken from its HTML right after rendering. */
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

// Every href and src of the page: links, but also its stylesheet, icon, scripts and images.
const HREF = /\shref="([^"]*)"/g;
const SRC = /\ssrc="([^"]*)"/g;
const ID = /\sid="([^"]+)"/g;
const NAME = /<a\s[^>]*?\bname="([^"]+)"/g;
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

function decodeEntities(s: string): string {
  return s.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Ids of a page: headings, elements with id, anchors with name. */
export function idsOf(html: string): Set<string> {
  const ids = new Set<string>();
  for (const m of html.matchAll(ID)) ids.add(decodeEntities(m[1]));
  for (const m of html.matchAll(NAME)) ids.add(decodeEntities(m[1]));
  return ids;
}

/**
 * `origins` maps, per page route, an href as it stands in the HTML to the href as the author
 * wrote it (relative links are rewritten before validation), so reports quote the source.
 */
/**
 * One shared copy of each distinct string. A regex match is a slice that keeps its whole page's
 * HTML alive; interning a flat copy lets each page's HTML go once it is written.
 */
const interned = new Map<string, string>();
function intern(s: string): string {
  let v = interned.get(s);
  if (v === undefined) {
    v = Buffer.from(s, "utf8").toString("utf8");
    interned.set(v, v);
  }
  return v;
}

export function collectPageLinks(route: string, html: string): PageLinks {
  const targets = new Set<string>();
  for (const m of html.matchAll(HREF)) targets.add(intern(decodeEntities(m[1])));
  for (const m of html.matchAll(SRC)) targets.add(intern(decodeEntities(m[1])));
  const ids = new Set<string>();
  for (const id of idsOf(html)) ids.add(intern(id));
  return { route, targets: [...targets], ids };
}

export function findBrokenLinks(
  pages: PageLinks[],
  files: Set<string>,
  baseUrl: string,
  origins: Map<string, Map<string, string>> = new Map(),
): BrokenLink[] {
  const byKey = new Map<string, PageLinks>();
  for (const p of pages) byKey.set(routeKey(p.route), p);
  // Root-relative hrefs (the sidebar and navbar repeat on every page) resolve the same everywhere.
  const absolute = new Map<string, { pathname: string; hash: string }>();
  const resolve = (href: string, route: string) => {
    if (href.startsWith("/")) {
      let r = absolute.get(href);
      if (!r) absolute.set(href, (r = parse(href, "/")));
      return r;
    }
    return parse(href, route);
  };
  const parse = (href: string, route: string) => {
    const url = new URL(href, `http://site${route}`);
    return { pathname: safeDecode(url.pathname), hash: safeDecode(url.hash.slice(1)) };
  };
  const broken: BrokenLink[] = [];
  for (const page of pages) {
    for (const href of page.targets) {
      if (href === "" || href === "#" || EXTERNAL.test(href)) continue;
      // Markdown links to missing .md files were reported as warnings already.
      if (/\.mdx?(#.*)?$/.test(href)) continue;
      const written = origins.get(page.route)?.get(href) ?? href;
      const { pathname, hash } = resolve(href, page.route);
      const target = byKey.get(routeKey(pathname));
      const rel = pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length) : pathname.slice(1);
      if (!target) {
        if (!files.has(rel)) broken.push({ source: page.route, href: written, resolved: pathname, kind: "link" });
        continue;
      }
      if (hash && !target.ids.has(hash)) broken.push({ source: page.route, href: written, resolved: `${target.route}#${hash}`, kind: "anchor" });
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
      if (n >= 5) lines.push(`Hint: "${href}" is broken on ${n} pages; it probably comes from the layout (navbar or footer).`);
    }
  };
  section(`Broken links (${links.length}):`, links);
  section(`Broken anchors (${anchors.length}):`, anchors);
  return lines.join("\n");
}
