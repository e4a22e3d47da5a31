// The embedded search index: the DocSearch records in the compact form the browser loads
// (see EmbeddedSearchIndex); the browser builds its MiniSearch index from it on first use.
import type { DocSearchRecord, EmbeddedSearchIndex } from "../../shared/types.ts";

export function buildEmbeddedIndex(records: DocSearchRecord[], origin: string): EmbeddedSearchIndex {
  const index: EmbeddedSearchIndex = { version: 3, pages: [], sections: [], texts: [], contents: [] };
  const pageIndex = new Map<string, number>();
  const textIndex = new Map<string, number>();
  // Per page, the open heading of each level (index into sections), to link a heading to its parent.
  let open: number[] = [];
  for (const r of records) {
    const path = r.url_without_anchor.startsWith(origin) ? r.url_without_anchor.slice(origin.length) : r.url_without_anchor;
    let page = pageIndex.get(path);
    if (page === undefined) {
      page = index.pages.length;
      pageIndex.set(path, page);
      index.pages.push([path, r.hierarchy.lvl0 ?? "", r.hierarchy.lvl1 ?? ""]);
      open = [];
    }
    if (r.type === "lvl1") continue;
    if (r.type === "content") {
      const text = r.content ?? "";
      let t = textIndex.get(text);
      if (t === undefined) {
        t = index.texts.length;
        textIndex.set(text, t);
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
  return index;
}
