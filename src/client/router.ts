// Client navigation between pages of the site: the next page is fetched first, then swapped in;
// the view then scrolls to the top or to the #hash target. Back and forward restore pages and
// their scroll positions. A page that fails to load is loaded by the browser instead.
import { fetchPage, observeLinks, prefetch } from "./prefetch.ts";
import { startProgress } from "./progress.ts";

const HTML_SUFFIX = /(?:\/index)?\.html$/;
/** Parts of the page that differ between pages and are swapped on navigation. */
const SWAPPED = ["#page", "#mobile-menu", ".navbar-items"];
const HEAD_META = [
  'meta[name="description"]',
  'link[rel="canonical"]',
  'meta[property="og:title"]',
  'meta[property="og:description"]',
  'meta[property="og:url"]',
  'meta[name="robots"]',
];

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

function saveScroll(): void {
  history.replaceState({ ...(history.state ?? {}), scroll: window.scrollY }, "");
}

function swapHead(next: Document): void {
  document.title = next.title;
  for (const selector of HEAD_META) {
    const mine = document.head.querySelector(selector);
    const theirs = next.head.querySelector(selector);
    if (mine && theirs) mine.replaceWith(document.importNode(theirs, true));
    else if (mine) mine.remove();
    else if (theirs) document.head.appendChild(document.importNode(theirs, true));
  }
}

function swapBody(next: Document): boolean {
  const pairs = SWAPPED.map((s) => [document.querySelector(s), next.querySelector(s)] as const);
  if (pairs.some(([mine, theirs]) => !mine !== !theirs) || !pairs[0][0]) return false;
  for (const [mine, theirs] of pairs) if (mine && theirs) mine.replaceWith(document.importNode(theirs, true));
  document.body.className = next.body.className;
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
  const fetchUrl = url.pathname + url.search;
  const token = ++generation;
  if (options.push) saveScroll();
  const done = startProgress();
  let html: string;
  try {
    const response = await fetchPage(fetchUrl);
    if (!response.ok || !(response.headers.get("content-type") ?? "").includes("text/html"))
      throw new Error(`status ${response.status}`);
    html = await response.text();
  } catch {
    done();
    location.assign(url.href);
    return;
  }
  done();
  if (token !== generation) return;
  const next = new DOMParser().parseFromString(html, "text/html");
  if (!swapBody(next)) {
    location.assign(url.href);
    return;
  }
  swapHead(next);
  const shown = normalisePath(url.pathname) + url.search + url.hash;
  if (options.push) history.pushState({ scroll: 0 }, "", shown);
  currentPath = normalisePath(url.pathname);
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
    if (!a) return;
    const url = internalUrl(a);
    if (!url) return;
    const target = new URL(a.href, location.href);
    // A link to another part of this page is left to the browser.
    if (normalisePath(target.pathname) === currentPath && target.search === location.search && target.hash) return;
    e.preventDefault();
    void navigate(target.href, { push: true });
  });

  const hoverPrefetch = (e: Event) => {
    const a = (e.target as Element).closest?.("a");
    const url = a ? internalUrl(a) : null;
    if (url) prefetch(url);
  };
  document.addEventListener("mouseover", hoverPrefetch, { passive: true });
  document.addEventListener("touchstart", hoverPrefetch, { passive: true });

  window.addEventListener("popstate", (e) => {
    const path = normalisePath(location.pathname);
    if (path === currentPath) return; // only the hash changed: the browser scrolls
    const scroll = (e.state as { scroll?: number } | null)?.scroll ?? 0;
    void navigate(location.href, { push: false, restoreScroll: scroll });
  });

  const idle =
    (window as Window & { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ??
    ((cb: () => void) => setTimeout(cb, 200));
  const observe = (root: ParentNode) => idle(() => observeLinks(root, internalUrl));
  observe(document);
  onPageChange((page) => {
    observe(page);
    observe(document.getElementById("mobile-menu") ?? page);
  });
}
