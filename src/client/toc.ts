// Highlights the table-of-contents entry of the heading in view while the page scrolls.
let cleanup: (() => void) | null = null;

export function setupTocHighlight(root: ParentNode): void {
  cleanup?.();
  cleanup = null;
  const links = [...root.querySelectorAll<HTMLAnchorElement>("[data-toc] a[href^='#']")];
  if (links.length === 0) return;
  const headings = links
    .map((a) => document.getElementById(decodeURIComponent(a.hash.slice(1))))
    .filter((h): h is HTMLElement => h !== null);
  let frame = 0;
  const update = () => {
    frame = 0;
    const offset = (document.querySelector(".navbar")?.getBoundingClientRect().height ?? 60) + 16;
    let active: HTMLElement | null = headings[0] ?? null;
    for (const h of headings) {
      if (h.getBoundingClientRect().top - offset <= 1) active = h;
      else break;
    }
    for (const a of links) a.classList.toggle("active", !!active && decodeURIComponent(a.hash.slice(1)) === active.id);
  };
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("resize", onScroll, { passive: true });
  update();
  cleanup = () => {
    window.removeEventListener("scroll", onScroll);
    window.removeEventListener("resize", onScroll);
  };
}
