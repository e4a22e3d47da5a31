// The embedded backend: the site's own index (search/index.json), fetched once when search is
// about to be used, indexed in the browser with MiniSearch (prefix and typo tolerance, titles
// weighted above body text). No account and no network beyond the site itself.
import MiniSearch, { type SearchResult } from "minisearch";
import type { EmbeddedSearchIndex, SearchHierarchy } from "../../shared/types.ts";
import { markAndSnippet, normaliseWord } from "./highlight.ts";
import { SearchUnavailableError, type SearchBackend, type SearchHit, type SearchOptions, type SearchResponse } from "./types.ts";

interface IndexedRecord {
  id: number;
  type: SearchHit["type"];
  url: string;
  hierarchy: SearchHierarchy;
  content: string | null;
  /** The record's own heading (lvl1 for a page record); empty for content. */
  title: string;
  /** lvl0 and lvl1: the section and page the record belongs to. */
  page: string;
  /** The headings between the page title and the record. */
  path: string;
}

/** Field weights: a record's own heading outranks its page and section names, which outrank body text. */
export const FIELD_BOOST = { title: 4, page: 2, path: 1.5, content: 1 } as const;
/** Headings rank above body text with the same match, the page title above its sections. */
const LEVEL_BOOST: Record<SearchHit["type"], number> = { lvl1: 2.5, lvl2: 1.5, lvl3: 1.3, lvl4: 1.2, lvl5: 1.1, lvl6: 1.1, content: 1 };
const WORD = /[\p{L}\p{N}]+/gu;
/** Records indexed between two yields to the page. */
const INDEX_CHUNK = 400;
const LEVEL_KEYS = ["lvl0", "lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "lvl6"] as const;

export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Typo tolerance as Algolia's defaults: none below 5 letters, one typo from 5, two from 9. */
export function fuzziness(term: string): number {
  return term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0;
}

/** The records of a compact index, with their hierarchy rebuilt. */
export function expandIndex(data: EmbeddedSearchIndex): IndexedRecord[] {
  const records: IndexedRecord[] = [];
  const sectionHierarchy: SearchHierarchy[] = [];
  const base = (page: number): SearchHierarchy => {
    const [, lvl0, lvl1] = data.pages[page];
    return { lvl0, lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  };
  const middle = (h: SearchHierarchy) => [h.lvl2, h.lvl3, h.lvl4, h.lvl5, h.lvl6].filter(Boolean).join(" ");
  data.pages.forEach(([path, lvl0, lvl1], page) => {
    records.push({ id: records.length, type: "lvl1", url: path, hierarchy: base(page), content: null, title: lvl1, page: lvl0, path: "" });
  });
  data.sections.forEach(([page, level, anchor, text, parent]) => {
    const hierarchy = parent >= 0 ? { ...sectionHierarchy[parent] } : base(page);
    hierarchy[`lvl${level}` as "lvl2"] = text;
    for (let l = level + 1; l <= 6; l++) hierarchy[`lvl${l}` as "lvl2"] = null;
    sectionHierarchy.push(hierarchy);
    const parentPath = parent >= 0 ? middle(sectionHierarchy[parent]) : "";
    records.push({ id: records.length, type: `lvl${level}` as SearchHit["type"], url: `${data.pages[page][0]}#${anchor}`, hierarchy, content: null, title: text, page: `${hierarchy.lvl0} ${hierarchy.lvl1}`, path: parentPath });
  });
  for (let i = 0; i < data.contents.length; i += 2) {
    const where = data.contents[i];
    const text = data.texts[data.contents[i + 1]];
    const section = where >= 0 ? where : -1;
    const page = where >= 0 ? data.sections[where][0] : -where - 1;
    const hierarchy = section >= 0 ? { ...sectionHierarchy[section] } : base(page);
    const anchor = section >= 0 ? data.sections[section][2] : "";
    records.push({ id: records.length, type: "content", url: anchor ? `${data.pages[page][0]}#${anchor}` : data.pages[page][0], hierarchy, content: text, title: "", page: `${hierarchy.lvl0} ${hierarchy.lvl1}`, path: middle(hierarchy) });
  }
  return records;
}

export class EmbeddedIndex {
  private readonly search: MiniSearch<IndexedRecord>;
  private readonly records: IndexedRecord[];
  readonly sections: string[];

  /** Indexes every record at once; `EmbeddedIndex.build` does the same without blocking the page. */
  constructor(data: EmbeddedSearchIndex, fill = true) {
    this.records = expandIndex(data);
    this.search = new MiniSearch<IndexedRecord>({
      fields: ["title", "page", "path", "content"],
      tokenize,
      processTerm: (term) => normaliseWord(term),
      searchOptions: { tokenize, processTerm: (term) => normaliseWord(term) },
    });
    if (fill) this.search.addAll(this.records);
    this.sections = [...new Set(data.pages.map((p) => p[1]).filter(Boolean))];
  }

  /** Indexes in chunks, yielding between them, so the page stays responsive while search loads. */
  static async build(data: EmbeddedSearchIndex): Promise<EmbeddedIndex> {
    const index = new EmbeddedIndex(data, false);
    await index.search.addAllAsync(index.records, { chunkSize: INDEX_CHUNK });
    return index;
  }

  private find(query: string, combineWith: "AND" | "OR"): SearchResult[] {
    const terms = tokenize(query);
    const last = terms[terms.length - 1];
    return this.search.search(query, {
      combineWith,
      boost: FIELD_BOOST,
      // As you type, the last word is a prefix; a word you finished matches whole or with typos.
      prefix: (term) => term === normaliseWord(last ?? "") || term.length >= 4,
      fuzzy: (term) => fuzziness(term),
      boostDocument: (id) => LEVEL_BOOST[this.records[id as number].type],
      weights: { fuzzy: 0.6, prefix: 0.8 },
    });
  }

  query(query: string, options: SearchOptions): SearchResponse {
    const trimmed = query.trim();
    if (!tokenize(trimmed).length) return { hits: [], nbHits: 0, page: 0, nbPages: 0 };
    // Every word must match, as on Algolia; a longer question that finds nothing may miss one word.
    let results = this.find(trimmed, "AND");
    const words = new Set(tokenize(trimmed).map(normaliseWord)).size;
    if (!results.length && words >= 3) results = this.find(trimmed, "OR").filter((r) => r.queryTerms.length >= words - 1);
    const start = options.page * options.hitsPerPage;
    const hits = results.slice(start, start + options.hitsPerPage).map((r) => this.hitOf(r, options.snippetWords));
    return { hits, nbHits: results.length, page: options.page, nbPages: Math.ceil(results.length / options.hitsPerPage) };
  }

  private hitOf(result: SearchResult, words: number): SearchHit {
    const record = this.records[result.id as number];
    const matched = new Set(result.terms.map(normaliseWord));
    const queryWords = result.queryTerms.map(normaliseWord);
    // A word found by its beginning is marked up to what was typed, as Algolia does; a typo match whole.
    const isMatch = (word: string): number => {
      if (!matched.has(word)) return 0;
      const prefix = queryWords.filter((q) => word.startsWith(q) && q.length < word.length).sort((a, b) => b.length - a.length)[0];
      return queryWords.includes(word) || !prefix ? word.length : prefix.length;
    };
    const hierarchySnippets: Partial<Record<keyof SearchHierarchy, { value: string; matchLevel: string }>> = {};
    for (const key of LEVEL_KEYS) {
      const value = record.hierarchy[key];
      if (value === null) continue;
      const s = markAndSnippet(value, isMatch, key === "lvl0" ? null : words);
      hierarchySnippets[key] = { value: s.value, matchLevel: s.matched ? "full" : "none" };
    }
    const content = record.content === null ? undefined : markAndSnippet(record.content, isMatch, words);
    return {
      objectID: String(record.id),
      type: record.type,
      url: record.url,
      hierarchy: record.hierarchy,
      content: record.content,
      _snippetResult: {
        hierarchy: hierarchySnippets,
        content: content ? { value: content.value, matchLevel: content.matched ? "full" : "none" } : undefined,
      },
    };
  }
}

/** The backend: fetches and indexes search/index.json on first use; a failed fetch is tried again next time. */
export function createEmbeddedBackend(indexUrl: string): SearchBackend & { index(): Promise<EmbeddedIndex> } {
  let loading: Promise<EmbeddedIndex> | null = null;
  let sections: string[] = [];
  const index = (): Promise<EmbeddedIndex> => {
    loading ??= fetch(indexUrl, { credentials: "same-origin" })
      .then(async (response) => {
        if (!response.ok) throw new SearchUnavailableError(`search index: HTTP ${response.status}`);
        const built = await EmbeddedIndex.build((await response.json()) as EmbeddedSearchIndex);
        sections = built.sections;
        return built;
      })
      .catch((error: unknown) => {
        loading = null;
        throw error instanceof SearchUnavailableError ? error : new SearchUnavailableError(String(error));
      });
    return loading;
  };
  return {
    index,
    async warm() {
      await index();
    },
    async search(query, options) {
      return (await index()).query(query, options);
    },
    sectionNames: () => sections,
  };
}
