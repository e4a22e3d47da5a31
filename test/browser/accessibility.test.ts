// axe-core finds no violation on every kind of page (home, guide, services index, template guide,
// tags, tag, search, 404) and on two code-heavy guides of the real site (Grafana, Nextcloud), in
// both colour modes, on desktop and (with the menu open) on a phone; first-load page weight stays
// within budget.
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { hasChromium } from "./chromium.ts";
import { CODE_HEAVY_PAGES, useBrowserAndSite } from "./site.ts";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const PAGES = [
  "/",
  "/integrations/services/beta/",
  "/integrations/services/",
  "/integrations/template/service",
  "/integrations/tags",
  "/integrations/tags/integration",
  "/search",
  "/no-such-page",
  "/integrations/services/grafana/",
  "/integrations/services/nextcloud/",
];

interface AxeResult {
  violations: { id: string; help: string; nodes: { target: string[] }[] }[];
}

describe.skipIf(!hasChromium())("accessibility and page weight", () => {
  const env = useBrowserAndSite(undefined, CODE_HEAVY_PAGES);

  for (const mode of ["light", "dark"] as const) {
    const phone: [string, number] = ["/integrations/services/grafana/", 390];
    const runs = [...PAGES.map((route): [string, number] => [route, 1280]), phone];
    it.each(runs)(`%s at %i px has no axe violation in ${mode} mode`, async (route, width) => {
      // axe is injected as an inline script, which the site's CSP rightly forbids.
      const viewport = { width, height: 800 };
      const context = await env.browser.newContext({ colorScheme: mode, bypassCSP: true, viewport });
      try {
        const page = await context.newPage();
        await page.goto(env.site.origin + route);
        await page.waitForLoadState("load");
        await page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");
        if (width < 997) {
          // The mobile menu, open on the docs sidebar, and the outline above the article.
          await page.locator(".toc-mobile summary").click();
          await page.click("[data-menu-open]");
          await page.waitForFunction(() => document.getAnimations().every((a) => a.playState === "finished"));
        }
        expect(await page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe(mode);
        await page.addScriptTag({ content: AXE });
        const result = (await page.evaluate(() =>
          (window as unknown as { axe: { run(): Promise<unknown> } }).axe.run(),
        )) as AxeResult;
        const summary = result.violations.map(
          (v) =>
            `${v.id}: ${v.help} (${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")})`,
        );
        expect(summary).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("a guide's first load ships at most 80 KB of JavaScript and 25 KB of CSS, gzip, all scripts deferred", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const sizes = { js: 0, css: 0 };
    const files: string[] = [];
    page.on("requestfinished", (r) => {
      const url = new URL(r.url());
      const kind = url.pathname.endsWith(".js") ? "js" : url.pathname.endsWith(".css") ? "css" : null;
      if (!kind) return;
      files.push(url.pathname);
      sizes[kind] += gzipSync(readFileSync(path.join(env.site.dir, "build", url.pathname))).length;
    });
    // A guide without a diagram: mermaid must not load.
    await page.goto(`${env.site.origin}/integrations/services/alpha/`);
    await page.waitForLoadState("networkidle");
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll("script[src]")].map((s) => ({
        type: s.getAttribute("type"),
        defer: s.hasAttribute("defer"),
      })),
    );
    await context.close();
    expect(scripts.every((s) => s.type === "module" || s.defer)).toBe(true);
    expect(files.some((f) => /mermaid|katex|search/i.test(f))).toBe(false);
    expect(sizes.js).toBeGreaterThan(0);
    expect(sizes.js).toBeLessThanOrEqual(80 * 1024);
    expect(sizes.css).toBeLessThanOrEqual(25 * 1024);
    const inline = readdirSync(path.join(env.site.dir, "build/assets/js")).length;
    expect(inline).toBeGreaterThan(1);
  });
});
