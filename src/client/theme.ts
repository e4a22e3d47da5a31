// Colour mode: the toggle, the stored choice under `theme`, other tabs and the system preference.
export type ColorMode = "light" | "dark";

const KEY = "theme";
const listeners = new Set<(mode: ColorMode) => void>();

export function currentMode(): ColorMode {
  return document.documentElement.getAttribute("data-theme") === "dark" ? "dark" : "light";
}

export function onModeChange(listener: (mode: ColorMode) => void): void {
  listeners.add(listener);
}

function apply(mode: ColorMode): void {
  if (mode === currentMode()) return;
  document.documentElement.setAttribute("data-theme", mode);
  for (const l of listeners) l(mode);
}

function stored(): ColorMode | null {
  try {
    const v = localStorage.getItem(KEY);
    return v === "dark" || v === "light" ? v : null;
  } catch {
    return null;
  }
}

export function setupColorMode(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-color-toggle]")) {
    const label = () =>
      button.setAttribute("aria-label", `Switch between dark and light mode (currently ${currentMode()} mode)`);
    label();
    onModeChange(label);
    button.addEventListener("click", () => {
      const next = currentMode() === "dark" ? "light" : "dark";
      try {
        localStorage.setItem(KEY, next);
      } catch {
        // The choice lasts for this page only.
      }
      apply(next);
    });
  }
  window.addEventListener("storage", (e) => {
    if (e.key !== KEY) return;
    if (e.newValue === "dark" || e.newValue === "light") apply(e.newValue);
  });
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  media.addEventListener("change", () => {
    if (stored() === null) apply(media.matches ? "dark" : "light");
  });
}
