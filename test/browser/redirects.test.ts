// Redirect pages in Chromium: an old URL of the Docusaurus-layout fixture lands on the new page,
// keeping the reader's #hash and ?query, under the policy the build publishes (the redirect
// script is allowed by its hash); with JavaScript off, the meta refresh still leads there.

import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStaticServer } from "../../src/node/serve/static.ts";
import { cliEnv, ROOT, runCli, tempDocusaurusSite } from "../helpers.ts";
import { hasChromium, launchChromium } from "./chromium.ts";

describe.skipIf(!hasChromium())("redirect pages in Chromium", () => {
  let browser: Browser;
  let server: Server;
  let origin = "";
  const site = tempDocusaurusSite();

  beforeAll(async () => {
    const out = path.join(site.dir, "build");
    const built = runCli(["build", "--config", site.config, "--out", out], ROOT, cliEnv());
    if (built.code !== 0) throw new Error(built.stderr);
    const csp = /Content-Security-Policy: (.+)/.exec(readFileSync(path.join(out, "_headers"), "utf8"))![1];
    server = await startStaticServer(out, 0, "127.0.0.1", [], { "Content-Security-Policy": csp });
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    site.cleanup();
  });

  /** Opens a URL and waits until the browser has left the redirect page. */
  async function land(url: string, javaScript = true): Promise<{ page: Page; violations: string[] }> {
    const context = await browser.newContext({ javaScriptEnabled: javaScript });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(url);
    await page.waitForURL((u) => !u.pathname.startsWith("/services/") && !u.pathname.startsWith("/integrations/"), {
      timeout: 10_000,
    });
    await page.waitForLoadState("load");
    return { page, violations };
  }

  it("lands on the new page with the reader's #hash", async () => {
    const { page, violations } = await land(`${origin}/services/grafana/#dashboards`);
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe(
      "/infrastructure/monitoring/grafana/#dashboards",
    );
    expect(await page.title()).toBe("Integrate with Grafana | Integrations");
    expect(await page.locator("#dashboards").textContent()).toContain("Dashboards");
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it("keeps the ?query too, and a redirect's own #hash when the reader gives none", async () => {
    const withQuery = await land(`${origin}/services/slack/?from=old#authentik-configuration`);
    const url = new URL(withQuery.page.url());
    expect(url.pathname + url.search + url.hash).toBe(
      "/chat-communication-collaboration/slack/?from=old#authentik-configuration",
    );
    await withQuery.page.context().close();
    const own = await land(`${origin}/services/grafana-dashboards/`);
    expect(new URL(own.page.url()).hash).toBe("#dashboards");
    await own.page.context().close();
  });

  it("without JavaScript, the meta refresh leads to the new page", async () => {
    const { page } = await land(`${origin}/integrations/services/`, false);
    expect(new URL(page.url()).pathname).toBe("/applications/");
    expect(await page.locator("h1").textContent()).toBe("All applications");
    await page.context().close();
  });
});
