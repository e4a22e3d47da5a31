// The embedded index: the site's own index (see embedded-backend.ts for how its two parts are
// fetched), indexed in the browser with MiniSearch. A query is read as Algolia reads one:
// every word must match (across the record's title, its page and its text), the last word as a
// prefix; a word the index does not know may hold typos (one from 4 letters, two from 8); words
// of the site's synonym groups match each other; two words may be written as one ("homeassistant")
// or one as two ("next cloud"); and when no record holds every word, records holding all words
// but one are shown. A synonym phrase ("single sign-on") matches only where its words stand in a
// row. Records are ranked in tiers, each by score: every word in one record as typed, then spread
// over the records of one section (a heading and its text); the same with a synonym for a word; the
// same with a typed phrase's words apart; then all words but one. Results are grouped by page (see
// group.ts) before they are paged.
import MiniSearch, { type Query, type SearchResult } from "minisearch";
import type { EmbeddedSearchIndex, SearchHierarchy } from "../../shared/types.ts";
import { groupByPage } from "./group.ts";
import { markAndSnippet, normaliseWord } from "./highlight.ts";
import type { SearchHit, SearchOptions, SearchResponse } from "./types.ts";

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
  /** A content record listing a code block's setting names (see records.ts): each name stands on its own. */
  settings: boolean;
}

/**
 * Field weights: a record's own heading (and its page's keywords) outrank its page and section
 * names, then body text; `compounds` holds the heading's words split at case changes and joined.
 */
const FIELD_BOOST = { title: 4, keywords: 4, compounds: 2, page: 2, path: 1.5, content: 1 } as const;
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
/**
 * How a unit of the query matched a record: as typed (a word, or a phrase in a row), by a synonym,
 * or only loosely (the words of a typed phrase apart: "forward ... authentik" for "forward auth").
 */
const MATCH = { typed: 0, synonym: 1, loose: 2 } as const;
/**
 * Ranking tiers, best first: by the weakest match of a unit (MATCH), a record holding every unit
 * before a section holding them between its records; then records holding all units but one.
 */
const tierOf = (match: number, spread: boolean) => match * 2 + (spread ? 1 : 0);
const ALL_BUT_ONE_TIER = tierOf(MATCH.loose, true) + 1;
/** BM25 parameters (MiniSearch's k and b) for a section scored as one document. */
const SECTION_BM25 = { k: 1.2, b: 0.7 } as const;
/** A setting name as records.ts lists them from code (an underscore inside), and a list of them. */
const SETTING_NAME = "[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?:[.-][A-Za-z0-9_]+)*";
const SETTING_NAMES = new RegExp(`^${SETTING_NAME}(?:, ${SETTING_NAME})*$`);
const WORD = /[\p{L}\p{N}]+/gu;
/** A change from lower to upper case inside a word: GitLab, SonarQube, vCenter. */
const CASE_CHANGE = /(?<=\p{Ll})(?=\p{Lu})/u;
/** Records indexed between two yields to the page. */
const INDEX_CHUNK = 400;
/** Queries with more words than this are not tried with words joined. */
const MAX_JOINED_WORDS = 4;
const LEVEL_KEYS = ["lvl0", "lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "lvl6"] as const;
const FIELDS = ["title", "keywords", "compounds", "page", "path", "content"];

function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * The index term of a synonym phrase, added where its words stand in a row: a space first, so a
 * word typed never reaches it as a prefix and the phrase never matches as its words apart.
 */
function phraseTerm(words: string[]): string {
  return ` ${words.join(" ")}`;
}

const isPhraseTerm = (term: string) => term.startsWith(" ");

/** Typo tolerance as Algolia's defaults: none below 4 letters, one typo from 4, two from 8. */
export function fuzziness(term: string): number {
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

/** The records of a compact index, with their hierarchy rebuilt. */
function expandIndex(data: EmbeddedSearchIndex): IndexedRecord[] {
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
    const fields = { title: lvl1, keywords: keywordsOf(page), page: lvl0, path: "", settings: false };
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
    const fields = { title: text, keywords: "", page: pageText(hierarchy, page), path: parentPath, settings: false };
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
    const fields = {
      title: "",
      keywords: "",
      page: pageText(hierarchy, page),
      path: middle(hierarchy),
      settings: SETTING_NAMES.test(text),
    };
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

/** A record found for a query, with its tier (tierOf) and score. */
interface Ranked {
  id: number;
  tier: number;
  score: number;
  /** The record's own score: it orders the records of a section found together. */
  own: number;
  /** The sum of the own scores of its page's records found, set when sorting. */
  page?: number;
  terms: string[];
  queryTerms: string[];
}

/** Per unit of the query, the records it matched (by id). */
type UnitMatches = Map<number, SearchResult>[];

/** The distinct terms of a few short lists. */
function unique(lists: string[][]): string[] {
  const out = [...lists[0]];
  for (let i = 1; i < lists.length; i++) for (const t of lists[i]) if (!out.includes(t)) out.push(t);
  return out;
}

/** Each unit's result for a record, or null when a unit did not match it. */
function resultsFor(matches: UnitMatches, id: number): SearchResult[] | null {
  const out: SearchResult[] = [];
  for (const m of matches) {
    const r = m.get(id);
    if (!r) return null;
    out.push(r);
  }
  return out;
}
/** A result's score without MiniSearch's factor for the number of query terms it matched. */
const rawScore = (r: SearchResult) => r.score / Math.max(1, r.queryTerms.length);

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
  /** The terms of the text fields (not made by joining or splitting title words). */
  private readonly words = new Set<string>();
  private sortedVocabulary: string[] | null = null;
  /** Terms made from title words (split at a case change, or two words joined) -> the words shown for them. */
  private readonly shownAs = new Map<string, string[]>();
  /** Two title words joined (paperlessng) -> the length of the first (paperless). */
  private readonly joins = new Map<string, number>();
  /** The site's synonyms by the first word of each member: the member's words and its synonyms. */
  private readonly synonyms = new Map<string, { words: string[]; synonyms: string[][] }[]>();
  /** The synonym phrases (members of two words or more) by their first word. */
  private readonly phrases = new Map<string, string[][]>();
  /** Each record's section (its URL: a page and its anchor), as a number. */
  private readonly sectionOf: number[] = [];
  /** The number of records of each section, a setting name counted as one; and their mean. */
  private readonly sectionSizes: number[] = [];
  private readonly meanSectionSize: number;
  private readonly settingTermsOf = new Map<number, Set<string>[]>();

  /** Indexes every record at once; `EmbeddedIndex.build` does the same without blocking the page. */
  constructor(data: EmbeddedSearchIndex, fill = true) {
    this.records = expandIndex(data);
    this.meanSectionSize = this.measureSections();
    // Phrases are known before indexing: the text fields index each where it stands.
    this.learnSynonyms(data.synonyms ?? []);
    this.search = new MiniSearch<IndexedRecord>({
      fields: FIELDS,
      // The compounds of a record are made from its title and keywords.
      extractField: (record, field) =>
        field === "compounds" ? `${record.title}\n${record.keywords}` : record[field as "title"],
      tokenize: (text, field) => (field === "compounds" ? this.compoundTokens(text) : this.textTerms(text)),
      processTerm: (term, field) => {
        const word = normaliseWord(term);
        if (isPhraseTerm(word)) return word;
        this.vocabulary.add(word);
        if (field !== "compounds") this.words.add(word);
        return word;
      },
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

  /** Numbers each record's section and counts its records (a list of setting names as one per name); the mean size. */
  private measureSections(): number {
    const numbers = new Map<string, number>();
    for (const r of this.records) {
      let section = numbers.get(r.url);
      if (section === undefined) numbers.set(r.url, (section = numbers.size));
      this.sectionOf.push(section);
      this.sectionSizes[section] =
        (this.sectionSizes[section] ?? 0) + (r.settings ? (r.content ?? "").split(", ").length : 1);
    }
    return this.sectionSizes.reduce((a, b) => a + b, 0) / Math.max(1, this.sectionSizes.length);
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
        const phrases = this.phrases.get(member[0]) ?? [];
        if (member.length > 1 && !phrases.some((p) => p.join(" ") === key)) phrases.push(member);
        if (phrases.length) this.phrases.set(member[0], phrases);
      }
    }
  }

  /** A text field's words, and a term for each synonym phrase where its words stand in a row. */
  private textTerms(text: string): string[] {
    const words = tokenize(text);
    if (!this.phrases.size) return words;
    const out = [...words];
    const normal = words.map(normaliseWord);
    normal.forEach((word, i) => {
      for (const phrase of this.phrases.get(word) ?? [])
        if (phrase.every((w, k) => normal[i + k] === w)) out.push(phraseTerm(phrase));
    });
    return out;
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
      const key = normaliseWord(joined);
      this.joins.set(key, Math.min(this.joins.get(key) ?? Infinity, words[i].length));
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

  private readonly levelBoost = (id: unknown): number => LEVEL_BOOST[this.records[id as number].type];

  /**
   * A word typed: the last one (being typed) and longer ones also as prefixes; an unknown one with
   * typos. Two title words joined (paperlessng) match it only when it reaches past the first of them
   * (paperlessn): "paperless" has matched that title word already, and counting the joined term too
   * would favour whichever title has the shorter rest (Paperless-ng over Paperless-ngx).
   */
  private wordQuery(word: string, last: boolean): Query {
    const prefix = last || word.length >= 4;
    // Asked for each record holding a term, one term after another: the answer per term is kept.
    let term = "";
    let within = false;
    const boostDocument = (id: unknown, matched: string) => {
      if (matched !== term) {
        const first = this.joins.get((term = matched));
        within = first !== undefined && word.length <= first;
      }
      return within ? 0 : this.levelBoost(id);
    };
    return { queries: [word], prefix, fuzzy: this.knows(word, prefix) ? false : fuzziness(word), boostDocument };
  }

  /** A synonym: a word, or a phrase that matches only where its words stand in a row. */
  private static synonymQuery(words: string[], weight = SYNONYM_WEIGHT): Query {
    const term = words.length > 1 ? phraseTerm(words) : words[0];
    return { queries: [term], tokenize: (t) => [t], prefix: false, fuzzy: false, boostTerm: () => weight };
  }

  /** A unit as typed; a phrase of a synonym group (redirect uri) its words anywhere, or in a row. */
  private unitQuery(unit: QueryUnit, last: boolean): Query {
    const n = unit.words.length;
    const words = (): Query => ({
      combineWith: "AND",
      queries: unit.words.map((w, i) => this.wordQuery(w, last && i === n - 1)),
    });
    const own: Query =
      n === 1
        ? this.wordQuery(unit.words[0], last)
        : { combineWith: "OR", queries: [words(), EmbeddedIndex.synonymQuery(unit.words, 1)] };
    if (!unit.synonyms.length) return own;
    return { combineWith: "OR", queries: [own, ...unit.synonyms.map((s) => EmbeddedIndex.synonymQuery(s))] };
  }

  /** The records a unit matches, best first. */
  private resultsOf(unit: QueryUnit, last: boolean): SearchResult[] {
    return this.search.search(this.unitQuery(unit, last), {
      boost: FIELD_BOOST,
      boostDocument: this.levelBoost,
      weights: { fuzzy: 0.6, prefix: 0.8 },
    });
  }

  /** The records a unit matches, by id. */
  private matchesOf(unit: QueryUnit, last: boolean): Map<number, SearchResult> {
    return new Map(this.resultsOf(unit, last).map((r) => [r.id as number, r]));
  }

  /** How a unit matched a record (MATCH): its word or its phrase in a row, a synonym, or a phrase's words apart. */
  private static matchOf(unit: QueryUnit, result: SearchResult): number {
    const termOf = (words: string[]) => (words.length > 1 ? phraseTerm(words) : words[0]);
    if (result.queryTerms.includes(termOf(unit.words))) return MATCH.typed;
    return unit.synonyms.some((s) => result.queryTerms.includes(termOf(s))) ? MATCH.synonym : MATCH.loose;
  }

  /**
   * Whether the units a setting-name record matched in its text stand in one setting name
   * (CLOUDFLARE_API_TOKEN for "api token", not token_url and api_url): names are read apart.
   */
  private inOneSetting(record: IndexedRecord, results: SearchResult[]): boolean {
    const fieldsOf = (r: SearchResult) => Object.entries(r.match);
    const needed = results
      .filter((r) => fieldsOf(r).every(([, fields]) => fields.every((f) => f === "content")))
      .map((r) => Object.keys(r.match));
    if (needed.length < 2) return true;
    return this.settingTerms(record).some((terms) => needed.every((list) => list.some((t) => terms.has(t))));
  }

  /** The terms of each setting name of a record, read once when a query first needs them. */
  private settingTerms(record: IndexedRecord): Set<string>[] {
    let names = this.settingTermsOf.get(record.id);
    if (!names) {
      names = (record.content ?? "").split(", ").map((name) => new Set(this.textTerms(name).map(normaliseWord)));
      this.settingTermsOf.set(record.id, names);
    }
    return names;
  }

  /** Records matching every unit (in its text, headings, page or keywords), ranked as typed or with a synonym. */
  private inOneRecord(units: QueryUnit[], matches: UnitMatches): Map<number, Ranked> {
    const out = new Map<number, Ranked>();
    const smallest = matches.reduce((a, b) => (b.size < a.size ? b : a));
    for (const id of smallest.keys()) {
      const results = resultsFor(matches, id);
      if (!results) continue;
      // Setting names that hold the words only apart are read as a section would be (see spread).
      if (this.records[id].settings && !this.inOneSetting(this.records[id], results)) continue;
      const queryTerms = unique(results.map((r) => r.queryTerms));
      const score = results.reduce((sum, r) => sum + rawScore(r), 0) * queryTerms.length;
      const tier = tierOf(Math.max(...units.map((u, i) => EmbeddedIndex.matchOf(u, results[i]))), false);
      out.set(id, { id, tier, score, own: score, terms: unique(results.map((r) => r.terms)), queryTerms });
    }
    return out;
  }

  /** Every unit must match in one record; two neighbouring words may also match as one word the index knows. */
  private everyUnit(units: QueryUnit[], matches: UnitMatches): Map<number, Ranked> {
    const found = this.inOneRecord(units, matches);
    if (units.length < 2 || units.length > MAX_JOINED_WORDS) return found;
    for (let i = 0; i + 1 < units.length; i++) {
      if (units[i].words.length > 1 || units[i + 1].words.length > 1) continue;
      const joined = units[i].words[0] + units[i + 1].words[0];
      const last = i + 2 === units.length;
      if (!this.knows(joined, last)) continue;
      const unit: QueryUnit = { words: [joined], synonyms: [] };
      const joinedUnits = [...units.slice(0, i), unit, ...units.slice(i + 2)];
      const joinedMatches = [...matches.slice(0, i), this.matchesOf(unit, last), ...matches.slice(i + 2)];
      for (const [id, r] of this.inOneRecord(joinedUnits, joinedMatches)) {
        const known = found.get(id);
        if (!known) found.set(id, r);
        else
          Object.assign(known, {
            tier: Math.min(known.tier, r.tier),
            score: known.score + r.score,
            own: known.own + r.own,
          });
      }
    }
    return found;
  }

  /**
   * A section found by its records together, scored as one document (BM25, its records counted as
   * its words): per unit, how many of its records hold the unit, against how many records it has.
   */
  private sectionScore(section: number, counts: number[], matches: UnitMatches): number {
    const { k, b } = SECTION_BM25;
    const length = this.sectionSizes[section] / this.meanSectionSize;
    return counts.reduce((sum, tf, u) => {
      const idf = Math.log(1 + (this.records.length - matches[u].size + 0.5) / (matches[u].size + 0.5));
      return sum + (idf * tf * (k + 1)) / (tf + k * (1 - b + b * length));
    }, 0);
  }

  /**
   * Sections (a heading and the text under it) whose records hold every unit between them, where no
   * record holds them all: each of those records, the section scored as one document.
   */
  private spread(units: QueryUnit[], matches: UnitMatches, taken: Set<number>): Ranked[] {
    // The sections every unit matched in, apart from those where one record holds them all.
    let candidates = new Set<number>();
    matches.forEach((map, u) => {
      const next = new Set<number>();
      for (const id of map.keys()) {
        const section = this.sectionOf[id];
        if (!taken.has(section) && (u === 0 || candidates.has(section))) next.add(section);
      }
      candidates = next;
    });
    const sections = new Map<number, { counts: number[]; match: number[]; ids: number[] }>();
    matches.forEach((map, u) => {
      for (const [id, r] of map) {
        const key = this.sectionOf[id];
        if (!candidates.has(key)) continue;
        let section = sections.get(key);
        if (!section) sections.set(key, (section = { counts: units.map(() => 0), match: [], ids: [] }));
        section.counts[u]++;
        section.match[u] = Math.min(section.match[u] ?? MATCH.loose, EmbeddedIndex.matchOf(units[u], r));
        if (!section.ids.includes(id)) section.ids.push(id);
      }
    });
    const out: Ranked[] = [];
    for (const [key, { counts, match, ids }] of sections) {
      const score = this.sectionScore(key, counts, matches);
      const tier = tierOf(Math.max(...match), true);
      for (const id of ids) {
        const results = matches.map((m) => m.get(id)).filter((r): r is SearchResult => r !== undefined);
        const own = results.reduce((sum, r) => sum + rawScore(r), 0);
        const terms = unique(results.map((r) => r.terms));
        out.push({ id, tier, score, own, terms, queryTerms: unique(results.map((r) => r.queryTerms)) });
      }
    }
    return out;
  }

  /** Records matching all units but one (as Algolia's removeWordsIfNoResults: allOptional). */
  private allButOne(units: QueryUnit[], matches: UnitMatches): Ranked[] {
    const ids = new Set(matches.flatMap((m) => [...m.keys()]));
    const out: Ranked[] = [];
    for (const id of ids) {
      const results = matches.map((m) => m.get(id)).filter((r): r is SearchResult => r !== undefined);
      if (results.length < units.length - 1) continue;
      // Ranked by the units matched, each by its words' mean score: a phrase (openid connect) counts once.
      const queryTerms = unique(results.map((r) => r.queryTerms));
      const score = (results.reduce((sum, r) => sum + rawScore(r), 0) / queryTerms.length) * results.length;
      const terms = unique(results.map((r) => r.terms));
      out.push({ id, tier: ALL_BUT_ONE_TIER, score, own: score, terms, queryTerms });
    }
    return out;
  }

  /**
   * By tier, then score. Pages whose best records score the same (the same words in titles of the
   * same length: Paperless-ng, Paperless-ngx) go in the order of all their records' scores: the page
   * that says more of the query first. Then a section's records by their own score.
   */
  private static sorted(ranked: Ranked[], pageOf: (id: number) => number): Ranked[] {
    const pageScore: number[] = [];
    for (const r of ranked) pageScore[pageOf(r.id)] = (pageScore[pageOf(r.id)] ?? 0) + r.own;
    for (const r of ranked) r.page = pageScore[pageOf(r.id)];
    ranked.sort((a, b) => a.tier - b.tier || b.score - a.score || b.page! - a.page! || b.own - a.own || a.id - b.id);
    // A record found by a section and again by all words but one is kept at its better place.
    const seen = new Set<number>();
    return ranked.filter((r) => !seen.has(r.id) && seen.add(r.id));
  }

  private rank(units: QueryUnit[]): Ranked[] {
    const pageOf = (id: number) => this.records[id].pageId;
    if (units.length === 1) {
      const ranked = this.resultsOf(units[0], true).map((r) => {
        const tier = tierOf(EmbeddedIndex.matchOf(units[0], r), false);
        return { id: r.id as number, tier, score: r.score, own: r.score, terms: r.terms, queryTerms: r.queryTerms };
      });
      return EmbeddedIndex.sorted(ranked, pageOf);
    }
    const matches = units.map((u, i) => this.matchesOf(u, i === units.length - 1));
    const inRecords = this.everyUnit(units, matches);
    const ranked = [...inRecords.values()];
    ranked.push(...this.spread(units, matches, new Set(ranked.map((r) => this.sectionOf[r.id]))));
    if (!inRecords.size) ranked.push(...this.allButOne(units, matches));
    return EmbeddedIndex.sorted(ranked, pageOf);
  }

  /** Ranked results grouped by page: each page's own record first, then its best sections. */
  private found(query: string): Found[] {
    const units = this.unitsOf(tokenize(query).map(normaliseWord));
    if (!units.length) return [];
    const results = this.rank(units);
    const recordOf = (r: Ranked) => this.records[r.id];
    const groups = groupByPage(
      results,
      (r) => ({ page: String(recordOf(r).pageId), isPage: recordOf(r).type === "lvl1" }),
      (r) => recordOf(r).content ?? recordOf(r).title,
    );
    const out: Found[] = [];
    const found = (r: Ranked): Found => ({ record: recordOf(r), terms: r.terms, queryTerms: r.queryTerms });
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
    // A synonym phrase is marked where it stands whole, never as its words apart.
    const phrases = found.terms.filter(isPhraseTerm).map((t) => t.slice(1).split(" "));
    const matched = new Set(found.terms.filter((t) => !isPhraseTerm(t)).map(normaliseWord));
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
      const s = markAndSnippet(value, isMatch, key === "lvl0" ? null : words, phrases);
      hierarchySnippets[key] = { value: s.value, matchLevel: s.matched ? "full" : "none" };
    }
    const content = record.content === null ? undefined : markAndSnippet(record.content, isMatch, words, phrases);
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
