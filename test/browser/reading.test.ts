// The reading experience in a real headless Chromium: colour mode, navbar, announcement bar,
// client navigation, prefetch, loaders, crash screen, tabs, copy, table of contents.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { CACHE_FAILED_MODULES, hasChromium, launchChromium } from "./chromium.ts";
import { useBrowserAndSite } from "./site.ts";

const ALPHA = "/integrations/services/alpha/";
const BETA = "/integrations/services/beta/";

describe.skipIf(!hasChromium())("reading the site in Chromium", () => {
  const env = useBrowserAndSite((c) =>
    c
      .replace(
        "  footer:",
        '  announcementBar: { id: "launch-1", content: "We have launched.", backgroundColor: "#20232a", ' +
          'textColor: "#ffffff", isCloseable: true },\n  footer:',
      )
      .replace(
        'items: [{ label: "Integrations", href: "/integrations/" }]',
        'items: [{ label: "Integrations", href: "/integrations/" }, { type: "docsVersionDropdown" }]',
      ),
  );
  let context: BrowserContext;
  afterEach(async () => {
    await context?.close();
  });

  async function open(path: string, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
    context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    const page = await context.newPage();
    await page.goto(env.site.origin + path);
    return page;
  }

  const theme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute("data-theme"));

  describe("without JavaScript", () => {
    it("shows content, sidebar, breadcrumbs, table of contents, the default tab and code", async () => {
      const page = await open(BETA, { javaScriptEnabled: false });
      expect(await page.locator("h1").textContent()).toBe("Integrate with Beta");
      expect(await page.locator(".doc-sidebar").isVisible()).toBe(true);
      expect(await page.locator(".breadcrumbs").isVisible()).toBe(true);
      expect(await page.locator(".doc-toc .toc").isVisible()).toBe(true);
      expect(await page.getByText("OIDC steps for Beta.").isVisible()).toBe(true);
      expect(await page.getByText("SAML steps for Beta.").isVisible()).toBe(false);
      expect(await page.getByText("beta: copied-value").isVisible()).toBe(true);
    });
  });

  describe("colour mode", () => {
    it("toggles, stores the choice under `theme` and applies it before first paint", async () => {
      const page = await open(ALPHA);
      expect(await theme(page)).toBe("light");
      await page.click("[data-color-toggle]");
      expect(await theme(page)).toBe("dark");
      expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
      // The stored mode is set by the inline head script, before the body is parsed.
      await page.addInitScript(() => {
        document.addEventListener("readystatechange", () => {
          if (document.readyState === "interactive")
            (window as unknown as { themeAtParse: string | null }).themeAtParse =
              document.documentElement.getAttribute("data-theme");
        });
      });
      await page.reload();
      expect(await page.evaluate(() => (window as unknown as { themeAtParse: string | null }).themeAtParse)).toBe(
        "dark",
      );
    });

    it("follows the system preference while nothing is stored", async () => {
      const page = await open(ALPHA, { colorScheme: "dark" });
      expect(await theme(page)).toBe("dark");
      await page.emulateMedia({ colorScheme: "light" });
      await page.waitForFunction(() => document.documentElement.getAttribute("data-theme") === "light");
    });

    it("applies a change made in another tab at once", async () => {
      const first = await open(ALPHA);
      const second = await context.newPage();
      await second.goto(env.site.origin + BETA);
      await first.click("[data-color-toggle]");
      await second.waitForFunction(() => document.documentElement.getAttribute("data-theme") === "dark");
    });

    it("re-renders mermaid diagrams with the dark theme", async () => {
      const page = await open(BETA);
      await page.waitForSelector("[data-mermaid] svg");
      expect(await page.getAttribute("[data-mermaid]", "data-theme")).toBe("default");
      await page.click("[data-color-toggle]");
      await page.waitForFunction(() => document.querySelector("[data-mermaid]")?.getAttribute("data-theme") === "dark");
    });
  });

  describe("announcement bar", () => {
    it("closes, stays closed across loads, and shows again for a new id", async () => {
      const page = await open(ALPHA);
      const bar = page.locator("[data-announcement-bar]");
      expect(await bar.isVisible()).toBe(true);
      expect(await bar.textContent()).toContain("We have launched.");
      await page.click("[data-announcement-close]");
      expect(await bar.isVisible()).toBe(false);
      expect(
        await page.evaluate(() => [
          localStorage.getItem("docusaurus.announcement.dismiss"),
          localStorage.getItem("docusaurus.announcement.id"),
        ]),
      ).toEqual(["true", "launch-1"]);
      await page.reload();
      expect(await page.evaluate(() => document.documentElement.getAttribute("data-announcement-dismissed"))).toBe(
        "true",
      );
      expect(await bar.isVisible()).toBe(false);
      await page.evaluate(() => localStorage.setItem("docusaurus.announcement.id", "an-older-announcement"));
      await page.reload();
      expect(await bar.isVisible()).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem("docusaurus.announcement.dismiss"))).toBe("false");
    });
  });

  describe("navbar", () => {
    it("collapses to a hamburger at 996 px and not at 997 px", async () => {
      const narrow = await open(ALPHA, { viewport: { width: 996, height: 800 } });
      expect(await narrow.locator("[data-menu-open]").isVisible()).toBe(true);
      expect(await narrow.locator(".navbar-items").isVisible()).toBe(false);
      await context.close();
      const wide = await open(ALPHA, { viewport: { width: 997, height: 800 } });
      expect(await wide.locator("[data-menu-open]").isVisible()).toBe(false);
      expect(await wide.locator(".navbar-items").isVisible()).toBe(true);
    });

    it("opens a side menu with the navbar items and the docs sidebar, closed by desktop width and back navigation", async () => {
      const page = await open(ALPHA, { viewport: { width: 800, height: 800 } });
      await page.click("[data-menu-open]");
      const menu = page.locator("[data-mobile-menu]");
      expect(await menu.isVisible()).toBe(true);
      expect(await menu.getByRole("link", { name: "Integrations" }).isVisible()).toBe(true);
      expect(await menu.getByRole("link", { name: "Beta" }).isVisible()).toBe(true);
      // The version dropdown of one version is a link to it, as in Docusaurus's mobile menu.
      expect(await menu.getByRole("link", { name: "Next", exact: true }).getAttribute("href")).toBe("/integrations/");
      await page.setViewportSize({ width: 1100, height: 800 });
      await page.waitForFunction(() => (document.querySelector("[data-mobile-menu]") as HTMLElement).hidden);
      await page.setViewportSize({ width: 800, height: 800 });
      await page.click("[data-menu-open]");
      await menu.getByRole("link", { name: "Beta" }).click();
      await page.waitForURL(`**${BETA}`);
      expect(await menu.isVisible()).toBe(false);
      await page.click("[data-menu-open]");
      await page.goBack();
      await page.waitForURL(`**${ALPHA}`);
      expect(await page.locator("[data-mobile-menu]").isVisible()).toBe(false);
    });

    it("remembers the docs version chosen and forgets one that no longer exists", async () => {
      const page = await open(ALPHA);
      await page.evaluate(() => localStorage.setItem("docs-preferred-version-default", "2019.1"));
      await page.reload();
      expect(await page.evaluate(() => localStorage.getItem("docs-preferred-version-default"))).toBeNull();
      await page.hover("button[aria-label='Version: Next']");
      await page.click("a[data-version='current']");
      expect(await page.evaluate(() => localStorage.getItem("docs-preferred-version-default"))).toBe("current");
    });

    it("stays in place while scrolling when hide-on-scroll is off", async () => {
      const page = await open(BETA);
      await page.evaluate(() => window.scrollTo(0, 1500));
      await page.waitForTimeout(100);
      expect(await page.evaluate(() => document.querySelector(".navbar")!.classList.contains("navbar-hidden"))).toBe(
        false,
      );
      expect(await page.locator(".navbar").isVisible()).toBe(true);
    });

    it("has a skip link that moves focus to the main content", async () => {
      const page = await open(ALPHA);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to main content");
      await page.keyboard.press("Enter");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("main-content");
    });
  });

  describe("client navigation", () => {
    it("loads the next page, then swaps it in without a full reload, updating title, sidebar and breadcrumbs", async () => {
      const page = await open(ALPHA);
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
      await page.click(`.doc-sidebar a[href='${BETA}']`);
      await page.waitForURL(`**${BETA}`);
      expect(await page.title()).toBe("Integrate with Beta | Fixture");
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
      expect(await page.locator(".doc-sidebar a[aria-current=page]").textContent()).toBe("Beta");
      expect(await page.locator(".breadcrumbs [aria-current=page]").textContent()).toBe("Beta");
      expect(await page.locator(".doc-toc .toc").textContent()).toContain("Section 1");
      // The swapped page is interactive: its tabs switch.
      await page.getByRole("tab", { name: "SAML" }).first().click();
      expect(await page.getByText("SAML steps for Beta.").isVisible()).toBe(true);
    });

    it("scrolls to the top or to the #hash target, and back/forward restore scroll positions", async () => {
      const page = await open(BETA);
      await page.waitForSelector("[data-mermaid] svg");
      /** The last heading above the top of the view: what the reader is looking at. */
      const headingInView = () =>
        page.evaluate(
          () =>
            [...document.querySelectorAll(".markdown h2")].filter((h) => h.getBoundingClientRect().top < 100).pop()
              ?.id ?? null,
        );
      await page.evaluate(() => document.getElementById("section-6")!.scrollIntoView());
      const before = await headingInView();
      expect(before).toBe("section-6");
      await page.click(`.doc-sidebar a[href='${ALPHA}']`);
      await page.waitForURL(`**${ALPHA}`);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.goBack();
      await page.waitForURL(`**${BETA}`);
      await page.waitForSelector("[data-mermaid] svg");
      await page.waitForFunction(
        (id) =>
          [...document.querySelectorAll(".markdown h2")].filter((h) => h.getBoundingClientRect().top < 100).pop()
            ?.id === id,
        before,
      );
      await page.goForward();
      await page.waitForURL(`**${ALPHA}`);
      // The address changes before the content does: wait for Alpha's own heading.
      await page.waitForSelector("#alpha-configuration");
      await page.evaluate((href) => {
        const a = document.createElement("a");
        a.href = href;
        a.textContent = "jump";
        document.querySelector(".markdown")!.prepend(a);
      }, `${BETA}#section-9`);
      await page.click("text=jump");
      await page.waitForURL(`**${BETA}#section-9`);
      const top = await page.evaluate(() => document.getElementById("section-9")!.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(120);
    });

    it("returns to where the reader was on Back after a table-of-contents or heading link, to the anchor on Forward", async () => {
      const page = await open(BETA);
      await page.waitForSelector("[data-mermaid] svg");
      const scrollY = () => page.evaluate(() => window.scrollY);
      const atHeading = (id: string) =>
        page.waitForFunction((h) => {
          const top = document.getElementById(h)!.getBoundingClientRect().top;
          return top >= 0 && top < 120;
        }, id);
      await page.evaluate(() => window.scrollTo(0, 700));
      await page.locator(".doc-toc a[href='#section-8']").click();
      await page.waitForURL(`**${BETA}#section-8`);
      await atHeading("section-8");
      await page.goBack();
      await page.waitForURL((url) => url.pathname === BETA && url.hash === "");
      await page.waitForFunction(() => window.scrollY === 700);
      await page.goForward();
      await page.waitForURL(`**${BETA}#section-8`);
      await atHeading("section-8");
      // A heading's own link, from where the reader has scrolled to since.
      await page.evaluate(() => window.scrollBy(0, 333));
      const before = await scrollY();
      await page.locator("#section-9 .hash-link").click({ force: true });
      await page.waitForURL(`**${BETA}#section-9`);
      await atHeading("section-9");
      await page.goBack();
      await page.waitForURL(`**${BETA}#section-8`);
      await page.waitForFunction((y) => window.scrollY === y, before);
    });

    it("shows the progress bar only when loading takes longer than 200 ms", async () => {
      const page = await open(ALPHA);
      const sawBar = () => page.evaluate(() => (window as unknown as { sawBar?: boolean }).sawBar ?? false);
      await page.evaluate(() => {
        new MutationObserver(() => {
          if (document.querySelector(".progress-bar")) (window as unknown as { sawBar: boolean }).sawBar = true;
        }).observe(document.body, { childList: true });
      });
      await page.click(`.doc-sidebar a[href='${BETA}']`);
      await page.waitForURL(`**${BETA}`);
      expect(await sawBar()).toBe(false);
      // Links in view were prefetched already; no page links to this one (its payload is held back).
      env.site.delay.pattern = /\/integrations\/tags\/page-data\.json/;
      // Long enough that the link's prefetch (it is in view once added) is still under way when it is clicked, even on a busy machine.
      env.site.delay.ms = 3000;
      try {
        await page.evaluate(() => {
          const a = document.createElement("a");
          a.href = "/integrations/tags?slow=1";
          a.textContent = "slow page";
          document.querySelector(".markdown")!.prepend(a);
        });
        await page.click("text=slow page");
        await page.waitForSelector(".progress-bar");
        await page.waitForURL("**/integrations/tags?slow=1");
        expect(await page.locator(".progress-bar").count()).toBe(0);
        expect(await page.locator("h1").textContent()).toBe("Tags");
      } finally {
        env.site.delay.pattern = null;
      }
    });

    it("treats .html and /index.html paths as the page without that ending", async () => {
      const page = await open(`${ALPHA}index.html`);
      expect(new URL(page.url()).pathname).toBe(ALPHA);
      expect(await page.locator("h1").textContent()).toBe("Integrate with Alpha");
      await context.close();
      const tags = await open("/integrations/tags.html");
      expect(await tags.locator("h1").textContent()).toBe("Tags");
    });

    it("does a full page load when fetching the next page fails", async () => {
      context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
      let blocked = 0;
      // Every script fetch for the next page fails (its payload, prefetched or not); the browser's own page load goes through.
      await context.route(`**${BETA}**`, async (route) => {
        if (route.request().resourceType() === "fetch") {
          blocked++;
          await route.abort();
        } else await route.continue();
      });
      const page = await context.newPage();
      await page.goto(env.site.origin + ALPHA);
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      await page.click(`.doc-sidebar a[href='${BETA}']`);
      await page.waitForURL(`**${BETA}`);
      await page.waitForLoadState("load");
      expect(blocked).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
      expect(await page.locator("h1").textContent()).toBe("Integrate with Beta");
    });
  });

  describe("prefetch", () => {
    async function requestsWhileHovering(connection: object | null): Promise<string[]> {
      context = await env.browser.newContext({ viewport: { width: 1280, height: 400 } });
      if (connection)
        await context.addInitScript(
          (c) => Object.defineProperty(navigator, "connection", { value: c, configurable: true }),
          connection,
        );
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "fetch") fetched.push(new URL(r.url()).pathname);
      });
      await page.goto(`${env.site.origin}/integrations/services/`);
      await page.hover(`.doc-sidebar a[href='${BETA}']`);
      await page.waitForTimeout(400);
      return fetched;
    }

    it("fetches a page's payload when its link is hovered or visible", async () => {
      const fetched = await requestsWhileHovering(null);
      expect(fetched).toContain(`${BETA}page-data.json`);
      expect(fetched).toContain("/integrations/page-data.json");
    });

    it("never prefetches on a 2g connection or with data saver", async () => {
      expect(await requestsWhileHovering({ effectiveType: "2g", saveData: false })).toEqual([]);
      await context.close();
      expect(await requestsWhileHovering({ effectiveType: "slow-2g", saveData: false })).toEqual([]);
      await context.close();
      expect(await requestsWhileHovering({ effectiveType: "4g", saveData: true })).toEqual([]);
    });
  });

  describe("loaders and failures", () => {
    // Retry must fetch the part again, also where the browser keeps the failed fetch for its address.
    for (const keeps of [false, true]) {
      it(`shows the error and a Retry button when a lazy part fails to load, and Retry loads it${keeps ? " (a browser keeping failed modules)" : ""}`, async () => {
        const browser = keeps ? await launchChromium([CACHE_FAILED_MODULES]) : env.browser;
        try {
          context = await browser.newContext();
          const page = await context.newPage();
          let failing = true;
          const requests: string[] = [];
          await page.route(/\/assets\/js\/mermaid-[^/?]+\.js(\?.*)?$/, (route) => {
            requests.push(route.request().url());
            return failing ? route.abort() : route.continue();
          });
          await page.goto(env.site.origin + BETA);
          const box = page.locator("[data-mermaid] .lazy-error");
          await box.waitFor();
          expect(await box.getByRole("button", { name: "Retry" }).isVisible()).toBe(true);
          expect((await box.textContent())?.length).toBeGreaterThan("Retry".length);
          expect(requests).toHaveLength(1);
          failing = false;
          await box.getByRole("button", { name: "Retry" }).click();
          await page.waitForSelector("[data-mermaid] svg");
          expect(requests).toHaveLength(2);
          expect(await page.locator(".lazy-error").count()).toBe(0);
          // The part loaded on Retry serves the next page's diagrams too, without another download.
          await page.click(`.doc-sidebar a[href='${ALPHA}']`);
          await page.waitForURL(`**${ALPHA}`);
          await page.click(`.doc-sidebar a[href='${BETA}']`);
          await page.waitForSelector("[data-mermaid] svg");
          expect(await page.locator(".lazy-error").count()).toBe(0);
          expect(requests).toHaveLength(2);
        } finally {
          await context.close();
          if (keeps) await browser.close();
        }
      });
    }

    it("shows the crash screen when an interactive part fails, and Try again resets it", async () => {
      context = await env.browser.newContext();
      await context.addInitScript(() => {
        let failures = 1;
        const original = HTMLElement.prototype.addEventListener;
        HTMLElement.prototype.addEventListener = function (
          this: HTMLElement,
          ...args: Parameters<HTMLElement["addEventListener"]>
        ) {
          if (this.classList.contains("copy-button") && failures > 0) {
            failures--;
            throw new Error("copy button setup failed");
          }
          return original.apply(this, args);
        } as typeof original;
      });
      const page = await context.newPage();
      await page.goto(env.site.origin + BETA);
      const crash = page.locator(".crash-screen");
      expect(await crash.textContent()).toContain("This page crashed.");
      await crash.getByRole("button", { name: "Try again" }).click();
      expect(await page.locator(".crash-screen").count()).toBe(0);
      await page.getByRole("tab", { name: "LDAP" }).click();
      expect(await page.getByText("LDAP steps for Beta.").isVisible()).toBe(true);
    });

    it("shows the base-URL banner on the home page and the 404 page when the page's scripts cannot load", async () => {
      context = await env.browser.newContext();
      const page = await context.newPage();
      await page.route("**/assets/js/**", (route) => route.abort());
      await page.goto(`${env.site.origin}/`);
      const banner = page.locator(".base-url-banner");
      await banner.waitFor();
      const text = await banner.textContent();
      expect(text).toContain("Your site did not load properly.");
      expect(text).toContain("A very common reason is a wrong site baseUrl configuration.");
      expect(text).toContain("Current configured baseUrl = /");
      // A static host answers any other path with the 404 page, which suggests the folder asked for.
      await page.goto(`${env.site.origin}/docs/site/missing`);
      await banner.waitFor();
      expect(await banner.textContent()).toContain("We suggest trying baseUrl = /docs/site/");
      // As on the reference site, other pages do not carry the banner's script.
      await page.goto(env.site.origin + ALPHA);
      await page.waitForLoadState("load");
      expect(await page.locator(".base-url-banner").count()).toBe(0);
      await context.close();
      const ok = await open(ALPHA);
      await ok.waitForLoadState("load");
      expect(await ok.locator(".base-url-banner").count()).toBe(0);
    });
  });

  describe("content parts", () => {
    it("switches tabs by mouse and arrow keys and keeps groups with the same values in step", async () => {
      const page = await open(BETA);
      const firstList = page.locator("[role=tablist]").first();
      await firstList.getByRole("tab", { name: "SAML" }).click();
      expect(await page.getByText("SAML steps for Beta.").isVisible()).toBe(true);
      expect(await page.getByText("Second SAML block.").isVisible()).toBe(true);
      await page.keyboard.press("ArrowRight");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("LDAP");
      expect(await page.getByText("LDAP steps for Beta.").isVisible()).toBe(true);
      // The second group has no LDAP tab: it keeps SAML.
      expect(await page.getByText("Second SAML block.").isVisible()).toBe(true);
      await page.reload();
      expect(await page.getByText("LDAP steps for Beta.").isVisible()).toBe(true);
    });

    it("copies a code block with its copy button", async () => {
      const page = await open(BETA);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.site.origin });
      await page.hover(".code-block");
      await page.click(".code-block .copy-button");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("beta: copied-value");
      expect(await page.locator(".code-block .copy-button").first().textContent()).toBe("Copied");
    });

    it("highlights the table-of-contents entry of the heading in view", async () => {
      const page = await open(BETA);
      await page.evaluate(() => document.getElementById("section-5")!.scrollIntoView());
      await page.waitForFunction(() => document.querySelector(".toc a.active")?.getAttribute("href") === "#section-5");
    });

    it("switches the entry when its heading enters the top half of the view, as Docusaurus does", async () => {
      const page = await open(BETA);
      await page.waitForSelector("[data-mermaid] svg");
      /** Scrolls so that the heading's top is this fraction of the view's height down. */
      const headingAt = (id: string, fraction: number) =>
        page.evaluate(
          ([i, f]) => {
            const top = document.getElementById(i as string)!.getBoundingClientRect().top;
            window.scrollBy(0, top - window.innerHeight * (f as number));
          },
          [id, fraction],
        );
      // In the lower half: the text in view is still the previous section's.
      await headingAt("section-5", 0.6);
      await page.waitForFunction(() => document.querySelector(".toc a.active")?.getAttribute("href") === "#section-4");
      // In the upper half, well below the navbar: its section is the one being read.
      await headingAt("section-5", 0.35);
      await page.waitForFunction(() => document.querySelector(".toc a.active")?.getAttribute("href") === "#section-5");
      // Back in the lower half: the previous one again.
      await headingAt("section-5", 0.7);
      await page.waitForFunction(() => document.querySelector(".toc a.active")?.getAttribute("href") === "#section-4");
    });

    it("animates details with a duration from their height, 1 ms under reduced motion", async () => {
      const animationOnOpening = async (reducedMotion: "reduce" | "no-preference") => {
        context = await env.browser.newContext({ reducedMotion });
        await context.addInitScript(() => {
          const original = Element.prototype.animate;
          Element.prototype.animate = function (this: Element, frames, options) {
            (window as unknown as { animations: unknown[] }).animations ??= [];
            (window as unknown as { animations: unknown[] }).animations.push({ frames, options });
            return original.call(this, frames, options);
          } as typeof original;
        });
        const page = await context.newPage();
        await page.goto(env.site.origin + BETA);
        await page.click(".markdown details summary");
        const result = await page.evaluate(() => {
          const details = document.querySelector(".markdown details") as HTMLDetailsElement;
          const [first] = (
            window as unknown as { animations: { frames: { height: string }[]; options: { duration: number } }[] }
          ).animations;
          return {
            duration: first.options.duration,
            from: parseFloat(first.frames[0].height),
            to: parseFloat(first.frames[1].height),
            open: details.open,
          };
        });
        await context.close();
        return result;
      };
      const normal = await animationOnOpening("no-preference");
      const h = (normal.to - normal.from) / 36;
      expect(normal.open).toBe(true);
      expect(normal.to - normal.from).toBeGreaterThan(200);
      expect(normal.duration).toBe(Math.round((4 + 15 * h ** 0.25 + h / 5) * 10));
      expect((await animationOnOpening("reduce")).duration).toBe(1);
    });
  });
});
