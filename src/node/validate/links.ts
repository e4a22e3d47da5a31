// Link and anchor validation over the rendered pages: every internal href must name a route
// (or an output file), and every #fragment an id on the target page.
import { routeKey } from "../content/routes.ts";
import { nearestOf } from "../util/nearest.ts";

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
  /** The nearest route (a link) or the href with the nearest id of its page (an anchor), by edit distance. */
  suggestion?: string;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** What is wrong with an href: where it leads, and the nearest route or id there is. */
type Problem = Pick<BrokenLink, "resolved" | "kind"> & { suggested?: string | null; anchor?: string | null };

/** A broken link as reported: a suggestion for an anchor keeps the href as written, its fragment replaced. */
function brokenLink(source: string, href: string, { suggested, anchor, ...problem }: Problem): BrokenLink {
  const suggestion = anchor ? `${href.split("#")[0]}#${anchor}` : suggested;
  return { source, href, ...problem, ...(suggestion ? { suggestion } : {}) };
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
  const routes = pages.map((p) => p.route);
  /** What is wrong with an href on a page, or null when nothing is. */
  const check = (href: string, route: string): Problem | null => {
    if (href === "" || href === "#" || EXTERNAL.test(href)) return null;
    // Markdown links to missing .md files were reported as warnings already.
    if (/\.mdx?(#.*)?$/.test(href)) return null;
    const url = new URL(href, `http://site${route}`);
    const pathname = safeDecode(url.pathname);
    const hash = safeDecode(url.hash.slice(1));
    const target = byKey.get(routeKey(pathname));
    const rel = pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length) : pathname.slice(1);
    if (!target)
      return files.has(rel) ? null : { resolved: pathname, kind: "link", suggested: nearestOf(pathname, routes) };
    if (hash && !target.ids.has(hash)) {
      const id = nearestOf(hash, [...target.ids]);
      return { resolved: `${target.route}#${hash}`, kind: "anchor", anchor: id };
    }
    return null;
  };
  // Root-relative hrefs (the sidebar and navbar repeat on every page) have the same verdict everywhere.
  const absolute = new Map<string, Problem | null>();
  const broken: BrokenLink[] = [];
  for (const page of pages) {
    const written = origins.get(page.route);
    for (const href of page.targets) {
      let problem: Problem | null | undefined;
      if (href.startsWith("/")) {
        problem = absolute.get(href);
        if (problem === undefined) absolute.set(href, (problem = check(href, "/")));
      } else problem = check(href, page.route);
      if (problem) broken.push(brokenLink(page.route, written?.get(href) ?? href, problem));
    }
  }
  return broken;
}
