// Navbar behaviours: optional hide-on-scroll (always shown near the top; hidden while scrolling
// down, shown when scrolling up) and the remembered docs version.
const PREFERRED_VERSION_KEY = "docs-preferred-version-default";
const KNOWN_VERSIONS = ["current"];

export function setupHideOnScroll(): void {
  const navbar = document.querySelector<HTMLElement>(".navbar[data-hide-on-scroll]");
  if (!navbar) return;
  let last = window.scrollY;
  window.addEventListener(
    "scroll",
    () => {
      const y = window.scrollY;
      if (y < navbar.offsetHeight) navbar.classList.remove("navbar-hidden");
      else if (y > last) navbar.classList.add("navbar-hidden");
      else if (y < last) navbar.classList.remove("navbar-hidden");
      last = y;
    },
    { passive: true },
  );
}

export function setupPreferredVersion(): void {
  try {
    const stored = localStorage.getItem(PREFERRED_VERSION_KEY);
    if (stored !== null && !KNOWN_VERSIONS.includes(stored)) localStorage.removeItem(PREFERRED_VERSION_KEY);
  } catch {
    return;
  }
  document.addEventListener("click", (e) => {
    const link = (e.target as Element).closest?.<HTMLElement>("[data-version]");
    if (!link?.dataset.version) return;
    try {
      localStorage.setItem(PREFERRED_VERSION_KEY, link.dataset.version);
    } catch {
      // Not remembered.
    }
  });
}
