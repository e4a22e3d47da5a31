// With navbar.hideOnScroll, the navbar hides while scrolling down and shows when scrolling up,
// and always shows while the page is scrolled less than its height.
import { describe, it } from "vitest";
import { hasChromium } from "./chromium.ts";
import { useBrowserAndSite } from "./site.ts";

describe.skipIf(!hasChromium())("navbar hide-on-scroll", () => {
  const env = useBrowserAndSite((c) =>
    c.replace('iconLinks: [{ label: "GitHub"', 'hideOnScroll: true,\n    iconLinks: [{ label: "GitHub"'),
  );

  it("hides when scrolling down, shows when scrolling up and near the top", async () => {
    const page = await env.browser.newPage({ viewport: { width: 1280, height: 700 } });
    await page.goto(`${env.site.origin}/integrations/services/beta/`);
    /** Scrolls, then waits until the navbar is in the expected state (fails after 5 s). */
    const scrollExpecting = async (y: number, hidden: boolean) => {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForFunction(
        (h) => document.querySelector(".navbar")!.classList.contains("navbar-hidden") === h,
        hidden,
        { timeout: 5000 },
      );
    };
    await scrollExpecting(30, false);
    await scrollExpecting(800, true);
    await scrollExpecting(1600, true);
    await scrollExpecting(1200, false);
    await scrollExpecting(1500, true);
    await scrollExpecting(20, false);
    await page.close();
  });
});
