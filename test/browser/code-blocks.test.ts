// Code blocks in Chromium: the toolbar above the code holds the title or the language and the
// buttons, so no button ever covers code; the block stands apart from the page on a tinted
// background in both colour modes; long lines get a soft-wrap toggle; a heading made only of
// inline code still looks like a heading.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { hasChromium } from "./chromium.ts";
import { CODE_HEAVY_PAGES, useBrowserAndSite } from "./site.ts";

const DELTA = "/integrations/services/delta/";
const LONG_LINE = `curl -X POST https://authentik.company/application/o/token/ -d "grant_type=client_credentials&client_id=${"x".repeat(80)}&client_secret=${"y".repeat(60)}"`;

const DELTA_PAGE = `---
title: Integrate with Delta
sidebar_label: Delta
---

## Settings

\`\`\`yaml
short: value
\`\`\`

\`\`\`python title="settings.py"
DEBUG = False
\`\`\`

\`\`\`bash
${LONG_LINE}
\`\`\`

## \`delta --check\`

Text under a heading made of code.
`;

describe.skipIf(!hasChromium())("code blocks", () => {
  const env = useBrowserAndSite(undefined, { ...CODE_HEAVY_PAGES, "docs/services/delta/index.md": DELTA_PAGE });
  let context: BrowserContext;
  afterEach(async () => {
    await context?.close();
  });

  async function open(path: string, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
    context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    const page = await context.newPage();
    await page.goto(env.site.origin + path);
    await page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");
    return page;
  }

  /** Blocks whose buttons overlap their code, as "page: first line of the block". */
  const coveredCode = (page: Page) =>
    page.locator(".code-block").evaluateAll((blocks) =>
      blocks.flatMap((block) => {
        const pre = block.querySelector("pre")!.getBoundingClientRect();
        return [...block.querySelectorAll("button")]
          .map((b) => b.getBoundingClientRect())
          .filter(
            (b) => b.width > 0 && b.left < pre.right && b.right > pre.left && b.top < pre.bottom && b.bottom > pre.top,
          )
          .map(() => block.textContent!.slice(0, 60));
      }),
    );

  for (const width of [1280, 390]) {
    it(`no button covers code on the code-heavy guides at ${width} px, even while hovered`, async () => {
      for (const route of ["/integrations/services/grafana/", "/integrations/services/nextcloud/", DELTA]) {
        const page = await open(route, { viewport: { width, height: 800 } });
        expect(await page.locator(".code-block").count()).toBeGreaterThan(2);
        await page.locator(".code-block:visible").first().hover();
        expect(await coveredCode(page), route).toEqual([]);
        await context.close();
      }
    });
  }

  it("shows the title, else the language, above the code", async () => {
    const page = await open(DELTA);
    const headers = await page
      .locator(".code-header")
      .evaluateAll((hs) => hs.map((h) => h.querySelector(".code-title, .code-lang")!.textContent));
    expect(headers).toEqual(["yaml", "settings.py", "bash"]);
  });

  for (const mode of ["light", "dark"] as const) {
    it(`stands apart from the page on a tinted background in ${mode} mode`, async () => {
      const page = await open(DELTA, { colorScheme: mode });
      const [pageBg, codeBg] = await page.evaluate(() => [
        getComputedStyle(document.body).backgroundColor,
        getComputedStyle(document.querySelector(".code-block pre")!).backgroundColor,
      ]);
      expect(codeBg).not.toBe(pageBg);
      expect(codeBg).not.toBe("rgba(0, 0, 0, 0)");
    });
  }

  it("gives a block with lines too long a soft-wrap toggle, and the copy stays the same", async () => {
    const page = await open(DELTA);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.site.origin });
    const long = page.locator(".code-block", { hasText: "client_secret" });
    const overflow = () => long.locator("pre").evaluate((p) => p.scrollWidth > p.clientWidth + 1);
    expect(await overflow()).toBe(true);
    // Short blocks have no toggle.
    expect(
      await page
        .locator(".code-block", { hasText: "short: value" })
        .getByRole("button", { name: "Toggle word wrap" })
        .isVisible(),
    ).toBe(false);
    const wrap = long.getByRole("button", { name: "Toggle word wrap" });
    expect(await wrap.getAttribute("aria-pressed")).toBe("false");
    await wrap.click();
    expect(await wrap.getAttribute("aria-pressed")).toBe("true");
    expect(await overflow()).toBe(false);
    await long.getByRole("button", { name: "Copy code to clipboard" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(LONG_LINE);
    await wrap.click();
    expect(await overflow()).toBe(true);
  });

  it("keeps a heading made only of inline code a heading: its size and weight, no pill", async () => {
    const page = await open(DELTA);
    const style = await page.locator("h2", { hasText: "delta --check" }).evaluate((h) => {
      const code = h.querySelector("code")!;
      const cs = getComputedStyle(code);
      return {
        background: cs.backgroundColor,
        ratio: parseFloat(cs.fontSize) / parseFloat(getComputedStyle(h).fontSize),
        weight: Number(cs.fontWeight),
      };
    });
    expect(style.background).toBe("rgba(0, 0, 0, 0)");
    expect(style.ratio).toBeGreaterThan(0.85);
    expect(style.weight).toBeGreaterThanOrEqual(600);
  });
});
