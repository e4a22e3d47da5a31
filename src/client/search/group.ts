// Hits grouped by page, as DocSearch shows them: each page once, its own (lvl1) hit first, then at
// most its best sections, a heading or text that repeats on the page (the same heading in several
// tabs) shown once. One function serves both backends: the embedded index groups all its results
// with it before paging, and the dialog and the search page group whatever hits a backend returned
// (Algolia's come one record at a time).

/** Sections shown under a page, after the page's own hit. */
const MAX_SECTIONS_PER_PAGE = 3;

/** What grouping needs to know of a hit or record. */
export interface GroupKey {
  /** The page's URL without anchor. */
  page: string;
  /** Whether this is the page's own (lvl1) hit. */
  isPage: boolean;
}

export interface PageGroup<T> {
  /** The page's own hit, when it was among the items. */
  page: T | null;
  /** The page's best item (the page's own hit or a section). */
  best: T;
  /** The best sections after the page's own hit, in rank order, distinct titles. */
  sections: T[];
}

/**
 * Groups ranked items by page, pages in the order of their best item. `titleOf` gives the text a
 * reader sees as an item's title; two sections of a page with the same title count once (the
 * better one is kept), and so does a section titled as its page.
 */
export function groupByPage<T>(
  items: Iterable<T>,
  keyOf: (item: T) => GroupKey,
  titleOf: (item: T) => string,
  maxSections = MAX_SECTIONS_PER_PAGE,
): PageGroup<T>[] {
  const groups = new Map<string, PageGroup<T> & { seen: Set<string> }>();
  for (const item of items) {
    const key = keyOf(item);
    let group = groups.get(key.page);
    if (!group) {
      group = { page: null, best: item, sections: [], seen: new Set() };
      groups.set(key.page, group);
    }
    if (key.isPage) {
      if (group.page === null) {
        group.page = item;
        group.seen.add(normaliseTitle(titleOf(item)));
      }
      continue;
    }
    if (group.sections.length >= maxSections) continue;
    const title = normaliseTitle(titleOf(item));
    if (group.seen.has(title)) continue;
    group.seen.add(title);
    group.sections.push(item);
  }
  // A section that repeats the page's title, found before the page's own hit, goes.
  return [...groups.values()].map(({ page, best, sections }) => {
    const pageTitle = page === null ? null : normaliseTitle(titleOf(page));
    return { page, best, sections: sections.filter((s) => normaliseTitle(titleOf(s)) !== pageTitle) };
  });
}

function normaliseTitle(title: string): string {
  return title
    .replace(/<\/?mark>/gi, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}
