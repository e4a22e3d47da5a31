// Collapsible parts in Chromium: collapsible sidebar categories and the mobile menu animate with
// the duration of FACTS section 5, round((4 + 15·(h/36)^0.25 + (h/36)/5)·10) ms for content h px
// tall, easing ease-in-out, and 1 ms under reduced motion; without JavaScript a collapsed
// category is a link to its first page.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { hasChromium } from "./chromium.ts";
import { useBrowserAndSite } from "./site.ts";

const ALPHA = "/integrations/services/alpha/";
const BETA = "/integrations/services/beta/";

const formula = (height: number) => Math.round((4 + 15 * (height / 36) ** 0.25 + height / 36 / 5) * 10);

interface Recorded {
  target: string;
  frames: Record<string, string>[];
  duration: number;
  easing: string;
  /** Whether the element was shown (no [hidden] on it or around it) as the animation started. */
  shown: boolean;
}

describe.skipIf(!hasChromium())("collapsible parts", () => {
  const env = useBrowserAndSite((c) =>
    c
      .replace('{ type: "category", label: "Development", items', '{ type: "category", label: "Development", collapsible: true, items')
      .replace('{ type: "category", label: "Monitoring", items', '{ type: "category", label: "Monitoring", collapsible: true, items'),
  );
  let context: BrowserContext;
  afterEach(async () => {
    await context?.close();
  });

  /** Opens a page whose every Element.animate call is recorded in window.__animations. */
  async function open(path: string, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
    context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    await context.addInitScript(() => {
      const original = Element.prototype.animate;
      const log: unknown[] = ((window as unknown as { __animations: unknown[] }).__animations = []);
      Element.prototype.animate = function (this: Element, frames, options) {
        const o = options as KeyframeAnimationOptions;
        log.push({ target: this.className || this.tagName, frames, duration: o.duration, easing: o.easing, shown: !this.closest("[hidden]") });
        return original.call(this, frames, options);
      } as typeof original;
    });
    const page = await context.newPage();
    await page.goto(env.site.origin + path);
    if (options.javaScriptEnabled !== false) await page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");
    return page;
  }

  const animations = (page: Page) => page.evaluate(() => (window as unknown as { __animations: Recorded[] }).__animations.splice(0));
  const category = (page: Page, label: string, root = ".doc-sidebar") =>
    page.locator(`${root} li[data-collapsible]`).filter({ has: page.locator(":scope > .menu-category-label", { hasText: new RegExp(`^${label}$`) }) });
  const caret = (page: Page, label: string, root = ".doc-sidebar") => category(page, label, root).locator(":scope > .menu-caret");
  const list = (page: Page, label: string, root = ".doc-sidebar") => category(page, label, root).locator(":scope > .menu-list");
  const hidden = (page: Page, label: string, root = ".doc-sidebar") => expect.poll(() => list(page, label, root).evaluate((ul) => (ul as HTMLElement).hidden)).toBe(true);
  const finished = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState === "finished"));

  describe("sidebar categories", () => {
    it("collapse and expand the current category with the duration for its height", async () => {
      const page = await open(ALPHA);
      expect(await caret(page, "Development").getAttribute("aria-expanded")).toBe("true");
      expect(await caret(page, "Development").getAttribute("aria-label")).toBe("Collapse sidebar category 'Development'");
      const height = await list(page, "Development").evaluate((ul) => ul.scrollHeight);
      expect(height).toBeGreaterThan(20);

      await caret(page, "Development").click();
      const [collapse] = await animations(page);
      expect(collapse.target).toContain("menu-list");
      expect(collapse.frames.map((f) => parseFloat(f.height))).toEqual([height, 0]);
      expect(collapse.duration).toBe(formula(height));
      expect(collapse.easing).toBe("ease-in-out");
      // The list stays shown while it animates, and is hidden once it is done.
      expect(collapse.shown).toBe(true);
      await hidden(page, "Development");
      expect(await page.locator(`.doc-sidebar a[href='${ALPHA}']`).isVisible()).toBe(false);
      expect(await caret(page, "Development").getAttribute("aria-expanded")).toBe("false");
      expect(await caret(page, "Development").getAttribute("aria-label")).toBe("Expand sidebar category 'Development'");

      await caret(page, "Development").click();
      const [expand] = await animations(page);
      expect(expand.frames.map((f) => parseFloat(f.height))).toEqual([0, height]);
      expect(expand.duration).toBe(formula(height));
      await finished(page);
      expect(await list(page, "Development").evaluate((ul) => ul.getBoundingClientRect().height)).toBeCloseTo(height, 0);
      expect(await page.locator(`.doc-sidebar a[href='${ALPHA}']`).isVisible()).toBe(true);
      expect(await caret(page, "Development").getAttribute("aria-expanded")).toBe("true");
    });

    it("expand a collapsed category with the items of its first page, then lead to them", async () => {
      const page = await open(ALPHA);
      expect(await list(page, "Monitoring").count()).toBe(0);
      expect(await caret(page, "Monitoring").getAttribute("aria-expanded")).toBe("false");
      await caret(page, "Monitoring").click();
      await list(page, "Monitoring").waitFor();
      const [expand] = await animations(page);
      await finished(page);
      const height = await list(page, "Monitoring").evaluate((ul) => ul.scrollHeight);
      expect(height).toBeGreaterThan(20);
      expect(await list(page, "Monitoring").evaluate((ul) => ul.getBoundingClientRect().height)).toBeCloseTo(height, 0);
      expect(expand.frames.map((f) => parseFloat(f.height))).toEqual([0, height]);
      expect(expand.duration).toBe(formula(height));
      const beta = list(page, "Monitoring").getByRole("link", { name: "Beta" });
      expect(await beta.isVisible()).toBe(true);
      // The page being read is still Alpha: nothing in the new items is marked current.
      expect(await beta.getAttribute("aria-current")).toBeNull();
      expect(await page.locator(".doc-sidebar a.active").allTextContents()).toEqual(["Alpha"]);
      await beta.click();
      await page.waitForURL(`**${BETA}`);
      expect(await page.locator("h1").textContent()).toBe("Integrate with Beta");
      // The swapped-in sidebars get their carets too: Development is now the collapsed one.
      for (const root of [".doc-sidebar", "[data-mobile-menu]"]) {
        expect(await caret(page, "Development", root).getAttribute("aria-expanded"), root).toBe("false");
        expect(await caret(page, "Monitoring", root).getAttribute("aria-expanded"), root).toBe("true");
      }
      await caret(page, "Development").click();
      await list(page, "Development").getByRole("link", { name: "Alpha" }).waitFor();
    });

    it("take 1 ms under reduced motion", async () => {
      const page = await open(ALPHA, { reducedMotion: "reduce" });
      await caret(page, "Development").click();
      await caret(page, "Monitoring").click();
      await list(page, "Monitoring").waitFor();
      expect((await animations(page)).map((a) => a.duration)).toEqual([1, 1]);
    });

    it("work the same in the mobile menu", async () => {
      const page = await open(ALPHA, { viewport: { width: 800, height: 800 } });
      await page.click("[data-menu-open]");
      await finished(page);
      await animations(page);
      const root = "[data-mobile-menu]";
      const height = await list(page, "Development", root).evaluate((ul) => ul.scrollHeight);
      await caret(page, "Development", root).click();
      const [collapse] = await animations(page);
      expect(collapse.duration).toBe(formula(height));
      await hidden(page, "Development", root);
      // Toggling a category does not close the menu.
      expect(await page.locator(root).isVisible()).toBe(true);
    });

    it("without JavaScript: no caret, and a collapsed category links to its first page", async () => {
      const scripted = await open(ALPHA);
      const arrow = (page: Page) => category(page, "Monitoring").locator(".menu-category-label").evaluate((a) => getComputedStyle(a, "::after").content);
      expect(await arrow(scripted)).toBe("none");
      await context.close();
      const page = await open(ALPHA, { javaScriptEnabled: false });
      expect(await page.locator(".menu-caret").count()).toBe(0);
      const label = category(page, "Monitoring").locator(".menu-category-label");
      expect(await arrow(page)).toBe('"›"');
      expect(await label.getAttribute("href")).toBe(BETA);
      expect(await page.locator(`.doc-sidebar a[href='${ALPHA}']`).isVisible()).toBe(true);
      await label.click();
      await page.waitForURL(`**${BETA}`);
      expect(await list(page, "Monitoring").getByRole("link", { name: "Beta" }).isVisible()).toBe(true);
    });
  });

  describe("the mobile menu", () => {
    it("slides open and closed with the duration for its content height", async () => {
      const page = await open(ALPHA, { viewport: { width: 800, height: 600 } });
      await page.click("[data-menu-open]");
      const opening = await animations(page);
      const height = await page.locator(".mobile-menu-panel").evaluate((p) => p.scrollHeight);
      expect(height).toBeGreaterThan(200);
      expect(opening.map((a) => a.target)).toEqual(["mobile-menu-panel", "mobile-menu-backdrop"]);
      expect(opening[0].frames).toEqual([{ transform: "translateX(-100%)" }, { transform: "none" }]);
      expect(opening.map((a) => a.duration)).toEqual([formula(height), formula(height)]);
      expect(opening[0].easing).toBe("ease-in-out");
      await finished(page);

      await page.click(".mobile-menu-header [data-menu-close]");
      const closing = await animations(page);
      expect(closing[0].frames).toEqual([{ transform: "none" }, { transform: "translateX(-100%)" }]);
      expect(closing.map((a) => a.duration)).toEqual([formula(height), formula(height)]);
      // Still shown while it slides out, hidden at the end.
      expect(closing.map((a) => a.shown)).toEqual([true, true]);
      await page.waitForFunction(() => (document.querySelector("[data-mobile-menu]") as HTMLElement).hidden);
      expect(await page.locator("[data-menu-open]").getAttribute("aria-expanded")).toBe("false");
    });

    it("opened again while closing stays open", async () => {
      const page = await open(ALPHA, { viewport: { width: 800, height: 600 } });
      await page.click("[data-menu-open]");
      await finished(page);
      await page.keyboard.press("Escape");
      await page.evaluate(() => (document.querySelector("[data-menu-open]") as HTMLElement).click());
      await finished(page);
      expect(await page.locator("[data-mobile-menu]").isVisible()).toBe(true);
      expect(await page.locator(".mobile-menu-panel").evaluate((p) => p.getBoundingClientRect().left)).toBe(0);
    });

    it("takes 1 ms under reduced motion", async () => {
      const page = await open(ALPHA, { viewport: { width: 800, height: 600 }, reducedMotion: "reduce" });
      await page.click("[data-menu-open]");
      await page.click(".mobile-menu-header [data-menu-close]");
      await page.waitForFunction(() => (document.querySelector("[data-mobile-menu]") as HTMLElement).hidden);
      expect((await animations(page)).map((a) => a.duration)).toEqual([1, 1, 1, 1]);
    });
  });
});
