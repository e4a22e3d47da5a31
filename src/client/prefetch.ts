// Prefetching of site pages: when a link is hovered, touched or becomes visible, never on a
// 2g connection or with data saver on. Fetched pages are kept for the router.
interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

const pages = new Map<string, Promise<Response>>();

export function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? "").includes("2g");
}

/** The page's HTML, fetched once; a failed fetch is forgotten so it can be tried again. */
export function fetchPage(url: string): Promise<Response> {
  let p = pages.get(url);
  if (!p) {
    p = fetch(url, { credentials: "same-origin" }).then((r) => {
      if (!r.ok) pages.delete(url);
      return r;
    });
    p.catch(() => pages.delete(url));
    pages.set(url, p);
  }
  return p.then((r) => r.clone());
}

/** Forgets the fetched pages (watch mode does after an edit, so none is shown stale). */
export function forgetPrefetched(): void {
  pages.clear();
}

export function prefetch(url: string): void {
  if (canPrefetch()) fetchPage(url).catch(() => undefined);
}

let observer: IntersectionObserver | null = null;

export function observeLinks(root: ParentNode, isInternal: (a: HTMLAnchorElement) => string | null): void {
  if (!("IntersectionObserver" in window)) return;
  observer ??= new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      observer!.unobserve(e.target);
      const url = isInternal(e.target as HTMLAnchorElement);
      if (url) prefetch(url);
    }
  });
  for (const a of root.querySelectorAll<HTMLAnchorElement>("a[href]")) if (isInternal(a)) observer.observe(a);
}
