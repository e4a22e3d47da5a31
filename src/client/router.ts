// Client navigation between pages of the site: what the next page needs is fetched first, then
// swapped in; the view then scrolls to the top or to the #hash target. Back and forward restore
// pages and their scroll positions. A page that fails to load is loaded by the browser instead.
// On a page showing the docs sidebar, the next page comes as its payload (src/shared/page-payload.ts):
// the parts to swap without the sidebar, which stays (its current entry marked anew); a page whose
// sidebar is another one comes whole, as does every page from one without the sidebar.
import {
  HEAD_PARTS,
  headSelector,
  type PagePayload,
  payloadUrlOf,
  SIDEBAR_CLASS,
  SWAPPED_PARTS,
} from "../shared/page-payload.ts";
import { fetchOnce, observeLinks, prefetch, resetInView } from "./prefetch.ts";
import { startProgress } from "./progress.ts";

const HTML_SUFFIX = /(?:\/index)?\.html$/;
/** Parts of the page that differ between pages and are swapped on navigation. */
const SWAPPED = SWAPPED_PARTS.map((part) => part.selector);
const HEAD_META = HEAD_PARTS.map(headSelector);

export type PageListener = (root: HTMLElement) => void;
const listeners: PageListener[] = [];
let generation = 0;
let currentPath = location.pathname;

/** `/a/index.html` is the page `/a/`, `/a.html` the page `/a`. */
export function normalisePath(pathname: string): string {
  if (!HTML_SUFFIX.test(pathname)) return pathname;
  return pathname.endsWith("/index.html")
    ? pathname.slice(0, -"index.html".length)
    : pathname.replace(/\.html$/, "") || "/";
}

/** The URL to load for a link to a page of this site, or null for anything else. */
export function internalUrl(a: HTMLAnchorElement): string | null {
  if (a.target && a.target !== "_self") return null;
  if (a.hasAttribute("download") || a.getAttribute("rel")?.includes("external")) return null;
  const href = a.getAttribute("href");
  if (!href || href.startsWith("#")) return null;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin) return null;
  const last = url.pathname.split("/").pop() ?? "";
  if (last.includes(".") && !last.endsWith(".html")) return null;
  return url.pathname + url.search;
}

export function onPageChange(listener: PageListener): void {
  listeners.push(listener);
}

/** Keeps the scroll position in the current history entry, for Back and Forward to return to. */
export function saveScroll(): void {
  history.replaceState({ ...(history.state ?? {}), scroll: window.scrollY }, "");
}

/** Whether `url` is another part (#hash) of the page shown. */
function isHashOnThisPage(url: URL): boolean {
  return (
    url.origin === location.origin &&
    normalisePath(url.pathname) === currentPath &&
    url.search === location.search &&
    url.hash !== ""
  );
}

/** Moves to a #target of this page as a new history entry; Back returns to where the reader was. */
export function pushHash(hash: string): void {
  saveScroll();
  history.pushState(null, "", hash);
  document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
}

/** Back or Forward between entries of this page: to the position kept in the entry, else to its #target. */
function restoreOnThisPage(state: { scroll?: unknown } | null): void {
  if (typeof state?.scroll === "number") window.scrollTo(0, state.scroll);
  else if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
}

/** The docs sidebar this page shows (stamped by the build), or its stamp's. */
const sidebarShown = (stamp?: string): Element | null =>
  document.querySelector(`.${SIDEBAR_CLASS}[data-sidebar${stamp === undefined ? "" : `="${CSS.escape(stamp)}"`}]`);

/** What the page at `url` is fetched as: its payload where this page shows the sidebar, else its HTML. */
function resourceFor(url: URL): string {
  return sidebarShown() ? payloadUrlOf(normalisePath(url.pathname)) : url.pathname + url.search;
}

function replaceHeadParts(source: ParentNode): void {
  for (const selector of HEAD_META) {
    const mine = document.head.querySelector(selector);
    const theirs = source.querySelector(selector);
    if (mine && theirs) mine.replaceWith(document.importNode(theirs, true));
    else if (mine) mine.remove();
    else if (theirs) document.head.appendChild(document.importNode(theirs, true));
  }
}

const fragmentOf = (html: string): DocumentFragment => {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
};

/**
 * Marks the entry of the page at `path` as current and opens the categories that hold it: the marks
 * of the current-page contract (src/shared/current-page.ts), which the build leaves out of the
 * sidebar's stamp. They are written out here rather than imported: any change to this module's code
 * renames the bundle's minified identifiers, so every page would name other script files.
 */
function markCurrentEntry(sidebar: Element, path: string): void {
  for (const a of sidebar.querySelectorAll("a[aria-current]")) a.removeAttribute("aria-current");
  const link = [...sidebar.querySelectorAll<HTMLAnchorElement>("a[href]")].find(
    (a) => normalisePath(new URL(a.getAttribute("href")!, location.href).pathname) === path,
  );
  if (!link) return;
  link.setAttribute("aria-current", "page");
  for (let li = link.closest("li"); li; li = li.parentElement?.closest("li") ?? null) {
    const details = li.querySelector<HTMLDetailsElement>(":scope > details");
    if (details) details.open = true;
  }
}

/** A page as fetched: its payload, or its whole document. */
type Next = { payload: PagePayload } | { document: Document };

async function load(url: URL): Promise<Next | null> {
  if (sidebarShown()) {
    const response = await fetchOnce(payloadUrlOf(normalisePath(url.pathname)));
    // No payload (a page that is not there, say): the browser loads the page.
    if (!response.ok) return null;
    const payload = (await response.json()) as PagePayload;
    if (!payload.sidebar || sidebarShown(payload.sidebar)) return { payload };
  }
  const response = await fetchOnce(url.pathname + url.search);
  if (!response.ok || !(response.headers.get("content-type") ?? "").includes("text/html")) return null;
  return { document: new DOMParser().parseFromString(await response.text(), "text/html") };
}

/** Swaps the page's parts for `theirs` (by selector); false, changing nothing, when they do not match up. */
function swapParts(theirs: (Element | null)[], keepSidebar: (page: Element) => boolean): boolean {
  const pairs = SWAPPED.map((s, i) => [document.querySelector(s), theirs[i]] as const);
  if (pairs.some(([mine, next]) => !mine !== !next) || !pairs[0][0] || !keepSidebar(pairs[0][1]!)) return false;
  for (const [mine, next] of pairs) if (mine && next) mine.replaceWith(next);
  return true;
}

function showDocument(next: Document): boolean {
  const parts = SWAPPED.map((s) => next.querySelector(s));
  if (
    !swapParts(
      parts.map((p) => p && document.importNode(p, true)),
      () => true,
    )
  )
    return false;
  document.body.className = next.body.className;
  document.title = next.title;
  replaceHeadParts(next.head);
  return true;
}

function showPayload(payload: PagePayload, path: string): boolean {
  const parts = SWAPPED.map((s) => (payload.parts[s] ? fragmentOf(payload.parts[s]).firstElementChild : null));
  // The sidebar shown moves into the new page, in place of the empty one there.
  const keepSidebar = (page: Element) => {
    const slot = page.querySelector(`.${SIDEBAR_CLASS}[data-sidebar]`);
    if (!slot) return true;
    const kept = sidebarShown(slot.getAttribute("data-sidebar")!);
    if (!kept) return false;
    slot.replaceWith(kept);
    markCurrentEntry(kept, path);
    return true;
  };
  if (!swapParts(parts, keepSidebar)) return false;
  document.body.className = payload.bodyClass;
  document.title = payload.title;
  replaceHeadParts(fragmentOf(payload.head));
  return true;
}

function scrollAfterNavigation(hash: string, restore: number | null): void {
  if (restore !== null) {
    window.scrollTo(0, restore);
    return;
  }
  const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

export async function navigate(href: string, options: { push: boolean; restoreScroll?: number | null }): Promise<void> {
  const url = new URL(href, location.href);
  const token = ++generation;
  if (options.push) saveScroll();
  const done = startProgress();
  let next: Next | null = null;
  try {
    next = await load(url);
  } catch {
    // Shown by the browser below.
  }
  done();
  if (token !== generation) return;
  const path = normalisePath(url.pathname);
  let shown = false;
  try {
    shown = !!next && ("payload" in next ? showPayload(next.payload, path) : showDocument(next.document));
  } catch {
    // The browser shows it.
  }
  if (!shown) {
    location.assign(url.href);
    return;
  }
  if (options.push) history.pushState({ scroll: 0 }, "", path + url.search + url.hash);
  currentPath = path;
  const page = document.getElementById("page")!;
  for (const l of listeners) l(page);
  scrollAfterNavigation(url.hash, options.restoreScroll ?? null);
  document.getElementById("main-content")?.focus({ preventScroll: true });
}

/** Loads the current page again and swaps it in where the reader is (watch mode, after an edit). */
export function refreshPage(): Promise<void> {
  return navigate(location.href, { push: false, restoreScroll: window.scrollY });
}

export function setupRouter(): void {
  history.scrollRestoration = "manual";
  const normalised = normalisePath(location.pathname);
  if (normalised !== location.pathname)
    history.replaceState(history.state, "", normalised + location.search + location.hash);
  currentPath = normalised;

  document.addEventListener("click", (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest?.("a");
    if (!a?.href) return;
    const target = new URL(a.href, location.href);
    // A link to another part of this page is left to the browser, which makes a new history
    // entry; the one left keeps the reader's position (its scrolling is not restored by the browser).
    if (isHashOnThisPage(target)) {
      if (!a.target || a.target === "_self") saveScroll();
      return;
    }
    if (!internalUrl(a)) return;
    e.preventDefault();
    void navigate(target.href, { push: true });
  });

  /** What a link's page is fetched as, or null for a link to no other page of the site. */
  const resource = (a: HTMLAnchorElement) => {
    if (!internalUrl(a)) return null;
    const url = new URL(a.href, location.href);
    return normalisePath(url.pathname) === currentPath ? null : resourceFor(url);
  };
  const hoverPrefetch = (e: Event) => {
    const a = (e.target as Element).closest?.("a");
    const url = a ? resource(a) : null;
    if (url) prefetch(url);
  };
  document.addEventListener("mouseover", hoverPrefetch, { passive: true });
  document.addEventListener("touchstart", hoverPrefetch, { passive: true });

  window.addEventListener("popstate", (e) => {
    const path = normalisePath(location.pathname);
    const state = e.state as { scroll?: number } | null;
    if (path === currentPath) restoreOnThisPage(state);
    else void navigate(location.href, { push: false, restoreScroll: state?.scroll ?? 0 });
  });

  const idle =
    (window as Window & { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ??
    ((cb: () => void) => setTimeout(cb, 200));
  // The links of the page's content, then the sidebar's (the navbar's are prefetched when hovered).
  const observe = () =>
    idle(() => {
      const page = document.getElementById("page");
      if (page) observeLinks([document.getElementById("main-content") ?? page, page], resource);
    });
  observe();
  onPageChange(() => {
    resetInView();
    observe();
  });
}
