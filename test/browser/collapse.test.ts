// Collapsible parts in Chromium: collapsible sidebar categories (<details>) and the mobile menu
// animate with the duration of FACTS section 5, round((4 + 15·(h/36)^0.25 + (h/36)/5)·10) ms for
// content h px tall, easing ease-in-out, and 1 ms under reduced motion. What the sidebar shows
// and keeps is tested in sidebar.test.ts.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { hasChromium } from "./chromium.ts";
import { collapsibleCategories, useBrowserAndSite } from "./site.ts";

const ALPHA = "/integrations/services/alpha/";

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
  const env = useBrowserAndSite((c) => collapsibleCategories(c));
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
        log.push({
          target: this.className || this.tagName,
          frames,
          duration: o.duration,
          easing: o.easing,
          shown: !this.closest("[hidden]"),
        });
        return original.call(this, frames, options);
      } as typeof original;
    });
    const page = await context.newPage();
    await page.goto(env.site.origin + path);
    if (options.javaScriptEnabled !== false)
      await page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");
    return page;
  }

  const animations = (page: Page) =>
    page.evaluate(() => (window as unknown as { __animations: Recorded[] }).__animations.splice(0));
  const finished = (page: Page) =>
    page.waitForFunction(() => document.getAnimations().every((a) => a.playState === "finished"));

  describe("sidebar categories", () => {
    /** A category of the desktop sidebar (or of the mobile menu): its <details>. */
    const details = (page: Page, label: string, root = ".doc-sidebar") =>
      page
        .locator(`${root} .sidebar details`)
        .filter({ has: page.locator(`:scope > summary`, { hasText: new RegExp(`^${label}$`) }) });
    const summary = (page: Page, label: string, root = ".doc-sidebar") =>
      details(page, label, root).locator(":scope > summary");
    const isOpen = (page: Page, label: string, root = ".doc-sidebar") =>
      details(page, label, root).evaluate((d) => (d as HTMLDetailsElement).open);
    /** The category's full height and its summary's (its height when closed). */
    const heights = (page: Page, label: string, root?: string) =>
      details(page, label, root).evaluate((d) => ({
        full: d.scrollHeight,
        closed: d.querySelector("summary")!.offsetHeight,
      }));

    it("collapse and expand the current category with the duration for its height", async () => {
      const page = await open(ALPHA);
      expect(await isOpen(page, "Development")).toBe(true);
      const { full, closed } = await heights(page, "Development");
      expect(full - closed).toBeGreaterThan(20);

      await summary(page, "Development").click();
      const [collapse] = await animations(page);
      expect(collapse.target).toBe("DETAILS");
      expect(collapse.frames.map((f) => parseFloat(f.height))).toEqual([full, closed]);
      expect(collapse.duration).toBe(formula(full - closed));
      expect(collapse.easing).toBe("ease-in-out");
      // The items stay shown while it animates, and are hidden once it is done.
      expect(collapse.shown).toBe(true);
      await expect.poll(() => isOpen(page, "Development"), { timeout: 10_000 }).toBe(false);
      expect(await page.locator(`.doc-sidebar a[href='${ALPHA}']`).isVisible()).toBe(false);

      await summary(page, "Development").click();
      const [expand] = await animations(page);
      expect(expand.frames.map((f) => parseFloat(f.height))).toEqual([closed, full]);
      expect(expand.duration).toBe(formula(full - closed));
      await finished(page);
      expect(await details(page, "Development").evaluate((d) => d.scrollHeight)).toBe(full);
      expect(await page.locator(`.doc-sidebar a[href='${ALPHA}']`).isVisible()).toBe(true);
    });

    it("take 1 ms under reduced motion", async () => {
      const page = await open(ALPHA, { reducedMotion: "reduce" });
      await summary(page, "Development").click();
      await summary(page, "Monitoring").click();
      expect((await animations(page)).map((a) => a.duration)).toEqual([1, 1]);
    });

    it("work the same in the mobile menu, which stays open", async () => {
      const page = await open(ALPHA, { viewport: { width: 800, height: 800 } });
      await page.click("[data-menu-open]");
      await finished(page);
      await animations(page);
      const root = "[data-mobile-menu]";
      const { full, closed } = await heights(page, "Development", root);
      await summary(page, "Development", root).click();
      const [collapse] = await animations(page);
      expect(collapse.duration).toBe(formula(full - closed));
      await expect.poll(() => isOpen(page, "Development", root), { timeout: 10_000 }).toBe(false);
      expect(await page.locator(root).isVisible()).toBe(true);
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
