// A site's component overrides in Chromium (test/fixtures/docusaurus-site/theme: the help box with
// four links, the footer wrapping ssodocs's): shown where ssodocs's own were, under the site's
// Content-Security-Policy, and swapped in with each page by client navigation.
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startStaticServer } from "../../src/node/serve/static.ts";
import { ROOT, runCli, tempDocusaurusSite } from "../helpers.ts";
import { hasChromium, launchChromium } from "./chromium.ts";

const SLACK = "/chat-communication-collaboration/slack/";

describe.skipIf(!hasChromium())("component overrides in Chromium", () => {
  let site: ReturnType<typeof tempDocusaurusSite>;
  let server: Server;
  let origin = "";
  let browser: Browser;
  let context: BrowserContext;
  const problems: string[] = [];

  beforeAll(async () => {
    site = tempDocusaurusSite();
    const out = path.join(site.dir, "build");
    const built = runCli(["build", "--config", site.config, "--out", out], ROOT);
    if (built.code !== 0) throw new Error(built.stderr);
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
    site?.cleanup();
  });

  async function open(route: string): Promise<Page> {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(origin + route);
    await page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");
    return page;
  }

  /** The help box's links as a reader sees them: name, address and whether each shows. */
  const helpLinks = (page: Page) =>
    page
      .locator(".help-box a")
      .evaluateAll((links) =>
        links.map((a) => [a.textContent, a.getAttribute("href"), (a as HTMLElement).offsetHeight > 0]),
      );

  it("shows the site's help box with its four links under a guide, and no box of ssodocs's", async () => {
    const page = await open(SLACK);
    const box = page.locator(".help-box");
    await box.scrollIntoViewIfNeeded();
    expect(await box.isVisible()).toBe(true);
    expect(await page.getByText("Help us improve this guide").isVisible()).toBe(true);
    expect(await page.getByText("Help us improve this content").count()).toBe(0);
    expect(await helpLinks(page)).toEqual([
      ["Edit this page on GitHub", "https://example.com/edit/slack", true],
      [
        "Report a problem with this guide",
        "https://github.com/example/integrations/issues/new?title=Docs%3A%20Integrate%20with%20Slack",
        true,
      ],
      ["Read the writing guide", "/contributing/writing-style/", true],
      ["Ask the community", "https://discord.example.com/", true],
    ]);
    // Below the article's text, above the previous/next links.
    const [article, help, pager] = await Promise.all(
      [".doc .markdown", ".help-box", ".paginator"].map((s) => page.locator(s).boundingBox()),
    );
    expect(help!.y).toBeGreaterThan(article!.y + article!.height - 1);
    expect(pager!.y).toBeGreaterThan(help!.y + help!.height - 1);
  });

  it("shows the site's footer links above ssodocs's copyright line, at the foot of the page", async () => {
    const page = await open(SLACK);
    const nav = page.getByRole("navigation", { name: "More from Example" });
    await nav.scrollIntoViewIfNeeded();
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Documentation", "Blog", "GitHub"]);
    expect(await nav.isVisible()).toBe(true);
    const copyright = page.getByText("Copyright © 2026 Example Inc.");
    expect(await copyright.isVisible()).toBe(true);
    const [content, links, line] = await Promise.all([
      page.locator("#page").boundingBox(),
      nav.boundingBox(),
      copyright.boundingBox(),
    ]);
    expect(links!.y).toBeGreaterThanOrEqual(content!.y + content!.height - 1);
    expect(line!.y).toBeGreaterThan(links!.y);
  });

  it("swaps in the next page's help box by client navigation, the footer staying", async () => {
    const page = await open(SLACK);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    const next = page.locator(".paginator-next");
    const target = await next.getAttribute("href");
    await next.click();
    await page.waitForURL(`**${target}`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    // The doc's title, as the page's <title> holds it ("<title> | Integrations").
    const title = (await page.title()).replace(/ \| Integrations$/, "");
    expect(title).not.toBe("Integrate with Slack");
    const report = (await helpLinks(page)).find(([name]) => name === "Report a problem with this guide");
    expect(report?.[1]).toBe(
      `https://github.com/example/integrations/issues/new?title=${encodeURIComponent(`Docs: ${title}`)}`,
    );
    expect(await page.getByRole("navigation", { name: "More from Example" }).count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
