// The real site (content/ built with ssodocs.config.ts) on a phone, 360 and 390 px wide: no page
// scrolls sideways (long URLs and words wrap, tables and code scroll in their own box), the search
// page with its results neither, and the search dialog's Cancel button stays in view with a query.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startStaticServer } from "../../src/node/serve/static.ts";
import { runCli } from "../helpers.ts";
import { hasChromium, launchChromium } from "./chromium.ts";

const WIDTHS = [390, 360];

/** The route of every page of the build (each `index.html`). */
function routes(out: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (name === "index.html")
        found.push(`/${path.relative(out, dir).split(path.sep).join("/")}/`.replace("//", "/"));
    }
  };
  walk(out);
  return found;
}

/** How far the page is wider than the viewport at each width (0 when it does not scroll sideways). */
async function overflow(page: Page): Promise<Record<number, number>> {
  const result: Record<number, number> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    result[width] = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }
  return result;
}

describe.skipIf(!hasChromium())("the real site on a phone", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-phone-"));
  const out = path.join(dir, "build");
  let browser: Browser;
  let server: Server;
  let origin: string;
  let context: BrowserContext;

  beforeAll(async () => {
    const built = runCli(["build", "--out", out]);
    if (built.code !== 0) throw new Error(`content build failed:\n${built.stderr}`);
    browser = await launchChromium();
    server = await startStaticServer(out, 0);
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await context?.close();
  });

  async function phone(): Promise<Page> {
    context = await browser.newContext({ viewport: { width: WIDTHS[0], height: 844 } });
    return context.newPage();
  }

  it("shows every page without sideways scrolling at 360 and 390 px", { timeout: 600_000 }, async () => {
    const page = await phone();
    const all = routes(out);
    expect(all.filter((r) => r.startsWith("/integrations/services/")).length).toBeGreaterThan(100);
    const wide: string[] = [];
    for (const route of all) {
      await page.goto(origin + route);
      const extra = await overflow(page);
      for (const width of WIDTHS)
        if (extra[width] > 0) wide.push(`${route} at ${width} px: ${extra[width]} px too wide`);
    }
    expect(wide).toEqual([]);
  });

  it("shows the search page with its results without sideways scrolling", async () => {
    const page = await phone();
    for (const query of ["https", "redirect uri"]) {
      await page.goto(`${origin}/search?q=${encodeURIComponent(query)}`);
      await page.locator(".search-result").first().waitFor();
      expect(await overflow(page)).toEqual({ 360: 0, 390: 0 });
    }
  });

  for (const width of WIDTHS) {
    it(`keeps the search dialog's Cancel button in view with a query at ${width} px`, async () => {
      const page = await phone();
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${origin}/integrations/services/grafana/`);
      await page.locator("[data-search-button]").click();
      await page.locator(".search-input").fill("redirect");
      await page.locator(".search-hit").first().waitFor();
      const cancel = await page.getByRole("button", { name: "Cancel" }).boundingBox();
      expect(cancel).not.toBeNull();
      expect(cancel!.x).toBeGreaterThanOrEqual(0);
      expect(cancel!.x + cancel!.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});
