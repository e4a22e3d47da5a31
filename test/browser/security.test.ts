// Reader-controlled input never becomes markup, tried with script injection in Chromium: the
// search page's ?q=, the dialog's query, search hits (only <mark> survives) and the path of the
// not-found page. The pages run with their Content-Security-Policy bypassed, so the escaping
// itself is what is tested, not the policy that would also stop an injected handler.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium } from "./chromium.ts";
import { useSearchSession } from "./search-session.ts";

const PAYLOADS = [
  "<img src=x onerror=window.__pwned=1>",
  '"><script>window.__pwned=1</script>',
  "</title><svg onload=window.__pwned=1>",
  '\'><iframe srcdoc="<script>parent.__pwned=1</script>">',
];

describe.skipIf(!hasChromium())("escaping of reader-controlled input", () => {
  const session = useSearchSession();

  async function newPage(): Promise<Page> {
    const context = await session.newContext({ bypassCSP: true });
    return context.newPage();
  }

  async function open(path: string): Promise<Page> {
    const page = await newPage();
    await page.goto(session.site.origin + path);
    await page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");
    return page;
  }

  /** Nothing ran, and no element or attribute the payloads carry made it into the document. */
  async function expectNoInjection(page: Page): Promise<void> {
    // Give an injected image's error or an injected frame time to fire.
    await page.waitForTimeout(300);
    const found = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: number }).__pwned,
      xss: (window as unknown as { __xss?: number }).__xss,
      elements: [...document.querySelectorAll('img[src="x"], iframe, svg[onload], [onerror], [onload]')].map(
        (e) => e.outerHTML,
      ),
      scripts: [...document.scripts].filter((s) => s.textContent?.includes("__pwned")).length,
    }));
    expect(found).toEqual({ pwned: undefined, xss: undefined, elements: [], scripts: 0 });
  }

  for (const payload of PAYLOADS) {
    it(`shows ?q=${payload} on the search page as text`, async () => {
      const page = await open(`/search?q=${encodeURIComponent(payload)}`);
      await page.waitForSelector(".search-page-count, .search-page-empty");
      expect(await page.locator("h1").textContent()).toBe(`Search results for "${payload}"`);
      expect(await page.title()).toBe(`Search results for "${payload}" | Fixture`);
      expect(await page.locator(".search-page-input").inputValue()).toBe(payload);
      await expectNoInjection(page);
    });
  }

  it("shows a typed query with markup as text, in the heading, the title and the URL", async () => {
    // The page's script loads on demand: the first query's answer shows it is listening.
    const page = await open("/search?q=qwertyuiop");
    await page.locator(".search-page-empty").waitFor();
    const payload = PAYLOADS[0];
    await page.locator(".search-page-input").fill(payload);
    await page.waitForFunction((q) => new URL(location.href).searchParams.get("q") === q, payload);
    expect(await page.locator("h1").textContent()).toBe(`Search results for "${payload}"`);
    await expectNoInjection(page);
  });

  it("shows the dialog's no-results query with markup as text", async () => {
    const page = await open("/integrations/services/alpha/");
    const payload = '"><svg/onload=zqxjv()><b>zqxjv';
    await page.locator("[data-search-button]").click();
    await page.locator(".search-input").fill(payload);
    await page.locator(".search-no-results").waitFor();
    expect(await page.locator(".search-no-results .search-title").textContent()).toBe(`No results for "${payload}"`);
    expect(
      await page.locator(".search-no-results .search-title *").evaluateAll((els) => els.map((e) => e.tagName)),
    ).toEqual(["STRONG"]);
    await expectNoInjection(page);
  });

  it("shows search results whose text looks like HTML as text: only <mark> is markup", async () => {
    const page = await open("/search?q=onerror");
    await page.locator(".search-result").first().waitFor();
    const texts = await page.locator(".search-result").allTextContents();
    expect(texts.some((t) => t.includes('<img src=x onerror="window.__xss=1">'))).toBe(true);
    const tags = await page.evaluate(() =>
      [
        ...document.querySelectorAll(".search-result-title a *, .search-result-path li *, .search-result-snippet *"),
      ].map((e) => e.tagName),
    );
    expect(tags.length).toBeGreaterThan(0);
    expect(new Set(tags)).toEqual(new Set(["MARK"]));
    await expectNoInjection(page);
  });

  const paths = [
    "/<script>window.__pwned=1</script>",
    "/%3Cimg%20src=x%20onerror=window.__pwned=1%3E",
    '/integrations/"><img src=x onerror=window.__pwned=1>/',
    "/%22%3E%3Csvg%20onload=window.__pwned=1%3E.html",
  ];

  for (const path of paths) {
    it(`answers ${path} with the not-found page, status 404, nothing injected`, async () => {
      const page = await newPage();
      const response = await page.goto(session.site.origin + path);
      expect(response?.status()).toBe(404);
      await page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");
      expect(await page.locator("h1").textContent()).toBe("Page Not Found");
      await expectNoInjection(page);
    });
  }

  it("shows the requested path in the base-URL banner as text", async () => {
    const page = await newPage();
    // The banner appears when the page's scripts cannot start; it is the one place a path is shown.
    await page.route("**/assets/js/**", (route) => route.abort());
    await page.goto(`${session.site.origin}/<img src=x onerror=window.__pwned=1>/x`);
    const banner = page.locator(".base-url-banner");
    await banner.waitFor();
    const expected = await page.evaluate(() => location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1));
    expect(expected).toContain("%3Cimg");
    expect(await banner.locator("p").last().textContent()).toBe(`We suggest trying baseUrl = ${expected}`);
    expect(await banner.locator("*").evaluateAll((els) => els.map((e) => e.tagName))).toEqual(["P", "P", "P", "P"]);
    await expectNoInjection(page);
  });
});
