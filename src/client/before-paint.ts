// Runs inline in <head> before the first paint: applies the colour mode (stored value, then
// the system preference, then the default) and hides a dismissed announcement bar.
export interface BeforePaintOptions {
  baseUrl: string;
  defaultMode: "light" | "dark";
  respectPrefersColorScheme: boolean;
  disableSwitch: boolean;
  announcementId: string | null;
  mermaidThemes: { light: string; dark: string };
}

// The site's settings come as data in the page, so this script is the same on every site (and
// the Content-Security-Policy allows it by one hash).
const root = document.documentElement;
const options = JSON.parse(root.dataset.ssodocs ?? "{}") as BeforePaintOptions;
// A static host serves 404.html for any path it has no file for. `/a/b.html` and `/a/b/index.html`
// are the page `/a/b` (SPEC 2): go there before anything is painted.
const path = location.pathname;
if (root.hasAttribute("data-not-found") && /(?:\/index)?\.html$/.test(path) && path !== `${options.baseUrl}404.html`) {
  const page = path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path.replace(/\.html$/, "") || "/";
  location.replace(page + location.search + location.hash);
}
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

// When the page's scripts never start (most often a wrong baseUrl), say so once the page has loaded.
window.addEventListener("load", () => {
  if (root.dataset.ssodocsStarted) return;
  const suggested = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1) || "/";
  const banner = document.createElement("div");
  banner.className = "base-url-banner";
  banner.setAttribute("role", "alert");
  const lines = [
    "Your site did not load properly.",
    "A very common reason is a wrong site baseUrl configuration.",
    `Current configured baseUrl = ${options.baseUrl}`,
    `We suggest trying baseUrl = ${suggested}`,
  ];
  for (const line of lines) {
    const p = document.createElement("p");
    p.textContent = line;
    banner.appendChild(p);
  }
  document.body.prepend(banner);
});
