// The client entry: small enhancements of the server-rendered page. Heavy parts load on demand.
import { setupCopyButtons, setupTabs } from "./content.ts";
import { setupMobileMenu } from "./menu.ts";
import { setupColorMode } from "./theme.ts";

function start(): void {
  setupColorMode();
  setupMobileMenu();
  setupTabs(document);
  setupCopyButtons(document);
  const isApple = /Mac|iPhone|iPad/.test(navigator.platform);
  if (isApple) {
    for (const kbd of document.querySelectorAll("[data-mod-key]")) kbd.textContent = "⌘";
    for (const b of document.querySelectorAll("[data-search-button]")) b.setAttribute("aria-label", "Search (Command+K)");
  }
  for (const close of document.querySelectorAll<HTMLElement>("[data-announcement-close]")) {
    close.addEventListener("click", () => {
      document.documentElement.setAttribute("data-announcement-dismissed", "true");
      try {
        localStorage.setItem("docusaurus.announcement.dismiss", "true");
      } catch {
        // Hidden for this page only.
      }
    });
  }
  if (document.querySelector("[data-mermaid]")) void import("./mermaid.ts").then((m) => m.setupMermaid());
}

start();
