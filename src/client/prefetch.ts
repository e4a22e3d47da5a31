// Prefetching of what the router needs for a link's page (the page's payload, or its HTML; the
// router says which): at once when the link is hovered or touched; queued when it comes into view,
// at most PARALLEL fetches at a time and IN_VIEW_LIMIT per page shown, links in the page's content
// before the sidebar's; never on a 2g connection or with data saver on. Fetched responses are
// kept for the router.
interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** Fetches for links in view running at once (a hovered link's never waits for them). */
const PARALLEL = 2;
/** Fetches for links in view per page shown: a guide shows a dozen sidebar entries at once. */
const IN_VIEW_LIMIT = 6;

const fetched = new Map<string, Promise<Response>>();
const queue: string[] = [];
let running = 0;
let startedInView = 0;

export function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? "").includes("2g");
}

/** A response, fetched once; a failed fetch is forgotten so it can be tried again. */
export function fetchOnce(url: string): Promise<Response> {
  let p = fetched.get(url);
  if (!p) {
    p = fetch(url, { credentials: "same-origin" }).then((r) => {
      if (!r.ok) fetched.delete(url);
      return r;
    });
    p.catch(() => fetched.delete(url));
    fetched.set(url, p);
  }
  return p.then((r) => r.clone());
}

/** Keeps `text` as what `url` answers, as if fetched (watch mode hands in an edited page's payload). */
export function keepFetched(url: string, text: string): void {
  const headers = { "Content-Type": "application/json; charset=utf-8" };
  fetched.set(url, Promise.resolve(new Response(text, { headers })));
}

/** Forgets what was fetched (watch mode does after an edit, so nothing is shown stale). */
export function forgetPrefetched(): void {
  fetched.clear();
}

/** Fetches `url` now (a hovered or touched link). */
export function prefetch(url: string): void {
  if (!canPrefetch()) return;
  const queued = queue.indexOf(url);
  if (queued >= 0) queue.splice(queued, 1);
  fetchOnce(url).catch(() => undefined);
}

/** Starts queued fetches while fewer than PARALLEL run; each holds its place until its body has arrived. */
function pump(): void {
  while (running < PARALLEL && startedInView < IN_VIEW_LIMIT && queue.length) {
    const url = queue.shift()!;
    if (fetched.has(url) || !canPrefetch()) continue;
    running++;
    startedInView++;
    fetchOnce(url)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined)
      .finally(() => {
        running--;
        pump();
      });
  }
}

function enqueue(url: string): void {
  if (fetched.has(url) || queue.includes(url)) return;
  queue.push(url);
  pump();
}

let observer: IntersectionObserver | null = null;
/** What each observed link needs fetched, worked out when it comes into view. */
let resourceOf: (a: HTMLAnchorElement) => string | null = () => null;

/** A new page is shown: links of the last one are no longer watched nor wait, and it has its own allowance. */
export function resetInView(): void {
  observer?.disconnect();
  queue.length = 0;
  startedInView = 0;
}

/**
 * Watches the links in `roots` (in that order: it is the order of their fetches) and queues what
 * `resource` says a link's page needs when the link comes into view.
 */
export function observeLinks(roots: ParentNode[], resource: (a: HTMLAnchorElement) => string | null): void {
  if (!("IntersectionObserver" in window)) return;
  resourceOf = resource;
  observer ??= new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      observer!.unobserve(e.target);
      const url = resourceOf(e.target as HTMLAnchorElement);
      if (url && canPrefetch()) enqueue(url);
    }
  });
  const seen = new Set<Element>();
  for (const root of roots)
    for (const a of root.querySelectorAll<HTMLAnchorElement>("a[href]")) {
      if (seen.has(a)) continue;
      seen.add(a);
      if (resource(a)) observer.observe(a);
    }
}
