// The search dialog and page with `search.algolia` configured, in a real headless Chromium. The
// browser's requests to Algolia's hosts are answered by the Algolia-protocol stub on 127.0.0.1
// (or fail, for the error screen); nothing leaves the machine.
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startAlgoliaStub, type AlgoliaStub } from "../fixtures/algolia-stub.ts";
import { serveSearchSite, type SearchSite } from "../fixtures/search-site.ts";
import { hasChromium, launchChromium } from "./chromium.ts";

const ALGOLIA = '{ appId: "TESTAPP", apiKey: "search-only-key", indexName: "fixture" }';
const ALGOLIA_HOSTS = /^https:\/\/testapp(-dsn|-\d)?\.(algolia\.net|algolianet\.com)\//i;

const HITS = [
  {
    objectID: "a1",
    type: "lvl2",
    url: "https://fixture.example/integrations/services/gamma/#gamma-configuration",
    hierarchy: {
      lvl0: "Development",
      lvl1: "Integrate with Gamma",
      lvl2: "Gamma configuration",
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    },
    content: null,
    _snippetResult: {
      hierarchy: {
        lvl1: { value: "Integrate with <mark>Gamma</mark>", matchLevel: "full" },
        lvl2: { value: '<mark>Gamma</mark> configuration<img src=x onerror="window.__xss=1">', matchLevel: "full" },
      },
    },
  },
  {
    objectID: "a2",
    type: "content",
    url: "https://fixture.example/integrations/services/delta/#notes",
    hierarchy: {
      lvl0: "Monitoring",
      lvl1: "Integrate with Delta",
      lvl2: "Notes",
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    },
    content: "Gamma rays and zebras.",
    _snippetResult: {
      content: { value: "<mark>Gamma</mark> rays and zebras.", matchLevel: "full" },
      hierarchy: { lvl1: { value: "Integrate with Delta", matchLevel: "none" } },
    },
  },
];

describe.skipIf(!hasChromium())("search with Algolia configured", () => {
  let browser: Browser;
  let site: SearchSite;
  let stub: AlgoliaStub;
  let context: BrowserContext;
  let algoliaUp = true;

  beforeAll(async () => {
    [browser, site, stub] = await Promise.all([launchChromium(), serveSearchSite(ALGOLIA), startAlgoliaStub()]);
    stub.answers.set("gamma", HITS);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await stub?.close();
  });
  afterEach(async () => {
    algoliaUp = true;
    stub.requests.length = 0;
    await context?.close();
  });

  /** Algolia's hosts answered by the stub, or failing like an unreachable network. */
  async function toStub(route: Route): Promise<void> {
    if (!algoliaUp) {
      await route.abort("connectionrefused");
      return;
    }
    const request = route.request();
    const url = new URL(request.url());
    const response = await fetch(stub.url + url.pathname + url.search, {
      method: request.method(),
      headers: { "content-type": "text/plain" },
      body: request.postData() ?? undefined,
    });
    await route.fulfill({
      status: response.status,
      headers: {
        "content-type": "application/json",
        "access-control-allow-origin": "*",
        "access-control-allow-headers": "*",
      },
      body: await response.text(),
    });
  }

  async function open(path: string, width = 1280, colorScheme: "light" | "dark" = "light"): Promise<Page> {
    context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme });
    await context.route(ALGOLIA_HOSTS, toStub);
    const page = await context.newPage();
    await page.goto(site.origin + path);
    await page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");
    return page;
  }

  async function search(page: Page, query: string, status = "idle"): Promise<void> {
    await page.locator("[data-search-button]").click();
    await page.locator("[data-search-dialog]").waitFor();
    await page.locator(".search-input").fill(query);
    await page.waitForFunction(
      (s) => document.querySelector("[data-search-dialog]")?.getAttribute("data-status") === s,
      status,
    );
  }

  const queries = () => stub.requests.filter((r) => r.path === "/1/indexes/*/queries");

  for (const mode of ["light", "dark"] as const) {
    it(`sends DocSearch's query and shows Algolia's hits, sanitised and grouped (${mode} mode)`, async () => {
      const page = await open("/integrations/services/alpha/", 1280, mode);
      await search(page, "gamma");
      expect(queries()).toHaveLength(1);
      const body = queries()[0].body as { requests: Record<string, unknown>[] };
      expect(body.requests).toHaveLength(1);
      expect(body.requests[0]).toMatchObject({
        indexName: "fixture",
        query: "gamma",
        hitsPerPage: 20,
        highlightPreTag: "<mark>",
        highlightPostTag: "</mark>",
        snippetEllipsisText: "…",
        facetFilters: ["language:en", ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]],
      });
      expect(body.requests[0].attributesToSnippet).toContain("content:10");
      expect(await page.locator(".search-hit-source").allTextContents()).toEqual(["Development", "Monitoring"]);
      // Grouped as the embedded index's hits are: each page first (made from its section's hit), then the section.
      expect(await page.locator(".search-hit-title").allTextContents()).toEqual([
        "Integrate with Gamma",
        'Gamma configuration<img src=x onerror="window.__xss=1">',
        "Integrate with Delta",
        "Gamma rays and zebras.",
      ]);
      expect(await page.locator(".search-hit-child").count()).toBe(2);
      expect(await page.locator(".search-hit-link").first().getAttribute("href")).toBe("/integrations/services/gamma/");
      expect(await page.locator(".search-hit img").count()).toBe(0);
      expect(await page.locator(".search-hit mark").first().textContent()).toBe("Gamma");
      expect(await page.locator("[data-see-all]").textContent()).toBe("See all 2 results");
      // The embedded index is not used.
      expect(
        await page.evaluate(() =>
          performance.getEntriesByType("resource").some((e) => e.name.endsWith("/search/index.json")),
        ),
      ).toBe(false);
      // Hits hold the published site's URLs; choosing one stays on this site.
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await page.waitForURL(`${site.origin}/integrations/services/gamma/#gamma-configuration`);
      expect(await page.locator("h1").textContent()).toBe("Integrate with Gamma");
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    });
  }

  it("asks for 5-word snippets at 768 px and 10 at 769 px", async () => {
    const narrow = await open("/integrations/services/alpha/", 768);
    await search(narrow, "gamma");
    expect(
      (queries()[0].body as { requests: { attributesToSnippet: string[] }[] }).requests[0].attributesToSnippet,
    ).toContain("content:5");
    stub.requests.length = 0;
    const wide = await open("/integrations/services/alpha/", 769);
    await search(wide, "gamma");
    expect(
      (queries()[0].body as { requests: { attributesToSnippet: string[] }[] }).requests[0].attributesToSnippet,
    ).toContain("content:10");
  });

  it("shows the error screen when every Algolia host fails", async () => {
    const page = await open("/integrations/services/alpha/");
    algoliaUp = false;
    await search(page, "gamma", "error");
    expect(await page.locator(".search-error-screen .search-title").textContent()).toBe("Unable to fetch results");
    expect(await page.locator(".search-error-screen .search-help").textContent()).toBe(
      "You might want to check your network connection.",
    );
  });

  it("shows the no-results screen for an empty answer, with the sections seen as suggestions", async () => {
    const page = await open("/integrations/services/alpha/");
    await search(page, "gamma");
    await page.locator(".search-input").fill("nothing");
    await page.locator(".search-no-results").waitFor();
    expect(await page.locator(".search-no-results .search-title").textContent()).toBe('No results for "nothing"');
    expect(await page.locator(".search-suggestion").allTextContents()).toEqual(["development", "monitoring"]);
  });

  it("fills the search page from Algolia", async () => {
    const page = await open("/search?q=gamma");
    await page.locator(".search-result").first().waitFor();
    expect(await page.locator(".search-page-count").textContent()).toBe("2 documents found");
    // Algolia counts records: the page says what it has, as Docusaurus's search page does.
    expect(await page.locator(".search-result").count()).toBe(2);
    const first = page.locator(".search-result").first();
    expect(await first.locator(".search-result-title").textContent()).toBe("Integrate with Gamma");
    expect(await first.locator(".search-result-title a").getAttribute("href")).toBe("/integrations/services/gamma/");
    expect(await first.locator(".search-result-path li").first().textContent()).toBe("Development");
    const section = first.locator(".search-result-section-title");
    expect(await section.textContent()).toBe('Gamma configuration<img src=x onerror="window.__xss=1">');
    expect(await section.getAttribute("href")).toBe("/integrations/services/gamma/#gamma-configuration");
  });
});
