// The client entry: small enhancements of the server-rendered page. Heavy parts load on demand.
import { setupCollapsibles } from "./collapsible.ts";
import { hashTargetHidden, setupCodeBlocks, setupTabs } from "./content.ts";
import { setupCopyPage } from "./copy-page.ts";
import { guard } from "./crash.ts";
import { loadPart } from "./lazy.ts";
import { setupMobileMenu } from "./menu.ts";
import { setupHideOnScroll, setupPreferredVersion } from "./navbar.ts";
import { payloadUrlOf } from "../shared/page-payload.ts";
import { forgetPrefetched, keepFetched } from "./prefetch.ts";
import { normalisePath, onPageChange, refreshPage, setupRouter } from "./router.ts";
import { enhanceSearchPage, setupSearch } from "./search/trigger.ts";
import { setupSidebar } from "./sidebar.ts";
import { setupColorMode } from "./theme.ts";
import { setupTocHighlight } from "./toc.ts";

/** One loader for every diagram of every page (a module fetched again on Retry is kept under it). */
const loadMermaid = () => import("./mermaid.ts");

/** Enhancements of the swappable page content; run at start and after every client navigation. */
function enhancePage(page: HTMLElement): void {
  guard(page, () => {
    setupTabs(page);
    setupCodeBlocks(page);
    setupSidebar(page);
    setupTocHighlight(page);
    setupCopyPage(page);
  });
  enhanceSearchPage(page);
  for (const diagram of page.querySelectorAll<HTMLElement>("[data-mermaid]")) {
    void loadPart(diagram, loadMermaid, (m) => m.renderDiagram(diagram));
  }
}

function setupAnnouncementBar(): void {
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
}

function setupShortcutLabels(): void {
  if (!/Mac|iPhone|iPad/.test(navigator.platform)) return;
  for (const kbd of document.querySelectorAll("[data-mod-key]")) kbd.setAttribute("data-key", "⌘");
  for (const b of document.querySelectorAll("[data-search-button]")) b.setAttribute("aria-label", "Search (Command+K)");
}

/**
 * Watch mode's live-reload script announces edits with this event; the page it shows is loaded
 * again in place, keeping the scroll position (without this script, the browser reloads). The
 * event brings the payloads of pages it could (the dev server is still busy with the update then).
 */
function setupLiveRefresh(): void {
  document.addEventListener("ssodocs:refresh", (e) => {
    e.preventDefault();
    forgetPrefetched();
    const detail = (e as CustomEvent<{ current: boolean; payloads?: Record<string, string> }>).detail;
    for (const [route, text] of Object.entries(detail?.payloads ?? {}))
      keepFetched(payloadUrlOf(normalisePath(route)), text);
    if (detail?.current) void refreshPage();
  });
}

function start(): void {
  document.documentElement.dataset.ssodocsStarted = "true";
  setupColorMode();
  setupMobileMenu();
  setupHideOnScroll();
  setupPreferredVersion();
  setupAnnouncementBar();
  setupShortcutLabels();
  setupRouter();
  setupSearch();
  setupLiveRefresh();
  setupCollapsibles();
  onPageChange(enhancePage);
  // The browser could not scroll to a #target in a tab not selected: once it is shown, do.
  const hidden = hashTargetHidden();
  enhancePage(document.getElementById("page") ?? document.body);
  if (hidden) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
}

start();
