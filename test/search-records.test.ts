// DocSearch records and the embedded index written by `ssodocs build`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinIndex } from "../src/shared/search-index.ts";
import type {
  DocSearchRecord,
  EmbeddedIndexFirstPart,
  EmbeddedIndexTextsPart,
  EmbeddedSearchIndex,
} from "../src/shared/types.ts";
import { bodyBlocks, runCli, tempSite } from "./helpers.ts";
import { SEARCH_PAGES, SEARCH_SYNONYMS, searchConfig } from "./fixtures/search-site.ts";

describe("search records", () => {
  let records: DocSearchRecord[];
  let index: EmbeddedSearchIndex;
  let first: EmbeddedIndexFirstPart;
  let texts: EmbeddedIndexTextsPart;
  let site: ReturnType<typeof tempSite>;

  beforeAll(() => {
    site = tempSite(SEARCH_PAGES);
    writeFileSync(site.config, searchConfig(readFileSync(site.config, "utf8")));
    const out = path.join(site.dir, "build");
    const built = runCli(["build", "--config", site.config, "--out", out]);
    expect(built.code, built.stderr).toBe(0);
    records = JSON.parse(readFileSync(path.join(out, "search/records.json"), "utf8"));
    first = JSON.parse(readFileSync(path.join(out, "search/index.json"), "utf8"));
    texts = JSON.parse(readFileSync(path.join(out, "search", first.textsFile), "utf8"));
    index = joinIndex(first, texts);
  });
  afterAll(() => site?.cleanup());

  const gamma = () =>
    records.filter((r) => r.url_without_anchor === "https://fixture.example/integrations/services/gamma/");

  it("writes one lvl1 record per page with the sidebar category as lvl0 and the title as lvl1", () => {
    const lvl1 = gamma().filter((r) => r.type === "lvl1");
    expect(lvl1).toHaveLength(1);
    expect(lvl1[0]).toMatchObject({
      url: "https://fixture.example/integrations/services/gamma/",
      anchor: null,
      content: null,
      language: "en",
      docusaurus_tag: "docs-default-current",
      hierarchy: {
        lvl0: "Development",
        lvl1: "Integrate with Gamma",
        lvl2: null,
        lvl3: null,
        lvl4: null,
        lvl5: null,
        lvl6: null,
      },
    });
    expect(
      records.find((r) => r.type === "lvl1" && r.hierarchy.lvl1 === "Integrate with Epsilon")?.hierarchy.lvl0,
    ).toBe("Networking");
  });

  it("writes a record per heading with its anchor and the hierarchy above it", () => {
    const h4 = gamma().find((r) => r.type === "lvl4")!;
    expect(h4).toMatchObject({
      anchor: "advanced-protocol-settings",
      url: "https://fixture.example/integrations/services/gamma/#advanced-protocol-settings",
      hierarchy: {
        lvl0: "Development",
        lvl1: "Integrate with Gamma",
        lvl2: "authentik configuration",
        lvl3: "Create the provider",
        lvl4: "Advanced protocol settings",
        lvl5: null,
      },
    });
    // A new h2 clears the deeper levels.
    const h2 = gamma().find((r) => r.type === "lvl2" && r.hierarchy.lvl2 === "Gamma configuration")!;
    expect(h2.hierarchy.lvl3).toBeNull();
  });

  it("writes content records for paragraphs, list items (nested ones apart), table rows and the setting names of code", () => {
    const contents = gamma()
      .filter((r) => r.type === "content")
      .map((r) => r.content);
    expect(contents).toContain("Gamma is a pretend wiki that keeps kumquat recipes.");
    expect(contents).toContain("Redirect URI: https://gamma.company/oauth/callback");
    expect(contents).toContain("Signing key: any certificate");
    expect(contents).toContain("Token lifetime 10 minutes");
    expect(contents).toContain("Never share the client secret of Gamma.");
    expect(contents.join(" ")).not.toContain("xylophonic");
    // A code block adds its setting names, in the section that sets them.
    expect(gamma().find((r) => r.content === "gamma_client_id")).toMatchObject({
      anchor: "advanced-protocol-settings",
    });
    const item = gamma().find((r) => r.content === "Signing key: any certificate")!;
    expect(item).toMatchObject({
      anchor: "create-the-provider",
      hierarchy: { lvl2: "authentik configuration", lvl3: "Create the provider" },
    });
  });

  it("gives every record a unique objectID and a weight with level and position", () => {
    expect(new Set(records.map((r) => r.objectID)).size).toBe(records.length);
    const g = gamma();
    expect(g.map((r) => r.weight.position)).toEqual(g.map((_, i) => i));
    expect(g.find((r) => r.type === "lvl1")!.weight.level).toBeGreaterThan(
      g.find((r) => r.type === "lvl2")!.weight.level,
    );
    expect(g.find((r) => r.type === "content")!.weight.level).toBe(0);
  });

  it("keeps text that looks like HTML as text", () => {
    expect(gamma().some((r) => r.content?.includes('<img src=x onerror="window.__xss=1">'))).toBe(true);
  });

  it("writes the embedded index from the same records, its texts in a second file of the same build", () => {
    expect(first.textsFile).toBe("texts.json");
    expect([first.version, texts.version]).toEqual([5, 5]);
    expect(texts.key).toBe(first.key);
    // The first part holds no text of a paragraph.
    expect(JSON.stringify(first)).not.toContain("pretend wiki");
    expect(index.pages.length).toBe(new Set(records.map((r) => r.url_without_anchor)).size);
    expect(index.sections.length).toBe(records.filter((r) => /^lvl[2-6]$/.test(r.type)).length);
    const contents = records.filter((r) => r.type === "content");
    expect(index.contents.length).toBe(contents.length * 2);
    // Each distinct text is stored once.
    expect(index.texts).toEqual([...new Set(contents.map((r) => r.content))]);
    expect(index.pages).toContainEqual([
      "/integrations/services/gamma/",
      "Development",
      "Integrate with Gamma",
      ["citrus notebook"],
    ]);
    expect(index.pages).toContainEqual(["/integrations/services/delta/", "Monitoring", "Integrate with Delta"]);
    expect(index.synonyms).toEqual(SEARCH_SYNONYMS);
  });

  it("puts a page's front-matter keywords on its lvl1 record only", () => {
    expect(gamma().find((r) => r.type === "lvl1")?.keywords).toEqual(["citrus notebook"]);
    expect(gamma().filter((r) => r.keywords)).toHaveLength(1);
    expect(records.filter((r) => r.keywords)).toHaveLength(1);
  });
});

describe("the search blocks of a doc's body", () => {
  it("skips heading permalinks, buttons and code, and separates table cells", () => {
    const blocks = bodyBlocks(
      '<h2 id="a">Title<a class="hash-link" href="#a">#</a></h2><p>One <code>two</code></p><div class="tabs"><button>OIDC</button></div><pre>code</pre><table><tr><td>x</td><td>y</td></tr></table>',
    );
    expect(blocks).toEqual([
      { kind: "heading", level: 2, id: "a", text: "Title" },
      { kind: "content", level: 0, id: null, text: "One two" },
      { kind: "content", level: 0, id: null, text: "x y" },
    ]);
  });
});
