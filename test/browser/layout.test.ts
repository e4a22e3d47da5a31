// The page frame in Chromium: category cards lead to their category's guides, pages without a
// sidebar sit on the guides' grid, `<route>.html` shows the page on ssodocs serve and on a plain
// static host, the search button is a button once scripts run, and the navbar's dropdowns and
// brand icons come from the config and simple-icons.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchChromium } from "./chromium.ts";
import { plainHost, serveBrowserSite, useBrowserAndSite, type ServedSite } from "./site.ts";

const ALPHA = "/integrations/services/alpha/";

describe.skipIf(!hasChromium())("the page frame", () => {
  const env = useBrowserAndSite(undefined, {
    "docs/services/hidden/index.md": "---\ntitle: Hidden\nunlisted: true\n---\n\nA page only its link finds.\n",
  });
  let context: BrowserContext;
  afterEach(async () => {
    await context?.close();
  });

  async function open(url: string, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
    context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    const page = await context.newPage();
    await page.goto(url.startsWith("http") ? url : env.site.origin + url);
    return page;
  }
  const started = (page: Page) =>
    page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");

  describe("category cards", () => {
    /** The category's heading is in view, the page scrolled to it (as far as the page goes). */
    const scrolledTo = (page: Page, id: string) =>
      page.evaluate((i) => {
        const top = document.getElementById(i)!.getBoundingClientRect().top;
        const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
        return window.scrollY > 0 && top >= 0 && (top < 150 || (atEnd && top < window.innerHeight - 40));
      }, id);

    it("lead from the home page to the category's list of guides on the services index", async () => {
      const page = await open("/", { viewport: { width: 1280, height: 500 } });
      await page.locator(".card", { hasText: "Monitoring" }).click();
      await page.waitForURL("**/integrations/services/#monitoring");
      const list = page.locator("#monitoring + ul");
      expect(await list.getByRole("link", { name: "Beta" }).isVisible()).toBe(true);
      await expect.poll(() => scrolledTo(page, "monitoring"), { timeout: 10_000 }).toBe(true);
    });

    it("on the services index, scroll to the category's guides, listed under a heading of their own", async () => {
      const page = await open("/integrations/services/", { viewport: { width: 1280, height: 500 } });
      expect(await page.locator(".card", { hasText: "Development" }).getAttribute("href")).toBe(
        "/integrations/services/#development",
      );
      await page.locator(".card", { hasText: "Development" }).click();
      await expect.poll(() => scrolledTo(page, "development"), { timeout: 10_000 }).toBe(true);
      expect(await page.getByRole("heading", { name: "Development", level: 3 }).isVisible()).toBe(true);
      expect(await page.locator("#development + ul").getByRole("link", { name: "Alpha" }).getAttribute("href")).toBe(
        ALPHA,
      );
    });
  });

  it("says on the template page that it is the template for a new guide; other unlisted pages say unlisted", async () => {
    const page = await open("/integrations/template/service");
    const note = page.locator("article.doc [role=note]").first();
    const text = (await note.textContent()) ?? "";
    expect(text).toContain("template for writing a new guide");
    expect(text).toContain("ssodocs new");
    expect(text).not.toContain("Unlisted page");
    // Information, not a warning.
    expect(await note.getAttribute("class")).toContain("admonition-info");
    await page.goto(`${env.site.origin}/integrations/services/hidden/`);
    const generic = page.locator("article.doc [role=note]").first();
    expect(await generic.textContent()).toContain("Unlisted page");
    expect(await generic.textContent()).not.toContain("template");
  });

  it("pages without a sidebar share the guides' left edge and column width, on desktop and phone", async () => {
    const routes = [
      "/integrations/template/service",
      "/integrations/tags",
      "/integrations/tags/integration",
      "/no-such-page",
      "/search",
    ];
    for (const width of [1280, 390]) {
      const page = await open(ALPHA, { viewport: { width, height: 800 } });
      const guide = await page.locator("article.doc h1").evaluate((h) => h.getBoundingClientRect().left);
      const column = await page.locator("article.doc").evaluate((a) => getComputedStyle(a).maxWidth);
      for (const route of routes) {
        await page.goto(env.site.origin + route);
        const h1 = page.locator("main h1");
        expect(await h1.evaluate((h) => h.getBoundingClientRect().left), `${route} at ${width} px`).toBe(guide);
        const box = await h1.evaluate((h) => getComputedStyle(h.closest("article") ?? h).maxWidth);
        expect(box, route).toBe(column);
      }
      await context.close();
    }
  });

  describe("a path ending in .html", () => {
    it("shows the page on ssodocs serve", async () => {
      const page = await open("/integrations/services/alpha.html");
      expect(await page.locator("h1").textContent()).toBe("Integrate with Alpha");
    });

    it("shows the page on a plain static host, through 404.html, before anything is painted", async () => {
      const host = await plainHost(path.join(env.site.dir, "build"));
      try {
        for (const [asked, shown] of [
          ["/integrations/services/alpha.html", ALPHA],
          ["/integrations/tags.html", "/integrations/tags/"],
          ["/integrations/services/beta/index.html", "/integrations/services/beta/"],
        ]) {
          const page = await open(host.origin + asked);
          await page.waitForURL(`**${shown}`);
          expect(await page.locator("h1").textContent()).not.toBe("Page Not Found");
          await context.close();
        }
        const missing = await open(`${host.origin}/no-such-page.html`);
        await missing.waitForURL("**/no-such-page");
        expect(await missing.locator("h1").textContent()).toBe("Page Not Found");
      } finally {
        await host.close();
      }
    });
  });

  describe("the search button", () => {
    it("is a button once scripts run: Enter and Space open the dialog", async () => {
      const page = await open(ALPHA);
      await started(page);
      const button = page.getByRole("button", { name: "Search (Ctrl+K)" });
      expect(await button.count()).toBe(1);
      for (const key of ["Enter", " "]) {
        await button.focus();
        await page.keyboard.press(key);
        await page.locator("[data-search-dialog]").waitFor();
        await page.keyboard.press("Escape");
        await page.locator("[data-search-dialog]").waitFor({ state: "detached" });
      }
      expect(new URL(page.url()).pathname).toBe(ALPHA);
    });

    it("is a link to the search page without them", async () => {
      const page = await open(ALPHA, { javaScriptEnabled: false });
      const link = page.getByRole("link", { name: "Search (Ctrl+K)" });
      expect(await link.getAttribute("href")).toBe("/search");
    });
  });

  it("has the real GitHub logo from simple-icons and no dropdown the config does not ask for", async () => {
    const page = await open(ALPHA);
    const svg = readFileSync(createRequire(import.meta.url).resolve("simple-icons/icons/github.svg"), "utf8");
    const expected = /\sd="([^"]+)"/.exec(svg)![1];
    // Drawn by the stylesheet: the icon's mask is the logo's path.
    const mask = await page
      .locator(".navbar-icon-link[aria-label=GitHub] .icon")
      .evaluate((el) => getComputedStyle(el).getPropertyValue("mask-image"));
    expect(mask).toContain(`d='${expected}'`);
    // The fixture lists one locale and places no dropdown: none is shown.
    expect(await page.locator(".navbar-dropdown").count()).toBe(0);
  });
});

describe.skipIf(!hasChromium())("the navbar's dropdowns, from the config", () => {
  let browser: Browser;
  let site: ServedSite;
  beforeAll(async () => {
    [browser, site] = await Promise.all([
      launchChromium(),
      serveBrowserSite((c) =>
        c
          .replace(
            'items: [{ label: "Integrations", href: "/integrations/" }]',
            'items: [{ label: "Integrations", href: "/integrations/" }, { type: "docsVersionDropdown", dropdownItemsAfter: [{ label: "2024.12", href: "https://v2024.fixture.example/" }] }]',
          )
          .replace(
            "  footer:",
            '  i18n: { defaultLocale: "en", locales: ["en", "fr"], localeConfigs: { fr: { label: "Français", url: "https://fr.fixture.example/" } } },\n  footer:',
          )
          .replace('    path: "docs",', '    path: "docs",\n    versions: { current: { label: "Latest" } },'),
      ),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it("lists the locales and versions the config names, with its labels", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(site.origin + ALPHA);
    const language = page.locator(".navbar-dropdown", { has: page.locator("button[aria-label='Language: English']") });
    await language.hover();
    expect(await language.locator(".dropdown-menu a").allTextContents()).toEqual(["English", "Français"]);
    expect(await language.getByRole("link", { name: "Français" }).getAttribute("href")).toBe(
      `https://fr.fixture.example/${ALPHA.slice(1)}`,
    );
    const version = page.locator(".navbar-dropdown", { has: page.locator("button[aria-label='Version: Latest']") });
    await version.hover();
    expect(await version.locator(".dropdown-menu a").allTextContents()).toEqual(["Latest", "2024.12"]);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.close();
  });

  it("shows them in the mobile menu too, as Docusaurus does: Languages and Versions, each opening its links", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(site.origin + ALPHA);
    await page.click("[data-menu-open]");
    const menu = page.locator("[data-mobile-menu]");
    await menu.getByRole("button", { name: "← Back to main menu" }).click();
    const primary = menu.locator(".mobile-menu-primary");
    for (const [name, links] of [
      ["Languages", ["English", "Français"]],
      ["Versions", ["Latest", "2024.12"]],
    ] as const) {
      const toggle = primary.getByText(name, { exact: true });
      expect(await toggle.isVisible()).toBe(true);
      expect(await primary.getByRole("link", { name: links[1] }).isVisible()).toBe(false);
      await toggle.click();
      for (const link of links) await primary.getByRole("link", { name: link }).waitFor();
    }
    expect(await primary.getByRole("link", { name: "Français" }).getAttribute("href")).toBe(
      `https://fr.fixture.example/${ALPHA.slice(1)}`,
    );
    expect(await primary.getByRole("link", { name: "English" }).getAttribute("aria-current")).toBe("true");
    expect(await primary.getByRole("link", { name: "English" }).getAttribute("lang")).toBe("en");
    await page.close();
  });
});
