// The site works under its Content-Security-Policy: one inline script, allowed by its hash, no
// inline event handlers, and no violation while a page with tabs, code and a diagram runs.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scriptHash } from "../../src/node/render/csp.ts";
import { hasChromium } from "./chromium.ts";
import { useBrowserAndSite } from "./site.ts";

describe.skipIf(!hasChromium())("Content-Security-Policy", () => {
  const env = useBrowserAndSite();

  it("every page has exactly one inline script, the hashed one, and no inline event handler", () => {
    const out = path.join(env.site.dir, "build");
    const pages = (function walk(d: string): string[] {
      return readdirSync(d).flatMap((n) =>
        statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : n.endsWith(".html") ? [path.join(d, n)] : [],
      );
    })(out);
    expect(pages.length).toBeGreaterThan(5);
    for (const file of pages) {
      const html = readFileSync(file, "utf8");
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      expect(inline, file).toHaveLength(1);
      expect(env.site.csp).toContain(`'${scriptHash(inline[0])}'`);
      expect(html, file).not.toMatch(/<[^>]+\son[a-z]+=/i);
    }
  });

  it("a page with tabs, code and a diagram runs under the policy without a violation", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const response = await page.goto(`${env.site.origin}/integrations/services/beta/`);
    expect(response?.headers()["content-security-policy"]).toBe(env.site.csp);
    await page.waitForSelector("[data-mermaid] svg");
    await page.getByRole("tab", { name: "SAML" }).first().click();
    expect(await page.getByText("SAML steps for Beta.").isVisible()).toBe(true);
    await page.click("[data-color-toggle]");
    await page.waitForFunction(() => document.querySelector("[data-mermaid]")?.getAttribute("data-theme") === "dark");
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    await context.close();
  });
});
