// Chromium and the built search fixture site for the search and escaping browser tests: one
// browser and one site per file, a fresh context per test (closed after it), and the site's
// request control reset after each test.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { serveSearchSite, type SearchSite } from "../fixtures/search-site.ts";
import { launchChromium } from "./chromium.ts";

export interface SearchSession {
  readonly browser: Browser;
  readonly site: SearchSite;
  /** A new context, 1280 x 800 unless `options` say otherwise, closed after the test. */
  newContext(options?: Parameters<Browser["newContext"]>[0]): Promise<BrowserContext>;
  /** A page of the site in a new context, once the site's script has started. */
  open(path: string, options?: Parameters<Browser["newContext"]>[0]): Promise<Page>;
}

export function useSearchSession(): SearchSession {
  let browser: Browser;
  let site: SearchSite;
  let context: BrowserContext | null = null;
  beforeAll(async () => {
    [browser, site] = await Promise.all([launchChromium(), serveSearchSite()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  afterEach(async () => {
    if (site) Object.assign(site.control, { pattern: null, ms: 0, fail: false });
    await context?.close();
    context = null;
  });
  return {
    get browser() {
      return browser;
    },
    get site() {
      return site;
    },
    async newContext(options = {}) {
      context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
      return context;
    },
    async open(path, options = {}) {
      const page = await (await this.newContext(options)).newPage();
      await page.goto(site.origin + path);
      await page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");
      return page;
    },
  };
}
