// The /search page (FACTS section 3): the query lives in ?q= (typing updates it after 300 ms),
// one result per page found (its title and section, then its best sections with breadcrumb and
// snippet, each section's heading once), counted in documents; more load as the end of the list scrolls into view.
import { localHref, searchBackend } from "./backend.ts";
import { readSearchSettings } from "./config.ts";
import { escapeHtml } from "./highlight.ts";
import { documentCount, pageGroupsOf, pageResultParts, sectionEntries, sectionParts } from "./present.ts";
import type { SearchResponse } from "./types.ts";

export const QUERY_DEBOUNCE_MS = 300;
export const PAGE_HITS = 20;
export const PAGE_SNIPPET_WORDS = 30;
const EMPTY_HEADING = "Search the documentation";

export function countText(n: number): string {
  return n === 1 ? "One document found" : `${n} documents found`;
}

export function headingText(query: string): string {
  return query ? `Search results for "${query}"` : EMPTY_HEADING;
}

function pathHtml(crumbs: string[]): string {
  if (!crumbs.length) return "";
  return `<nav class="search-result-path" aria-label="Breadcrumbs"><ol>${crumbs.map((b) => `<li>${b}</li>`).join("")}</ol></nav>`;
}

/** One result per page: its title and section, then its best sections with their snippets. */
export function resultHtml(response: SearchResponse): string {
  return pageGroupsOf(response.hits)
    .map(({ page, sections }) => {
      const { title, breadcrumbs } = pageResultParts(page);
      // A section's heading is shown once, with its first hit; its other hits are their snippets.
      const items = sectionEntries(sections).map(({ hit, showTitle }) => {
        const part = sectionParts(hit);
        const href = escapeHtml(localHref(hit.url));
        const titled = showTitle && part.title;
        const link = titled ? `<a class="search-result-section-title" href="${href}">${part.title}</a>` : "";
        const text = titled ? part.snippet : `<a href="${href}">${part.snippet}</a>`;
        const snippet = part.snippet ? `<p class="search-result-snippet">${text}</p>` : "";
        const path = titled ? pathHtml(part.breadcrumbs) : "";
        return `<li class="search-result-section">${link}${path}${snippet}</li>`;
      });
      const list = items.length ? `<ul class="search-result-sections">${items.join("")}</ul>` : "";
      const heading = `<h2 class="search-result-title"><a href="${escapeHtml(localHref(page.url))}">${title}</a></h2>`;
      return `<article class="search-result">${heading}${pathHtml(breadcrumbs)}${list}</article>`;
    })
    .join("");
}

/** The list of a response: count, results, "Fetching new results..." while more load, and the end marker. */
function listHtml(response: SearchResponse, loadingMore: boolean): string {
  if (!response.hits.length) return `<p class="search-page-empty">No results were found</p>`;
  const more = response.page + 1 < response.nbPages;
  const loading = loadingMore ? `<p class="search-page-loading" role="status">Fetching new results...</p>` : "";
  const end = more ? `<div class="search-page-end" data-search-end></div>` : "";
  return `<p class="search-page-count">${countText(documentCount(response))}</p><div class="search-result-list">${resultHtml(response)}</div>${loading}${end}`;
}

/** Puts the query in the address (?q=), without a history entry. */
function setUrlQuery(query: string): void {
  const url = new URL(location.href);
  if (query) url.searchParams.set("q", query);
  else url.searchParams.delete("q");
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
}

const FETCH_ERROR = `<div class="search-page-error" role="alert"><p class="search-title">Unable to fetch results</p><p>You might want to check your network connection.</p></div>`;

/** The results of the page: the query under way, the response shown, and more loading as the list ends. */
class SearchResults {
  private request = 0;
  private current: { query: string; response: SearchResponse; loadingMore: boolean } | null = null;
  private readonly observer: IntersectionObserver;
  private readonly titleSuffix: string;

  constructor(
    private readonly backend: ReturnType<typeof searchBackend>,
    private readonly heading: HTMLElement,
    private readonly results: HTMLElement,
  ) {
    this.titleSuffix = document.title.startsWith(EMPTY_HEADING) ? document.title.slice(EMPTY_HEADING.length) : "";
    this.observer = new IntersectionObserver((entries) => {
      // After client navigation away, this page's list is gone: stop watching it.
      if (!results.isConnected) this.observer.disconnect();
      else if (entries.some((e) => e.isIntersecting)) void this.loadMore();
    });
  }

  private render(): void {
    this.observer.disconnect();
    this.results.innerHTML = this.current ? listHtml(this.current.response, this.current.loadingMore) : "";
    const end = this.results.querySelector("[data-search-end]");
    if (end) this.observer.observe(end);
  }

  async run(query: string): Promise<void> {
    const id = ++this.request;
    this.heading.textContent = headingText(query);
    document.title = headingText(query) + this.titleSuffix;
    if (!query.trim()) {
      this.current = null;
      this.render();
      return;
    }
    try {
      const response = await this.backend.search(query, {
        snippetWords: PAGE_SNIPPET_WORDS,
        hitsPerPage: PAGE_HITS,
        page: 0,
      });
      if (id !== this.request) return;
      this.current = { query, response, loadingMore: false };
      this.render();
    } catch {
      if (id !== this.request) return;
      this.current = null;
      this.results.innerHTML = FETCH_ERROR;
    }
  }

  private async loadMore(): Promise<void> {
    const state = this.current;
    if (!state || state.loadingMore || state.response.page + 1 >= state.response.nbPages) return;
    const id = this.request;
    state.loadingMore = true;
    this.render();
    try {
      const page = state.response.page + 1;
      const next = await this.backend.search(state.query, {
        snippetWords: PAGE_SNIPPET_WORDS,
        hitsPerPage: PAGE_HITS,
        page,
      });
      if (id !== this.request || this.current !== state) return;
      state.response = { ...next, hits: [...state.response.hits, ...next.hits] };
    } catch {
      // The end marker stays: scrolling to it again retries.
    }
    if (this.current !== state) return;
    state.loadingMore = false;
    this.render();
  }
}

export function setupSearchPage(page: HTMLElement): void {
  const settings = readSearchSettings();
  const form = page.querySelector<HTMLFormElement>("[data-search-page]");
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  const heading = page.querySelector<HTMLElement>("[data-search-heading]");
  const results = page.querySelector<HTMLElement>("[data-search-results]");
  if (!settings || !form || !input || !heading || !results) return;
  const search = new SearchResults(searchBackend(settings), heading, results);
  let debounce = 0;
  input.addEventListener("input", () => {
    window.clearTimeout(debounce);
    debounce = window.setTimeout(() => {
      setUrlQuery(input.value);
      void search.run(input.value);
    }, QUERY_DEBOUNCE_MS);
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    window.clearTimeout(debounce);
    setUrlQuery(input.value);
    void search.run(input.value);
  });
  const initial = (new URLSearchParams(location.search).get("q") ?? "").slice(
    0,
    input.maxLength > 0 ? input.maxLength : 64,
  );
  // The query of the address fills the box; with none, what was typed before this script ran is
  // kept and searched (a slow connection must not eat the first keystrokes).
  if (initial || !input.value) input.value = initial;
  else setUrlQuery(input.value);
  void search.run(input.value);
}
