// The mobile side menu (widths up to 996 px): opens from the hamburger, closes on the backdrop,
// the close button, Escape, back navigation and when the window grows to desktop width.
// Listeners are delegated, so the menu keeps working after client navigation swaps it.
export const DESKTOP_QUERY = "(min-width: 997px)";

function parts() {
  return {
    menu: document.querySelector<HTMLElement>("[data-mobile-menu]"),
    opener: document.querySelector<HTMLElement>("[data-menu-open]"),
  };
}

export function closeMobileMenu(): void {
  const { menu, opener } = parts();
  if (!menu || menu.hidden) return;
  menu.hidden = true;
  opener?.setAttribute("aria-expanded", "false");
  document.body.classList.remove("menu-open");
}

function openMobileMenu(): void {
  const { menu, opener } = parts();
  if (!menu) return;
  menu.hidden = false;
  opener?.setAttribute("aria-expanded", "true");
  document.body.classList.add("menu-open");
  menu.querySelector<HTMLElement>("button[data-menu-close]")?.focus();
}

export function setupMobileMenu(): void {
  document.addEventListener("click", (e) => {
    const target = e.target as Element;
    if (target.closest?.("[data-menu-open]")) openMobileMenu();
    else if (target.closest?.("[data-menu-close]") || target.closest?.("[data-mobile-menu] a[href]")) closeMobileMenu();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") closeMobileMenu();
  });
  window.addEventListener("popstate", closeMobileMenu);
  const desktop = window.matchMedia(DESKTOP_QUERY);
  desktop.addEventListener("change", () => {
    if (desktop.matches) closeMobileMenu();
  });
}
