// How hits read: grouping for the dialog and the title / path lines of each hit (FACTS 2),
// and the title / breadcrumb / snippet of a search page result (FACTS 3). All HTML is sanitised.
import { escapeHtml, sanitizeHighlight } from "./highlight.ts";
import type { SearchHierarchy, SearchHit } from "./types.ts";
import type { StoredSearch } from "./storage.ts";
import { groupByPage } from "./group.ts";

const MAX_HITS_PER_GROUP = 5;
const LEVELS = ["lvl0", "lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "lvl6"] as const;

type Level = keyof SearchHierarchy;

/** The highlighted (or plain) HTML of a hierarchy level of a hit. */
function levelHtml(hit: SearchHit | StoredSearch, level: Level): string {
  const marked =
    "_snippetResult" in hit
      ? (hit._snippetResult?.hierarchy?.[level] ?? hit._highlightResult?.hierarchy?.[level])
      : undefined;
  if (marked?.value) return sanitizeHighlight(marked.value);
  return escapeHtml(hit.hierarchy[level] ?? "");
}

function contentHtml(hit: SearchHit | StoredSearch): string {
  const marked = "_snippetResult" in hit ? (hit._snippetResult?.content ?? hit._highlightResult?.content) : undefined;
  if (marked?.value) return sanitizeHighlight(marked.value);
  return escapeHtml(hit.content ?? "");
}

/** Title and second line of a dialog hit. */
export function dialogLines(hit: SearchHit | StoredSearch): { title: string; path: string } {
  if (hit.type === "content") return { title: contentHtml(hit), path: levelHtml(hit, "lvl1") };
  if (hit.type === "lvl1") return { title: levelHtml(hit, "lvl1"), path: hit.content ? contentHtml(hit) : "" };
  return { title: levelHtml(hit, hit.type), path: levelHtml(hit, "lvl1") };
}

export interface HitGroup {
  heading: string;
  hits: SearchHit[];
}

/** A hit's page: its URL without anchor. */
function pageUrlOf(hit: SearchHit): string {
  const at = hit.url.indexOf("#");
  return at < 0 ? hit.url : hit.url.slice(0, at);
}

/** The text a reader sees as a hit's title (for telling repeated titles apart). */
function plainTitle(hit: SearchHit): string {
  return (hit.type === "content" ? hit.content : hit.hierarchy[hit.type]) ?? "";
}

/** The page's own hit for a page found only by its sections: its lvl0 and lvl1, highlighted as they were. */
function pageHitOf(hit: SearchHit): SearchHit {
  const url = pageUrlOf(hit);
  const { lvl0, lvl1 } = hit.hierarchy;
  const marked = hit._snippetResult?.hierarchy ?? hit._highlightResult?.hierarchy;
  return {
    objectID: `page:${url}`,
    type: "lvl1",
    url,
    hierarchy: { lvl0, lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: null,
    _snippetResult: {
      hierarchy: { ...(marked?.lvl0 ? { lvl0: marked.lvl0 } : {}), ...(marked?.lvl1 ? { lvl1: marked.lvl1 } : {}) },
    },
  };
}

/** Hits by page (group.ts): each page's own hit (made from its best hit when not among them), then its sections. */
export function pageGroupsOf(hits: SearchHit[]): { page: SearchHit; sections: SearchHit[] }[] {
  return groupByPage(hits, (hit) => ({ page: pageUrlOf(hit), isPage: hit.type === "lvl1" }), plainTitle).map((g) => ({
    page: g.page ?? pageHitOf(g.best),
    sections: g.sections,
  }));
}

/**
 * Hits as the dialog shows them: by page (the page first, then its best sections), pages grouped
 * by lvl0 in order of appearance, at most 5 hits in a group.
 */
export function groupHits(hits: SearchHit[], maxPerGroup = MAX_HITS_PER_GROUP): HitGroup[] {
  const groups = new Map<string, SearchHit[]>();
  for (const { page, sections } of pageGroupsOf(hits)) {
    const key = page.hierarchy.lvl0 ?? "";
    const list = groups.get(key) ?? [];
    for (const hit of [page, ...sections]) if (list.length < maxPerGroup) list.push(hit);
    groups.set(key, list);
  }
  return [...groups.entries()].map(([heading, list]) => ({ heading, hits: list }));
}

/** What a search page or "See all" counts: documents when the backend knows them, else hits. */
export function documentCount(response: { nbHits: number; nbDocuments?: number }): number {
  return response.nbDocuments ?? response.nbHits;
}

/** The deepest level set in a hit's hierarchy (lvl1..lvl6). */
function deepestLevel(hit: SearchHit): Level {
  for (let i = LEVELS.length - 1; i >= 1; i--) if (hit.hierarchy[LEVELS[i]]) return LEVELS[i];
  return "lvl1";
}

/** A search page result: title (deepest level), breadcrumb of the levels above, content snippet. */
export function pageResultParts(hit: SearchHit): { title: string; breadcrumbs: string[]; snippet: string } {
  const deepest = deepestLevel(hit);
  const depth = LEVELS.indexOf(deepest);
  const breadcrumbs = LEVELS.slice(0, depth)
    .filter((l) => hit.hierarchy[l])
    .map((l) => levelHtml(hit, l));
  return { title: levelHtml(hit, deepest), breadcrumbs, snippet: hit.content ? contentHtml(hit) : "" };
}

/** A section under its page on the search page: its deepest heading, the headings between, its snippet. */
export function sectionParts(hit: SearchHit): { title: string; breadcrumbs: string[]; snippet: string } {
  const depth = LEVELS.indexOf(deepestLevel(hit));
  const snippet = hit.content ? contentHtml(hit) : "";
  // Text straight under the page title has no heading of its own: the snippet stands alone.
  if (depth < 2) return { title: "", breadcrumbs: [], snippet };
  const breadcrumbs = LEVELS.slice(2, depth)
    .filter((l) => hit.hierarchy[l])
    .map((l) => levelHtml(hit, l));
  return { title: levelHtml(hit, LEVELS[depth]), breadcrumbs, snippet };
}

/** The plain headings of a hit below its page title: the section it belongs to. */
function sectionKey(hit: SearchHit): string {
  const depth = LEVELS.indexOf(deepestLevel(hit));
  return LEVELS.slice(2, depth + 1)
    .map((l) => hit.hierarchy[l] ?? "")
    .join("\n");
}

/**
 * A page's section hits as the search page lists them: the hits of one section together, in the
 * order of its best one, its heading shown with the first only (a heading hit after text of its
 * section adds nothing and goes).
 */
export function sectionEntries(sections: SearchHit[]): { hit: SearchHit; showTitle: boolean }[] {
  const bySection = new Map<string, SearchHit[]>();
  for (const hit of sections) bySection.set(sectionKey(hit), [...(bySection.get(sectionKey(hit)) ?? []), hit]);
  return [...bySection.values()].flatMap((hits) =>
    hits.filter((hit, i) => i === 0 || hit.content).map((hit, i) => ({ hit, showTitle: i === 0 })),
  );
}
