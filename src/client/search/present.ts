// How hits read: grouping for the dialog and the title / path lines of each hit (FACTS 2),
// and the title / breadcrumb / snippet of a search page result (FACTS 3). All HTML is sanitised.
import { escapeHtml, sanitizeHighlight } from "./highlight.ts";
import type { SearchHierarchy, SearchHit } from "./types.ts";
import type { StoredSearch } from "./storage.ts";

export const MAX_HITS_PER_GROUP = 5;
const LEVELS = ["lvl0", "lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "lvl6"] as const;

type Level = keyof SearchHierarchy;

/** The highlighted (or plain) HTML of a hierarchy level of a hit. */
export function levelHtml(hit: SearchHit | StoredSearch, level: Level): string {
  const marked = "_snippetResult" in hit ? (hit._snippetResult?.hierarchy?.[level] ?? hit._highlightResult?.hierarchy?.[level]) : undefined;
  if (marked?.value) return sanitizeHighlight(marked.value);
  return escapeHtml(hit.hierarchy[level] ?? "");
}

export function contentHtml(hit: SearchHit | StoredSearch): string {
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

/** Hits grouped by lvl0 (in order of first appearance, at most 5 each), then by lvl1 within a group. */
export function groupHits(hits: SearchHit[], maxPerGroup = MAX_HITS_PER_GROUP): HitGroup[] {
  const groups = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const key = hit.hierarchy.lvl0 ?? "";
    const list = groups.get(key) ?? [];
    if (list.length < maxPerGroup) list.push(hit);
    groups.set(key, list);
  }
  return [...groups.entries()].map(([heading, list]) => {
    const byPage = new Map<string, SearchHit[]>();
    for (const hit of list) {
      const key = hit.hierarchy.lvl1 ?? "";
      byPage.set(key, [...(byPage.get(key) ?? []), hit]);
    }
    return { heading, hits: [...byPage.values()].flat() };
  });
}

/** The deepest level set in a hit's hierarchy (lvl1..lvl6). */
export function deepestLevel(hit: SearchHit): Level {
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
