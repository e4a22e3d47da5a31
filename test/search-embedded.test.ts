// The embedded search backend's index: prefix and typo tolerance, synonyms, keywords, words
// joined or split, all words but one, titles above body text, hits grouped by page, highlights and
// snippets, and the sanitiser that lets only <mark> through.
import { describe, expect, it } from "vitest";
import { buildEmbeddedIndex } from "../src/node/search/embedded-index.ts";
import { joinIndex, splitIndex } from "../src/shared/search-index.ts";
import { recordsOfDoc as recordsOfBlocks } from "../src/node/search/records.ts";
import { EmbeddedIndex, fuzziness } from "../src/client/search/embedded.ts";
import { markAndSnippet, sanitizeHighlight } from "../src/client/search/highlight.ts";
import {
  dialogLines,
  documentCount,
  groupHits,
  pageGroupsOf,
  pageResultParts,
  sectionEntries,
} from "../src/client/search/present.ts";
import type { DocPageData } from "../src/shared/types.ts";
import type { SearchHit } from "../src/client/search/types.ts";
import { bodyBlocks } from "./helpers.ts";

const recordsOfDoc = (d: DocPageData, lvl0: string, origin: string) =>
  recordsOfBlocks(d, lvl0, origin, bodyBlocks(d.html));

function doc(permalink: string, heading: string, html: string): DocPageData {
  return { id: permalink, permalink, title: heading, heading, html } as DocPageData;
}

const ORIGIN = "https://example.org";
const records = [
  ...recordsOfDoc(
    doc(
      "/integrations/services/grafana/",
      "Integrate with Grafana",
      '<h2 id="what">What is Grafana</h2><p>Grafana draws dashboards.</p><h2 id="conf">Grafana configuration</h2><p>Set <code>role_attribute_path</code> in grafana.ini.</p>',
    ),
    "Monitoring",
    ORIGIN,
  ),
  ...recordsOfDoc(
    doc(
      "/integrations/services/gitlab/",
      "Integrate with GitLab",
      '<h2 id="saml">SAML configuration</h2><p>GitLab reads the SAML assertion.</p><h2 id="oidc">OIDC</h2><p>Works with Grafana dashboards too, and the redirect URI.</p>',
    ),
    "Development",
    ORIGIN,
  ),
  ...recordsOfDoc(
    doc(
      "/integrations/services/other/",
      "Integrate with Other",
      "<p>One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty dashboards here.</p>",
    ),
    "Development",
    ORIGIN,
  ),
];
const samba = {
  ...doc(
    "/integrations/services/samba/",
    "Integrate with Samba",
    '<h2 id="what">What is Samba</h2><p>Samba keeps the same files.</p><h2 id="rdp">Remote desktop</h2><p>Windows clients connect over remote desktop.</p>',
  ),
  frontMatter: { title: "Samba", tags: [], keywords: ["smb", "cifs share"] },
};
records.push(...recordsOfDoc(samba, "Storage", ORIGIN));
records.push(
  ...recordsOfDoc(
    doc(
      "/integrations/services/home-assistant/",
      "Integrate with Home Assistant",
      '<h2 id="conf">HomeKit bridge</h2><p>Any text.</p>',
    ),
    "Storage",
    ORIGIN,
  ),
);
const SYNONYMS = [
  ["oidc", "openid connect", "oauth2"],
  ["rdp", "remote desktop"],
];
const whole = buildEmbeddedIndex(records, ORIGIN, SYNONYMS);
// The index as the browser gets it: its two parts, as published, joined again.
const parts = JSON.parse(JSON.stringify(splitIndex(whole, "build-1", "texts.json"))) as ReturnType<typeof splitIndex>;
const index = new EmbeddedIndex(joinIndex(parts.first, parts.texts));
const search = (q: string, snippetWords = 10) => index.query(q, { snippetWords, hitsPerPage: 20, page: 0 });
const pages = (q: string) => search(q).hits.map((h) => h.url.split("#")[0]);

describe("the index in two parts", () => {
  it("joins its two parts into exactly the index they were split from", () => {
    expect(joinIndex(parts.first, parts.texts)).toEqual(whole);
    // A text used twice is stored once and read back for both records.
    const reused = buildEmbeddedIndex(
      [
        ...recordsOfDoc(doc("/a/", "A", "<p>Same.</p><p>Other.</p>"), "X", ORIGIN),
        ...recordsOfDoc(doc("/b/", "B", "<p>Same.</p>"), "X", ORIGIN),
      ],
      ORIGIN,
    );
    const split = splitIndex(reused, "k", "texts.json");
    expect(reused.texts).toEqual(["Same.", "Other."]);
    expect(joinIndex(split.first, split.texts)).toEqual(reused);
  });

  it("keeps every text out of the first part", () => {
    expect(Object.keys(parts.first).sort()).toEqual(["key", "pages", "sections", "synonyms", "textsFile", "version"]);
    expect(JSON.stringify(parts.first)).not.toContain("dashboards");
    expect(JSON.stringify(parts.texts)).toContain("Grafana draws dashboards.");
  });

  it("refuses the texts of another build", () => {
    const other = splitIndex(whole, "build-2", "texts.json");
    expect(() => joinIndex(parts.first, other.texts)).toThrow(/different builds/);
  });

  it("answers from the first part alone with pages and headings, by title, keyword or heading", () => {
    const first = new EmbeddedIndex(joinIndex(parts.first));
    const hits = (q: string) => first.query(q, { snippetWords: 10, hitsPerPage: 20, page: 0 }).hits;
    expect(hits("grafana")[0]).toMatchObject({ type: "lvl1", url: "/integrations/services/grafana/" });
    expect(hits("smb")[0]).toMatchObject({ type: "lvl1", url: "/integrations/services/samba/" });
    expect(hits("homekit").map((h) => `${h.type} ${h.url}`)).toEqual([
      "lvl1 /integrations/services/home-assistant/",
      "lvl2 /integrations/services/home-assistant/#conf",
    ]);
    expect(hits("grafana").filter((h) => h.type === "content")).toEqual([]);
    // Words only in the texts are not known yet.
    expect(hits("assertion")).toEqual([]);
  });
});

describe("embedded index", () => {
  it("rebuilds each hit's hierarchy, type and URL with anchor", () => {
    const hit = search("assertion").hits.find((h) => h.type === "content")!;
    expect(hit).toMatchObject({
      type: "content",
      url: "/integrations/services/gitlab/#saml",
      content: "GitLab reads the SAML assertion.",
    });
    expect(hit.hierarchy).toEqual({
      lvl0: "Development",
      lvl1: "Integrate with GitLab",
      lvl2: "SAML configuration",
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    });
  });

  it("ranks the page title above body text that mentions the same word", () => {
    expect(search("grafana").hits[0]).toMatchObject({ type: "lvl1", url: "/integrations/services/grafana/" });
  });

  it("matches the word being typed as a prefix", () => {
    expect(pages("graf")[0]).toBe("/integrations/services/grafana/");
    expect(search("graf").hits[0]._snippetResult?.hierarchy?.lvl1?.value).toBe("Integrate with <mark>Graf</mark>ana");
  });

  it("tolerates typos as Algolia does: one from 4 letters, two from 8", () => {
    expect(fuzziness("sso")).toBe(0);
    expect(fuzziness("saml")).toBe(1);
    expect(fuzziness("grafana")).toBe(1);
    expect(fuzziness("graphana")).toBe(2);
    expect(pages("grafanna")[0]).toBe("/integrations/services/grafana/");
    expect(search("grafanna").hits[0]._snippetResult?.hierarchy?.lvl1?.value).toBe(
      "Integrate with <mark>Grafana</mark>",
    );
    expect(pages("graphana")[0]).toBe("/integrations/services/grafana/");
    expect(pages("gitlab smal")[0]).toBe("/integrations/services/gitlab/");
  });

  it("reads a word the index knows as itself, never as a typo of another", () => {
    // "same" is one letter from "saml", but both are words of the guides.
    expect(pages("saml")).not.toContain("/integrations/services/samba/");
    expect(pages("same")).toEqual(["/integrations/services/samba/", "/integrations/services/samba/"]);
  });

  it("needs every word of the query, across title, page and body", () => {
    expect(pages("gitlab saml")[0]).toBe("/integrations/services/gitlab/");
    expect(pages("gitlab saml")).not.toContain("/integrations/services/grafana/");
  });

  it("falls back to all words but one when no record holds them all", () => {
    expect(pages("zzzz grafana")[0]).toBe("/integrations/services/grafana/");
    expect(pages("grafana saml")).toContain("/integrations/services/grafana/");
    expect(search("zzzz yyyy grafana").nbHits).toBe(0);
  });

  it("matches the words of a synonym group for each other, phrases too", () => {
    // The GitLab guide says OIDC; "openid connect" and "oauth2" find it.
    expect(pages("gitlab oauth2")[0]).toBe("/integrations/services/gitlab/");
    expect(pages("openid connect")).toContain("/integrations/services/gitlab/");
    expect(search("oauth2").hits.find((h) => h.type === "lvl2")?._snippetResult?.hierarchy?.lvl2?.value).toBe(
      "<mark>OIDC</mark>",
    );
    expect(pages("windows rdp")[0]).toBe("/integrations/services/samba/");
  });

  it("finds a page by its front-matter keywords as by its title", () => {
    expect(search("cifs").hits[0]).toMatchObject({ type: "lvl1", url: "/integrations/services/samba/" });
    expect(search("smb").hits[0]).toMatchObject({ type: "lvl1", url: "/integrations/services/samba/" });
  });

  it("matches title words written together, split at a case change, or written apart", () => {
    expect(search("homeassistant").hits[0]).toMatchObject({
      type: "lvl1",
      url: "/integrations/services/home-assistant/",
    });
    expect(search("homeassistant").hits[0]._snippetResult?.hierarchy?.lvl1?.value).toBe(
      "Integrate with <mark>Home</mark> <mark>Assistant</mark>",
    );
    expect(search("lab").hits[0]).toMatchObject({ type: "lvl1", url: "/integrations/services/gitlab/" });
    expect(search("git lab").hits[0]).toMatchObject({ type: "lvl1", url: "/integrations/services/gitlab/" });
  });

  it("finds a setting name written with underscores", () => {
    expect(search("role_attribute_path").hits[1]).toMatchObject({
      type: "content",
      url: "/integrations/services/grafana/#conf",
    });
  });

  it("groups hits by page: the page first, then its best sections, and counts pages", () => {
    const response = search("dashboards");
    expect(response.hits.map((h) => `${h.type} ${h.url}`)).toEqual([
      "lvl1 /integrations/services/grafana/",
      "content /integrations/services/grafana/#what",
      "lvl1 /integrations/services/gitlab/",
      "content /integrations/services/gitlab/#oidc",
      "lvl1 /integrations/services/other/",
      "content /integrations/services/other/",
    ]);
    expect(response.nbDocuments).toBe(3);
  });

  it("cuts snippets to the number of words asked, around the match", () => {
    const ten = search("dashboards", 10).hits.find(
      (h) => h.url.startsWith("/integrations/services/other/") && h.type === "content",
    )!;
    expect(ten._snippetResult?.content?.value).toBe(
      "…thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty <mark>dashboards</mark> here.",
    );
    const five = search("dashboards", 5).hits.find(
      (h) => h.url.startsWith("/integrations/services/other/") && h.type === "content",
    )!;
    expect(five._snippetResult?.content?.value).toBe("…eighteen nineteen twenty <mark>dashboards</mark> here.");
  });

  it("pages through results", () => {
    const first = index.query("dashboards", { snippetWords: 10, hitsPerPage: 1, page: 0 });
    const second = index.query("dashboards", { snippetWords: 10, hitsPerPage: 1, page: 1 });
    expect(first.nbHits).toBe(6);
    expect(first.nbDocuments).toBe(3);
    expect(first.nbPages).toBe(6);
    expect(second.hits[0].objectID).not.toBe(first.hits[0].objectID);
  });
});

describe("precision: phrases, typed words before synonyms, sections, setting names, equal titles", () => {
  const page = (slug: string, title: string, html: string, lvl0 = "Development") =>
    recordsOfDoc(doc(`/integrations/services/${slug}/`, title, html), lvl0, ORIGIN);
  const precise = new EmbeddedIndex(
    buildEmbeddedIndex(
      [
        // "single sign-on" (a synonym of saml) in a heading and a paragraph.
        ...page("acme", "Integrate with Acme", '<h2 id="sso">Single sign-on</h2><p>Turn on single sign-on here.</p>'),
        // Its words apart only.
        ...page("bolt", "Integrate with Bolt", "<p>Single users sign in on the portal.</p>"),
        ...page("cobalt", "Integrate with Cobalt", "<p>Cobalt speaks SAML only.</p>"),
        // Both words in one sentence; spread over one section; in two setting names apart.
        ...page("fjord", "Integrate with Fjord", "<p>Create an API token in the admin area.</p>"),
        ...page(
          "dyno",
          "Integrate with Dyno",
          '<h2 id="scim">Create the SCIM provider</h2><p>URL: https://api.dyno.example/scim</p><p>Token: the bearer token you made.</p>',
        ),
        ...page(
          "echo",
          "Integrate with Echo",
          '<h2 id="conf">Echo settings</h2><pre>ECHO_TOKEN_URL=a\nECHO_API_URL=b</pre>',
        ),
        // Two titles holding the same word; the second page says it more.
        ...page("paperless-ng", "Integrate with Paperless-ng", "<p>Paperless-ng stores documents.</p>", "Media"),
        ...page(
          "paperless-ngx",
          "Integrate with Paperless-ngx",
          "<p>Paperless-ngx stores documents.</p><p>Paperless-ngx reads paperless mail.</p>",
          "Media",
        ),
      ],
      ORIGIN,
      [["saml", "sso", "single sign-on"]],
    ),
  );
  const query = (q: string) => precise.query(q, { snippetWords: 10, hitsPerPage: 50, page: 0 });
  const pagesOf = (q: string) => [...new Set(query(q).hits.map((h) => h.url.split("#")[0].split("/")[3]))];

  it("matches a synonym phrase only where its words stand in a row, and marks it whole", () => {
    expect(pagesOf("saml")).not.toContain("bolt");
    const marked = query("saml").hits.map(
      (h) => h._snippetResult?.content?.value ?? h._snippetResult?.hierarchy?.lvl2?.value,
    );
    expect(marked).toContain("Turn on <mark>single</mark> <mark>sign-on</mark> here.");
    expect(marked).toContain("<mark>Single</mark> <mark>sign-on</mark>");
  });

  it("ranks a page holding the word typed above one holding only its synonym", () => {
    expect(pagesOf("saml")).toEqual(["cobalt", "acme"]);
  });

  it("finds words spread over one section, after a record that holds them all, and reads setting names apart", () => {
    const found = pagesOf("api token");
    expect(found[0]).toBe("fjord");
    expect(found).toContain("dyno");
    // ECHO_TOKEN_URL and ECHO_API_URL hold the words in two names: no better than a section.
    expect(found.indexOf("echo")).toBeGreaterThan(0);
    const dyno = query("api token").hits.filter((h) => h.url.includes("/dyno/") && h.type === "content");
    expect(dyno.map((h) => h._snippetResult?.content?.value)).toEqual([
      "<mark>Token</mark>: the bearer <mark>token</mark> you made.",
      "URL: https://<mark>api</mark>.dyno.example/scim",
    ]);
  });

  it("breaks a tie of equal titles by how much of each page matches, marking only the word typed", () => {
    expect(pagesOf("paperless")).toEqual(["paperless-ngx", "paperless-ng"]);
    const titles = query("paperless").hits.filter((h) => h.type === "lvl1");
    expect(titles.map((h) => h._snippetResult?.hierarchy?.lvl1?.value)).toEqual([
      "Integrate with <mark>Paperless</mark>-ngx",
      "Integrate with <mark>Paperless</mark>-ng",
    ]);
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
    expect(markAndSnippet("Set the redirect URI.", (w) => w === "redirect" || w === "uri", 10).value).toBe(
      "Set the <mark>redirect</mark> <mark>URI</mark>.",
    );
  });

  it("marks a phrase where its words stand in a row, never one of its words alone", () => {
    const phrase = [["single", "sign", "on"]];
    expect(markAndSnippet("Turn on Single Sign-On, then sign in.", () => false, 10, phrase).value).toBe(
      "Turn on <mark>Single</mark> <mark>Sign-On</mark>, then sign in.",
    );
    expect(markAndSnippet("Single users sign in on it.", () => false, 10, phrase)).toEqual({
      value: "Single users sign in on it.",
      matched: false,
    });
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

  it("groups by lvl0 in order of appearance, at most 5 per group, each page first and then its sections", () => {
    const hits = [
      hit("lvl1", "A", "P1"),
      hit("lvl1", "B", "Q"),
      hit("content", "A", "P2", { url: "/p2/#a" }),
      hit("content", "A", "P1"),
      ...Array.from({ length: 6 }, (_, i) => hit("content", "A", "P3", { url: "/p3/", content: `Text ${i}` })),
    ];
    hits[0].url = hits[3].url = "/p1/";
    hits[1].url = "/q/";
    const groups = groupHits(hits);
    expect(groups.map((g) => g.heading)).toEqual(["A", "B"]);
    expect(groups[0].hits).toHaveLength(5);
    // P2 was found by a section only: its page hit is made from that section's hierarchy.
    expect(groups[0].hits.map((h) => `${h.type} ${h.hierarchy.lvl1}`)).toEqual([
      "lvl1 P1",
      "content P1",
      "lvl1 P2",
      "content P2",
      "lvl1 P3",
    ]);
    expect(groups[0].hits[2]).toMatchObject({ type: "lvl1", url: "/p2/", content: null });
  });

  it("shows a page's sections once per title and at most 3, as grouped for Algolia's hits too", () => {
    const tabbed = (anchor: string) => hit("lvl2", "A", "P", { url: `https://site.example/p/#${anchor}` });
    const groups = pageGroupsOf([
      tabbed("conf"),
      tabbed("conf-1"),
      hit("content", "A", "P", { url: "https://site.example/p/#x" }),
      ...["a", "b", "c"].map((t) => hit("content", "A", "P", { url: "https://site.example/p/#y", content: t })),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0].page).toMatchObject({ type: "lvl1", url: "https://site.example/p/" });
    expect(groups[0].sections.map((h) => h.content ?? h.hierarchy.lvl2)).toEqual(["Section", "Body <b>text</b>", "a"]);
  });

  it("lists a page's hits of one section together on the search page, the section title with the first only", () => {
    const inSection = (anchor: string, lvl2: string, content: string | null): SearchHit => ({
      ...hit(content === null ? "lvl2" : "content", "A", "P", { url: `/p/#${anchor}`, content }),
      hierarchy: { lvl0: "A", lvl1: "P", lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    });
    const entries = sectionEntries([
      inSection("conf", "Configuration", "One"),
      inSection("use", "Usage", "Two"),
      inSection("conf", "Configuration", "Three"),
      inSection("conf", "Configuration", null),
    ]);
    expect(entries.map((e) => `${e.showTitle ? `${e.hit.hierarchy.lvl2}: ` : ""}${e.hit.content}`)).toEqual([
      "Configuration: One",
      "Three",
      "Usage: Two",
    ]);
  });

  it("counts documents when the backend knows them, else hits", () => {
    expect(documentCount({ nbHits: 505, nbDocuments: 112 })).toBe(112);
    expect(documentCount({ nbHits: 505 })).toBe(505);
  });

  it("gives a search page result its deepest level as title and the levels above as breadcrumb", () => {
    expect(pageResultParts(hit("lvl2", "A", "Page"))).toEqual({
      title: "Section",
      breadcrumbs: ["A", "Page"],
      snippet: "",
    });
  });
});
