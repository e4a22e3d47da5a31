// Tabs and the table of contents in Chromium: a heading inside a tab that is not selected is
// reached from the table of contents, from a link and from the address (the tab is selected, then
// the view scrolls to it); tab groups stay in step, are remembered under docusaurus.tab.<groupId>
// and follow `?<key>=`; the table of contents names the tab of repeated headings, lists every
// h2/h3 of the article and nothing else, makes the last entries active at the bottom, and shows
// as a collapsible outline above the article on narrow screens.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { hasChromium } from "./chromium.ts";
import { CODE_HEAVY_PAGES, useBrowserAndSite } from "./site.ts";

const GAMMA = "/integrations/services/gamma/";
const filler = (n: number) => `${"Text that fills the page so it scrolls. ".repeat(40)}\n\n`.repeat(n);

const GAMMA_PAGE = `---
title: Integrate with Gamma
sidebar_label: Gamma
---

## What is Gamma

Gamma is set up with OIDC or SAML: see the [SAML setup](#saml-setup).

<Tabs groupId="protocol" queryString>
<TabItem value="oidc" label="OIDC" default>

### Setup {#oidc-setup}

OIDC steps for Gamma.

</TabItem>
<TabItem value="saml" label="SAML">

### Setup {#saml-setup}

SAML steps for Gamma.

</TabItem>
</Tabs>

## Between

${filler(3)}

<Tabs groupId="protocol">
<TabItem value="oidc" label="OIDC" default>

Second OIDC block.

</TabItem>
<TabItem value="saml" label="SAML">

Second SAML block.

</TabItem>
</Tabs>

## Long section

${filler(6)}

## Last but one

Short.

## Last

Short.
`;

describe.skipIf(!hasChromium())("tabs and the table of contents", () => {
  const env = useBrowserAndSite(undefined, { ...CODE_HEAVY_PAGES, "docs/services/gamma/index.md": GAMMA_PAGE });
  let context: BrowserContext;
  afterEach(async () => {
    await context?.close();
  });

  async function open(path: string, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
    context ??= await env.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    const page = await context.newPage();
    await page.goto(env.site.origin + path);
    await page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");
    return page;
  }
  afterEach(() => {
    context = undefined as unknown as BrowserContext;
  });

  const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).isVisible();
  /** Whether the element's top is in the upper part of the view, below the navbar: scrolled to. */
  const scrolledTo = (page: Page, id: string) =>
    page.evaluate((i) => {
      const top = document.getElementById(i)!.getBoundingClientRect().top;
      return top >= 0 && top < 200;
    }, id);
  const stored = (page: Page) => page.evaluate(() => localStorage.getItem("docusaurus.tab.protocol"));

  describe("a heading inside a tab not selected", () => {
    it("is shown and scrolled to when the page is loaded with its #anchor; its group follows, nothing is remembered", async () => {
      const page = await open(`${GAMMA}#saml-setup`);
      await expect.poll(() => scrolledTo(page, "saml-setup"), { timeout: 10_000 }).toBe(true);
      expect(await visible(page, "SAML steps for Gamma.")).toBe(true);
      expect(await visible(page, "Second SAML block.")).toBe(true);
      expect(await stored(page)).toBeNull();
    });

    it("is reached from the table of contents and from a link in the text", async () => {
      const page = await open(GAMMA);
      expect(await visible(page, "SAML steps for Gamma.")).toBe(false);
      await page.locator(".doc-toc").getByRole("link", { name: "Setup (SAML)" }).click();
      await expect.poll(() => scrolledTo(page, "saml-setup"), { timeout: 10_000 }).toBe(true);
      expect(await visible(page, "SAML steps for Gamma.")).toBe(true);
      await page.getByRole("tab", { name: "OIDC" }).first().click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator(".markdown").getByRole("link", { name: "SAML setup" }).click();
      await expect.poll(() => scrolledTo(page, "saml-setup"), { timeout: 10_000 }).toBe(true);
      expect(await visible(page, "SAML steps for Gamma.")).toBe(true);
    });

    it("is shown when the address's #anchor changes (back, forward, typed)", async () => {
      const page = await open(`${GAMMA}#saml-setup`);
      await page.evaluate(() => (location.hash = "#oidc-setup"));
      await expect.poll(() => visible(page, "OIDC steps for Gamma."), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => scrolledTo(page, "oidc-setup"), { timeout: 10_000 }).toBe(true);
      await page.goBack();
      await expect.poll(() => visible(page, "SAML steps for Gamma."), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => scrolledTo(page, "saml-setup"), { timeout: 10_000 }).toBe(true);
    });

    it("is shown after a client navigation to it", async () => {
      const page = await open("/integrations/services/alpha/");
      await page.evaluate((href) => {
        const a = document.createElement("a");
        a.href = href;
        a.textContent = "to gamma's SAML setup";
        document.querySelector(".markdown")!.prepend(a);
      }, `${GAMMA}#saml-setup`);
      await page.click("text=to gamma's SAML setup");
      await page.waitForSelector("h1:text('Integrate with Gamma')");
      await expect.poll(() => scrolledTo(page, "saml-setup"), { timeout: 10_000 }).toBe(true);
      expect(await visible(page, "SAML steps for Gamma.")).toBe(true);
    });
  });

  describe("tab groups", () => {
    it("stay in step, are remembered under docusaurus.tab.<groupId>, and follow a choice made in another window", async () => {
      const page = await open(GAMMA);
      await page.getByRole("tab", { name: "SAML" }).first().click();
      expect(await visible(page, "Second SAML block.")).toBe(true);
      expect(await stored(page)).toBe("saml");
      const other = await open(GAMMA);
      expect(await visible(other, "SAML steps for Gamma.")).toBe(true);
      await page.getByRole("tab", { name: "OIDC" }).nth(1).click();
      await expect.poll(() => visible(other, "OIDC steps for Gamma."), { timeout: 10_000 }).toBe(true);
      expect(await visible(other, "Second OIDC block.")).toBe(true);
    });

    it("follow ?<groupId>= when the tabs say queryString, and a choice is written to the address", async () => {
      const page = await open(`${GAMMA}?protocol=saml`);
      expect(await visible(page, "SAML steps for Gamma.")).toBe(true);
      expect(await visible(page, "Second SAML block.")).toBe(false);
      await page.getByRole("tab", { name: "OIDC" }).first().click();
      expect(new URL(page.url()).searchParams.get("protocol")).toBe("oidc");
    });
  });

  describe("the table of contents", () => {
    const tocEntries = (page: Page) => page.locator(".doc-toc .toc a").allTextContents();
    /** Ids of the article's h2 and h3, in order. */
    const articleHeadings = (page: Page) =>
      page.locator("article :is(h2, h3)[id]").evaluateAll((hs) => hs.map((h) => h.id));
    const tocTargets = (page: Page) =>
      page
        .locator(".doc-toc .toc a")
        .evaluateAll((as) => as.map((a) => decodeURIComponent((a as HTMLAnchorElement).hash.slice(1))));

    it("names the tab of a heading whose text repeats, so no two entries read the same", async () => {
      // The real guide gives its tabs' headings names of their own; no entry repeats.
      const page = await open("/integrations/services/nextcloud/");
      const entries = await tocEntries(page);
      expect(new Set(entries).size).toBe(entries.length);
      expect(entries).toContain("Resources");
      expect(await tocEntries(await open(GAMMA))).toEqual(
        expect.arrayContaining(["Setup (OIDC)", "Setup (SAML)", "What is Gamma"]),
      );
    });

    it("lists every h2 and h3 of the article and nothing else; the help box is no heading", async () => {
      for (const route of [
        "/integrations/services/nextcloud/",
        "/integrations/services/grafana/",
        "/integrations/services/beta/",
        "/integrations/services/",
      ]) {
        const page = await open(route);
        expect(await tocTargets(page), route).toEqual(await articleHeadings(page));
        expect(
          await page
            .locator("article :is(h1, h2, h3, h4, h5, h6)", { hasText: "Help us improve this content" })
            .count(),
        ).toBe(0);
        await page.close();
      }
      const page = await open("/integrations/services/grafana/");
      expect(await page.locator(".help-box").getByText("Help us improve this content").isVisible()).toBe(true);
    });

    it("makes the last heading in view active at the bottom of the page", async () => {
      const page = await open(GAMMA);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForFunction(() => document.querySelector(".doc-toc a.active")?.getAttribute("href") === "#last");
      await page.evaluate(() => window.scrollBy(0, -300));
      await page.waitForFunction(
        () => document.querySelector(".doc-toc a.active")?.getAttribute("href") === "#long-section",
      );
    });

    it("is a collapsible outline above the article where the side one has no room", async () => {
      const page = await open(GAMMA, { viewport: { width: 390, height: 700 } });
      const outline = page.locator(".toc-mobile");
      expect(await page.locator(".doc-toc").isVisible()).toBe(false);
      expect(await outline.isVisible()).toBe(true);
      expect(await outline.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      // Above the article's title.
      expect(
        await outline.evaluate(
          (d) => d.getBoundingClientRect().bottom <= document.querySelector("h1")!.getBoundingClientRect().top,
        ),
      ).toBe(true);
      await outline.locator("summary").click();
      await outline.getByRole("link", { name: "Long section" }).click();
      await expect.poll(() => scrolledTo(page, "long-section"), { timeout: 10_000 }).toBe(true);
      expect(await outline.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await outline.isVisible()).toBe(false);
      expect(await page.locator(".doc-toc").isVisible()).toBe(true);
    });
  });
});
