// Highlights the table-of-contents entry of the section being read while the page scrolls, by
// Docusaurus's rule: the first heading below the navbar when it is in the top half of the view,
// else the heading before it (none before the first); at the bottom of the page the last heading
// in view (so the last entries become active too). Headings inside a hidden tab are skipped. A
// link chosen in the collapsible outline above the article closes it.
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
  // The navbar covers the top of the view, unless it hides while scrolling.
  const navbar = document.querySelector<HTMLElement>(".navbar");
  const offset = !navbar || navbar.hasAttribute("data-hide-on-scroll") ? 0 : navbar.clientHeight;
  const next = shown.findIndex((h) => h.getBoundingClientRect().top >= offset);
  if (next === -1) return shown[shown.length - 1] ?? null;
  const rect = shown[next].getBoundingClientRect();
  if (rect.top > 0 && rect.bottom < window.innerHeight / 2) return shown[next];
  return shown[next - 1] ?? null;
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
