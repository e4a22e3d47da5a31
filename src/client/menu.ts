// The mobile side menu (widths up to 996 px): opens from the hamburger, closes on the backdrop,
// the close button, Escape, back navigation and when the window grows to desktop width.
// Opening and closing by hand slide the panel with the collapsible duration for its content
// height (1 ms under reduced motion); closing because the page or the width changed is instant.
// Listeners are delegated, so the menu keeps working after client navigation swaps it.
// Two levels, as on the reference site: on a page with a docs sidebar the menu opens on that
// sidebar (moved in from the page while the menu is open, with the current entry in view), under
// "← Back to main menu", which slides to the navbar links.
import { COLLAPSE_EASING, collapseDuration } from "./collapsible.ts";
import { revealCurrentEntry } from "./sidebar.ts";

export const DESKTOP_QUERY = "(min-width: 997px)";

function parts() {
  const menu = document.querySelector<HTMLElement>("[data-mobile-menu]");
  return {
    menu,
    panel: menu?.querySelector<HTMLElement>(".mobile-menu-panel") ?? null,
    backdrop: menu?.querySelector<HTMLElement>(".mobile-menu-backdrop") ?? null,
    opener: document.querySelector<HTMLElement>("[data-menu-open]"),
  };
}

let running: Animation[] = [];

function stopRunning(): void {
  const stopped = running;
  running = [];
  for (const a of stopped) a.cancel();
}

/** Slides the panel in (or out) and fades the backdrop over the same duration. */
function slide(panel: HTMLElement | null, backdrop: HTMLElement | null, opening: boolean, done: () => void): void {
  stopRunning();
  if (!panel) {
    done();
    return;
  }
  const options = { duration: collapseDuration(panel.scrollHeight), easing: COLLAPSE_EASING };
  const shut = { transform: "translateX(-100%)", opacity: 0 };
  const open = { transform: "none", opacity: 1 };
  const frames = opening ? [shut, open] : [open, shut];
  const anims = [
    panel.animate(
      frames.map(({ transform }) => ({ transform })),
      options,
    ),
  ];
  if (backdrop)
    anims.push(
      backdrop.animate(
        frames.map(({ opacity }) => ({ opacity })),
        options,
      ),
    );
  running = anims;
  anims[0].onfinish = () => {
    if (running !== anims) return;
    running = [];
    done();
  };
}

function showLevel(menu: HTMLElement, level: "primary" | "secondary"): void {
  const levels = menu.querySelector<HTMLElement>(".mobile-menu-levels");
  const secondary = menu.querySelector<HTMLElement>("[data-menu-secondary]");
  const primary = menu.querySelector<HTMLElement>(".mobile-menu-primary");
  if (!levels || !primary) return;
  const shown = secondary ? level : "primary";
  levels.dataset.level = shown;
  // The level slid out of view can be neither focused nor read.
  primary.inert = shown !== "primary";
  if (secondary) secondary.inert = shown !== "secondary";
}

/** Moves the page's sidebar into the menu's second level, or back to the page. */
function moveSidebar(menu: HTMLElement, intoMenu: boolean): void {
  const aside = document.querySelector<HTMLElement>(".doc-sidebar");
  const secondary = menu.querySelector<HTMLElement>("[data-menu-secondary]");
  if (intoMenu) {
    const nav = aside?.querySelector<HTMLElement>(":scope > .sidebar");
    if (nav && secondary) secondary.append(nav);
  } else {
    const nav = secondary?.querySelector<HTMLElement>(":scope > .sidebar");
    if (nav && aside) aside.append(nav);
  }
}

/** Closes the menu: sliding out when `animated`, at once otherwise. */
export function closeMobileMenu(animated = false): void {
  const { menu, panel, backdrop, opener } = parts();
  if (!menu || menu.hidden || menu.dataset.closing) return;
  opener?.setAttribute("aria-expanded", "false");
  document.body.classList.remove("menu-open");
  const hide = () => {
    delete menu.dataset.closing;
    menu.hidden = true;
    moveSidebar(menu, false);
  };
  if (!animated) {
    stopRunning();
    hide();
    return;
  }
  menu.dataset.closing = "true";
  slide(panel, backdrop, false, hide);
}

function openMobileMenu(): void {
  const { menu, panel, backdrop, opener } = parts();
  if (!menu) return;
  if (!menu.dataset.closing) moveSidebar(menu, true);
  delete menu.dataset.closing;
  showLevel(menu, "secondary");
  menu.hidden = false;
  revealCurrentEntry(menu.querySelector<HTMLElement>("[data-menu-secondary]"));
  opener?.setAttribute("aria-expanded", "true");
  document.body.classList.add("menu-open");
  menu.querySelector<HTMLElement>("button[data-menu-close]")?.focus();
  slide(panel, backdrop, true, () => undefined);
}

export function setupMobileMenu(): void {
  document.addEventListener("click", (e) => {
    const target = e.target as Element;
    const menu = target.closest?.<HTMLElement>("[data-mobile-menu]");
    if (target.closest?.("[data-menu-open]")) openMobileMenu();
    else if (target.closest?.("[data-menu-close]")) closeMobileMenu(true);
    else if (menu && target.closest("[data-menu-back]")) {
      showLevel(menu, "primary");
      menu.querySelector<HTMLElement>(".mobile-menu-primary a")?.focus();
    } else if (target.closest?.("[data-mobile-menu] a[href]")) closeMobileMenu();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") closeMobileMenu(true);
  });
  window.addEventListener("popstate", () => closeMobileMenu());
  const desktop = window.matchMedia(DESKTOP_QUERY);
  desktop.addEventListener("change", () => {
    if (desktop.matches) closeMobileMenu();
  });
}
