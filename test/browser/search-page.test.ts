// The /search page in a real headless Chromium (embedded backend): the query in ?q=, heading and
// title, the count line, results with title, breadcrumb and snippet, no results, and more
// results as the end of the list scrolls into view.
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium } from "./chromium.ts";
import { useSearchSession } from "./search-session.ts";

describe.skipIf(!hasChromium())("the search page", () => {
  const session = useSearchSession();

  const open = (path: string, options: Parameters<Browser["newContext"]>[0] = {}) => session.open(path, options);

  const input = (page: Page) => page.locator(".search-page-input");

  it("asks for a query when there is none, and is not indexed by search engines", async () => {
    const page = await open("/search");
    expect(await page.locator("h1").textContent()).toBe("Search the documentation");
    expect(await page.title()).toBe("Search the documentation | Fixture");
    expect(await input(page).getAttribute("placeholder")).toBe("Type your search here");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, follow");
    expect(await page.locator(".search-result").count()).toBe(0);
  });

  it("keeps and searches what was typed before its script ran", async () => {
    // Scripts arrive late, as on a slow connection: the box is there first.
    session.site.control.pattern = /\/assets\/js\//;
    session.site.control.ms = 800;
    const page = await (await session.newContext()).newPage();
    await page.goto(`${session.site.origin}/search`, { waitUntil: "commit" });
    await input(page).fill("kumquat setting number");
    await page.locator(".search-result").first().waitFor();
    expect(await input(page).inputValue()).toBe("kumquat setting number");
    expect(await page.locator("h1").textContent()).toBe('Search results for "kumquat setting number"');
    expect(new URL(page.url()).searchParams.get("q")).toBe("kumquat setting number");
  });

  for (const mode of ["light", "dark"] as const) {
    it(`shows the results of ?q= with title, breadcrumb and snippet (${mode} mode)`, async () => {
      const page = await open("/search?q=kumquat+setting+number", { colorScheme: mode });
      await page.locator(".search-result").first().waitFor();
      expect(await page.locator("h1").textContent()).toBe('Search results for "kumquat setting number"');
      expect(await page.title()).toBe('Search results for "kumquat setting number" | Fixture');
      expect(await input(page).inputValue()).toBe("kumquat setting number");
      // Eight paragraphs of one page match: one document, the page first, then its best 3 sections.
      expect(await page.locator(".search-page-count").textContent()).toBe("One document found");
      expect(await page.locator(".search-result").count()).toBe(1);
      const first = page.locator(".search-result").first();
      expect(await first.locator(".search-result-title").textContent()).toBe("Integrate with Gamma");
      expect(await first.locator(".search-result-title a").getAttribute("href")).toBe("/integrations/services/gamma/");
      expect(await first.locator(":scope > .search-result-path li").allTextContents()).toEqual(["Development"]);
      const sections = first.locator(".search-result-section");
      expect(await sections.count()).toBe(3);
      expect(await sections.first().locator(".search-result-section-title").textContent()).toBe("Gamma configuration");
      expect(await sections.first().locator(".search-result-snippet").textContent()).toMatch(
        /^Kumquat note \d: the kumquat setting number \d of Gamma\.$/,
      );
      expect(await sections.first().locator(".search-result-snippet mark").first().textContent()).toBe("Kumquat");
      expect(await sections.first().locator("a").getAttribute("href")).toBe(
        "/integrations/services/gamma/#gamma-configuration",
      );
      const colors = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(colors).toBe(mode === "light" ? "rgb(255, 255, 255)" : "rgb(27, 27, 29)");
    });
  }

  it("shows a section title once per page, and marks whole words and phrases, never a word of a phrase alone", async () => {
    // Lambda says SAML, SSO and "single sign-on" (a synonym of saml) in three paragraphs of one section.
    const page = await open("/search?q=saml");
    await page.locator(".search-result").first().waitFor();
    const lambda = page.locator(".search-result", { has: page.locator('a[href="/integrations/services/lambda/"]') });
    expect(await lambda.locator(".search-result-section-title").allTextContents()).toEqual(["Lambda configuration"]);
    expect(await lambda.locator(".search-result-snippet").allTextContents()).toEqual([
      "Turn on single sign-on with SAML in the admin area.",
      "Paste the SAML metadata URL of the provider.",
      "Copy the SSO URL and the entity ID.",
    ]);
    for (const result of await page.locator(".search-result").all()) {
      const titles = await result.locator(".search-result-section-title").allTextContents();
      expect(new Set(titles).size).toBe(titles.length);
    }
    // "on" of "Turn on" and of "Sign in on" is no match: only the phrase is marked, whole.
    const marks = await page.locator(".search-result mark").allTextContents();
    expect(marks.filter((m) => !/^(saml|sso|single|sign-on)$/i.test(m))).toEqual([]);
    expect(await lambda.locator(".search-result-snippet").first().innerHTML()).toBe(
      "Turn on <mark>single</mark> <mark>sign-on</mark> with <mark>SAML</mark> in the admin area.",
    );
  });

  it("says One document found for a single hit and No results were found for none", async () => {
    const page = await open("/search?q=quokka");
    await page.locator(".search-page-count").waitFor();
    expect(await page.locator(".search-page-count").textContent()).toBe("One document found");
    const none = await open("/search?q=qwertyuiop");
    await none.locator(".search-page-empty").waitFor();
    expect(await none.locator(".search-page-empty").textContent()).toBe("No results were found");
  });

  it("keeps the query in ?q= as you type, after a pause", async () => {
    const page = await open("/search");
    await input(page).pressSequentially("zebra cross");
    await page.waitForURL(/\?q=zebra\+cross$/);
    await page.locator(".search-result").first().waitFor();
    expect(await page.locator("h1").textContent()).toBe('Search results for "zebra cross"');
    await input(page).fill("");
    await page.waitForURL((url) => url.search === "");
    expect(await page.locator("h1").textContent()).toBe("Search the documentation");
  });

  for (const width of [768, 769]) {
    it(`loads more results when the end of the list scrolls into view (${width} px)`, async () => {
      const page = await open("/search?q=zebra", { viewport: { width, height: 800 } });
      await page.locator(".search-result").first().waitFor();
      // Seven pages: the first 20 hits hold five of them, each page with its 3 best sections.
      expect(await page.locator(".search-page-count").textContent()).toBe("7 documents found");
      expect(await page.locator(".search-result").count()).toBe(5);
      await page.evaluate(() => {
        const w = window as unknown as { __fetching: boolean };
        w.__fetching = false;
        new MutationObserver(() => {
          if (document.querySelector(".search-page-loading")?.textContent === "Fetching new results...")
            w.__fetching = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      await page.locator(".search-result").last().scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForFunction(() => document.querySelectorAll(".search-result").length === 7);
      expect(await page.evaluate(() => (window as unknown as { __fetching: boolean }).__fetching)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }

  it("opens a result by client navigation", async () => {
    const page = await open("/search?q=quokka");
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await page.locator(".search-result-section a").first().click();
    await page.waitForURL(/\/integrations\/services\/gamma\/#what-is-gamma$/);
    expect(await page.locator("h1").textContent()).toBe("Integrate with Gamma");
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });
});
