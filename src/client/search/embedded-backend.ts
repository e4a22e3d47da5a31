// The embedded backend: the site's own index, fetched when search is about to be used, in two
// parts (src/shared/search-index.ts). The first part (titles, categories, keywords, headings: a
// small file) is indexed and answers at once; the texts are fetched as soon as it has come, and
// once indexed with it they answer every query in full, ranked as the whole index ranks. A failed
// fetch is tried again on the next use.
import { joinIndex } from "../../shared/search-index.ts";
import type { EmbeddedIndexFirstPart, EmbeddedIndexTextsPart, EmbeddedSearchIndex } from "../../shared/types.ts";
import { EmbeddedIndex } from "./embedded.ts";
import { type SearchBackend, SearchUnavailableError } from "./types.ts";

async function fetchJson<T>(url: string, cache: RequestCache = "default"): Promise<T> {
  const response = await fetch(url, { credentials: "same-origin", cache });
  if (!response.ok) throw new SearchUnavailableError(`search index: HTTP ${response.status}`);
  return (await response.json()) as T;
}

const unavailable = (error: unknown) =>
  error instanceof SearchUnavailableError ? error : new SearchUnavailableError(String(error));

/** The two parts of the index, each fetched once (again after a failure), and the indexes made of them. */
class IndexParts {
  private data: Promise<EmbeddedIndexFirstPart> | null = null;
  private first: Promise<EmbeddedIndex> | null = null;
  private texts: Promise<EmbeddedIndexTextsPart> | null = null;
  private whole: Promise<EmbeddedIndex> | null = null;
  /** The index of both parts, once built. */
  complete: EmbeddedIndex | null = null;
  sections: string[] = [];

  constructor(private readonly url: string) {}

  /** The first part's file; the texts start loading as soon as it has come. */
  private firstData(): Promise<EmbeddedIndexFirstPart> {
    this.data ??= fetchJson<EmbeddedIndexFirstPart>(this.url).then(
      (part) => {
        void this.textsOf(part).catch(() => undefined);
        return part;
      },
      (error: unknown) => {
        this.data = null;
        throw unavailable(error);
      },
    );
    return this.data;
  }

  /** The first part's index: the dialog's first answers. */
  firstPart(): Promise<EmbeddedIndex> {
    this.first ??= this.firstData()
      .then(async (part) => {
        const index = await EmbeddedIndex.build(joinIndex(part));
        this.sections = index.sections;
        // Built after the first part's index, not alongside it, so that the first answer comes first.
        void this.wholeIndex().catch(() => undefined);
        return index;
      })
      .catch((error: unknown) => {
        this.first = null;
        throw unavailable(error);
      });
    return this.first;
  }

  /** The index of both parts: every answer once it is built. */
  wholeIndex(): Promise<EmbeddedIndex> {
    this.whole ??= this.firstData()
      .then(async (part) => {
        this.complete = await EmbeddedIndex.build(await this.joined(part));
        this.sections = this.complete.sections;
        return this.complete;
      })
      .catch((error: unknown) => {
        this.whole = null;
        throw unavailable(error);
      });
    return this.whole;
  }

  private textsOf(first: EmbeddedIndexFirstPart): Promise<EmbeddedIndexTextsPart> {
    this.texts ??= fetchJson<EmbeddedIndexTextsPart>(this.textsUrl(first)).catch((error: unknown) => {
      this.texts = null;
      throw error;
    });
    return this.texts;
  }

  private textsUrl(first: EmbeddedIndexFirstPart): string {
    return new URL(first.textsFile, new URL(this.url, location.href)).href;
  }

  /** Both parts joined; when the texts are of another build (published between the two requests), both again. */
  private async joined(first: EmbeddedIndexFirstPart): Promise<EmbeddedSearchIndex> {
    const texts = await this.textsOf(first);
    if (texts.key === first.key) return joinIndex(first, texts);
    const [again, againTexts] = await Promise.all([
      fetchJson<EmbeddedIndexFirstPart>(this.url, "no-cache"),
      fetchJson<EmbeddedIndexTextsPart>(this.textsUrl(first), "no-cache"),
    ]);
    return joinIndex(again, againTexts);
  }
}

export function createEmbeddedBackend(indexUrl: string): SearchBackend {
  const parts = new IndexParts(indexUrl);
  return {
    async warm() {
      await parts.firstPart();
    },
    async search(query, options) {
      if (!options.early) return (await parts.wholeIndex()).query(query, options);
      const first = await parts.firstPart();
      return parts.complete ? parts.complete.query(query, options) : { ...first.query(query, options), partial: true };
    },
    sectionNames: () => parts.sections,
  };
}
