// The search dialog (DocSearch v3 behaviour, FACTS section 2): start screen with Recent and
// Favorite, hits grouped by section, no-results and error screens, statuses idle / loading /
// stalled / error, keyboard use and a focus trap. Loaded only when search is about to be used.
import { navigate, normalisePath, pushHash, saveScroll } from "../router.ts";
import { localHref, searchBackend, snippetWords } from "./backend.ts";
import { readSearchSettings, type SearchSettings } from "./config.ts";
import { escapeHtml } from "./highlight.ts";
import { ICONS } from "./icons.ts";
import { dialogLines, documentCount, groupHits } from "./present.ts";
import { SearchHistory, type StoredSearch } from "./storage.ts";
import type { SearchBackend, SearchHit, SearchResponse } from "./types.ts";

export const MAX_QUERY_LENGTH = 64;
export const STALL_MS = 300;
export const HITS_PER_PAGE = 20;
export const MAX_SUGGESTIONS = 3;
/** Where the dialog fills the screen (and shows Cancel): Back closes it there, as a page of its own. */
const FULL_SCREEN = "(max-width: 768px)";

export type SearchStatus = "idle" | "loading" | "stalled" | "error";

type Option = { kind: "hit"; item: SearchHit } | { kind: "recent" | "favorite"; item: StoredSearch };

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

function typeIcon(item: SearchHit | StoredSearch): string {
  return item.type === "lvl1" ? ICONS.page : item.type === "content" ? ICONS.content : ICONS.heading;
}

class SearchDialog {
  private readonly root: HTMLDivElement;
  private readonly input: HTMLInputElement;
  private readonly reset: HTMLButtonElement;
  private readonly dropdown: HTMLDivElement;
  private readonly backend: SearchBackend;
  private readonly history: SearchHistory;
  private status: SearchStatus = "idle";
  private query = "";
  private response: SearchResponse | null = null;
  private responseQuery = "";
  private options: Option[] = [];
  private active = -1;
  private request = 0;
  private stallTimer = 0;
  private savedScroll = 0;
  private suggestions: string[] = [];
  /** Whether the dialog has a history entry of its own (pushed on opening full screen). */
  private historyEntry = false;

  constructor(private readonly settings: SearchSettings) {
    this.backend = searchBackend(settings);
    this.history = new SearchHistory(settings.storageName);
    this.root = document.createElement("div");
    this.root.className = "search-container";
    this.root.dataset.searchDialog = "";
    this.root.innerHTML = `
<div class="search-modal" role="dialog" aria-modal="true" aria-label="Search">
  <header class="search-bar">
    <form class="search-form" role="search" novalidate>
      <label class="search-magnifier" for="search-dialog-input">${ICONS.search}<span class="visually-hidden">Search</span></label>
      <span class="search-spinner" aria-hidden="true">${ICONS.spinner}</span>
      <input id="search-dialog-input" class="search-input" type="search" placeholder="Search docs" maxlength="${MAX_QUERY_LENGTH}"
        autocomplete="off" autocorrect="off" autocapitalize="off" spellcheck="false" enterkeyhint="go"
        role="combobox" aria-autocomplete="list" aria-expanded="true" aria-controls="search-dialog-list" />
      <button type="reset" class="search-reset" title="Clear the query" aria-label="Clear the query" hidden>${ICONS.close}</button>
    </form>
    <button type="button" class="search-cancel" aria-label="Cancel">Cancel</button>
  </header>
  <div class="search-dropdown" id="search-dialog-list"></div>
  <div class="search-footer">
    <ul class="search-commands">
      <li><kbd class="search-key" aria-label="Enter key">↵</kbd><span>to select</span></li>
      <li><kbd class="search-key" aria-label="Arrow down">↓</kbd><kbd class="search-key" aria-label="Arrow up">↑</kbd><span>to navigate</span></li>
      <li><kbd class="search-key" aria-label="Escape key">esc</kbd><span>to close</span></li>
    </ul>
  </div>
</div>`;
    this.input = this.root.querySelector(".search-input")!;
    this.reset = this.root.querySelector(".search-reset")!;
    this.dropdown = this.root.querySelector(".search-dropdown")!;
    this.bind();
    // Back while it is open (its own entry left) closes it.
    window.addEventListener("popstate", () => {
      if (!this.historyEntry) return;
      this.historyEntry = false;
      void this.close();
    });
  }

  get isOpen(): boolean {
    return this.root.isConnected;
  }

  private bind(): void {
    const form = this.root.querySelector("form")!;
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.chooseActive();
    });
    form.addEventListener("reset", (e) => {
      e.preventDefault();
      this.setQuery("");
      this.input.focus();
    });
    this.input.addEventListener("input", () => this.setQuery(this.input.value));
    this.root.querySelector(".search-cancel")!.addEventListener("click", () => void this.close());
    // A press on the backdrop (outside the modal) closes.
    this.root.addEventListener("mousedown", (e) => {
      if (e.target === this.root) void this.close();
    });
    this.root.addEventListener("keydown", (e) => this.onKeyDown(e));
    this.dropdown.addEventListener("click", (e) => this.onDropdownClick(e));
    this.dropdown.addEventListener("mousemove", (e) => {
      const li = (e.target as Element).closest<HTMLElement>("[data-option]");
      if (li) this.setActive(Number(li.dataset.option), false);
    });
  }

  /** Opens with this query, or with what was typed into `typed` while the dialog loaded (its caret kept). */
  open(initialQuery: string, typed?: HTMLInputElement): void {
    if (this.isOpen) {
      typed?.remove();
      this.input.focus();
      return;
    }
    this.savedScroll = window.scrollY;
    if (window.matchMedia(FULL_SCREEN).matches) {
      saveScroll();
      history.pushState({ ...(history.state ?? {}), searchDialog: true }, "");
      this.historyEntry = true;
    }
    document.body.appendChild(this.root);
    document.body.classList.add("search-open");
    this.input.value = (typed?.value || initialQuery).slice(0, MAX_QUERY_LENGTH);
    // In one task, so no key falls between the two fields.
    this.input.focus();
    if (typed?.value) this.input.setSelectionRange(typed.selectionStart, typed.selectionEnd);
    typed?.remove();
    this.setQuery(this.input.value);
    void this.backend.warm().catch(() => undefined);
  }

  /** Closes; resolves once the dialog's history entry, if any, is left (for a navigation to follow it). */
  close(): Promise<void> {
    if (!this.isOpen) return Promise.resolve();
    this.request++;
    window.clearTimeout(this.stallTimer);
    this.root.remove();
    document.body.classList.remove("search-open");
    window.scrollTo(window.scrollX, this.savedScroll);
    document.querySelector<HTMLElement>("[data-search-button]")?.focus({ preventScroll: true });
    return this.leaveHistoryEntry();
  }

  private leaveHistoryEntry(): Promise<void> {
    if (!this.historyEntry) return Promise.resolve();
    this.historyEntry = false;
    return new Promise((resolve) => {
      window.addEventListener("popstate", () => resolve(), { once: true });
      history.back();
    });
  }

  private setStatus(status: SearchStatus): void {
    this.status = status;
    this.root.dataset.status = status;
    this.root.setAttribute("aria-busy", String(status === "loading" || status === "stalled"));
  }

  private setQuery(value: string): void {
    this.query = value.slice(0, MAX_QUERY_LENGTH);
    if (this.input.value !== this.query) this.input.value = this.query;
    this.reset.hidden = this.query === "";
    window.clearTimeout(this.stallTimer);
    const id = ++this.request;
    if (!this.query.trim()) {
      this.response = null;
      this.setStatus("idle");
      this.render();
      return;
    }
    this.setStatus("loading");
    this.stallTimer = window.setTimeout(() => {
      if (id === this.request && this.status === "loading") this.setStatus("stalled");
    }, STALL_MS);
    this.answer(id, this.query, true);
  }

  /**
   * Asks the backend. An early answer may be partial (the embedded index's texts not in yet): it is
   * shown, the status stays loading (then stalled), and the whole answer replaces it when it comes.
   */
  private answer(id: number, query: string, early: boolean): void {
    const options = { snippetWords: snippetWords(), hitsPerPage: HITS_PER_PAGE, page: 0, early };
    this.backend.search(query, options).then(
      (response) => {
        if (id !== this.request) return;
        if (!response.partial) {
          window.clearTimeout(this.stallTimer);
          this.setStatus("idle");
        }
        // A partial answer with no hits says nothing yet: the texts may hold them.
        if (!response.partial || response.hits.length) this.show(response, query);
        if (response.partial) this.answer(id, query, false);
      },
      () => {
        if (id !== this.request) return;
        window.clearTimeout(this.stallTimer);
        // When only the texts could not be fetched, the partial answer on screen stays.
        const partial = !early && this.response?.partial && this.responseQuery === query;
        if (!partial) this.response = null;
        this.setStatus(partial ? "idle" : "error");
        this.render();
      },
    );
  }

  private show(response: SearchResponse, query: string): void {
    // The whole answer after a partial one keeps the hit the reader moved to, if it is still there.
    const refined = this.response?.partial && this.responseQuery === query;
    const active = refined ? this.options[this.active] : undefined;
    this.response = response;
    this.responseQuery = query;
    this.learnSuggestions(response);
    this.render();
    if (active?.kind !== "hit") return;
    const same = this.options.findIndex(
      (o) => o.kind === "hit" && o.item.url === active.item.url && o.item.type === active.item.type,
    );
    if (same > 0) this.setActive(same, false);
  }

  /** Suggestions are the section names of the widest answer seen so far (or all sections up front). */
  private learnSuggestions(response: SearchResponse): void {
    const sections = [...new Set(response.hits.map((h) => h.hierarchy.lvl0).filter((x): x is string => Boolean(x)))];
    if (sections.length > this.suggestions.length) this.suggestions = sections;
  }

  private render(): void {
    if (this.status === "error" && this.query.trim()) {
      this.renderScreen(
        `<div class="search-error-screen"><div class="search-screen-icon">${ICONS.error}</div><p class="search-title">Unable to fetch results</p><p class="search-help">You might want to check your network connection.</p></div>`,
        [],
      );
      return;
    }
    if (!this.query.trim()) {
      this.renderStartScreen();
      return;
    }
    // While loading, the previous answer stays on screen.
    if (!this.response) return;
    if (!this.response.hits.length) {
      this.renderNoResults();
      return;
    }
    this.renderHits(this.response);
  }

  private renderScreen(html: string, options: Option[]): void {
    this.options = options;
    this.dropdown.innerHTML = html;
    this.setActive(options.length ? 0 : -1, false);
  }

  private optionHtml(
    index: number,
    item: SearchHit | StoredSearch,
    icon: string,
    actions: string,
    child = false,
  ): string {
    const { title, path } = dialogLines(item);
    return `<li class="search-hit${child ? " search-hit-child" : ""}" role="option" id="search-option-${index}" data-option="${index}" aria-selected="false">
<a class="search-hit-link" href="${escapeHtml(localHref(item.url))}" tabindex="-1"><span class="search-hit-icon">${icon}</span><span class="search-hit-wrapper"><span class="search-hit-title">${title}</span>${path ? `<span class="search-hit-path">${path}</span>` : ""}</span>${actions ? "" : `<span class="search-hit-select" aria-hidden="true">${ICONS.enter}</span>`}</a>${actions}</li>`;
  }

  private renderStartScreen(): void {
    const recents = this.history.recents();
    const favorites = this.history.favorites();
    if (!recents.length && !favorites.length) {
      this.renderScreen(`<div class="search-start-screen"><p class="search-help">No recent searches</p></div>`, []);
      return;
    }
    const options: Option[] = [];
    const section = (label: string, kind: "recent" | "favorite", items: StoredSearch[]) => {
      if (!items.length) return "";
      const rows = items.map((item) => {
        const index = options.push({ kind, item }) - 1;
        const actions =
          kind === "recent"
            ? `<span class="search-hit-actions"><button type="button" class="search-hit-action" data-action="save" title="Save this search" aria-label="Save this search">${ICONS.star}</button><button type="button" class="search-hit-action" data-action="remove-recent" title="Remove this search from history" aria-label="Remove this search from history">${ICONS.close}</button></span>`
            : `<span class="search-hit-actions"><button type="button" class="search-hit-action" data-action="remove-favorite" title="Remove this search from favorites" aria-label="Remove this search from favorites">${ICONS.close}</button></span>`;
        return this.optionHtml(index, item, kind === "recent" ? ICONS.recent : ICONS.star, actions);
      });
      return `<section class="search-section" data-section="${kind}"><div class="search-hit-source">${label}</div><ul role="listbox" aria-label="${label}">${rows.join("")}</ul></section>`;
    };
    this.renderScreen(section("Recent", "recent", recents) + section("Favorite", "favorite", favorites), options);
  }

  private renderHits(response: SearchResponse): void {
    const options: Option[] = [];
    const groups = groupHits(response.hits).map((group) => {
      // A page's sections follow it, set in under it.
      const rows = group.hits.map((hit) =>
        this.optionHtml(options.push({ kind: "hit", item: hit }) - 1, hit, typeIcon(hit), "", hit.type !== "lvl1"),
      );
      return `<section class="search-section"><div class="search-hit-source">${escapeHtml(group.heading)}</div><ul role="listbox" aria-label="${escapeHtml(group.heading)}">${rows.join("")}</ul></section>`;
    });
    const href = `${this.settings.searchPath}?q=${encodeURIComponent(this.responseQuery)}`;
    const more = `<p class="search-see-all"><a href="${escapeHtml(href)}" data-see-all>See all ${documentCount(response)} results</a></p>`;
    this.renderScreen(groups.join("") + more, options);
  }

  private renderNoResults(): void {
    const suggestions = (this.suggestions.length ? this.suggestions : this.backend.sectionNames()).slice(
      0,
      MAX_SUGGESTIONS,
    );
    const tryList = suggestions.length
      ? `<div class="search-suggestions"><p class="search-label">Try searching for:</p><ul>${suggestions
          .map(
            (s) =>
              `<li><button type="button" class="search-suggestion" data-suggestion="${escapeHtml(s.toLowerCase())}">${escapeHtml(s.toLowerCase())}</button></li>`,
          )
          .join("")}</ul></div>`
      : "";
    const missing = this.settings.missingResultsUrl;
    const reportUrl = missing
      ? `${missing}${missing.includes("?") ? "&" : "?"}title=${encodeURIComponent(this.responseQuery)}`
      : null;
    const report = reportUrl
      ? `<p class="search-help">Believe this query should return results? <a href="${escapeHtml(reportUrl)}" target="_blank" rel="noopener noreferrer">Let us know.</a></p>`
      : "";
    this.renderScreen(
      `<div class="search-no-results"><div class="search-screen-icon">${ICONS.noResults}</div><p class="search-title">No results for "<strong>${escapeHtml(this.responseQuery)}</strong>"</p>${tryList}${report}</div>`,
      [],
    );
  }

  private setActive(index: number, scroll = true): void {
    this.active = index;
    let activeId = "";
    for (const li of this.dropdown.querySelectorAll<HTMLElement>("[data-option]")) {
      const on = Number(li.dataset.option) === index;
      li.setAttribute("aria-selected", String(on));
      if (on) {
        activeId = li.id;
        if (scroll) li.scrollIntoView({ block: "nearest" });
      }
    }
    if (activeId) this.input.setAttribute("aria-activedescendant", activeId);
    else this.input.removeAttribute("aria-activedescendant");
  }

  private onKeyDown(e: KeyboardEvent): void {
    if (e.key === "Escape") {
      e.preventDefault();
      void this.close();
      return;
    }
    if (e.key === "Tab") {
      this.trapFocus(e);
      return;
    }
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!this.options.length) return;
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      this.setActive((this.active + step + this.options.length) % this.options.length);
      return;
    }
    if (e.key === "Enter" && e.target === this.input) {
      e.preventDefault();
      this.chooseActive();
    }
  }

  private trapFocus(e: KeyboardEvent): void {
    const focusable = [...this.root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null || el === this.input,
    );
    if (!focusable.length) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const current = document.activeElement;
    if (e.shiftKey && (current === first || !this.root.contains(current))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (current === last || !this.root.contains(current))) {
      e.preventDefault();
      first.focus();
    }
  }

  private onDropdownClick(e: MouseEvent): void {
    const target = e.target as Element;
    const suggestion = target.closest<HTMLElement>("[data-suggestion]");
    if (suggestion) {
      this.setQuery(suggestion.dataset.suggestion ?? "");
      this.input.focus();
      return;
    }
    const seeAll = target.closest<HTMLAnchorElement>("[data-see-all]");
    if (seeAll) {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
      // Followed once the dialog's history entry is left, so the search page's entry replaces it.
      e.preventDefault();
      void this.close().then(() => navigate(seeAll.href, { push: true }));
      return;
    }
    const li = target.closest<HTMLElement>("[data-option]");
    if (!li) return;
    const option = this.options[Number(li.dataset.option)];
    if (!option) return;
    const action = target.closest<HTMLElement>("[data-action]")?.dataset.action;
    if (action) {
      e.preventDefault();
      if (action === "save") this.history.addFavorite(option.item);
      else if (action === "remove-recent") this.history.removeRecent(option.item.objectID);
      else if (action === "remove-favorite") this.history.removeFavorite(option.item.objectID);
      this.renderStartScreen();
      this.input.focus();
      return;
    }
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    void this.choose(option);
  }

  private chooseActive(): void {
    const option = this.options[this.active];
    if (option) void this.choose(option);
  }

  private async choose(option: Option): Promise<void> {
    this.history.addRecent(option.item);
    // The hit's entry follows the page's, not the dialog's.
    await this.close();
    const url = new URL(localHref(option.item.url), location.href);
    if (normalisePath(url.pathname) === normalisePath(location.pathname) && url.search === location.search) {
      if (url.hash) pushHash(url.hash);
      return;
    }
    await navigate(url.href, { push: true });
  }
}

let dialog: SearchDialog | null = null;

function instance(): SearchDialog | null {
  if (dialog) return dialog;
  const settings = readSearchSettings();
  if (!settings) return null;
  dialog = new SearchDialog(settings);
  return dialog;
}

/** Loads what the first query needs (the embedded index) before the dialog opens. */
export function preloadSearch(): void {
  const settings = readSearchSettings();
  if (settings)
    void searchBackend(settings)
      .warm()
      .catch(() => undefined);
}

export function isSearchDialogOpen(): boolean {
  return dialog?.isOpen ?? false;
}

/**
 * Opens the dialog with this query, or with the selected text of the page (cut to 64 characters);
 * what was typed into `typed` meanwhile wins, and that field is removed.
 */
export function openSearchDialog(initialQuery?: string, typed?: HTMLInputElement): void {
  const selection = window.getSelection()?.toString().trim() ?? "";
  const search = instance();
  if (search) search.open((initialQuery ?? selection).slice(0, MAX_QUERY_LENGTH), typed);
  else typed?.remove();
}

export function closeSearchDialog(): void {
  void dialog?.close();
}
