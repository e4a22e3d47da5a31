// Watch mode shows an edited page as soon as it is written (issue 30): the pages are told while
// the update still runs (site files, link validation, the store), and by then the folder served
// holds the page's new HTML and its payload, which is what a page showing it loads; the payload's
// text is told too (it goes with the reload). An edit that renders every page again reloads them
// once, at the end, as before.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DevSession, type ShownPage } from "../src/node/dev/session.ts";
import { tempSite } from "./helpers.ts";

const ALPHA = "docs/services/alpha/index.md";
const ALPHA_ROUTE = "/integrations/services/alpha/";

describe("watch mode's update of a doc's text (issue 30)", () => {
  let site: ReturnType<typeof tempSite>;
  let session: DevSession;
  /** Each time the session told of pages written: the pages, whether the update was done, the page and payload files then. */
  let told: { pages: ShownPage[]; done: boolean; html: string; payload: string }[];
  let done = false;
  const out = () => path.join(site.dir, "served");
  const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");

  beforeEach(async () => {
    site = tempSite();
    told = [];
    const shown = (pages: ShownPage[]) => {
      const html = read(path.join(out(), "integrations/services/alpha/index.html"));
      const payload = read(path.join(out(), "integrations/services/alpha/page-data.json"));
      told.push({ pages, done, html, payload });
    };
    session = new DevSession({ configFile: site.config, outDir: out(), headHtml: "", shown });
    await session.start();
  });
  afterEach(async () => {
    await session.close();
    site.cleanup();
  });

  async function update(rel: string, from: string, to: string) {
    const file = path.join(site.dir, rel);
    writeFileSync(file, readFileSync(file, "utf8").replace(from, to));
    done = false;
    const result = await session.update(new Set([file]));
    done = true;
    return result;
  }

  it("tells of the edited page while the update runs, once its HTML and payload are written", async () => {
    expect(told).toEqual([]);
    const result = await update(ALPHA, "Alpha is a pretend code host", "Alpha is an edited code host");
    expect(told.map((t) => [t.pages.map((p) => p.route), t.done])).toEqual([[[ALPHA_ROUTE], false]]);
    expect(told[0].html).toContain("Alpha is an edited code host");
    expect(told[0].payload).toContain("Alpha is an edited code host");
    // The payload told is the one written, which a page would otherwise fetch.
    expect(told[0].pages[0].payload).toBe(told[0].payload);
    // The update still counts the page among those it changed.
    expect(result.routes).toEqual([ALPHA_ROUTE]);
    expect(result.scope).toBe("page");
  });

  it("tells of no page early when the edit renders every page again", async () => {
    const result = await update(ALPHA, "sidebar_label: Alpha\n", "sidebar_label: Alpha Two\n");
    expect(result.scope).toBe("structure");
    expect(result.routes.length).toBeGreaterThan(1);
    expect(told).toEqual([]);
  });

  it("writes search files made before an update only if it wrote no other pages, then makes them again", async () => {
    const texts = () => read(path.join(out(), "search/texts.json"));
    await session.writeSearchFiles();
    expect(texts()).toContain("Alpha is a pretend code host");
    // Made, then an update writes the page again before they are written: they would be the old text.
    const stale = await session.makeSearchFiles();
    await update(ALPHA, "Alpha is a pretend code host", "Alpha is a searched code host");
    expect(await stale()).toBe(false);
    expect(texts()).toContain("Alpha is a pretend code host");
    // Made after the update: written, with the new text.
    expect(await (await session.makeSearchFiles())()).toBe(true);
    expect(texts()).toContain("Alpha is a searched code host");
    expect(texts()).not.toContain("Alpha is a pretend code host");
  });
});
