// Height animation of collapsible parts: <details> in the content and collapsible sidebar
// categories (the mobile menu's slide uses the same duration, see menu.ts). The duration grows
// with the content's height as on the reference site (FACTS section 5), and is 1 ms when the
// reader prefers reduced motion.
import { fetchPage } from "./prefetch.ts";

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
  const anim = el.animate([{ height: `${from}px` }, { height: `${to}px` }], { duration: collapseDuration(contentHeight), easing: COLLAPSE_EASING });
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

function toggleDetails(details: HTMLDetailsElement): void {
  const open = !(detailsOpen.get(details) ?? details.open);
  detailsOpen.set(details, open);
  const summary = details.querySelector("summary");
  const closedHeight = summary ? summary.offsetHeight : 0;
  const current = details.getBoundingClientRect().height;
  if (open) details.open = true;
  const fullHeight = details.scrollHeight;
  animateHeight(details, running.has(details) ? current : open ? closedHeight : fullHeight, open ? fullHeight : closedHeight, fullHeight - closedHeight, () => {
    if (!open) details.open = false;
  });
}

const label = (category: Element) => category.querySelector<HTMLElement>(":scope > .menu-category-label");

/** Names a sidebar category by its label and those of the categories holding it. */
function categoryKey(category: Element): string {
  const labels: string[] = [];
  for (let c: Element | null = category; c; c = c.parentElement?.closest("li.menu-category") ?? null) labels.unshift(label(c)?.textContent ?? "");
  return labels.join("\n");
}

/** Marks a sidebar category expanded or collapsed: its class, caret and label link. */
function markCategory(category: HTMLElement, expanded: boolean): void {
  category.classList.toggle("menu-category-collapsed", !expanded);
  const link = label(category);
  if (link?.hasAttribute("aria-expanded")) link.setAttribute("aria-expanded", String(expanded));
  const caret = category.querySelector<HTMLElement>(":scope > .menu-caret");
  caret?.setAttribute("aria-expanded", String(expanded));
  caret?.setAttribute("aria-label", `${expanded ? "Collapse" : "Expand"} sidebar category '${link?.textContent ?? ""}'`);
}

/**
 * Gives each collapsible category a caret button. Only the script can use it, so the server
 * leaves it out: without JavaScript a collapsed category is a link to its first page.
 */
function addCarets(root: ParentNode | null): void {
  for (const category of root?.querySelectorAll<HTMLElement>("li[data-collapsible]") ?? []) {
    if (category.querySelector(":scope > .menu-caret")) continue;
    const collapsed = category.classList.contains("menu-category-collapsed");
    // A collapsed category without a page has nowhere to read its items from.
    if (collapsed && !label(category)?.getAttribute("href")) continue;
    const caret = document.createElement("button");
    caret.type = "button";
    caret.className = "menu-caret";
    caret.dataset.categoryToggle = "";
    label(category)?.after(caret);
    markCategory(category, !collapsed);
  }
}

/** The items of a collapsed category, read from its first page, where it is expanded. */
async function loadItems(category: HTMLElement): Promise<HTMLElement | null> {
  const href = label(category)?.getAttribute("href");
  if (!href) return null;
  const response = await fetchPage(href);
  if (!response.ok) return null;
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  const key = categoryKey(category);
  const there = [...doc.querySelectorAll("li[data-collapsible]")].find((c) => categoryKey(c) === key);
  const list = there?.querySelector<HTMLElement>(":scope > .menu-list");
  if (!list) return null;
  const items = document.importNode(list, true);
  // Nothing in it is the page being read.
  for (const a of items.querySelectorAll("a.active, a[aria-current]")) {
    a.classList.remove("active");
    a.removeAttribute("aria-current");
  }
  return items;
}

async function toggleCategory(category: HTMLElement): Promise<void> {
  if (category.dataset.loading) return;
  let list = category.querySelector<HTMLElement>(":scope > .menu-list");
  const expand = !list || category.classList.contains("menu-category-collapsed");
  if (expand && !list) {
    category.dataset.loading = "true";
    try {
      list = await loadItems(category);
    } catch {
      list = null;
    } finally {
      delete category.dataset.loading;
    }
    if (!list) {
      // The items could not be read: the category's first page shows them.
      const href = label(category)?.getAttribute("href");
      if (href) location.assign(href);
      return;
    }
    addCarets(list);
    list.hidden = true;
    category.append(list);
  }
  if (!list) return;
  const items = list;
  const current = running.has(items) ? items.getBoundingClientRect().height : null;
  markCategory(category, expand);
  items.hidden = false;
  const full = items.scrollHeight;
  animateHeight(items, current ?? (expand ? 0 : full), expand ? full : 0, full, () => {
    if (!expand) items.hidden = true;
  });
}

let categoriesReady = false;

/** One delegated listener serves every sidebar, the mobile menu's too, across client navigation. */
function setupCategoryToggles(): void {
  if (categoriesReady) return;
  categoriesReady = true;
  document.addEventListener("click", (e) => {
    const caret = (e.target as Element).closest?.(".menu-caret");
    const category = caret?.closest<HTMLElement>("li[data-collapsible]");
    if (category) void toggleCategory(category);
  });
}

export function setupCollapsibles(root: ParentNode): void {
  setupCategoryToggles();
  addCarets(root);
  // The mobile menu is swapped along with the page on client navigation.
  addCarets(document.getElementById("mobile-menu"));
  for (const details of root.querySelectorAll<HTMLDetailsElement>(".markdown details")) {
    const summary = details.querySelector("summary");
    summary?.addEventListener("click", (e) => {
      e.preventDefault();
      toggleDetails(details);
    });
  }
}
