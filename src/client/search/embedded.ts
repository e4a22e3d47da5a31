// The embedded backend: the site's own index (search/index.json), fetched once when search is
// about to be used, indexed in the browser with MiniSearch. A query is read as Algolia reads one:
// every word must match (across the record's title, its page and its text), the last word as a
// prefix; a word the index does not know may hold typos (one from 4 letters, two from 8); words
// of the site's synonym groups match each other; two words may be written as one ("homeassistant")
// or one as two ("next cloud"); and when no record holds every word, records holding all words
// but one are shown. Results are grouped by page (see group.ts) before they are paged.
import MiniSearch, { type Query, type SearchResult } from "minisearch";
import type { EmbeddedSearchIndex, SearchHierarchy } from "../../shared/types.ts";
import { groupByPage } from "./group.ts";
import { markAndSnippet, normaliseWord } from "./highlight.ts";
import {
  SearchUnavailableError,
  type SearchBackend,
  type SearchHit,
  type SearchOptions,
  type SearchResponse,
} from "./types.ts";

interface IndexedRecord {
  id: number;
  type: SearchHit["type"];
  url: string;
  /** Index of the record's page in the index's pages (its lvl1 record has the same id). */
  pageId: number;
  hierarchy: SearchHierarchy;
  content: string | null;
  /** The record's own heading (lvl1 for a page record); empty for content. */
  title: string;
  /** The page's front-matter keywords, on its lvl1 record. */
  keywords: string;
  /** lvl0 and lvl1 (and the page's keywords): the section and page the record belongs to. */
  page: string;
  /** The headings between the page title and the record. */
  path: string;
}

/**
 * Field weights: a record's own heading (and its page's keywords) outrank its page and section
 * names, then body text; `compounds` holds the heading's words split at case changes and joined.
 */
export const FIELD_BOOST = { title: 4, keywords: 4, compounds: 2, page: 2, path: 1.5, content: 1 } as const;
/** Headings rank above body text with the same match, the page title above its sections. */
const LEVEL_BOOST: Record<SearchHit["type"], number> = {
  lvl1: 2.5,
  lvl2: 1.5,
  lvl3: 1.3,
  lvl4: 1.2,
  lvl5: 1.1,
  lvl6: 1.1,
  content: 1,
};
/** A synonym's match counts this much of a match of the word typed. */
const SYNONYM_WEIGHT = 0.7;
const WORD = /[\p{L}\p{N}]+/gu;
/** A change from lower to upper case inside a word: GitLab, SonarQube, vCenter. */
const CASE_CHANGE = /(?<=\p{Ll})(?=\p{Lu})/u;
/** Records indexed between two yields to the page. */
const INDEX_CHUNK = 400;
/** Queries with more words than this are not tried with words joined. */
const MAX_JOINED_WORDS = 4;
const LEVEL_KEYS = ["lvl0", "lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "lvl6"] as const;
const FIELDS = ["title", "keywords", "compounds", "page", "path", "content"];

export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Typo tolerance as Algolia's defaults: none below 4 letters, one typo from 4, two from 8. */
export function fuzziness(term: string): number {
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

/** The records of a compact index, with their hierarchy rebuilt. */
export function expandIndex(data: EmbeddedSearchIndex): IndexedRecord[] {
  const records: IndexedRecord[] = [];
  const sectionHierarchy: SearchHierarchy[] = [];
  const base = (page: number): SearchHierarchy => {
    const [, lvl0, lvl1] = data.pages[page];
    return { lvl0, lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  };
  const keywordsOf = (page: number) => (data.pages[page][3] ?? []).join(", ");
  const pageText = (h: SearchHierarchy, page: number) => `${h.lvl0} ${h.lvl1} ${keywordsOf(page)}`;
  const middle = (h: SearchHierarchy) => [h.lvl2, h.lvl3, h.lvl4, h.lvl5, h.lvl6].filter(Boolean).join(" ");
  data.pages.forEach(([path, lvl0, lvl1], page) => {
    const fields = { title: lvl1, keywords: keywordsOf(page), page: lvl0, path: "" };
    records.push({
      id: records.length,
      type: "lvl1",
      url: path,
      pageId: page,
      hierarchy: base(page),
      content: null,
      ...fields,
    });
  });
  data.sections.forEach(([page, level, anchor, text, parent]) => {
    const hierarchy = parent >= 0 ? { ...sectionHierarchy[parent] } : base(page);
    hierarchy[`lvl${level}` as "lvl2"] = text;
    for (let l = level + 1; l <= 6; l++) hierarchy[`lvl${l}` as "lvl2"] = null;
    sectionHierarchy.push(hierarchy);
    const parentPath = parent >= 0 ? middle(sectionHierarchy[parent]) : "";
    const url = `${data.pages[page][0]}#${anchor}`;
    const type = `lvl${level}` as SearchHit["type"];
    const fields = { title: text, keywords: "", page: pageText(hierarchy, page), path: parentPath };
    records.push({ id: records.length, type, url, pageId: page, hierarchy, content: null, ...fields });
  });
  for (let i = 0; i < data.contents.length; i += 2) {
    const where = data.contents[i];
    const text = data.texts[data.contents[i + 1]];
    const section = where >= 0 ? where : -1;
    const page = where >= 0 ? data.sections[where][0] : -where - 1;
    const hierarchy = section >= 0 ? { ...sectionHierarchy[section] } : base(page);
    const anchor = section >= 0 ? data.sections[section][2] : "";
    const url = anchor ? `${data.pages[page][0]}#${anchor}` : data.pages[page][0];
    const fields = { title: "", keywords: "", page: pageText(hierarchy, page), path: middle(hierarchy) };
    records.push({ id: records.length, type: "content", url, pageId: page, hierarchy, content: text, ...fields });
  }
  return records;
}

/** One word of a query (or a phrase of a synonym group found in it) and what may match it. */
interface QueryUnit {
  /** The words typed, normalised. */
  words: string[];
  /** Synonyms: each a word or a phrase (words that must all match). */
  synonyms: string[][];
}

/** A search result or a page's own record shown for it: what a hit is made from. */
interface Found {
  record: IndexedRecord;
  /** The indexed terms the record matched. */
  terms: string[];
  /** The query's terms (as typed, or synonyms) that matched. */
  queryTerms: string[];
}

export class EmbeddedIndex {
  private readonly search: MiniSearch<IndexedRecord>;
  private readonly records: IndexedRecord[];
  readonly sections: string[];
  /** Every indexed term, to tell a word the index knows from a typo. */
  private readonly vocabulary = new Set<string>();
  private sortedVocabulary: string[] | null = null;
  /** Terms made from title words (split at a case change, or two words joined) -> the words shown for them. */
  private readonly shownAs = new Map<string, string[]>();
  /** The site's synonyms by the first word of each member: the member's words and its synonyms. */
  private readonly synonyms = new Map<string, { words: string[]; synonyms: string[][] }[]>();

  /** Indexes every record at once; `EmbeddedIndex.build` does the same without blocking the page. */
  constructor(data: EmbeddedSearchIndex, fill = true) {
    this.records = expandIndex(data);
    this.search = new MiniSearch<IndexedRecord>({
      fields: FIELDS,
      // The compounds of a record are made from its title and keywords.
      extractField: (record, field) =>
        field === "compounds" ? `${record.title}\n${record.keywords}` : record[field as "title"],
      tokenize: (text, field) => (field === "compounds" ? this.compoundTokens(text) : tokenize(text)),
      processTerm: (term) => {
        const word = normaliseWord(term);
        this.vocabulary.add(word);
        return word;
      },
      searchOptions: { tokenize, processTerm: (term) => normaliseWord(term) },
    });
    if (fill) this.search.addAll(this.records);
    this.sections = [...new Set(data.pages.map((p) => p[1]).filter(Boolean))];
    this.learnSynonyms(data.synonyms ?? []);
  }

  /** Indexes in chunks, yielding between them, so the page stays responsive while search loads. */
  static async build(data: EmbeddedSearchIndex): Promise<EmbeddedIndex> {
    const index = new EmbeddedIndex(data, false);
    await index.search.addAllAsync(index.records, { chunkSize: INDEX_CHUNK });
    return index;
  }

  private learnSynonyms(groups: string[][]): void {
    for (const group of groups) {
      const members = group.map((m) => tokenize(m).map(normaliseWord)).filter((m) => m.length);
      for (const member of members) {
        const key = member.join(" ");
        const list = this.synonyms.get(member[0]) ?? [];
        let entry = list.find((e) => e.words.join(" ") === key);
        if (!entry) list.push((entry = { words: member, synonyms: [] }));
        for (const other of members) {
          const known = other.join(" ") === key || entry.synonyms.some((s) => s.join(" ") === other.join(" "));
          if (!known) entry.synonyms.push(other);
        }
        // The longest phrase is tried first.
        this.synonyms.set(
          member[0],
          list.sort((a, b) => b.words.length - a.words.length),
        );
      }
    }
  }

  /** Title words split at case changes (SonarQube: sonar, qube) and joined in pairs (home assistant: homeassistant). */
  private compoundTokens(text: string): string[] {
    const out: string[] = [];
    for (const phrase of text.split(/[\n,]/)) this.compoundsOf(tokenize(phrase), out);
    return out;
  }

  private compoundsOf(words: string[], out: string[]): void {
    const show = (term: string, shown: string[]) => {
      const key = normaliseWord(term);
      const list = this.shownAs.get(key) ?? [];
      for (const s of shown) if (!list.includes(s)) list.push(s);
      this.shownAs.set(key, list);
    };
    for (const word of words) {
      const parts = word.split(CASE_CHANGE).filter((p) => p.length >= 2);
      if (parts.length < 2) continue;
      for (const part of parts) {
        out.push(part);
        show(part, [normaliseWord(word)]);
      }
    }
    for (let i = 0; i + 1 < words.length; i++) {
      const joined = words[i] + words[i + 1];
      out.push(joined);
      show(joined, [normaliseWord(words[i]), normaliseWord(words[i + 1])]);
    }
  }

  /** Whether the index holds this word (or, as a prefix, a word starting with it). */
  private knows(word: string, prefix: boolean): boolean {
    if (this.vocabulary.has(word)) return true;
    if (!prefix) return false;
    const sorted = (this.sortedVocabulary ??= [...this.vocabulary].sort());
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < word) lo = mid + 1;
      else hi = mid;
    }
    return lo < sorted.length && sorted[lo].startsWith(word);
  }

  /** The query's words, a phrase of a synonym group taken as one unit. */
  private unitsOf(words: string[]): QueryUnit[] {
    const units: QueryUnit[] = [];
    for (let i = 0; i < words.length; ) {
      const entry = this.synonyms.get(words[i])?.find((e) => e.words.every((w, k) => words[i + k] === w));
      units.push(entry ? { words: entry.words, synonyms: entry.synonyms } : { words: [words[i]], synonyms: [] });
      i += entry ? entry.words.length : 1;
    }
    return units;
  }

  /** A word typed: the last one (being typed) and longer ones also as prefixes; an unknown one with typos. */
  private wordQuery(word: string, last: boolean): Query {
    const prefix = last || word.length >= 4;
    return { queries: [word], prefix, fuzzy: this.knows(word, prefix) ? false : fuzziness(word) };
  }

  private unitQuery(unit: QueryUnit, last: boolean): Query {
    const n = unit.words.length;
    const own: Query =
      n === 1
        ? this.wordQuery(unit.words[0], last)
        : { combineWith: "AND", queries: unit.words.map((w, i) => this.wordQuery(w, last && i === n - 1)) };
    if (!unit.synonyms.length) return own;
    const exact = { prefix: false, fuzzy: false, boostTerm: () => SYNONYM_WEIGHT };
    const synonyms: Query[] = unit.synonyms.map((s) => ({ combineWith: "AND", queries: [s.join(" ")], ...exact }));
    return { combineWith: "OR", queries: [own, ...synonyms] };
  }

  /** Every unit must match; two neighbouring words may also match as one word the index knows. */
  private everyUnit(units: QueryUnit[]): Query {
    const queries = units.map((u, i) => this.unitQuery(u, i === units.length - 1));
    const all: Query = { combineWith: "AND", queries };
    if (units.length < 2 || units.length > MAX_JOINED_WORDS) return all;
    const joinings: Query[] = [];
    for (let i = 0; i + 1 < units.length; i++) {
      if (units[i].words.length > 1 || units[i + 1].words.length > 1) continue;
      const joined = units[i].words[0] + units[i + 1].words[0];
      const last = i + 2 === units.length;
      if (!this.knows(joined, last)) continue;
      const joinedQueries: Query[] = [...queries.slice(0, i), this.wordQuery(joined, last), ...queries.slice(i + 2)];
      joinings.push({ combineWith: "AND", queries: joinedQueries });
    }
    return joinings.length ? { combineWith: "OR", queries: [all, ...joinings] } : all;
  }

  private run(query: Query): SearchResult[] {
    return this.search.search(query, {
      boost: FIELD_BOOST,
      boostDocument: (id) => LEVEL_BOOST[this.records[id as number].type],
      weights: { fuzzy: 0.6, prefix: 0.8 },
    });
  }

  /** Records matching all units but one (as Algolia's removeWordsIfNoResults: allOptional). */
  private allButOne(units: QueryUnit[]): SearchResult[] {
    const termsOf = units.map((u) => new Set([...u.words, ...u.synonyms.flat()]));
    const queries = units.map((u, i) => this.unitQuery(u, i === units.length - 1));
    const results = this.run({ combineWith: "OR", queries });
    const kept: SearchResult[] = [];
    for (const r of results) {
      const matched = termsOf.filter((terms) => r.queryTerms.some((t) => terms.has(t))).length;
      if (matched < units.length - 1) continue;
      // Ranked by the units matched, each by its words' mean score: a phrase (openid connect) counts once.
      const terms = Math.max(1, r.queryTerms.length);
      kept.push({ ...r, score: (r.score / (terms * terms)) * matched });
    }
    return kept.sort((a, b) => b.score - a.score);
  }

  /** Ranked results grouped by page: each page's own record first, then its best sections. */
  private found(query: string): Found[] {
    const units = this.unitsOf(tokenize(query).map(normaliseWord));
    if (!units.length) return [];
    let results = this.run(this.everyUnit(units));
    if (!results.length && units.length >= 2) results = this.allButOne(units);
    const recordOf = (r: SearchResult) => this.records[r.id as number];
    const groups = groupByPage(
      results,
      (r) => ({ page: String(recordOf(r).pageId), isPage: recordOf(r).type === "lvl1" }),
      (r) => recordOf(r).content ?? recordOf(r).title,
    );
    const out: Found[] = [];
    const found = (r: SearchResult): Found => ({ record: recordOf(r), terms: r.terms, queryTerms: r.queryTerms });
    for (const group of groups) {
      // A page found by its sections is shown first all the same, highlighted with its best section's words.
      const page = group.page
        ? found(group.page)
        : { ...found(group.best), record: this.records[recordOf(group.best).pageId] };
      out.push(page);
      for (const section of group.sections) out.push(found(section));
    }
    return out;
  }

  query(query: string, options: SearchOptions): SearchResponse {
    const found = this.found(query.trim());
    const documents = found.filter((f) => f.record.type === "lvl1").length;
    const start = options.page * options.hitsPerPage;
    const hits = found.slice(start, start + options.hitsPerPage).map((f) => this.hitOf(f, options.snippetWords));
    const nbPages = Math.ceil(found.length / options.hitsPerPage);
    return { hits, nbHits: found.length, nbDocuments: documents, page: options.page, nbPages };
  }

  private hitOf(found: Found, words: number): SearchHit {
    const { record } = found;
    const matched = new Set(found.terms.map(normaliseWord));
    for (const term of [...matched]) for (const shown of this.shownAs.get(term) ?? []) matched.add(shown);
    const queryWords = found.queryTerms.map(normaliseWord);
    // A word found by its beginning is marked up to what was typed, as Algolia does; a typo match whole.
    const isMatch = (word: string): number => {
      if (!matched.has(word)) return 0;
      const prefix = queryWords
        .filter((q) => word.startsWith(q) && q.length < word.length)
        .sort((a, b) => b.length - a.length)[0];
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
