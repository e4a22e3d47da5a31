// A guide whose slug holds a dot (`hoop.dev`, issue 33): its route, its `.html` alias, its
// Markdown copy, its payload and its search entry work on `ssodocs serve` and on a plain static
// host (files, folders' index.html, else 404.html) in Chromium.
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStaticServer } from "../../src/node/serve/static.ts";
import { runCli, tempSite } from "../helpers.ts";
import { hasChromium, launchChromium } from "./chromium.ts";
import { plainHost } from "./site.ts";

const ROUTE = "/integrations/services/hoop.dev/";
const DOC = "---\ntitle: Integrate with Hoop.dev\nsidebar_label: Hoop.dev\n---\n\n## What is Hoop.dev\n\nA gateway.\n";

describe.skipIf(!hasChromium())("a slug with a dot", () => {
  const site = tempSite({ "docs/services/hoop.dev/index.md": DOC });
  const out = path.join(site.dir, "build");
  let browser: Browser;
  const hosts: { origin: string; close(): Promise<void> }[] = [];

  beforeAll(async () => {
    const built = runCli(["build", "--config", site.config, "--out", out]);
    expect(built.code, built.stderr).toBe(0);
    browser = await launchChromium();
    const served = await startStaticServer(out, 0, "127.0.0.1");
    const port = (served.address() as { port: number }).port;
    hosts.push(
      { origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => served.close(() => r())) },
      await plainHost(out),
    );
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    for (const host of hosts) await host.close();
    site.cleanup();
  });

  for (const [name, host] of [
    ["ssodocs serve", 0],
    ["a plain static host", 1],
  ] as const) {
    it(`shows the page at its route and its .html alias, and serves its Markdown and payload, on ${name}`, async () => {
      const { origin } = hosts[host];
      const context = await browser.newContext();
      try {
        for (const asked of [ROUTE, "/integrations/services/hoop.dev.html"]) {
          const page = await context.newPage();
          await page.goto(origin + asked);
          // ssodocs serve answers the alias with the page itself; a plain host's 404.html moves on to the route.
          if (host === 1) await page.waitForURL(`**${ROUTE}`);
          expect(await page.locator("h1").textContent()).toBe("Integrate with Hoop.dev");
        }
        const copy = await fetch(`${origin}${ROUTE}index.md`);
        expect(copy.status).toBe(200);
        expect(await copy.text()).toContain("# Integrate with Hoop.dev");
        const payload = await fetch(`${origin}${ROUTE}page-data.json`);
        expect((await payload.json()).title).toBe("Integrate with Hoop.dev | Fixture");
        const index = (await (await fetch(`${origin}/search/index.json`)).json()) as { pages: [string][] };
        expect(index.pages.map(([p]) => p)).toContain(ROUTE);
      } finally {
        await context.close();
      }
    });
  }
});
