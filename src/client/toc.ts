// Highlights the table-of-contents entry of the heading in view while the page scrolls: the last
// heading above the top of the view, or at the bottom of the page the last heading in view (so
// the last entries become active too). Headings inside a hidden tab are skipped. A link chosen in
// the collapsible outline above the article closes it.
let cleanup: (() => void) | null = null;

const idOf = (a: HTMLAnchorElement) => decodeURIComponent(a.hash.slice(1));

/** The heading the reader is at, among those shown. */
function activeHeading(headings: HTMLElement[]): HTMLElement | null {
  const shown = headings.filter((h) => h.getClientRects().length > 0);
  const root = document.documentElement;
  const atBottom = window.scrollY > 0 && window.innerHeight + window.scrollY >= root.scrollHeight - 2;
  if (atBottom) {
    let last: HTMLElement | null = shown[0] ?? null;
    for (const h of shown) if (h.getBoundingClientRect().top < window.innerHeight) last = h;
    return last;
  }
  const offset = (document.querySelector(".navbar")?.getBoundingClientRect().height ?? 60) + 16;
  let active: HTMLElement | null = shown[0] ?? null;
  for (const h of shown) {
    if (h.getBoundingClientRect().top - offset <= 1) active = h;
    else break;
  }
  return active;
}

export function setupTocHighlight(root: ParentNode): void {
  cleanup?.();
  cleanup = null;
  const links = [...root.querySelectorAll<HTMLAnchorElement>("[data-toc] a[href^='#']")];
  if (links.length === 0) return;
  const ids = [...new Set(links.map(idOf))];
  const headings = ids.map((id) => document.getElementById(id)).filter((h): h is HTMLElement => h !== null);
  let frame = 0;
  const update = () => {
    frame = 0;
    const active = activeHeading(headings);
    for (const a of links) a.classList.toggle("active", !!active && idOf(a) === active.id);
  };
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("resize", onScroll, { passive: true });
  // A tab switched shows or hides headings.
  root.addEventListener("click", onScroll);
  update();
  for (const outline of root.querySelectorAll<HTMLDetailsElement>("[data-toc-mobile]")) {
    outline.addEventListener("click", (e) => {
      if ((e.target as Element).closest("a[href^='#']")) outline.open = false;
    });
  }
  cleanup = () => {
    window.removeEventListener("scroll", onScroll);
    window.removeEventListener("resize", onScroll);
    root.removeEventListener("click", onScroll);
  };
}
