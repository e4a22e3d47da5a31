// The mobile side menu (widths up to 996 px): opens from the hamburger, closes on the backdrop,
// the close button, Escape, back navigation and when the window grows to desktop width.
const DESKTOP = window.matchMedia("(min-width: 997px)");

export function setupMobileMenu(): void {
  const menu = document.querySelector<HTMLElement>("[data-mobile-menu]");
  const opener = document.querySelector<HTMLElement>("[data-menu-open]");
  if (!menu || !opener) return;
  const close = () => {
    if (menu.hidden) return;
    menu.hidden = true;
    opener.setAttribute("aria-expanded", "false");
    document.body.classList.remove("menu-open");
  };
  opener.addEventListener("click", () => {
    menu.hidden = false;
    opener.setAttribute("aria-expanded", "true");
    document.body.classList.add("menu-open");
    menu.querySelector<HTMLElement>("[data-menu-close]:not(.mobile-menu-backdrop)")?.focus();
  });
  for (const el of menu.querySelectorAll("[data-menu-close]")) el.addEventListener("click", close);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") close();
  });
  window.addEventListener("popstate", close);
  DESKTOP.addEventListener("change", () => {
    if (DESKTOP.matches) close();
  });
}
