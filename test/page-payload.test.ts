// Page payloads (src/node/render/page-payload.ts): every page but the 404 page has
// `page-data.json` beside its HTML, made of that HTML's own parts (the router's swapped parts,
// head, title), the docs sidebar left out and stamped; no payload where its path is a page.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withPayload as payloadOf } from "../src/node/render/page-payload.ts";
import { readPage } from "../src/node/render/read-page.ts";
import { PAYLOAD_FILE, type PagePayload } from "../src/shared/page-payload.ts";
import { runCli, tempSite } from "./helpers.ts";

const withPayload = (html: string) => payloadOf(html, readPage(html));

function build(files: Record<string, string> = {}) {
  const site = tempSite(files);
  const out = path.join(site.dir, "build");
  const r = runCli(["build", "--config", site.config, "--out", out]);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return { site, out };
}

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? htmlFiles(p) : n.endsWith(".html") ? [p] : [];
  });

describe("page payloads", () => {
  it("are the parts of each page's own HTML, its sidebar left out and stamped alike on every page", () => {
    const { site, out } = build();
    try {
      const stamps = new Set<string>();
      const pages = htmlFiles(out).filter((f) => !f.endsWith("404.html"));
      expect(pages.length).toBeGreaterThan(6);
      for (const file of pages) {
        const html = readFileSync(file, "utf8");
        const payload = JSON.parse(readFileSync(path.join(path.dirname(file), PAYLOAD_FILE), "utf8")) as PagePayload;
        const title = /<title>([^<]*)<\/title>/.exec(html)![1];
        expect(payload.title, file).toBe(
          title.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&amp;", "&"),
        );
        expect(html).toContain(`<body class="${payload.bodyClass}">`);
        expect(payload.head).toContain('<meta name="description" content="');
        for (const element of payload.head.split(/(?=<)/)) expect(html).toContain(element);
        expect(Object.keys(payload.parts).sort()).toEqual(["#mobile-menu", "#page", ".navbar-items"]);
        expect(html).toContain(payload.parts["#mobile-menu"]);
        expect(html).toContain(payload.parts[".navbar-items"]);
        const sidebar = /<nav class="sidebar"[^>]* data-sidebar="([0-9a-f]{12})">([\s\S]*?)<\/nav><\/aside>/.exec(html);
        expect(payload.sidebar).toBe(sidebar?.[1]);
        if (!sidebar) {
          expect(html).toContain(payload.parts["#page"]);
          continue;
        }
        stamps.add(sidebar[1]);
        const empty = `data-sidebar="${sidebar[1]}"></nav>`;
        expect(payload.parts["#page"]).toContain(empty);
        expect(html).toContain(
          payload.parts["#page"].replace(empty, `data-sidebar="${sidebar[1]}">${sidebar[2]}</nav>`),
        );
      }
      expect(stamps.size).toBe(1);
      expect(existsSync(path.join(out, PAYLOAD_FILE))).toBe(true);
      expect(readdirSync(out)).not.toContain("404.page-data.json");
      expect(readFileSync(path.join(out, "sitemap.xml"), "utf8")).not.toContain(PAYLOAD_FILE);
    } finally {
      site.cleanup();
    }
  });

  it("are not made where their path is a page of the site", () => {
    const { site, out } = build({
      "docs/odd.md": "---\ntitle: Odd\nslug: /page-data.json\n---\n\nA doc at the payload's path.\n",
    });
    try {
      expect(statSync(path.join(out, "integrations", PAYLOAD_FILE)).isDirectory()).toBe(true);
      expect(readFileSync(path.join(out, "integrations", PAYLOAD_FILE, "index.html"), "utf8")).toContain(">Odd</h1>");
      expect(existsSync(path.join(out, "integrations/services", PAYLOAD_FILE))).toBe(true);
    } finally {
      site.cleanup();
    }
  });

  it("take the title and body class as text, and leave a page without #page alone", () => {
    const page =
      '<!DOCTYPE html><html><head><title>Tom &amp; Jerry&#x27;s</title><meta name="description" content="d"/>' +
      '</head><body class="doc-page"><ul class="navbar-items"><li>x</li></ul><div class="page" id="page">' +
      '<aside><nav class="sidebar" aria-label="Docs sidebar"><ul><li><a href="/a/" aria-current="page">A</a>' +
      "</li></ul></nav></aside><div><div>text</div></div></div></body></html>";
    const { html, payload } = withPayload(page);
    const parsed = JSON.parse(payload!) as PagePayload;
    expect(parsed.title).toBe("Tom & Jerry's");
    expect(parsed.bodyClass).toBe("doc-page");
    expect(parsed.head).toBe('<meta name="description" content="d"/>');
    expect(html).toContain(`<nav class="sidebar" aria-label="Docs sidebar" data-sidebar="${parsed.sidebar}">`);
    expect(parsed.parts["#page"]).toBe(
      `<div class="page" id="page"><aside><nav class="sidebar" aria-label="Docs sidebar" data-sidebar="${parsed.sidebar}">` +
        "</nav></aside><div><div>text</div></div></div>",
    );
    // The stamp does not depend on the current entry.
    const other = JSON.parse(withPayload(page.replace(' aria-current="page"', "")).payload!) as PagePayload;
    expect(other.sidebar).toBe(parsed.sidebar);
    expect(withPayload(page.replace('id="page"', 'id="main"'))).toEqual({
      html: page.replace('id="page"', 'id="main"'),
      payload: null,
    });
  });
});
