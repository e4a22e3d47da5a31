// The docs sidebar: the current entry is scrolled into view inside the sidebar (never moving the
// page), and across client navigation the sidebar keeps the categories the reader opened and its
// scroll position, as a sidebar that stays on screen would (the new page's category opens too).

/** The labels of the categories holding a category, outermost first: a name that survives a page swap. */
function keyOf(details: Element): string {
  const labels: string[] = [];
  for (let d: Element | null = details; d; d = d.parentElement?.closest(".sidebar details") ?? null) {
    const summary = d.querySelector(":scope > summary");
    const link = d.parentElement?.querySelector(":scope > a");
    labels.unshift((summary?.textContent || summary?.getAttribute("aria-label") || link?.textContent || "").trim());
  }
  return labels.join("\n");
}

/** Categories the reader has open: those the server opened, plus those opened by hand. */
const openKeys = new Set<string>();
let lastScroll: number | null = null;
let tracking = false;

/**
 * Scrolls `container` so that the current page's entry shows, centred, if it is not in view
 * already; the page itself does not move (no scrollIntoView).
 */
export function revealCurrentEntry(container: HTMLElement | null): void {
  const link = container?.querySelector<HTMLElement>(".sidebar a[aria-current='page']");
  if (!container || !link || container.clientHeight === 0) return;
  const box = container.getBoundingClientRect();
  const entry = link.getBoundingClientRect();
  if (entry.top >= box.top && entry.bottom <= box.bottom) return;
  container.scrollTop += entry.top - box.top - (container.clientHeight - entry.height) / 2;
}

function trackToggles(): void {
  if (tracking) return;
  tracking = true;
  // `toggle` does not bubble: listen in the capture phase.
  document.addEventListener(
    "toggle",
    (e) => {
      const details = e.target as HTMLDetailsElement;
      if (!details.closest?.(".sidebar")) return;
      if (details.open) openKeys.add(keyOf(details));
      else openKeys.delete(keyOf(details));
    },
    true,
  );
}

/** Run on the first page and after each client navigation, with the new page's root. */
export function setupSidebar(root: ParentNode): void {
  trackToggles();
  const aside = root.querySelector<HTMLElement>(".doc-sidebar");
  if (!aside) return;
  for (const details of aside.querySelectorAll<HTMLDetailsElement>(".sidebar details")) {
    const key = keyOf(details);
    if (details.open) openKeys.add(key);
    else if (openKeys.has(key)) details.open = true;
  }
  if (lastScroll !== null) aside.scrollTop = lastScroll;
  revealCurrentEntry(aside);
  lastScroll = aside.scrollTop;
  aside.addEventListener("scroll", () => (lastScroll = aside.scrollTop), { passive: true });
}
