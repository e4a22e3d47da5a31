// The part of search in the first-load script: the shortcuts and the search button. The dialog
// (and the index it searches) load only when search is about to be used: hover, focus or touch of
// the button preloads them; a click, Ctrl/Cmd+K or `/` opens the dialog.
import { loadPart } from "../lazy.ts";

type DialogModule = typeof import("./dialog.ts");

let loading: Promise<DialogModule> | null = null;

function loadDialog(): Promise<DialogModule> {
  loading ??= import("./dialog.ts");
  loading.catch(() => (loading = null));
  return loading;
}

function isEditable(el: Element | null): boolean {
  if (!el) return false;
  const tag = el.tagName;
  return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || (el as HTMLElement).isContentEditable;
}

/** The text selected on the page, read before focus moves (focusing a field may drop it). */
function selectedText(): string {
  return window.getSelection()?.toString().trim() ?? "";
}

/**
 * Keys typed between the shortcut and the dialog being ready (its code loads on the first open)
 * go into this field, focused in the shortcut's own event (which also brings up a phone's
 * keyboard); the dialog takes its text, caret and focus when it opens.
 */
function catchKeys(text: string): HTMLInputElement {
  cancelCatching();
  const previous = document.activeElement;
  const catcher = document.createElement("input");
  catcher.type = "search";
  catcher.className = "search-key-catcher";
  catcher.dataset.searchCatcher = "";
  catcher.setAttribute("aria-label", "Search");
  catcher.autocomplete = "off";
  catcher.spellcheck = false;
  catcher.value = text;
  catcher.addEventListener("keydown", (e) => {
    // Escape before the dialog shows cancels it; Enter has nothing to choose yet.
    if (e.key === "Enter") e.preventDefault();
    if (e.key !== "Escape") return;
    e.preventDefault();
    cancelCatching();
    if (previous instanceof HTMLElement) previous.focus({ preventScroll: true });
  });
  document.body.append(catcher);
  catcher.focus({ preventScroll: true });
  return catcher;
}

function cancelCatching(): void {
  document.querySelector("[data-search-catcher]")?.remove();
}

function open(button: HTMLAnchorElement | null, initialQuery?: string): void {
  const selection = initialQuery === undefined ? selectedText() : "";
  const catcher = catchKeys(initialQuery ?? "");
  loadDialog().then(
    (m) => {
      // Cancelled (Escape, a second Ctrl+K) while loading.
      if (catcher.isConnected) m.openSearchDialog(selection, catcher);
    },
    () => {
      catcher.remove();
      // Without the dialog, the search page still works.
      if (button) location.assign(button.href);
    },
  );
}

export function setupSearch(): void {
  const button = document.querySelector<HTMLAnchorElement>("[data-search-button]");
  if (!button) return;
  // Without scripts it is a link to the search page; with them it opens the dialog, so it is
  // announced and works as a button: Enter (the link's click) and Space open it.
  button.setAttribute("role", "button");
  button.addEventListener("keydown", (e) => {
    if (e.key === " ") e.preventDefault();
  });
  button.addEventListener("keyup", (e) => {
    if (e.key === " " && !e.ctrlKey && !e.metaKey && !e.altKey) open(button);
  });
  const preload = () => {
    loadDialog().then(
      (m) => m.preloadSearch(),
      () => undefined,
    );
  };
  button.addEventListener("mouseenter", preload, { passive: true });
  button.addEventListener("touchstart", preload, { passive: true });
  button.addEventListener("focus", preload);
  button.addEventListener("click", (e) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    open(button);
  });
  // A letter or digit typed on the focused button opens the dialog with it as the query.
  button.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !/^[a-zA-Z0-9]$/.test(e.key)) return;
    e.preventDefault();
    open(button, e.key);
  });
  document.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k") {
      e.preventDefault();
      // A second press closes the dialog, or cancels it while it loads.
      if (document.querySelector("[data-search-catcher]")) cancelCatching();
      else if (document.querySelector("[data-search-dialog]")) void loadDialog().then((m) => m.closeSearchDialog());
      else open(null);
      return;
    }
    if (e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !isEditable(document.activeElement)) {
      if (loading && document.querySelector("[data-search-dialog]")) return;
      e.preventDefault();
      open(button);
    }
  });
}

const loadSearchPage = () => import("./search-page.ts");

/** On the search page, the results are filled in by the search page client. */
export function enhanceSearchPage(page: HTMLElement): void {
  const form = page.querySelector<HTMLFormElement>("[data-search-page]");
  if (!form) return;
  void loadPart(page.querySelector<HTMLElement>("[data-search-results]") ?? page, loadSearchPage, (m) =>
    m.setupSearchPage(page),
  );
}
