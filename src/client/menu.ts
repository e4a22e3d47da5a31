// The mobile side menu (widths up to 996 px): opens from the hamburger, closes on the backdrop,
// the close button, Escape, back navigation and when the window grows to desktop width.
// Opening and closing by hand slide the panel with the collapsible duration for its content
// height (1 ms under reduced motion); closing because the page or the width changed is instant.
// Listeners are delegated, so the menu keeps working after client navigation swaps it.
import { COLLAPSE_EASING, collapseDuration } from "./collapsible.ts";

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
  const anims = [panel.animate(frames.map(({ transform }) => ({ transform })), options)];
  if (backdrop) anims.push(backdrop.animate(frames.map(({ opacity }) => ({ opacity })), options));
  running = anims;
  anims[0].onfinish = () => {
    if (running !== anims) return;
    running = [];
    done();
  };
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
  delete menu.dataset.closing;
  menu.hidden = false;
  opener?.setAttribute("aria-expanded", "true");
  document.body.classList.add("menu-open");
  menu.querySelector<HTMLElement>("button[data-menu-close]")?.focus();
  slide(panel, backdrop, true, () => undefined);
}

export function setupMobileMenu(): void {
  document.addEventListener("click", (e) => {
    const target = e.target as Element;
    if (target.closest?.("[data-menu-open]")) openMobileMenu();
    else if (target.closest?.("[data-menu-close]")) closeMobileMenu(true);
    else if (target.closest?.("[data-mobile-menu] a[href]")) closeMobileMenu();
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
