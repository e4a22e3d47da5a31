// The embedded search index: the DocSearch records in the compact form the browser loads
// (see EmbeddedSearchIndex, published in two parts by files.ts); the browser builds its
// MiniSearch index from it on first use.
import type { DocSearchRecord, EmbeddedSearchIndex } from "../../shared/types.ts";

/** Builds the index from records handed in order, a page (or several) at a time. */
export class EmbeddedIndexBuilder {
  readonly index: EmbeddedSearchIndex = { pages: [], sections: [], texts: [], contents: [], synonyms: [] };
  private readonly pageIndex = new Map<string, number>();
  private readonly textIndex = new Map<string, number>();
  // Per page, the open heading of each level (index into sections), to link a heading to its parent.
  private open: number[] = [];

  /** `synonyms`: the site's synonym groups (config `search.synonyms`). */
  constructor(
    private readonly origin: string,
    synonyms: string[][] = [],
  ) {
    const groups = synonyms.map((group) => [...new Set(group.map((w) => w.trim().toLowerCase()).filter(Boolean))]);
    this.index.synonyms = groups.filter((g) => g.length > 1);
  }

  add(records: DocSearchRecord[]): void {
    const { index, origin } = this;
    for (const r of records) {
      const path = r.url_without_anchor.startsWith(origin)
        ? r.url_without_anchor.slice(origin.length)
        : r.url_without_anchor;
      let page = this.pageIndex.get(path);
      if (page === undefined) {
        page = index.pages.length;
        this.pageIndex.set(path, page);
        const keywords = r.type === "lvl1" ? r.keywords : undefined;
        const entry: [string, string, string] = [path, r.hierarchy.lvl0 ?? "", r.hierarchy.lvl1 ?? ""];
        index.pages.push(keywords?.length ? [...entry, keywords] : entry);
        this.open = [];
      }
      const open = this.open;
      if (r.type === "lvl1") continue;
      if (r.type === "content") {
        const text = r.content ?? "";
        let t = this.textIndex.get(text);
        if (t === undefined) {
          t = index.texts.length;
          this.textIndex.set(text, t);
          index.texts.push(text);
        }
        index.contents.push(open.length ? open[open.length - 1] : -(page + 1), t);
        continue;
      }
      const level = Number(r.type.slice(3));
      while (open.length && index.sections[open[open.length - 1]][1] >= level) open.pop();
      const parent = open.length ? open[open.length - 1] : -1;
      open.push(index.sections.length);
      index.sections.push([page, level, r.anchor ?? "", r.hierarchy[`lvl${level}` as "lvl2"] ?? "", parent]);
    }
  }
}

export function buildEmbeddedIndex(
  records: DocSearchRecord[],
  origin: string,
  synonyms: string[][] = [],
): EmbeddedSearchIndex {
  const builder = new EmbeddedIndexBuilder(origin, synonyms);
  builder.add(records);
  return builder.index;
}
