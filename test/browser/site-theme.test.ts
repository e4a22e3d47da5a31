// A Docusaurus site's look in Chromium (issue 29): its custom stylesheets set Infima's variables,
// and ssodocs's own colours follow them (navbar, links, the active sidebar entry, footer, fonts);
// the logo's dark variant shows in dark mode with no script deciding it; all under the policy.
import type { Server } from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startStaticServer } from "../../src/node/serve/static.ts";
import { cliEnv, ROOT, runCli, tempDocusaurusSite } from "../helpers.ts";
import { hasChromium, launchChromium } from "./chromium.ts";

const AWS = "/cloud/amazon-web-services/";

describe.skipIf(!hasChromium())("a Docusaurus site's custom stylesheets and theme assets", () => {
  const site = tempDocusaurusSite();
  let server: Server;
  let origin = "";
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    const out = path.join(site.dir, "build");
    const built = runCli(["build", "--config", site.config, "--out", out], ROOT, cliEnv());
    if (built.code !== 0) throw new Error(`fixture build failed:\n${built.stderr}`);
    // Served under the policy the build publishes, as a host would.
    const csp = /Content-Security-Policy: (.+)/.exec(readFileSync(path.join(out, "_headers"), "utf8"))![1];
    server = await startStaticServer(out, 0, "127.0.0.1", [], { "Content-Security-Policy": csp });
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    browser = await launchChromium();
  }, 120_000);
  afterEach(async () => {
    await context?.close();
  });
  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    site.cleanup();
  });

  /** Opens a page, recording every violation of the Content-Security-Policy. */
  async function open(route: string, colorScheme: "light" | "dark" = "light"): Promise<Page> {
    context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        w.violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    await page.goto(`${origin}${route}`);
    return page;
  }
  const style = (page: Page, selector: string, property: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);
  const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations);

  it("recolours the navbar, links, the active sidebar entry and the footer from Infima's variables", async () => {
    const page = await open(AWS);
    expect(await style(page, ".navbar", "background-color")).toBe("rgb(28, 30, 33)");
    expect(await style(page, ".navbar-title", "color")).toBe("rgb(245, 246, 247)");
    expect(await style(page, ".navbar-items a", "color")).toBe("rgb(245, 246, 247)");
    expect(await style(page, ".markdown p a[href]", "color")).toBe("rgb(46, 90, 172)");
    const active = '.doc-sidebar a[aria-current="page"]';
    expect(await style(page, active, "color")).toBe("rgb(46, 90, 172)");
    // Its background is a tint of the site's primary colour, not ssodocs's own.
    const tint = await style(page, active, "background-color");
    expect(tint).not.toBe("rgb(253, 235, 231)");
    expect(tint).not.toMatch(/^rgba?\(0, 0, 0, 0\)$/);
    expect(await style(page, ".footer", "background-color")).toBe("rgb(11, 42, 74)");
    expect(await style(page, "body", "background-color")).toBe("rgb(252, 252, 253)");
    expect(await style(page, "body", "font-family")).toMatch(/^"Fixture Sans"/);
    expect(await violations(page)).toEqual([]);
  });

  it("takes the [data-theme=dark] values in dark mode and shows the dark logo, without a violation", async () => {
    const page = await open(AWS, "dark");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await style(page, ".navbar", "background-color")).toBe("rgb(13, 17, 23)");
    expect(await style(page, '.doc-sidebar a[aria-current="page"]', "color")).toBe("rgb(122, 162, 247)");
    // The light page colour set on :root stays out of dark mode, as Infima's dark mode keeps it out.
    expect(await style(page, "body", "background-color")).toBe("rgb(27, 27, 29)");
    const shownLogo = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLImageElement>(".navbar .navbar-brand img")]
          .filter((img) => img.getBoundingClientRect().width > 0)
          .map((img) => new URL(img.currentSrc).pathname),
      );
    expect(await shownLogo()).toEqual(["/img/icon-dark.svg"]);
    await page.click("[data-color-toggle]");
    await page.waitForFunction(() => document.documentElement.dataset.theme === "light");
    expect(await shownLogo()).toEqual(["/img/icon.svg"]);
    expect(await style(page, ".navbar", "background-color")).toBe("rgb(28, 30, 33)");
    expect(await violations(page)).toEqual([]);
  });
});
