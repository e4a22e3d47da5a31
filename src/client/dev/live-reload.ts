// Watch mode only (served by `ssodocs serve --watch`, never part of a build): listens to the dev
// server's events, loads edited pages again where the reader is, and shows build errors over
// the page until they are fixed.
import { normalisePath } from "../router.ts";

interface BuildError {
  message: string;
  file?: string;
  line?: number;
}

type LiveEvent =
  | { type: "reload"; routes: string[]; all: boolean; payloads?: Record<string, string> }
  | { type: "error"; error: BuildError }
  | { type: "ok" };

const SCROLL_KEY = "ssodocs-live-scroll";
const OVERLAY_ID = "ssodocs-error-overlay";

function reloadKeepingScroll(): void {
  sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ path: location.pathname, y: window.scrollY }));
  location.reload();
}

function restoreScroll(): void {
  const saved = sessionStorage.getItem(SCROLL_KEY);
  if (!saved) return;
  sessionStorage.removeItem(SCROLL_KEY);
  try {
    const { path, y } = JSON.parse(saved) as { path: string; y: number };
    if (path === location.pathname) window.scrollTo(0, y);
  } catch {
    // A value from elsewhere: nothing to restore.
  }
}

/** Routes changed; `payloads`: the new payload of some of them, by route (the site's script shows it without fetching it). */
function onReload(routes: string[], all: boolean, payloads: Record<string, string>): void {
  if (all) {
    reloadKeepingScroll();
    return;
  }
  const here = normalisePath(location.pathname);
  const current = routes.some((r) => normalisePath(r) === here);
  const event = new CustomEvent("ssodocs:refresh", { detail: { current, payloads }, cancelable: true });
  // The site's script loads the page in place; without it, the browser reloads.
  if (document.dispatchEvent(event) && current) reloadKeepingScroll();
}

function showError(error: BuildError): void {
  let overlay = document.getElementById(OVERLAY_ID);
  if (!overlay) {
    overlay = document.createElement("div");
    overlay.id = OVERLAY_ID;
    overlay.setAttribute("role", "alertdialog");
    overlay.setAttribute("aria-labelledby", `${OVERLAY_ID}-title`);
    Object.assign(overlay.style, {
      position: "fixed",
      inset: "0",
      zIndex: "2147483647",
      overflow: "auto",
      padding: "2rem",
      background: "rgba(20, 20, 24, 0.94)",
      color: "#f5f5f5",
      font: "15px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    });
    document.body.appendChild(overlay);
  }
  const title = document.createElement("h2");
  title.id = `${OVERLAY_ID}-title`;
  title.textContent = "Build failed";
  Object.assign(title.style, { color: "#ff8080", margin: "0 0 1rem", font: "bold 20px/1.3 system-ui, sans-serif" });
  const where = document.createElement("p");
  where.className = "ssodocs-error-location";
  where.textContent = error.file ? `${error.file}${error.line ? `:${error.line}` : ""}` : "";
  Object.assign(where.style, { color: "#ffd479", margin: "0 0 1rem" });
  const message = document.createElement("pre");
  message.className = "ssodocs-error-message";
  message.textContent = error.message;
  Object.assign(message.style, { whiteSpace: "pre-wrap", margin: "0 0 1rem" });
  const hint = document.createElement("p");
  hint.textContent = "Fix the file and save: this message goes away and the page reloads.";
  Object.assign(hint.style, { color: "#aaa", font: "14px system-ui, sans-serif" });
  overlay.replaceChildren(title, where, message, hint);
}

function clearError(): void {
  document.getElementById(OVERLAY_ID)?.remove();
}

function connect(): void {
  const source = new EventSource("/__ssodocs/events");
  // Marks the page as following the dev server (and when it is not, after the server stopped).
  source.onopen = () => (document.documentElement.dataset.ssodocsLive = "open");
  source.onerror = () => (document.documentElement.dataset.ssodocsLive = "lost");
  source.onmessage = (e) => {
    const event = JSON.parse(e.data as string) as LiveEvent;
    if (event.type === "error") showError(event.error);
    else if (event.type === "ok") clearError();
    else onReload(event.routes, event.all, event.payloads ?? {});
  };
}

restoreScroll();
connect();
