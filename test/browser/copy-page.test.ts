// "Copy page as Markdown" on a doc page in a real headless Chromium, under the site's
// Content-Security-Policy: the button copies the page's Markdown copy to the clipboard; without
// JavaScript it stays hidden and the "View as Markdown" link opens the copy; axe finds nothing in
// either colour mode.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hasChromium } from "./chromium.ts";
import { useSearchSession } from "./search-session.ts";

const GAMMA = "/integrations/services/gamma/";
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

describe.skipIf(!hasChromium())("Copy page as Markdown", () => {
  const session = useSearchSession();

  it("copies the page's Markdown to the clipboard, as served beside the page", async () => {
    const page = await session.open(GAMMA);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: session.site.origin });
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const button = page.getByRole("button", { name: "Copy page as Markdown" });
    expect(await button.isVisible()).toBe(true);
    await button.click();
    await page.waitForFunction(() => document.querySelector("[data-copy-page]")?.textContent === "Copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const served = await (await fetch(`${session.site.origin}${GAMMA}index.md`)).text();
    expect(copied).toBe(served);
    expect(copied.startsWith("# Integrate with Gamma\n")).toBe(true);
    expect(copied).toContain("## What is Gamma");
    // Nothing was refused by the Content-Security-Policy.
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await page.waitForFunction(
      () => document.querySelector("[data-copy-page]")?.textContent === "Copy page as Markdown",
    );
  });

  it("says so when the copy cannot be fetched", async () => {
    const page = await session.open(GAMMA);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: session.site.origin });
    session.site.control.pattern = /\/index\.md$/;
    session.site.control.fail = true;
    await page.getByRole("button", { name: "Copy page as Markdown" }).click();
    await page.waitForFunction(() => document.querySelector("[data-copy-page]")?.textContent === "Copy failed");
  });

  it("without JavaScript, hides the button and links the Markdown copy", async () => {
    const context = await session.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(session.site.origin + GAMMA);
    expect(await page.locator("[data-copy-page]").isVisible()).toBe(false);
    const link = page.getByRole("link", { name: "View as Markdown" });
    expect(await link.isVisible()).toBe(true);
    const response = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`${GAMMA}index.md`)),
      link.click(),
    ]).then(([r]) => r);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
  });

  for (const mode of ["light", "dark"] as const) {
    it(`passes axe around the title (${mode} mode)`, async () => {
      const page = await session.open(GAMMA, { colorScheme: mode });
      await page.evaluate(AXE);
      const result = (await page.evaluate(() =>
        (window as unknown as { axe: { run(c: unknown): Promise<unknown> } }).axe.run(".doc-header"),
      )) as { violations: { id: string; nodes: unknown[] }[] };
      expect(result.violations.map((v) => v.id)).toEqual([]);
    });
  }
});
