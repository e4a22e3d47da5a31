// The search dialog in a real headless Chromium, with the embedded backend: opening and closing,
// statuses, screens and their texts, grouping, snippets at 768 / 769 px, highlights, keyboard,
// recent and favorite searches, and client navigation to the chosen hit. Both colour modes.
import type { Browser, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { hasChromium } from "./chromium.ts";
import { useSearchSession } from "./search-session.ts";

const ALPHA = "/integrations/services/alpha/";
const RECENT_KEY = "__DOCSEARCH_RECENT_SEARCHES__embedded";
const FAVORITE_KEY = "__DOCSEARCH_FAVORITE_SEARCHES__embedded";

describe.skipIf(!hasChromium())("the search dialog", () => {
  const session = useSearchSession();

  const open = (path = ALPHA, options: Parameters<Browser["newContext"]>[0] = {}) => session.open(path, options);

  const dialog = (page: Page) => page.locator("[data-search-dialog]");
  const input = (page: Page) => page.locator(".search-input");

  async function search(page: Page, query: string): Promise<void> {
    await page.locator("[data-search-button]").click();
    await dialog(page).waitFor();
    await input(page).fill(query);
    await page.waitForFunction(
      () => document.querySelector("[data-search-dialog]")?.getAttribute("data-status") === "idle",
    );
  }

  const titles = (page: Page) => page.locator(".search-hit-title").allTextContents();

  describe("opening and closing", () => {
    it("shows the search button with its label, and the dialog's texts on opening", async () => {
      const page = await open();
      const button = page.locator("[data-search-button]");
      expect(await button.getAttribute("aria-label")).toBe("Search (Ctrl+K)");
      expect(await button.locator(".search-button-text").textContent()).toBe("Search");
      await button.click();
      await dialog(page).waitFor();
      expect(await dialog(page).isVisible()).toBe(true);
      expect(await input(page).getAttribute("placeholder")).toBe("Search docs");
      expect(await input(page).getAttribute("maxlength")).toBe("64");
      expect(await page.evaluate(() => document.activeElement?.classList.contains("search-input"))).toBe(true);
      expect(await page.locator(".search-start-screen").textContent()).toBe("No recent searches");
      // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out, line breaks included
      expect(await page.locator(".search-commands").innerText()).toMatch(/to select[\s\S]*to navigate[\s\S]*to close/);
      await input(page).fill("x");
      expect(await page.locator(".search-reset").getAttribute("aria-label")).toBe("Clear the query");
      await page.locator(".search-reset").click();
      expect(await input(page).inputValue()).toBe("");
    });

    it("loads neither the dialog code nor the index on first paint; hovering or focusing the button preloads both", async () => {
      const page = await open();
      const urls: string[] = [];
      page.on("request", (r) => urls.push(new URL(r.url()).pathname));
      await page.waitForTimeout(300);
      expect(urls.filter((u) => /dialog-|search\/(index|texts)\.json/.test(u))).toEqual([]);
      await page.locator("[data-search-button]").hover();
      // The index's first part, then its texts.
      await page.waitForResponse((r) => r.url().endsWith("/search/texts.json"));
      expect(urls.filter((u) => /^\/search\/\w+\.json$/.test(u) && !u.includes("page-data"))).toEqual([
        "/search/index.json",
        "/search/texts.json",
      ]);
      expect(urls.some((u) => /\/assets\/js\/dialog-[^/]+\.js$/.test(u))).toBe(true);
      expect(await dialog(page).count()).toBe(0);

      const other = await open();
      const loaded = other.waitForResponse((r) => r.url().endsWith("/search/index.json"));
      await other.locator("[data-search-button]").focus();
      await loaded;
      expect(await dialog(other).count()).toBe(0);
    });

    it("toggles with Ctrl+K and closes with Escape, restoring the scroll position", async () => {
      const page = await open("/integrations/services/delta/");
      await page.evaluate(() => window.scrollTo(0, 400));
      await page.keyboard.press("Control+k");
      await dialog(page).waitFor();
      await page.keyboard.press("Control+k");
      await dialog(page).waitFor({ state: "detached" });
      await page.keyboard.press("Control+k");
      await dialog(page).waitFor();
      await page.keyboard.press("Escape");
      await dialog(page).waitFor({ state: "detached" });
      expect(await page.evaluate(() => window.scrollY)).toBe(400);
    });

    it("shows ⌘ and Command+K on Apple platforms, where Cmd+K toggles", async () => {
      const context = await session.newContext();
      await context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, "platform", { get: () => "MacIntel" }),
      );
      const page = await context.newPage();
      await page.goto(session.site.origin + ALPHA);
      await page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");
      const button = page.locator("[data-search-button]");
      expect(await button.getAttribute("aria-label")).toBe("Search (Command+K)");
      expect(await button.locator("[data-mod-key]").getAttribute("data-key")).toBe("⌘");
      await page.keyboard.press("Meta+k");
      await dialog(page).waitFor();
      await page.keyboard.press("Meta+k");
      await dialog(page).waitFor({ state: "detached" });
    });

    it("opens with / unless focus is in a field", async () => {
      const page = await open("/search");
      await page.locator(".search-page-input").focus();
      await page.keyboard.press("/");
      await page.waitForTimeout(200);
      expect(await dialog(page).count()).toBe(0);
      expect(await page.locator(".search-page-input").inputValue()).toBe("/");
      await page.locator("h1").click();
      await page.keyboard.press("/");
      await dialog(page).waitFor();
      expect(await input(page).inputValue()).toBe("");
    });

    it("closes on a click on the backdrop, not on a click inside", async () => {
      const page = await open();
      await page.locator("[data-search-button]").click();
      await dialog(page).waitFor();
      await page.locator(".search-modal").click({ position: { x: 100, y: 200 } });
      expect(await dialog(page).count()).toBe(1);
      await page.mouse.click(20, 700);
      await dialog(page).waitFor({ state: "detached" });
    });

    it("shows Cancel at 768 px, which closes, and not at 769 px", async () => {
      const page = await open(ALPHA, { viewport: { width: 768, height: 800 } });
      await page.locator("[data-search-button]").click();
      await page.getByRole("button", { name: "Cancel" }).click();
      await dialog(page).waitFor({ state: "detached" });
      const wide = await open(ALPHA, { viewport: { width: 769, height: 800 } });
      await wide.locator("[data-search-button]").click();
      expect(await wide.getByRole("button", { name: "Cancel" }).isVisible()).toBe(false);
    });

    it("closes on Back on a phone, where the reader was, and leaves no history entry behind", async () => {
      const DELTA = "/integrations/services/delta/";
      const page = await open(ALPHA, { viewport: { width: 390, height: 844 } });
      await page.goto(session.site.origin + DELTA);
      await page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");
      await page.evaluate(() => window.scrollTo(0, 400));
      // A tap where the button is (a locator's click would first scroll the page to the sticky navbar's place).
      const button = (await page.locator("[data-search-button]").boundingBox())!;
      await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
      await input(page).fill("kumquat");
      await page.goBack();
      await dialog(page).waitFor({ state: "detached" });
      expect(new URL(page.url()).pathname).toBe(DELTA);
      expect(await page.evaluate(() => window.scrollY)).toBe(400);
      // Closed by Cancel, then a hit chosen: Back leaves the page each time, as it would without search.
      await page.locator("[data-search-button]").click();
      await page.getByRole("button", { name: "Cancel" }).click();
      await dialog(page).waitFor({ state: "detached" });
      await page.locator("[data-search-button]").click();
      await input(page).fill("kumquat");
      await page.locator(".search-hit").first().waitFor();
      await page.keyboard.press("Enter");
      await page.waitForURL("**/integrations/services/gamma/**");
      await page.goBack();
      await page.waitForURL(`**${DELTA}`);
      await page.waitForFunction(() => document.querySelector("h1")?.textContent === "Integrate with Delta");
      expect(await dialog(page).count()).toBe(0);
      await page.goBack();
      await page.waitForURL(`**${ALPHA}`);
    });

    it("opens with the key typed on the focused search button as the query", async () => {
      const page = await open();
      await page.locator("[data-search-button]").focus();
      await page.keyboard.press("k");
      await dialog(page).waitFor();
      expect(await input(page).inputValue()).toBe("k");
    });

    // The dialog's code loads on the first open after a page load; on a slow device that takes a
    // while, and a reader types on at once: every key must reach the query, in order.
    const shortcuts: Record<string, (page: Page) => Promise<void>> = {
      "Ctrl+K": (page) => page.keyboard.press("Control+k"),
      "/": (page) => page.keyboard.press("/"),
      "a click on the button": (page) => page.locator("[data-search-button]").click(),
    };
    for (const [name, shortcut] of Object.entries(shortcuts)) {
      it(`keeps every key typed at once after ${name} on a slow device`, async () => {
        const page = await open();
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
        await shortcut(page);
        await page.keyboard.type("kumquat");
        await dialog(page).waitFor();
        await page.waitForFunction(
          () => document.querySelector("[data-search-dialog]")?.getAttribute("data-status") === "idle",
        );
        expect(await input(page).inputValue()).toBe("kumquat");
        expect(await titles(page)).toContain("Integrate with Gamma");
        // More keys go on the end of the query.
        await page.keyboard.type(" note");
        expect(await input(page).inputValue()).toBe("kumquat note");
      });
    }

    it("starts from the selected text, cut to 64 characters", async () => {
      const page = await open();
      await page.evaluate(() => {
        const p = document.createElement("p");
        p.id = "sel";
        p.textContent = "kumquat ".repeat(20).trim();
        document.getElementById("main-content")!.prepend(p);
        const range = document.createRange();
        range.selectNodeContents(p);
        window.getSelection()!.addRange(range);
      });
      await page.keyboard.press("Control+k");
      await dialog(page).waitFor();
      const value = await input(page).inputValue();
      expect(value).toHaveLength(64);
      expect(value.startsWith("kumquat kumquat")).toBe(true);
    });

    it("keeps focus inside the dialog while tabbing", async () => {
      const page = await open();
      await search(page, "zebra");
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press("Tab");
        expect(
          await page.evaluate(() => document.querySelector("[data-search-dialog]")!.contains(document.activeElement)),
        ).toBe(true);
      }
    });
  });

  describe("results", () => {
    for (const mode of ["light", "dark"] as const) {
      it(`groups hits by section and page, at most 5 per group, with <mark> highlights (${mode} mode)`, async () => {
        const page = await open(ALPHA, { colorScheme: mode });
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
        await search(page, "zebra");
        const groups = await page.locator(".search-section .search-hit-source").allTextContents();
        expect(groups.sort()).toEqual(["Monitoring", "Networking"]);
        // Each group: a page, its best 3 sections set in under it, then the next page.
        for (const section of await page.locator(".search-section").all()) {
          const hits = await section
            .locator(".search-hit")
            .evaluateAll((lis) => lis.map((li) => li.classList.contains("search-hit-child")));
          expect(hits).toEqual([false, true, true, true, false]);
          expect(await section.locator(".search-hit-title").first().textContent()).toMatch(
            /^Integrate with [A-Z][a-z]+$/,
          );
        }
        const mark = page.locator(".search-hit-child mark").first();
        expect((await mark.textContent())?.toLowerCase()).toBe("zebra");
        // A content hit shows its page as the path.
        expect(await page.locator(".search-hit-child .search-hit-path").first().textContent()).toMatch(
          /^Integrate with [A-Z][a-z]+$/,
        );
        // See all counts pages, not records.
        expect(await page.locator("[data-see-all]").textContent()).toBe("See all 7 results");
        const colors = await page.evaluate(() => ({
          modal: getComputedStyle(document.querySelector(".search-modal")!).backgroundColor,
          text: getComputedStyle(document.querySelector(".search-hit-title")!).color,
        }));
        expect(colors.modal).toBe(mode === "light" ? "rgb(245, 246, 247)" : "rgb(21, 23, 42)");
        expect(colors.text).not.toBe(colors.modal);
      });
    }

    it("shows a heading hit with its page as path and a page hit with its title", async () => {
      const page = await open();
      await search(page, "advanced protocol");
      const hit = page.locator(".search-hit-child").first();
      expect(await hit.locator(".search-hit-title").textContent()).toBe("Advanced protocol settings");
      expect(await hit.locator(".search-hit-path").textContent()).toBe("Integrate with Gamma");
      await input(page).fill("gamma");
      await page.waitForFunction(
        () => document.querySelector(".search-hit-title")?.textContent === "Integrate with Gamma",
      );
    });

    it("cuts snippets to 10 words at 769 px and to 5 at 768 px", async () => {
      const wide = await open(ALPHA, { viewport: { width: 769, height: 800 } });
      await search(wide, "quokka");
      expect(await titles(wide)).toContain("…juliet kilo lima quokka mike november oscar papa quebec romeo…");
      const narrow = await open(ALPHA, { viewport: { width: 768, height: 800 } });
      await search(narrow, "quokka");
      expect(await titles(narrow)).toContain("…lima quokka mike november oscar…");
    });

    it("shows text that looks like HTML as text: only <mark> is markup", async () => {
      const page = await open();
      await search(page, "onerror");
      const hit = page.locator(".search-hit-child .search-hit-title").first();
      expect(await hit.textContent()).toContain('<img src=x onerror="window.__xss=1">');
      expect(await page.locator(".search-hit img").count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      const tags = await page.evaluate(() =>
        [...document.querySelectorAll(".search-hit-title *, .search-hit-path *")].map((e) => e.tagName),
      );
      expect(new Set(tags)).toEqual(new Set(["MARK"]));
    });

    it("shows the no-results screen with suggestions that set the query and a report link", async () => {
      const page = await open();
      await search(page, "qwertyuiop");
      const screen = page.locator(".search-no-results");
      expect(await screen.locator(".search-title").textContent()).toBe('No results for "qwertyuiop"');
      expect(await screen.getByText("Try searching for:").isVisible()).toBe(true);
      const suggestions = await screen.locator(".search-suggestion").allTextContents();
      expect(suggestions.length).toBeGreaterThan(0);
      expect(suggestions.length).toBeLessThanOrEqual(3);
      for (const s of suggestions) expect(s).toBe(s.toLowerCase());
      expect(await screen.getByText("Believe this query should return results?").isVisible()).toBe(true);
      const report = screen.getByRole("link", { name: "Let us know." });
      expect(await report.getAttribute("target")).toBe("_blank");
      expect(await report.getAttribute("href")).toBe("https://github.com/example/fixture/issues/new?title=qwertyuiop");
      await screen.locator(".search-suggestion").first().click();
      expect(await input(page).inputValue()).toBe(suggestions[0]);
      await page.locator(".search-hit").first().waitFor();
    });

    it("links See all to the search page with the query and closes", async () => {
      const page = await open();
      await search(page, "zebra crossing");
      const link = page.locator("[data-see-all]");
      expect(await link.getAttribute("href")).toBe("/search?q=zebra%20crossing");
      await link.click();
      await dialog(page).waitFor({ state: "detached" });
      await page.waitForURL(/\/search\?q=zebra/);
      await page.locator(".search-result").first().waitFor();
      expect(await page.locator("h1").textContent()).toBe('Search results for "zebra crossing"');
    });
  });

  describe("accessibility in both colour modes", () => {
    const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    const violations = async (page: Page) => {
      // Each option holds a link (as DocSearch's do), so a hit also opens in a new tab with a
      // middle click; axe's nested-interactive rule objects to that one deliberate pattern.
      const result = (await page.evaluate(() =>
        (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe.run(
          "[data-search-dialog]",
          { rules: { "nested-interactive": { enabled: false } } },
        ),
      )) as {
        violations: { id: string; nodes: { target: string[] }[] }[];
      };
      return result.violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    };
    for (const mode of ["light", "dark"] as const) {
      it(`has no axe violation in the dialog's start, results, no-results and error screens (${mode} mode)`, async () => {
        // axe goes in as an inline script, which the site's policy rightly forbids.
        const page = await open(ALPHA, { colorScheme: mode, bypassCSP: true });
        await page.addScriptTag({ content: AXE });
        await page.keyboard.press("Control+k");
        await dialog(page).waitFor();
        expect(await violations(page)).toEqual([]);
        await input(page).fill("zebra");
        await page.locator(".search-hit").first().waitFor();
        expect(await violations(page)).toEqual([]);
        await input(page).fill("qwertyuiop");
        await page.locator(".search-no-results").waitFor();
        expect(await violations(page)).toEqual([]);
        await page.keyboard.press("Escape");
        session.site.control.pattern = /\/search\/index\.json/;
        session.site.control.fail = true;
        const failing = await open(ALPHA, { colorScheme: mode, bypassCSP: true });
        await failing.addScriptTag({ content: AXE });
        await failing.keyboard.press("Control+k");
        await failing.locator(".search-input").fill("zebra");
        await failing.locator(".search-error-screen").waitFor();
        expect(await violations(failing)).toEqual([]);
      });
    }
  });

  describe("statuses", () => {
    it("goes loading, then stalled while the answer is pending, then idle with hits", async () => {
      const page = await open();
      session.site.control.pattern = /\/search\/index\.json/;
      session.site.control.ms = 1500;
      await page.locator("[data-search-button]").click();
      await input(page).fill("zebra");
      expect(["loading", "stalled"]).toContain(await dialog(page).getAttribute("data-status"));
      await page.waitForFunction(
        () => document.querySelector("[data-search-dialog]")?.getAttribute("data-status") === "stalled",
      );
      expect(await page.locator(".search-spinner").isVisible()).toBe(true);
      await page.waitForFunction(
        () => document.querySelector("[data-search-dialog]")?.getAttribute("data-status") === "idle",
      );
      expect(await page.locator(".search-hit").count()).toBeGreaterThan(0);
    });

    it("shows the error screen when the index cannot be fetched, and recovers when it can", async () => {
      const page = await open();
      session.site.control.pattern = /\/search\/index\.json/;
      session.site.control.fail = true;
      await page.locator("[data-search-button]").click();
      await input(page).fill("zebra");
      await page.waitForFunction(
        () => document.querySelector("[data-search-dialog]")?.getAttribute("data-status") === "error",
      );
      expect(await page.locator(".search-error-screen .search-title").textContent()).toBe("Unable to fetch results");
      expect(await page.locator(".search-error-screen .search-help").textContent()).toBe(
        "You might want to check your network connection.",
      );
      session.site.control.fail = false;
      session.site.control.pattern = null;
      await input(page).fill("zebras");
      await page.locator(".search-hit").first().waitFor();
    });
  });

  describe("the index in two parts", () => {
    /** Holds back the requests of the index's texts until `release` is called. */
    async function holdTexts(page: Page) {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let asked = () => {};
      const requested = new Promise<void>((resolve) => (asked = resolve));
      await page.route("**/search/texts.json", async (route) => {
        asked();
        await released;
        await route.continue();
      });
      return { requested, release };
    }
    const status = (page: Page) => dialog(page).getAttribute("data-status");
    /** "epsilon" without the texts: the page, then its headings (Notes is under its title). */
    const FIRST_PART_ANSWER = ["Integrate with Epsilon", "What is Epsilon", "Notes"];
    const idle = (page: Page) =>
      page.waitForFunction(
        () => document.querySelector("[data-search-dialog]")?.getAttribute("data-status") === "idle",
      );

    it("answers a guide's name from the first part while the texts are held back, then shows snippets", async () => {
      const page = await open();
      const texts = await holdTexts(page);
      await page.locator("[data-search-button]").click();
      await input(page).fill("epsilon");
      await texts.requested;
      await page.locator(".search-hit").first().waitFor();
      // The page and its headings, from titles and headings alone; the answer is still loading.
      expect(await titles(page)).toEqual(FIRST_PART_ANSWER);
      expect(["loading", "stalled"]).toContain(await status(page));
      await page.waitForFunction(
        () => document.querySelector("[data-search-dialog]")?.getAttribute("data-status") === "stalled",
      );
      expect(await titles(page)).toEqual(FIRST_PART_ANSWER);
      // The hit the reader moves to stays chosen when the whole answer replaces this one.
      await page.keyboard.press("ArrowDown");
      texts.release();
      await idle(page);
      const shown = await titles(page);
      expect(shown[0]).toBe("Integrate with Epsilon");
      expect(await page.locator('.search-hit[aria-selected="true"] .search-hit-title').textContent()).toBe(
        "What is Epsilon",
      );
      expect(shown).toContain("Epsilon is another pretend service.");
      const snippet = page.locator(".search-hit-title", { hasText: "Epsilon is another pretend service." });
      expect(await snippet.locator("mark").textContent()).toBe("Epsilon");
    });

    it("keeps the first part's answer when the texts cannot be fetched, and fetches them again on the next query", async () => {
      const page = await open();
      let reachable = false;
      await page.route("**/search/texts.json", (route) => (reachable ? route.continue() : route.abort()));
      await page.locator("[data-search-button]").click();
      await input(page).fill("epsilon");
      await idle(page);
      expect(await titles(page)).toEqual(FIRST_PART_ANSWER);
      expect(await page.locator(".search-error-screen").count()).toBe(0);
      reachable = true;
      await input(page).fill("epsilon pretend");
      await idle(page);
      expect(await titles(page)).toContain("Epsilon is another pretend service.");
    });

    it("fetches both parts again when the texts come from another build (published between the two requests)", async () => {
      const page = await open();
      const asked: string[] = [];
      page.on("request", (r) => {
        if (/\/search\/(index|texts)\.json$/.test(r.url())) asked.push(new URL(r.url()).pathname);
      });
      let stale = true;
      await page.route("**/search/texts.json", async (route) => {
        if (!stale) return route.continue();
        stale = false;
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), key: "an-older-build" } });
      });
      await page.locator("[data-search-button]").click();
      await input(page).fill("epsilon");
      await idle(page);
      expect(await titles(page)).toContain("Epsilon is another pretend service.");
      expect(asked).toEqual(["/search/index.json", "/search/texts.json", "/search/index.json", "/search/texts.json"]);
    });
  });

  describe("keyboard and choosing a hit", () => {
    it("moves the selection with the arrows and opens it with Enter by client navigation, at its anchor", async () => {
      const page = await open();
      await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
      await search(page, "advanced protocol");
      const selected = () => page.locator('.search-hit[aria-selected="true"] .search-hit-title').textContent();
      // The page comes first, then its sections.
      expect(await selected()).toBe("Integrate with Gamma");
      await page.keyboard.press("ArrowDown");
      expect(await selected()).toBe("Advanced protocol settings");
      await page.keyboard.press("ArrowDown");
      expect(await selected()).not.toBe("Advanced protocol settings");
      await page.keyboard.press("ArrowUp");
      expect(await selected()).toBe("Advanced protocol settings");
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/integrations\/services\/gamma\/#advanced-protocol-settings$/);
      await dialog(page).waitFor({ state: "detached" });
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
      expect(await page.locator("h1").textContent()).toBe("Integrate with Gamma");
      await page.waitForFunction(() => {
        const top = document.getElementById("advanced-protocol-settings")!.getBoundingClientRect().top;
        return top >= 0 && top < 200;
      });
    });

    it("navigates on a click too", async () => {
      const page = await open();
      await search(page, "epsilon");
      await page.locator(".search-hit-link").first().click();
      await page.waitForURL(/\/integrations\/services\/epsilon\//);
      expect(await page.locator("h1").textContent()).toBe("Integrate with Epsilon");
    });
  });

  describe("recent and favorite searches", () => {
    const stored = (page: Page, key: string) =>
      page.evaluate(
        (k) =>
          JSON.parse(localStorage.getItem(k) ?? "[]") as {
            objectID: string;
            type: string;
            hierarchy: { lvl1: string };
          }[],
        key,
      );

    it("keeps a chosen hit as recent (a content hit as its page), saves and removes searches", async () => {
      const page = await open();
      await search(page, "kumquat setting number 3");
      expect(await page.locator(".search-hit").first().getAttribute("aria-selected")).toBe("true");
      await page.keyboard.press("Enter");
      await page.waitForURL(/gamma/);
      const recents = await stored(page, RECENT_KEY);
      expect(recents).toHaveLength(1);
      expect(recents[0]).toMatchObject({ type: "lvl1", hierarchy: { lvl1: "Integrate with Gamma" } });

      await page.keyboard.press("Control+k");
      await dialog(page).waitFor();
      const recent = page.locator('[data-section="recent"]');
      expect(await recent.locator(".search-hit-source").textContent()).toBe("Recent");
      expect(await recent.locator(".search-hit-title").textContent()).toBe("Integrate with Gamma");
      await recent.getByRole("button", { name: "Save this search" }).click();
      const favorite = page.locator('[data-section="favorite"]');
      expect(await favorite.locator(".search-hit-source").textContent()).toBe("Favorite");
      expect(await favorite.locator(".search-hit-title").textContent()).toBe("Integrate with Gamma");
      expect(await page.locator('[data-section="recent"]').count()).toBe(0);
      expect(await stored(page, FAVORITE_KEY)).toHaveLength(1);

      // Choosing a favorite does not make it recent.
      await favorite.locator(".search-hit-link").click();
      await dialog(page).waitFor({ state: "detached" });
      expect(await stored(page, RECENT_KEY)).toHaveLength(0);

      await page.keyboard.press("Control+k");
      await page.getByRole("button", { name: "Remove this search from favorites" }).click();
      expect(await page.locator(".search-start-screen").textContent()).toBe("No recent searches");
      expect(await stored(page, FAVORITE_KEY)).toHaveLength(0);
    });

    it("removes a recent search, moves a repeated one to the front and keeps 7, or 4 while favorites exist, and 10 favorites", async () => {
      const page = await open();
      const item = (i: number) => ({
        objectID: `seed-${i}`,
        type: "lvl1",
        url: `/integrations/#s${i}`,
        hierarchy: {
          lvl0: "Documentation",
          lvl1: `Seed ${i}`,
          lvl2: null,
          lvl3: null,
          lvl4: null,
          lvl5: null,
          lvl6: null,
        },
        content: null,
      });
      await page.evaluate(([key, items]) => localStorage.setItem(key as string, JSON.stringify(items)), [
        RECENT_KEY,
        Array.from({ length: 7 }, (_, i) => item(i)),
      ] as const);
      await search(page, "epsilon");
      await page.keyboard.press("Enter");
      await page.waitForURL(/epsilon/);
      let recents = await stored(page, RECENT_KEY);
      expect(recents).toHaveLength(7);
      expect(recents[0].hierarchy.lvl1).toBe("Integrate with Epsilon");
      expect(recents.map((r) => r.objectID)).not.toContain("seed-6");

      // Choosing a recent again moves it to the front.
      await page.keyboard.press("Control+k");
      await page.locator('[data-section="recent"] .search-hit-title', { hasText: "Seed 3" }).click();
      recents = await stored(page, RECENT_KEY);
      expect(recents[0].objectID).toBe("seed-3");
      expect(recents).toHaveLength(7);

      await page.keyboard.press("Control+k");
      await dialog(page).waitFor();
      await page
        .locator('[data-section="recent"] .search-hit')
        .first()
        .getByRole("button", { name: "Remove this search from history" })
        .click();
      expect(await stored(page, RECENT_KEY)).toHaveLength(6);
      expect(await page.locator('[data-section="recent"] .search-hit').count()).toBe(6);
      await page.keyboard.press("Escape");

      await page.evaluate(([key, items]) => localStorage.setItem(key as string, JSON.stringify(items)), [
        FAVORITE_KEY,
        Array.from({ length: 10 }, (_, i) => item(100 + i)),
      ] as const);
      await search(page, "delta");
      await page.keyboard.press("Enter");
      await page.waitForURL(/delta/);
      expect(await stored(page, RECENT_KEY)).toHaveLength(4);
      await page.keyboard.press("Control+k");
      await page
        .locator('[data-section="recent"] .search-hit')
        .first()
        .getByRole("button", { name: "Save this search" })
        .click();
      const favorites = await stored(page, FAVORITE_KEY);
      expect(favorites).toHaveLength(10);
      expect(favorites[0].hierarchy.lvl1).toBe("Integrate with Delta");
    });
  });
});
