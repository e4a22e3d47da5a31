// Live reload in Chromium: an open page follows edits to its guide without a reload by hand (its
// payload comes with the reload), keeps its scroll position, shows a bad edit over the page and clears it once fixed.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWatchSession, type WatchSession } from "../watch-session.ts";
import { hasChromium, launchChromium } from "./chromium.ts";

const BETA = "docs/services/beta/index.md";
const LONG = Array.from({ length: 12 }, (_, i) => `## Part ${i + 1}\n\n${"Words to scroll past. ".repeat(80)}\n`).join(
  "\n",
);

describe.skipIf(!hasChromium())("serve --watch in the browser", () => {
  let s: WatchSession;
  let browser: Browser;
  let page: Page;
  let beta: string;

  beforeAll(async () => {
    s = await startWatchSession();
    beta = readFileSync(path.join(s.dir, BETA), "utf8");
    browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  async function open(route: string): Promise<Page> {
    page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await page.goto(`${s.url}${route}`);
    // Connected to the dev server's events.
    await page.waitForFunction(() => document.documentElement.dataset.ssodocsLive === "open");
    await page.evaluate(() => ((window as Window & { __samePage?: boolean }).__samePage = true));
    return page;
  }
  const samePage = () => page.evaluate(() => (window as Window & { __samePage?: boolean }).__samePage === true);

  it("shows an edit to the open guide in place, where the reader was", async () => {
    s.write(BETA, `${beta}\n${LONG}`);
    await s.waitForOutput(/Rebuilt docs\/services\/beta/);
    await open("/integrations/services/beta/");
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/integrations/services/beta/page-data.json")) asked.push(r.url());
    });

    s.write(BETA, `${beta.replace("Beta watches services.", "Beta watches services, edited live.")}\n${LONG}`);
    await page.waitForFunction(() => document.querySelector("main")?.textContent?.includes("edited live"), null, {
      timeout: 15_000,
    });
    expect(await samePage()).toBe(true);
    // The edited page's payload came with the reload: the page did not wait for the dev server to answer.
    expect(asked).toEqual([]);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - 1500)).toBeLessThan(2);
    await page.close();
  });

  it("leaves pages alone that an edit does not change", async () => {
    await open("/integrations/services/alpha/");
    const before = await page.locator("main").innerHTML();
    const from = s.mark();
    s.write(BETA, `${beta.replace("Beta watches services.", "Beta watches services again.")}\n${LONG}`);
    await s.waitForOutput(/Rebuilt docs\/services\/beta/, from);
    await page.waitForTimeout(500);
    expect(await samePage()).toBe(true);
    expect(await page.locator("main").innerHTML()).toBe(before);
    await page.close();
  });

  it("shows broken front matter over the page with file and line, and clears it when fixed", async () => {
    await open("/integrations/services/beta/");
    s.write(BETA, beta.replace("support_level: community", "support_level: [oops"));
    const overlay = page.locator("#ssodocs-error-overlay");
    await overlay.waitFor({ state: "visible", timeout: 15_000 });
    await expect(overlay.locator("h2").textContent()).resolves.toBe("Build failed");
    expect(await overlay.locator(".ssodocs-error-location").textContent()).toMatch(
      /docs\/services\/beta\/index\.md:\d+$/,
    );
    expect(await overlay.getAttribute("role")).toBe("alertdialog");

    // A page opened while the error stands shows it too.
    const second = await browser.newPage();
    await second.goto(`${s.url}/integrations/services/alpha/`);
    await second.locator("#ssodocs-error-overlay").waitFor({ state: "visible" });

    s.write(BETA, beta.replace("Beta watches services.", "Beta watches services, fixed."));
    await overlay.waitFor({ state: "detached", timeout: 15_000 });
    await second.locator("#ssodocs-error-overlay").waitFor({ state: "detached" });
    await page.waitForFunction(() => document.querySelector("main")?.textContent?.includes("fixed."));
    await second.close();
    await page.close();
  });

  it("lists an added guide in the sidebar of the open page, and drops it when deleted", async () => {
    await open("/integrations/services/beta/");
    mkdirSync(path.join(s.dir, "docs/services/gamma"));
    s.write(
      "docs/services/gamma/index.md",
      "---\ntitle: Integrate with Gamma\nsidebar_label: Gamma\n---\n\nGamma text.\n",
    );
    const config = readFileSync(path.join(s.dir, "ssodocs.config.ts"), "utf8");
    s.write(
      "ssodocs.config.ts",
      config.replace('items: ["services/beta/index"]', 'items: ["services/beta/index", "services/gamma/index"]'),
    );
    const link = page.locator('nav[aria-label="Docs sidebar"] a[href="/integrations/services/gamma/"]:visible');
    await link.waitFor({ timeout: 15_000 });
    await link.click();
    await page.waitForURL(/\/gamma\/$/);
    await page.locator("main", { hasText: "Gamma text." }).waitFor();

    const from = s.mark();
    s.write("ssodocs.config.ts", config);
    rmSync(path.join(s.dir, "docs/services/gamma"), { recursive: true });
    await s.waitForOutput(/Rebuilt /, from);
    // The config edit and the deletion may land in two rebuilds (more under load), and a later
    // one's reload of the open page can cut this navigation short; then it is made again.
    for (let attempt = 1; ; attempt++) {
      try {
        await page.goto(`${s.url}/integrations/services/beta/`);
        break;
      } catch (error) {
        if (attempt === 10 || !/ERR_ABORTED|interrupted by another navigation/.test((error as Error).message))
          throw error;
      }
    }
    await page.waitForFunction(
      () => !document.querySelector('nav[aria-label="Docs sidebar"] a[href="/integrations/services/gamma/"]'),
      null,
      { timeout: 15_000 },
    );
    const gone = await page.goto(`${s.url}/integrations/services/gamma/`);
    expect(gone?.status()).toBe(404);
    await page.close();
  });

  it("reloads open pages with the new colour when a custom stylesheet changes (issue 29)", async () => {
    const config = readFileSync(path.join(s.dir, "ssodocs.config.ts"), "utf8");
    mkdirSync(path.join(s.dir, "css"), { recursive: true });
    s.write("css/custom.css", ":root { --ifm-color-primary: #aa0000; }\n");
    let from = s.mark();
    s.write("ssodocs.config.ts", config.replace("  footer:", '  customCss: "css/custom.css",\n  footer:'));
    await s.waitForOutput(/Rebuilt ssodocs\.config\.ts/, from);
    await open("/integrations/services/alpha/");
    const active = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('.doc-sidebar a[aria-current="page"]')!).color);
    expect(await active()).toBe("rgb(170, 0, 0)");
    s.write("css/custom.css", ":root { --ifm-color-primary: #0000aa; }\n");
    await page.waitForFunction(() => (window as Window & { __samePage?: boolean }).__samePage !== true, null, {
      timeout: 15_000,
    });
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.doc-sidebar a[aria-current="page"]')!).color === "rgb(0, 0, 170)",
      null,
      { timeout: 15_000 },
    );
    await page.close();
    from = s.mark();
    s.write("ssodocs.config.ts", config);
    await s.waitForOutput(/Rebuilt ssodocs\.config\.ts/, from);
    rmSync(path.join(s.dir, "css"), { recursive: true, force: true });
  });

  it("reloads every open page when the config changes", async () => {
    await open("/integrations/services/alpha/");
    const config = readFileSync(path.join(s.dir, "ssodocs.config.ts"), "utf8");
    s.write(
      "ssodocs.config.ts",
      config.replace('tagline: "A small site for the tests."', 'tagline: "Tagline after a reload."'),
    );
    await page.waitForFunction(() => (window as Window & { __samePage?: boolean }).__samePage !== true, null, {
      timeout: 15_000,
    });
    s.write("ssodocs.config.ts", config);
    await page.close();
  });
});
