// The embedded search index in the two files the browser fetches: the first part (pages,
// headings, synonyms) answers a guide's name at once; the texts part, fetched right after, holds
// the content records. The build splits the index it made; the browser joins the parts again
// into exactly that index, so the ranking of the two together is the ranking of the whole.
import type { EmbeddedIndexFirstPart, EmbeddedIndexTextsPart, EmbeddedSearchIndex } from "./types.ts";

const VERSION = 5;

/** The two parts of an index, both carrying `key` (which names the build). */
export function splitIndex(
  index: EmbeddedSearchIndex,
  key: string,
  textsFile: string,
): { first: EmbeddedIndexFirstPart; texts: EmbeddedIndexTextsPart } {
  const { pages, sections, synonyms, texts } = index;
  // Small numbers that repeat (0 for the same heading, 0 for a new text) compress to little.
  const contents: number[] = [];
  let where = 0;
  let next = 0;
  for (let i = 0; i < index.contents.length; i += 2) {
    const text = index.contents[i + 1];
    // The builder adds each text when its first record comes: a text is never used before it is new.
    if (text > next) throw new Error(`search index: text ${text} used before text ${next}`);
    contents.push(index.contents[i] - where, text === next ? 0 : next - text);
    where = index.contents[i];
    if (text === next) next++;
  }
  return {
    first: { version: VERSION, key, textsFile, pages, sections, synonyms },
    texts: { version: VERSION, key, texts, contents },
  };
}

/**
 * The index of the first part alone (no content records), or of both parts. Parts of two builds
 * (a new build published between the two requests) are refused.
 */
export function joinIndex(first: EmbeddedIndexFirstPart, part?: EmbeddedIndexTextsPart): EmbeddedSearchIndex {
  const { pages, sections, synonyms } = first;
  if (!part) return { pages, sections, synonyms, texts: [], contents: [] };
  if (part.key !== first.key || part.version !== first.version)
    throw new Error("search index: its two parts are of different builds");
  const contents: number[] = [];
  let where = 0;
  let next = 0;
  for (let i = 0; i < part.contents.length; i += 2) {
    where += part.contents[i];
    const back = part.contents[i + 1];
    contents.push(where, back === 0 ? next++ : next - back);
  }
  return { pages, sections, synonyms, texts: part.texts, contents };
}
