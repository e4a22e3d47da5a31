// Runs inline in <head> before the first paint: applies the colour mode (stored value, then
// the system preference, then the default) and hides a dismissed announcement bar. The home page
// and the 404 page run site-checks.ts after it.
import { readBeforePaintOptions } from "../shared/before-paint-options.ts";

// The site's settings come as data in the page, so this script is the same on every site (and
// the Content-Security-Policy allows it by one hash).
const root = document.documentElement;
const options = readBeforePaintOptions(root);
// The diagram themes for each colour mode, read by the mermaid part when a page has a diagram.
root.dataset.mermaidLight = options.mermaidThemes.light;
root.dataset.mermaidDark = options.mermaidThemes.dark;
let stored: string | null = null;
try {
  stored = options.disableSwitch ? null : localStorage.getItem("theme");
} catch {
  // Storage can be blocked; fall back to the preference.
}
const prefersDark = options.respectPrefersColorScheme && window.matchMedia("(prefers-color-scheme: dark)").matches;
const prefersLight = options.respectPrefersColorScheme && window.matchMedia("(prefers-color-scheme: light)").matches;
root.setAttribute(
  "data-theme",
  stored === "dark" || stored === "light"
    ? stored
    : prefersDark
      ? "dark"
      : prefersLight
        ? "light"
        : options.defaultMode,
);
if (options.announcementId !== null) {
  try {
    const id = localStorage.getItem("docusaurus.announcement.id");
    const dismissed = localStorage.getItem("docusaurus.announcement.dismiss") === "true";
    if (id !== options.announcementId) {
      localStorage.setItem("docusaurus.announcement.id", options.announcementId);
      localStorage.setItem("docusaurus.announcement.dismiss", "false");
    } else if (dismissed) root.setAttribute("data-announcement-dismissed", "true");
  } catch {
    // Without storage the bar simply shows.
  }
}
