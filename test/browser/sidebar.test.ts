// The docs sidebar and the mobile menu in Chromium: collapsible categories (the current page's
// open, the others closed, all items on the page, nothing fetched to expand one), the current
// entry scrolled into view without moving the page, the state kept across client navigation,
// the same without JavaScript, and the mobile menu's two levels.
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { hasChromium } from "./chromium.ts";
import { collapsibleCategories, useBrowserAndSite } from "./site.ts";

const ALPHA = "/integrations/services/alpha/";
const BETA = "/integrations/services/beta/";
/** Guides that make Monitoring long, so Beta (its last entry) is far down the sidebar. */
const FILLERS = Array.from({ length: 36 }, (_, i) => `m${String(i + 1).padStart(2, "0")}`);

const fillerPages = Object.fromEntries(
  FILLERS.map((slug) => [
    `docs/services/${slug}/index.md`,
    `---\ntitle: Integrate with ${slug}\nsidebar_label: ${slug.toUpperCase()}\n---\n\n## What is ${slug}\n\nA filler guide.\n`,
  ]),
);

describe.skipIf(!hasChromium())("the docs sidebar", () => {
  const env = useBrowserAndSite(
    (c) => collapsibleCategories(c, [...FILLERS.map((s) => `services/${s}/index`), "services/beta/index"]),
    fillerPages,
  );
  let context: BrowserContext;
  afterEach(async () => {
    await context?.close();
  });

  async function open(path: string, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
    context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    // No prefetching (as on a data-saver connection): every page fetch a test sees is one the sidebar made.
    await context.addInitScript(() =>
      Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true }),
    );
    const page = await context.newPage();
    await page.goto(env.site.origin + path);
    if (options.javaScriptEnabled !== false)
      await page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");
    return page;
  }

  const category = (page: Page, label: string, root = ".doc-sidebar") =>
    page
      .locator(`${root} .sidebar details`)
      .filter({ has: page.locator(":scope > summary", { hasText: new RegExp(`^${label}$`) }) });
  const isOpen = (page: Page, label: string, root = ".doc-sidebar") =>
    category(page, label, root).evaluate((d) => (d as HTMLDetailsElement).open);
  const finished = (page: Page) =>
    page.waitForFunction(() => document.getAnimations().every((a) => a.playState === "finished"));
  /** What Chromium tells assistive technology about a category's toggle: its role and expanded state. */
  async function announced(
    _page: Page,
    cdp: CDPSession,
    label: string,
  ): Promise<{ role: string; expanded: boolean | undefined }> {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
      nodes: {
        role?: { value: string };
        name?: { value: string };
        properties?: { name: string; value: { value: unknown } }[];
      }[];
    };
    const node = nodes.find(
      (n) => n.name?.value === label && n.role?.value !== "StaticText" && n.role?.value !== "InlineTextBox",
    );
    return {
      role: node?.role?.value ?? "",
      expanded: node?.properties?.find((p) => p.name === "expanded")?.value.value as boolean | undefined,
    };
  }
  /** Whether the link is inside the visible part of the sidebar's own scroll area. */
  const inSidebarView = (page: Page, href: string) =>
    page.evaluate((h) => {
      const box = document.querySelector(".doc-sidebar")!.getBoundingClientRect();
      const link = document.querySelector(`.doc-sidebar a[href='${h}']`)!.getBoundingClientRect();
      return link.top >= box.top && link.bottom <= box.bottom && link.height > 0;
    }, href);

  it("opens the current page's category and closes the others; Applications, which cannot collapse, stays open", async () => {
    const page = await open(ALPHA);
    expect(await isOpen(page, "Development")).toBe(true);
    expect(await isOpen(page, "Monitoring")).toBe(false);
    // Every entry is on the page, closed categories included: nothing has to be fetched.
    expect(await page.locator(`.doc-sidebar a[href='${BETA}']`).count()).toBe(1);
    expect(await page.locator(`.doc-sidebar a[href='${BETA}']`).isVisible()).toBe(false);
    expect(await page.locator(".doc-sidebar .sidebar > ul > li > a", { hasText: "Applications" }).isVisible()).toBe(
      true,
    );
    expect(await page.locator(".doc-sidebar a[aria-current=page]").allTextContents()).toEqual(["Alpha"]);
    const cdp = await context.newCDPSession(page);
    expect(await announced(page, cdp, "Development")).toEqual({ role: "DisclosureTriangle", expanded: true });
    expect(await announced(page, cdp, "Monitoring")).toEqual({ role: "DisclosureTriangle", expanded: false });
  });

  it("expands a closed category by mouse or keyboard without fetching anything, and opening one closes no other", async () => {
    const page = await open(ALPHA);
    const fetched: string[] = [];
    page.on("request", (r) => fetched.push(r.url()));
    await category(page, "Monitoring").locator("summary").click();
    await finished(page);
    expect(await page.locator(`.doc-sidebar a[href='${BETA}']`).isVisible()).toBe(true);
    expect(await isOpen(page, "Development")).toBe(true);
    const cdp = await context.newCDPSession(page);
    expect((await announced(page, cdp, "Monitoring")).expanded).toBe(true);
    await category(page, "Monitoring").locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => isOpen(page, "Monitoring"), { timeout: 10_000 }).toBe(false);
    await page.keyboard.press(" ");
    await expect.poll(() => isOpen(page, "Monitoring"), { timeout: 10_000 }).toBe(true);
    expect(fetched).toEqual([]);
  });

  it("scrolls the current entry into view inside the sidebar on load, without moving the page", async () => {
    const page = await open(BETA);
    expect(await inSidebarView(page, BETA)).toBe(true);
    expect(await page.evaluate(() => document.querySelector(".doc-sidebar")!.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it("keeps the categories opened and the sidebar's scroll across client navigation, and opens the new page's", async () => {
    const page = await open(ALPHA);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    await category(page, "Monitoring").locator("summary").click();
    await finished(page);
    await page.locator(".doc-sidebar").evaluate((s) => (s.scrollTop = 400));
    const link = page.locator(`.doc-sidebar a[href='/integrations/services/m20/']`);
    const top = await link.evaluate((a) => a.getBoundingClientRect().top);
    await link.click();
    await page.waitForURL("**/integrations/services/m20/");
    await page.waitForSelector("h1:text('Integrate with m20')");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    expect(await isOpen(page, "Monitoring")).toBe(true);
    expect(await isOpen(page, "Development")).toBe(true);
    expect(await page.locator(".doc-sidebar a[aria-current=page]").textContent()).toBe("M20");
    // The link clicked is where it was: the sidebar did not jump.
    expect(
      await page
        .locator(`.doc-sidebar a[href='/integrations/services/m20/']`)
        .evaluate((a) => a.getBoundingClientRect().top),
    ).toBeCloseTo(top, 0);
    // A category closed by hand stays closed on the next page.
    await category(page, "Development").locator("summary").click();
    await finished(page);
    await page.locator(".doc-sidebar a[href='/integrations/services/m21/']").click();
    await page.waitForSelector("h1:text('Integrate with m21')");
    expect(await isOpen(page, "Development")).toBe(false);
  });

  it("works without JavaScript: the categories open and close, the current one open", async () => {
    const page = await open(ALPHA, { javaScriptEnabled: false });
    expect(await isOpen(page, "Development")).toBe(true);
    expect(await page.locator(`.doc-sidebar a[href='${BETA}']`).isVisible()).toBe(false);
    await category(page, "Monitoring").locator("summary").click();
    expect(await page.locator(`.doc-sidebar a[href='${BETA}']`).isVisible()).toBe(true);
    await page.locator(`.doc-sidebar a[href='${BETA}']`).click();
    await page.waitForURL(`**${BETA}`);
    expect(await isOpen(page, "Monitoring")).toBe(true);
    expect(await isOpen(page, "Development")).toBe(false);
  });

  describe("the mobile menu", () => {
    const menu = "[data-mobile-menu]";

    it("opens on the docs sidebar, current category open and current entry in view, under 'Back to main menu'", async () => {
      const page = await open(BETA, { viewport: { width: 390, height: 700 } });
      await page.click("[data-menu-open]");
      await finished(page);
      const secondary = page.locator(`${menu} [data-menu-secondary]`);
      expect(await secondary.getByRole("button", { name: "← Back to main menu" }).isVisible()).toBe(true);
      expect(await isOpen(page, "Monitoring", menu)).toBe(true);
      expect(await isOpen(page, "Development", menu)).toBe(false);
      const current = secondary.locator("a[aria-current=page]");
      expect(await current.textContent()).toBe("Beta");
      expect(
        await current.evaluate((a) => {
          const box = a.closest("[data-menu-secondary]")!.getBoundingClientRect();
          const r = a.getBoundingClientRect();
          return r.top >= box.top && r.bottom <= box.bottom;
        }),
      ).toBe(true);
      // The navbar links are the other level, out of view and out of reach until chosen.
      expect(await page.locator(`${menu} .mobile-menu-primary`).evaluate((l) => (l as HTMLElement).inert)).toBe(true);
      await secondary.getByRole("button", { name: "← Back to main menu" }).click();
      await finished(page);
      const integrations = page.locator(`${menu} .mobile-menu-primary`).getByRole("link", { name: "Integrations" });
      await expect
        .poll(() => integrations.evaluate((a) => a.getBoundingClientRect().left >= 0), { timeout: 10_000 })
        .toBe(true);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Integrations");
      expect(await secondary.evaluate((s) => (s as HTMLElement).inert)).toBe(true);
      expect(await page.locator(`${menu} .mobile-menu-primary`).getByRole("link", { name: "GitHub" }).isVisible()).toBe(
        true,
      );
    });

    it("gives the sidebar back to the page when it closes, and opens on the navbar links where there is no sidebar", async () => {
      const page = await open(ALPHA, { viewport: { width: 390, height: 700 } });
      await page.click("[data-menu-open]");
      // The menu slides in and the category opens animated: a click aimed while they move can land beside the link.
      await finished(page);
      await category(page, "Monitoring", menu).locator("summary").click();
      await finished(page);
      await page.locator(menu).getByRole("link", { name: "Beta" }).click();
      await page.waitForSelector("h1:text('Integrate with Beta')");
      expect(await page.locator(".doc-sidebar > .sidebar").count()).toBe(1);
      expect(await page.locator(`${menu} .sidebar`).count()).toBe(0);
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await page.locator(`.doc-sidebar a[href='${BETA}']`).isVisible()).toBe(true);
      await context.close();
      const tags = await open("/integrations/tags", { viewport: { width: 390, height: 700 } });
      await tags.click("[data-menu-open]");
      await finished(tags);
      expect(await tags.locator(`${menu} [data-menu-back]`).count()).toBe(0);
      expect(await tags.locator(menu).getByRole("link", { name: "Integrations" }).isVisible()).toBe(true);
    });
  });
});
