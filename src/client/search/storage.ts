// Recent and favorite searches in localStorage, as DocSearch keeps them: recents 7 (4 while any
// favorite exists), favorites 10, newest first, a duplicate moves to the front.
import type { SearchHit } from "./types.ts";

const RECENT_LIMIT = 7;
const RECENT_LIMIT_WITH_FAVORITES = 4;
const FAVORITE_LIMIT = 10;

/** What is kept of a hit: enough to show it and open it. */
export type StoredSearch = Pick<SearchHit, "objectID" | "type" | "url" | "hierarchy" | "content">;

function recentKey(indexName: string): string {
  return `__DOCSEARCH_RECENT_SEARCHES__${indexName}`;
}

function favoriteKey(indexName: string): string {
  return `__DOCSEARCH_FAVORITE_SEARCHES__${indexName}`;
}

function read(key: string): StoredSearch[] {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? "[]") as unknown;
    return Array.isArray(value) ? (value as StoredSearch[]) : [];
  } catch {
    return [];
  }
}

function write(key: string, items: StoredSearch[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(items));
  } catch {
    // Storage full or blocked: the list lasts for this page only.
  }
}

/** A content hit is kept as the page (lvl1) it belongs to. */
function storedFormOf(hit: SearchHit | StoredSearch): StoredSearch {
  if (hit.type !== "content")
    return { objectID: hit.objectID, type: hit.type, url: hit.url, hierarchy: hit.hierarchy, content: hit.content };
  const url = hit.url.split("#")[0];
  return {
    objectID: url,
    type: "lvl1",
    url,
    hierarchy: { ...hit.hierarchy, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: null,
  };
}

export class SearchHistory {
  constructor(private readonly indexName: string) {}

  recents(): StoredSearch[] {
    return read(recentKey(this.indexName));
  }

  favorites(): StoredSearch[] {
    return read(favoriteKey(this.indexName));
  }

  private recentLimit(): number {
    return this.favorites().length ? RECENT_LIMIT_WITH_FAVORITES : RECENT_LIMIT;
  }

  /** A chosen hit joins the recents unless it is a favorite already. */
  addRecent(hit: SearchHit | StoredSearch): void {
    const item = storedFormOf(hit);
    if (this.favorites().some((f) => f.objectID === item.objectID)) return;
    const rest = this.recents().filter((r) => r.objectID !== item.objectID);
    write(recentKey(this.indexName), [item, ...rest].slice(0, this.recentLimit()));
  }

  removeRecent(objectID: string): void {
    write(
      recentKey(this.indexName),
      this.recents().filter((r) => r.objectID !== objectID),
    );
  }

  /** "Save this search": the recent becomes a favorite. */
  addFavorite(item: StoredSearch): void {
    const rest = this.favorites().filter((f) => f.objectID !== item.objectID);
    write(favoriteKey(this.indexName), [item, ...rest].slice(0, FAVORITE_LIMIT));
    this.removeRecent(item.objectID);
    write(recentKey(this.indexName), this.recents().slice(0, this.recentLimit()));
  }

  removeFavorite(objectID: string): void {
    write(
      favoriteKey(this.indexName),
      this.favorites().filter((f) => f.objectID !== objectID),
    );
  }
}
