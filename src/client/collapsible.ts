// Height animation of collapsible parts: every <details> of a page (in the content, the sidebar's
// categories, the mobile outline); the mobile menu's slide uses the same duration (menu.ts). The
// duration grows with the content's height as on the reference site (FACTS section 5), and is
// 1 ms when the reader prefers reduced motion. Without JavaScript, <details> open and close as they are.

export const COLLAPSE_EASING = "ease-in-out";

/** Milliseconds for content `height` px tall: round((4 + 15·(h/36)^0.25 + (h/36)/5)·10). */
export function collapseDuration(height: number): number {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return 1;
  const h = height / 36;
  return Math.round((4 + 15 * h ** 0.25 + h / 5) * 10);
}

const running = new WeakMap<HTMLElement, Animation>();

/**
 * Animates `el` from one height to another, over the duration for `contentHeight`; a newer
 * animation of the same element replaces a running one. `done` runs when it finishes.
 */
function animateHeight(el: HTMLElement, from: number, to: number, contentHeight: number, done: () => void): void {
  running.get(el)?.cancel();
  el.style.overflow = "hidden";
  const anim = el.animate([{ height: `${from}px` }, { height: `${to}px` }], {
    duration: collapseDuration(contentHeight),
    easing: COLLAPSE_EASING,
  });
  running.set(el, anim);
  anim.onfinish = () => {
    running.delete(el);
    el.style.overflow = "";
    done();
  };
  anim.oncancel = () => {
    el.style.overflow = "";
  };
}

/** Where each <details> is heading, which differs from `open` while it closes. */
const detailsOpen = new WeakMap<HTMLDetailsElement, boolean>();

/** Whether a <details> is open or opening. */
export function isOpening(details: HTMLDetailsElement): boolean {
  return detailsOpen.get(details) ?? details.open;
}

/** Opens or closes a <details>, animating its height from its summary's to its full height. */
export function toggleDetails(details: HTMLDetailsElement, open = !isOpening(details)): void {
  detailsOpen.set(details, open);
  const summary = details.querySelector<HTMLElement>(":scope > summary");
  // A summary taken out of the flow (a linked sidebar category's caret) takes no height.
  const closedHeight = summary && getComputedStyle(summary).position !== "absolute" ? summary.offsetHeight : 0;
  const current = details.getBoundingClientRect().height;
  if (open) details.open = true;
  const fullHeight = details.scrollHeight;
  const from = running.has(details) ? current : open ? closedHeight : fullHeight;
  animateHeight(details, from, open ? fullHeight : closedHeight, fullHeight - closedHeight, () => {
    if (!open) details.open = false;
  });
}

let ready = false;

/** One delegated listener serves every <details>, across client navigation and in the mobile menu. */
export function setupCollapsibles(): void {
  if (ready) return;
  ready = true;
  document.addEventListener("click", (e) => {
    const summary = (e.target as Element).closest?.("summary");
    const details = summary?.parentElement;
    if (!(details instanceof HTMLDetailsElement) || details.querySelector(":scope > summary") !== summary) return;
    // A link inside a summary is followed, not toggled.
    if ((e.target as Element).closest("a")) return;
    e.preventDefault();
    toggleDetails(details);
  });
}
