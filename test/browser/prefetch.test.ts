// Prefetching and client navigation through page payloads (src/shared/page-payload.ts), in
// Chromium: links in view are prefetched a few at a time, as payloads rather than whole pages; a
// hovered link's at once; none on 2g or with data saver. Navigating with a payload shows the new
// page (title, meta, content) in the sidebar the reader already has, its entry current; back and
// forward too; a missing payload, a page without the sidebar and a sidebar that changed fall back.
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { PAYLOAD_FILE, type PagePayload } from "../../src/shared/page-payload.ts";
import { hasChromium } from "./chromium.ts";
import { collapsibleCategories, useBrowserAndSite } from "./site.ts";

const ALPHA = "/integrations/services/alpha/";
const BETA = "/integrations/services/beta/";
/** Guides enough that a page shows more sidebar entries than it may prefetch. */
const EXTRA = Array.from({ length: 14 }, (_, i) => `g${String(i + 1).padStart(2, "0")}`);
const EXTRA_PAGES = Object.fromEntries(
  EXTRA.map((slug) => [
    `docs/services/${slug}/index.md`,
    `---\ntitle: Integrate with ${slug.toUpperCase()}\nsidebar_label: ${slug.toUpperCase()}\n` +
      `description: The ${slug} guide.\n---\n\n## What is ${slug}\n\nA guide of the monitoring category.\n`,
  ]),
);

const isPayload = (url: string) => new URL(url).pathname.endsWith(`/${PAYLOAD_FILE}`);

describe.skipIf(!hasChromium())("prefetch and navigation through page payloads", () => {
  const env = useBrowserAndSite(
    (c) => collapsibleCategories(c, ["services/beta/index", ...EXTRA.map((s) => `services/${s}/index`)]),
    EXTRA_PAGES,
  );
  let context: BrowserContext;
  afterEach(async () => {
    await context?.close();
  });

  /** Opens `path`, noting every fetch() the page makes, in order, and how many ran at once at most. */
  async function open(
    path: string,
    options: Parameters<Browser["newContext"]>[0] = {},
    prepare?: (page: Page) => Promise<unknown>,
  ) {
    context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    const page = await context.newPage();
    await prepare?.(page);
    const fetches: string[] = [];
    let running = 0;
    const most = { atOnce: 0 };
    const done = (r: Request) => {
      if (r.resourceType() === "fetch") running--;
    };
    page.on("request", (r) => {
      if (r.resourceType() !== "fetch") return;
      fetches.push(new URL(r.url()).pathname);
      most.atOnce = Math.max(most.atOnce, ++running);
    });
    page.on("requestfinished", done);
    page.on("requestfailed", done);
    await page.goto(env.site.origin + path);
    return { page, fetches, most };
  }

  /** Waits until nothing more is fetched for a while (prefetching has settled). */
  async function settled(page: Page, fetches: string[]): Promise<void> {
    let count = -1;
    while (count !== fetches.length) {
      count = fetches.length;
      await page.waitForTimeout(700);
    }
  }

  const marker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker);
  const setMarker = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));

  it("prefetches the payloads of links in view, at most two at a time and six per page, never whole pages", async () => {
    const { page, fetches, most } = await open(BETA);
    await settled(page, fetches);
    // More sidebar entries are in view than that: the allowance is what stops it.
    const inView = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLAnchorElement>(".doc-sidebar a[href]")].filter((a) => {
          const box = a.getBoundingClientRect();
          return box.bottom > 0 && box.top < innerHeight;
        }).length,
    );
    expect(inView).toBeGreaterThan(8);
    expect(fetches.length).toBe(6);
    expect(fetches.every((f) => f.endsWith(`/${PAYLOAD_FILE}`))).toBe(true);
    expect(most.atOnce).toBeLessThanOrEqual(2);
    // The links of the page's content come first: the breadcrumbs' docs home and services index.
    expect(fetches.slice(0, 2).sort()).toEqual([
      `/integrations/${PAYLOAD_FILE}`,
      `/integrations/services/${PAYLOAD_FILE}`,
    ]);
    // A payload is JSON with the page's parts, its sidebar left out (the element there, empty).
    const payload = (await (await context.request.get(env.site.origin + fetches[2])).json()) as PagePayload;
    expect(payload.sidebar).toMatch(/^[0-9a-f]{12}$/);
    expect(payload.parts["#page"]).toContain(
      `<nav class="sidebar" aria-label="Docs sidebar" data-sidebar="${payload.sidebar}"></nav>`,
    );
    expect(payload.parts["#page"]).not.toContain('href="/integrations/services/g14/"');
  });

  it("fetches a hovered link's payload at once, past the allowance for links in view", async () => {
    const { page, fetches } = await open(BETA);
    await settled(page, fetches);
    const target = "/integrations/services/g14/";
    expect(fetches).not.toContain(`${target}${PAYLOAD_FILE}`);
    const requested = page.waitForRequest((r) => isPayload(r.url()) && new URL(r.url()).pathname.startsWith(target));
    await page.hover(`.doc-sidebar a[href='${target}']`);
    await requested;
  });

  it("prefetches nothing on a 2g connection or with data saver, hovered or in view", async () => {
    for (const connection of [
      { effectiveType: "2g", saveData: false },
      { effectiveType: "slow-2g", saveData: false },
      { effectiveType: "4g", saveData: true },
    ]) {
      context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(
        (c) => Object.defineProperty(navigator, "connection", { value: c, configurable: true }),
        connection,
      );
      const page = await context.newPage();
      const fetches: string[] = [];
      page.on("request", (r) => void (r.resourceType() === "fetch" && fetches.push(r.url())));
      await page.goto(env.site.origin + BETA);
      await page.hover(".doc-sidebar a[href='/integrations/services/g05/']");
      await settled(page, fetches);
      expect(fetches, connection.effectiveType).toEqual([]);
      await context.close();
    }
  });

  it("navigates with the payload: the new page, its title and meta, in the same sidebar with its entry current", async () => {
    const { page, fetches } = await open(ALPHA);
    await setMarker(page);
    await page.evaluate(
      () => ((window as unknown as { kept: Element | null }).kept = document.querySelector(".sidebar")),
    );
    // Beta's category is closed on Alpha's page: the reader opens it.
    await page.click(".doc-sidebar summary:text-is('Monitoring')");
    await page.click(`.doc-sidebar a[href='${BETA}']`);
    await page.waitForURL(`**${BETA}`);
    await page.waitForSelector("h1:text('Integrate with Beta')");
    expect(await marker(page)).toBe(7);
    expect(fetches).toContain(`${BETA}${PAYLOAD_FILE}`);
    expect(fetches).not.toContain(BETA);
    expect(await page.title()).toBe("Integrate with Beta | Fixture");
    // The head's parts are those of Beta's own page.
    const beta = await (await context.request.get(env.site.origin + BETA)).text();
    const attribute = (selector: RegExp) => selector.exec(beta)![1].replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
    const head = () =>
      page.evaluate(() => [
        document.querySelector<HTMLMetaElement>('meta[name="description"]')!.content,
        document.querySelector<HTMLLinkElement>('link[rel="canonical"]')!.href,
        document.querySelector<HTMLMetaElement>('meta[property="og:title"]')!.content,
        document.querySelectorAll('meta[name="description"]').length,
      ]);
    expect(await head()).toEqual([
      attribute(/<meta name="description" content="([^"]*)"/),
      `https://fixture.example${BETA}`,
      "Integrate with Beta | Fixture",
      1,
    ]);
    const current = () =>
      page.evaluate(() => {
        const links = [...document.querySelectorAll(".sidebar a[aria-current='page']")];
        const open = [...document.querySelectorAll<HTMLDetailsElement>(".sidebar details")]
          .filter((d) => d.open)
          .map((d) => d.querySelector("summary")?.textContent);
        const same = document.querySelector(".sidebar") === (window as unknown as { kept: Element }).kept;
        return { current: links.map((a) => a.textContent), open, same };
      });
    // The categories stay as the reader left them.
    expect(await current()).toEqual({ current: ["Beta"], open: ["Development", "Monitoring"], same: true });
    expect(await page.locator(".breadcrumbs [aria-current=page]").textContent()).toBe("Beta");

    // The reader closes Alpha's category; going back to Alpha opens it again, its entry current.
    await page.click(".doc-sidebar summary:text-is('Development')");
    await expect.poll(async () => (await current()).open, { timeout: 10_000 }).toEqual(["Monitoring"]);
    await page.goBack();
    await page.waitForURL(`**${ALPHA}`);
    await page.waitForSelector("h1:text('Integrate with Alpha')");
    expect(await page.title()).toBe("Integrate with Alpha | Fixture");
    expect(await current()).toEqual({ current: ["Alpha"], open: ["Development", "Monitoring"], same: true });
    await page.goForward();
    await page.waitForURL(`**${BETA}`);
    await page.waitForSelector("h1:text('Integrate with Beta')");
    expect((await current()).current).toEqual(["Beta"]);
    expect(await marker(page)).toBe(7);
  });

  it("loads the page whole when its payload is missing", async () => {
    const G01 = "/integrations/services/g01/";
    // Missing from the start: a prefetch of the visible link must not have fetched it before.
    const { page } = await open(BETA, {}, (p) =>
      p.route(`**${G01}${PAYLOAD_FILE}`, (route) => route.fulfill({ status: 404, body: "Not found" })),
    );
    await setMarker(page);
    await page.click(`.doc-sidebar a[href='${G01}']`);
    await page.waitForURL(`**${G01}`);
    await page.waitForSelector("h1:text('Integrate with G01')");
    expect(await marker(page)).toBeUndefined();
  });

  it("fetches the next page whole from a page without the sidebar, and where the sidebar changed", async () => {
    const { page, fetches } = await open("/integrations/tags/integration");
    await setMarker(page);
    await page.click(`main a[href='${ALPHA}']`);
    await page.waitForSelector("h1:text('Integrate with Alpha')");
    expect(fetches).toContain(ALPHA);
    expect(await page.locator(".doc-sidebar a[aria-current=page]").textContent()).toBe("Alpha");
    // A sidebar other than the next page's (an edit in watch mode, say): that page comes whole.
    await page.evaluate(() => document.querySelector(".sidebar")!.setAttribute("data-sidebar", "other"));
    const SERVICES = "/integrations/services/";
    await page.click(`.doc-sidebar a[href='${SERVICES}']`);
    await page.waitForURL(`**${SERVICES}`);
    await page.waitForSelector(".doc-sidebar .sidebar:not([data-sidebar='other'])");
    expect(fetches).toContain(`${SERVICES}${PAYLOAD_FILE}`);
    expect(fetches).toContain(SERVICES);
    expect(await page.getAttribute(".sidebar", "data-sidebar")).toMatch(/^[0-9a-f]{12}$/);
    expect(await page.locator(".doc-sidebar a[aria-current=page]").textContent()).toBe("Applications");
    expect(await marker(page)).toBe(7);
  });
});
