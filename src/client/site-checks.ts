// Inline in <head> of the home page and the 404 page only, after the before-paint script: the
// checks of the address the site is served at. As on the reference site, the base-URL banner is
// inlined on the home page alone, so the other pages do not carry it.
import { readBeforePaintOptions } from "../shared/before-paint-options.ts";

const root = document.documentElement;
const { baseUrl } = readBeforePaintOptions(root);
// A static host serves 404.html for any path it has no file for. `/a/b.html` and `/a/b/index.html`
// are the page `/a/b` (SPEC 2): go there before anything is painted.
const path = location.pathname;
if (root.hasAttribute("data-not-found") && /(?:\/index)?\.html$/.test(path) && path !== `${baseUrl}404.html`) {
  const page = path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path.replace(/\.html$/, "") || "/";
  location.replace(page + location.search + location.hash);
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
    `Current configured baseUrl = ${baseUrl}`,
    `We suggest trying baseUrl = ${suggested}`,
  ];
  for (const line of lines) {
    const p = document.createElement("p");
    p.textContent = line;
    banner.appendChild(p);
  }
  document.body.prepend(banner);
});
