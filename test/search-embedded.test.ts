// The embedded search backend's index: prefix and typo tolerance, titles above body text,
// highlights and snippets, and the sanitiser that lets only <mark> through.
import { describe, expect, it } from "vitest";
import { buildEmbeddedIndex } from "../src/node/search/embedded-index.ts";
import { recordsOfDoc } from "../src/node/search/records.ts";
import { EmbeddedIndex, fuzziness } from "../src/client/search/embedded.ts";
import { markAndSnippet, sanitizeHighlight } from "../src/client/search/highlight.ts";
import { dialogLines, groupHits, pageResultParts } from "../src/client/search/present.ts";
import type { DocPageData } from "../src/shared/types.ts";
import type { SearchHit } from "../src/client/search/types.ts";

function doc(permalink: string, heading: string, html: string): DocPageData {
  return { id: permalink, permalink, title: heading, heading, html } as DocPageData;
}

const ORIGIN = "https://example.org";
const records = [
  ...recordsOfDoc(doc("/integrations/services/grafana/", "Integrate with Grafana", '<h2 id="what">What is Grafana</h2><p>Grafana draws dashboards.</p><h2 id="conf">Grafana configuration</h2><p>Set <code>role_attribute_path</code> in grafana.ini.</p>'), "Monitoring", ORIGIN),
  ...recordsOfDoc(doc("/integrations/services/gitlab/", "Integrate with GitLab", '<h2 id="saml">SAML configuration</h2><p>GitLab reads the SAML assertion.</p><h2 id="oidc">OIDC</h2><p>Works with Grafana dashboards too, and the redirect URI.</p>'), "Development", ORIGIN),
  ...recordsOfDoc(doc("/integrations/services/other/", "Integrate with Other", '<p>One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty dashboards here.</p>'), "Development", ORIGIN),
];
const index = new EmbeddedIndex(buildEmbeddedIndex(records, ORIGIN));
const search = (q: string, snippetWords = 10) => index.query(q, { snippetWords, hitsPerPage: 20, page: 0 });
const pages = (q: string) => search(q).hits.map((h) => h.url.split("#")[0]);

describe("embedded index", () => {
  it("rebuilds each hit's hierarchy, type and URL with anchor", () => {
    const hit = search("assertion").hits[0];
    expect(hit).toMatchObject({ type: "content", url: "/integrations/services/gitlab/#saml", content: "GitLab reads the SAML assertion." });
    expect(hit.hierarchy).toEqual({ lvl0: "Development", lvl1: "Integrate with GitLab", lvl2: "SAML configuration", lvl3: null, lvl4: null, lvl5: null, lvl6: null });
  });

  it("ranks the page title above body text that mentions the same word", () => {
    expect(search("grafana").hits[0]).toMatchObject({ type: "lvl1", url: "/integrations/services/grafana/" });
  });

  it("matches the word being typed as a prefix", () => {
    expect(pages("graf")[0]).toBe("/integrations/services/grafana/");
    expect(search("graf").hits[0]._snippetResult?.hierarchy?.lvl1?.value).toBe("Integrate with <mark>Graf</mark>ana");
  });

  it("tolerates typos as Algolia does: one from 5 letters, two from 9", () => {
    expect(fuzziness("saml")).toBe(0);
    expect(fuzziness("grafa")).toBe(1);
    expect(fuzziness("dashboards")).toBe(2);
    expect(pages("grafanna")[0]).toBe("/integrations/services/grafana/");
    expect(search("grafanna").hits[0]._snippetResult?.hierarchy?.lvl1?.value).toBe("Integrate with <mark>Grafana</mark>");
  });

  it("needs every word of the query, across title, page and body", () => {
    expect(pages("gitlab saml")[0]).toBe("/integrations/services/gitlab/");
    expect(pages("grafana saml")).not.toContain("/integrations/services/grafana/");
    expect(search("zzzz grafana").nbHits).toBe(0);
  });

  it("finds a setting name written with underscores", () => {
    expect(search("role_attribute_path").hits[0]).toMatchObject({ type: "content", url: "/integrations/services/grafana/#conf" });
  });

  it("cuts snippets to the number of words asked, around the match", () => {
    const ten = search("dashboards", 10).hits.find((h) => h.url.startsWith("/integrations/services/other/"))!;
    expect(ten._snippetResult?.content?.value).toBe("…thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty <mark>dashboards</mark> here.");
    const five = search("dashboards", 5).hits.find((h) => h.url.startsWith("/integrations/services/other/"))!;
    expect(five._snippetResult?.content?.value).toBe("…eighteen nineteen twenty <mark>dashboards</mark> here.");
  });

  it("pages through results", () => {
    const first = index.query("dashboards", { snippetWords: 10, hitsPerPage: 1, page: 0 });
    const second = index.query("dashboards", { snippetWords: 10, hitsPerPage: 1, page: 1 });
    expect(first.nbHits).toBe(3);
    expect(first.nbPages).toBe(3);
    expect(second.hits[0].objectID).not.toBe(first.hits[0].objectID);
  });
});

describe("highlighting", () => {
  it("lets only <mark> through the sanitiser", () => {
    expect(sanitizeHighlight('<mark>a</mark> <img src=x onerror="alert(1)"><script>x</script>')).toBe(
      "<mark>a</mark> &lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;x&lt;/script&gt;",
    );
    expect(sanitizeHighlight("<mark>open")).toBe("<mark>open</mark>");
    expect(sanitizeHighlight("</mark>stray")).toBe("stray");
  });

  it("marks whole words and keeps short texts whole", () => {
    expect(markAndSnippet("Set the redirect URI.", (w) => w === "redirect" || w === "uri", 10).value).toBe("Set the <mark>redirect</mark> <mark>URI</mark>.");
  });
});

describe("how hits read", () => {
  const hit = (type: SearchHit["type"], lvl0: string, lvl1: string, extra: Partial<SearchHit> = {}): SearchHit => ({
    objectID: `${lvl0}-${lvl1}-${type}-${Math.random()}`,
    type,
    url: "/x/",
    hierarchy: { lvl0, lvl1, lvl2: type === "lvl2" ? "Section" : null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: type === "content" ? "Body <b>text</b>" : null,
    ...extra,
  });

  it("shows lvl1 as title, a heading with its page as path, content with its page as path", () => {
    expect(dialogLines(hit("lvl1", "A", "Page"))).toEqual({ title: "Page", path: "" });
    expect(dialogLines(hit("lvl2", "A", "Page"))).toEqual({ title: "Section", path: "Page" });
    expect(dialogLines(hit("content", "A", "Page"))).toEqual({ title: "Body &lt;b&gt;text&lt;/b&gt;", path: "Page" });
  });

  it("groups by lvl0 in order of appearance, at most 5 per group, pages kept together", () => {
    const hits = [hit("lvl1", "A", "P1"), hit("lvl1", "B", "Q"), hit("content", "A", "P2"), hit("content", "A", "P1"), ...Array.from({ length: 6 }, () => hit("content", "A", "P3"))];
    const groups = groupHits(hits);
    expect(groups.map((g) => g.heading)).toEqual(["A", "B"]);
    expect(groups[0].hits).toHaveLength(5);
    expect(groups[0].hits.map((h) => h.hierarchy.lvl1)).toEqual(["P1", "P1", "P2", "P3", "P3"]);
  });

  it("gives a search page result its deepest level as title and the levels above as breadcrumb", () => {
    expect(pageResultParts(hit("lvl2", "A", "Page"))).toEqual({ title: "Section", breadcrumbs: ["A", "Page"], snippet: "" });
  });
});
