import { describe, expect, it } from "vitest";
import { DEFAULTS, resolveConfig } from "../src/node/config.ts";
import type { CategoryMeta } from "../src/node/content/category-meta.ts";
import { docIdOf, docSlugOf, parseNumberPrefix } from "../src/node/content/doc-ids.ts";
import { docOf } from "../src/node/content/load.ts";
import { docPermalink, outputFileOf, routeKey, withTrailingSlash } from "../src/node/content/routes.ts";
import { breadcrumbsOf, stopsAround } from "../src/node/content/sidebar.ts";
import { ignoredKeysOf, normalizeItems } from "../src/node/content/sidebar-items.ts";
import { checkSidebars, type NamedSidebar } from "../src/node/content/sidebars-module.ts";
import { buildContentModel } from "../src/node/content/site.ts";
import { type SsodocsError, Warnings } from "../src/node/errors.ts";
import type { SidebarNode } from "../src/shared/types.ts";
import { readGroupedSidebar } from "../src/node/sidebar-data.ts";
import { ROOT } from "./helpers.ts";

const resolve = (user: unknown) => resolveConfig(user, "site.config.ts");

describe("config validation", () => {
  it("fills defaults that match the reference site", () => {
    const c = resolve({});
    expect(c.docs.routeBasePath).toBe("integrations");
    expect(c.toc).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 3 });
    expect(c.colorMode).toEqual({ defaultMode: "light", disableSwitch: false, respectPrefersColorScheme: true });
    expect(c.mermaid.theme).toEqual({ light: "default", dark: "dark" });
    expect(c.code.extraLanguages).toEqual(["apacheconf", "diff", "http", "json", "nginx", "python", "bash"]);
    expect(c.announcementBar).toBeNull();
    expect(c.search.algolia).toBeNull();
  });

  it("names the bad key in every error", () => {
    expect(() => resolve({ titel: "x" })).toThrow(/unknown config key "titel"/);
    expect(() => resolve({ navbar: { items: [{ label: "A" }] } })).toThrow(
      /"navbar\.items\[0\]\.href" must be a non-empty string/,
    );
    expect(() => resolve({ colorMode: { defaultMode: "blue" } })).toThrow(
      /"colorMode\.defaultMode" must be one of "light", "dark" \(got "blue"\)/,
    );
    expect(() => resolve({ toc: { minHeadingLevel: 4, maxHeadingLevel: 3 } })).toThrow(
      /"toc\.minHeadingLevel" must be at most/,
    );
    expect(() => resolve({ baseUrl: "docs" })).toThrow(/"baseUrl" must be a path that starts and ends with \//);
    expect(() => resolve({ url: "https://x.io/" })).toThrow(/"url" must be an origin/);
    expect(() => resolve({ announcementBar: { content: "Hi" } })).toThrow(/"announcementBar\.id"/);
    expect(() => resolve({ search: { algolia: { appId: "A", indexName: "i" } } })).toThrow(/"search\.algolia\.apiKey"/);
    expect(() => resolve({ search: { synonyms: "oidc" } })).toThrow(/"search\.synonyms" must be an array of groups/);
    expect(() => resolve({ search: { synonyms: [["oidc", "openid"], ["rdp"]] } })).toThrow(
      /"search\.synonyms\[1\]" must be a list of at least two words/,
    );
    expect(resolve({ search: { synonyms: [["oidc", "openid connect"]] } }).search).toEqual({
      algolia: null,
      synonyms: [["oidc", "openid connect"]],
    });
    expect(() => resolve({ docs: { sidebar: [{ type: "category", items: [] }] } })).toThrow(
      /"docs\.sidebar\[0\]\.label"/,
    );
    expect(() => resolve({ docs: { routeBasePath: "../integrations" } })).toThrow(
      /"docs\.routeBasePath" must be a plain path/,
    );
    // Docusaurus's own forms: with or without slashes, and "/" for docs at the site's root.
    expect(resolve({ docs: { routeBasePath: "/integrations/" } }).docs.routeBasePath).toBe("integrations");
    expect(resolve({ docs: { routeBasePath: "/" } }).docs.routeBasePath).toBe("");
    expect(() => resolve({ navbar: { iconLinks: [{ label: "X", href: "https://x", icon: "twitter" }] } })).toThrow(
      /"navbar\.iconLinks\[0\]\.icon"/,
    );
  });

  it("checks the navbar's dropdown items, i18n and docs.versions with Docusaurus's names", () => {
    const after = [{ label: "1.x", href: "https://v1.example.com/" }];
    const c = resolve({
      navbar: { items: [{ type: "localeDropdown" }, { type: "docsVersionDropdown", dropdownItemsAfter: after }] },
      i18n: { locales: ["en", "fr"], localeConfigs: { fr: { label: "Français", url: "https://fr.example.com/" } } },
      docs: { versions: { current: { label: "Latest" } } },
    });
    expect(c.i18n.locales).toEqual(["en", "fr"]);
    expect(c.docs.versions.current.label).toBe("Latest");
    expect(resolve({}).i18n).toEqual({ defaultLocale: "en", locales: ["en"], localeConfigs: {} });
    expect(resolve({}).docs.versions).toEqual({ current: { label: "Next" } });
    expect(() => resolve({ navbar: { items: [{ type: "search" }] } })).toThrow(
      /"navbar\.items\[0\]\.type" must be "localeDropdown" or "docsVersionDropdown"/,
    );
    const badExtra = { type: "localeDropdown", dropdownItemsAfter: [{ label: "x" }] };
    expect(() => resolve({ navbar: { items: [badExtra] } })).toThrow(
      /"navbar\.items\[0\]\.dropdownItemsAfter\[0\]\.href" must be a non-empty string/,
    );
    // ssodocs builds one locale: another one is a site elsewhere, whose URL the config must give.
    expect(() => resolve({ i18n: { locales: ["en", "fr"] } })).toThrow(/"i18n\.localeConfigs\.fr\.url"/);
    const withoutDefault = { defaultLocale: "en", locales: ["fr"], localeConfigs: { fr: { url: "https://fr" } } };
    expect(() => resolve({ i18n: withoutDefault })).toThrow(/"i18n\.locales"/);
    const older = { "2024.12": { label: "2024.12" } };
    expect(() => resolve({ docs: { versions: older } })).toThrow(/"docs\.versions\.2024\.12"/);
  });

  it("accepts a complete announcement bar", () => {
    const c = resolve({
      announcementBar: { id: "v2", content: "New!", backgroundColor: "#222", textColor: "#fff", isCloseable: false },
    });
    expect(c.announcementBar).toEqual({
      id: "v2",
      content: "New!",
      backgroundColor: "#222",
      textColor: "#fff",
      isCloseable: false,
    });
  });
});

describe("routes", () => {
  const doc = (
    relativePath: string,
    frontMatter: { slug?: string; id?: string; parse_number_prefixes?: boolean } = {},
  ) => ({
    relativePath,
    frontMatter,
  });
  const permalink = (relativePath: string, fm = {}, config = DEFAULTS) =>
    docPermalink({ slug: docSlugOf(doc(relativePath, fm)) }, config);

  it("maps doc files to the SPEC's routes", () => {
    expect(permalink("index.md")).toBe("/integrations/");
    expect(permalink("services/index.mdx")).toBe("/integrations/services/");
    expect(permalink("services/grafana/index.md")).toBe("/integrations/services/grafana/");
    expect(permalink("template/service.md")).toBe("/integrations/template/service");
    expect(permalink("services/x.md", { slug: "/elsewhere/" })).toBe("/integrations/elsewhere/");
    expect(permalink("services/x.md", { slug: "renamed" })).toBe("/integrations/services/renamed");
  });

  it("makes doc ids and routes as Docusaurus does: number prefixes, front matter id, category index files", () => {
    expect(docIdOf(doc("services/grafana/index.md"))).toBe("services/grafana/index");
    expect(docIdOf(doc("02-guides/01-intro.md"))).toBe("guides/intro");
    expect(docIdOf(doc("02-guides/01-intro.md", { parse_number_prefixes: false }))).toBe("02-guides/01-intro");
    expect(docIdOf(doc("guides/intro.md", { id: "start" }))).toBe("guides/start");
    // Dates and versions are no number prefixes.
    expect(parseNumberPrefix("2021-11-notes")).toEqual({ name: "2021-11-notes" });
    expect(parseNumberPrefix("7.0-release")).toEqual({ name: "7.0-release" });
    expect(parseNumberPrefix("3 - Setup")).toEqual({ name: "Setup", position: 3 });
    expect(docSlugOf(doc("02-guides/01-intro.md"))).toBe("/guides/intro");
    expect(docSlugOf(doc("guides/intro.md", { id: "start" }))).toBe("/guides/start");
    // index, README and the folder's own name are the folder's page.
    expect(docSlugOf(doc("guides/README.md"))).toBe("/guides/");
    expect(docSlugOf(doc("guides/Guides.mdx"))).toBe("/guides/");
    expect(docSlugOf(doc("guides/index.md", { id: "overview" }))).toBe("/guides/");
    expect(docSlugOf(doc("guides/intro.md", { slug: "../start" }))).toBe("/start");
    const atRoot = resolve({ docs: { routeBasePath: "/" } });
    expect(permalink("index.md", {}, atRoot)).toBe("/");
    expect(permalink("chat/slack/index.md", {}, atRoot)).toBe("/chat/slack/");
  });

  it("applies trailingSlash to routes and output files as Docusaurus does", () => {
    const withSlash = resolve({ trailingSlash: true, docs: { routeBasePath: "/" } });
    const without = resolve({ trailingSlash: false, docs: { routeBasePath: "/" } });
    expect(permalink("guides/intro.md", {}, withSlash)).toBe("/guides/intro/");
    expect(permalink("guides/index.md", {}, without)).toBe("/guides");
    expect(permalink("index.md", {}, without)).toBe("/");
    expect(withTrailingSlash("/a/b#c", withSlash)).toBe("/a/b/#c");
    expect(withTrailingSlash("/a/b/?q=1", without)).toBe("/a/b?q=1");
    expect(withTrailingSlash("/a/b", DEFAULTS)).toBe("/a/b");
    expect(outputFileOf("/guides/intro", "/", false)).toBe("guides/intro.html");
    expect(outputFileOf("/guides/intro/", "/", true)).toBe("guides/intro/index.html");
    expect(outputFileOf("/", "/", false)).toBe("index.html");
  });

  it("writes each route to an index.html and treats .html paths as the same page", () => {
    expect(outputFileOf("/", "/")).toBe("index.html");
    expect(outputFileOf("/integrations/tags", "/")).toBe("integrations/tags/index.html");
    expect(outputFileOf("/integrations/services/gitlab/", "/")).toBe("integrations/services/gitlab/index.html");
    expect(routeKey("/integrations/tags.html")).toBe("/integrations/tags");
    expect(routeKey("/integrations/index.html")).toBe("/integrations");
    expect(routeKey("/index.html")).toBe("/");
    expect(routeKey("/integrations/services/")).toBe(routeKey("/integrations/services"));
  });
});

describe("sidebar", () => {
  const groups = readGroupedSidebar(`${ROOT}/sidebar.json`);
  const ids = ["index", "services/index", ...JSON.stringify(groups).match(/services\/[a-z0-9.-]+\/index/g)!];
  const docs = ids.map((id) =>
    docOf(`/site/${id}.md`, `${id}.md`, `---\ntitle: ${id === "index" ? "Overview" : id.split("/")[1]}\n---\n`),
  );
  const loaded = { config: DEFAULTS, file: "ssodocs.config.ts", sidebars: [] as NamedSidebar[] };
  loaded.sidebars = [{ id: "docs", items: normalizeItems(groups), collapsibleByDefault: false, file: loaded.file }];
  const model = buildContentModel({ docs, categories: new Map() }, loaded, new Warnings());
  const { sidebar } = model;
  const nodes = sidebar.sidebars[0].nodes;

  it("has the overview, then Applications (never collapsed) with 14 collapsible categories sorted by label", () => {
    expect(nodes.map((n) => (n.type === "html" ? "" : n.label))).toEqual(["Overview", "Applications"]);
    const apps = nodes[1];
    if (apps.type !== "category") throw new Error("Applications is a category");
    expect(apps.href).toBe("/integrations/services/");
    expect(apps.collapsible).toBe(false);
    const labels = apps.items.map((c) => (c.type === "html" ? "" : c.label));
    expect(labels).toHaveLength(14);
    expect([...labels].sort((a, b) => a.localeCompare(b))).toEqual(labels);
    expect(apps.items.every((c) => c.type === "category" && c.collapsible)).toBe(true);
  });

  it("gives breadcrumbs and previous/next in sidebar order", () => {
    expect(breadcrumbsOf(sidebar.parents.get("services/gitlab/index")!, "GitLab").map((b) => b.label)).toEqual([
      "Applications",
      "Development",
      "GitLab",
    ]);
    const { previous, next } = stopsAround(sidebar.sidebars[0].stops, "services/index");
    expect(previous?.label).toBe("Overview");
    expect(next?.href).toMatch(/^\/integrations\/services\/[a-z0-9-]+\/$/);
    expect(sidebar.order).toHaveLength(ids.length);
  });
});

describe("drafts", () => {
  const doc = (relativePath: string, fm: string) => docOf(`/site/${relativePath}`, relativePath, `---\n${fm}\n---\n`);
  const docs = [doc("index.md", "title: Home"), doc("guides/draft.md", "title: Soon\ndraft: true")];
  const sidebars: NamedSidebar[] = [
    { id: "docs", items: [{ type: "autogenerated", dirName: "." }], collapsibleByDefault: true, file: "sidebars.js" },
  ];
  const model = (drafts: boolean) =>
    buildContentModel({ docs, categories: new Map() }, { config: DEFAULTS, file: "c.ts", sidebars }, new Warnings(), {
      drafts,
    });

  it("are left out of a build, their sidebar items too; watch mode (drafts: true) shows them", () => {
    const built = model(false);
    expect(built.docs.map((d) => d.id)).toEqual(["index"]);
    expect(built.drafts).toEqual(new Set(["guides/draft"]));
    expect(JSON.stringify(built.sidebar.sidebars[0].nodes)).not.toContain("draft");
    const watched = model(true);
    expect(watched.docs.map((d) => d.id)).toEqual(["index", "guides/draft"]);
    expect(JSON.stringify(watched.sidebar.sidebars[0].nodes)).toContain("/integrations/guides/draft");
  });
});

describe("custom props (Docusaurus's customProps and sidebar_custom_props)", () => {
  const doc = (relativePath: string, fm: string) => docOf(`/site/${relativePath}`, relativePath, `---\n${fm}\n---\n`);
  const docs = [
    doc("index.md", "title: Home\nsidebar_custom_props: { icon: home }"),
    doc("plain.md", "title: Plain"),
    doc("guides/index.md", "title: Guides\nsidebar_custom_props: { icon: guides-doc }"),
    doc("guides/setup.md", "title: Setup\nsidebar_custom_props: { icon: setup, tags: [a, b], level: 2, new: true }"),
    doc("tools/index.md", "title: Tools\nsidebar_custom_props: { icon: tools-doc }"),
    doc("tools/cli.md", "title: CLI"),
    doc("single/index.md", "title: Single\nsidebar_custom_props: { icon: single-doc }"),
  ];
  const meta = (dir: string, customProps: CategoryMeta["customProps"]): [string, CategoryMeta] => [
    dir,
    { customProps, ignored: [], file: `/site/${dir}/_category_.json`, hash: dir },
  ];
  const categories = new Map([meta("tools", { icon: "tools-category" }), meta("single", { icon: "single-category" })]);
  const modelOf = (items: unknown) => {
    const warnings = new Warnings();
    const sidebars = Object.entries(checkSidebars({ docs: items }, "sidebars.js")).map(([id, normal]) => ({
      id,
      items: normal,
      collapsibleByDefault: true,
      file: "sidebars.js",
      ignored: [...ignoredKeysOf(items)],
    }));
    const model = buildContentModel({ docs, categories }, { config: DEFAULTS, file: "c.ts", sidebars }, warnings);
    return {
      nodes: model.sidebar.sidebars[0].nodes,
      categoryPages: model.sidebar.categoryPages,
      warnings: warnings.items.map((w) => w.message),
    };
  };
  /** Each node's label (or html) with its custom props, nested as the sidebar is. */
  const propsOf = (nodes: SidebarNode[]): unknown[] =>
    nodes.map((n) => {
      const name = n.type === "html" ? n.html : n.label;
      return n.type === "category" ? [name, n.customProps, propsOf(n.items)] : [name, n.customProps];
    });

  it("a doc item has its doc's sidebar_custom_props; the item's own customProps win (both: the item's alone)", () => {
    const { nodes, warnings } = modelOf([
      "index",
      { type: "doc", id: "plain", customProps: { badge: "beta" } },
      { type: "doc", id: "guides/setup", label: "Own", customProps: { icon: "own" } },
      { type: "ref", id: "index", label: "Ref" },
      { type: "link", label: "Out", href: "https://example.com/", customProps: { external: true } },
      { type: "link", label: "Bare", href: "https://example.org/" },
      { type: "html", value: "<b>Note</b>", customProps: { note: null } },
    ]);
    expect(propsOf(nodes)).toEqual([
      ["Home", { icon: "home" }],
      ["Plain", { badge: "beta" }],
      ["Own", { icon: "own" }],
      ["Ref", { icon: "home" }],
      ["Out", { external: true }],
      ["Bare", undefined],
      ["<b>Note</b>", { note: null }],
    ]);
    // Custom props have an effect: no warning names them.
    expect(warnings).toEqual([]);
    // Nodes without custom props keep their shape.
    expect(Object.keys(nodes[5])).not.toContain("customProps");
  });

  it("a category has its own customProps, else those of the doc it links to", () => {
    const { nodes, categoryPages } = modelOf([
      {
        type: "category",
        label: "Own",
        link: { type: "doc", id: "guides/index" },
        customProps: { c: 1 },
        items: ["plain"],
      },
      { type: "category", label: "Linked", link: { type: "doc", id: "guides/index" }, items: ["guides/setup"] },
      { type: "category", label: "Index", link: { type: "generated-index" }, items: ["tools/cli"] },
      {
        type: "category",
        label: "Cards",
        link: { type: "generated-index" },
        customProps: { cards: true },
        items: ["tools/index"],
      },
    ]);
    expect(propsOf(nodes)).toEqual([
      ["Own", { c: 1 }, [["Plain", undefined]]],
      ["Linked", { icon: "guides-doc" }, [["Setup", { icon: "setup", tags: ["a", "b"], level: 2, new: true }]]],
      ["Index", undefined, [["CLI", undefined]]],
      ["Cards", { cards: true }, [["Tools", { icon: "tools-doc" }]]],
    ]);
    // A category with custom props keeps its generated index page.
    const cards = nodes[3] as Extract<SidebarNode, { type: "category" }>;
    expect(cards.href).toBe("/integrations/category/cards");
    expect(categoryPages.map((p) => p.title)).toEqual(["Index", "Cards"]);
  });

  it("autogenerated: a doc's from its front matter, a folder's from its _category_ file, else from its index doc", () => {
    const { nodes, warnings } = modelOf([{ type: "autogenerated", dirName: "." }]);
    expect(propsOf(nodes)).toEqual([
      ["Guides", { icon: "guides-doc" }, [["Setup", { icon: "setup", tags: ["a", "b"], level: 2, new: true }]]],
      ["Home", { icon: "home" }],
      ["Plain", undefined],
      // A category left with no items is a link to its doc, with the doc's custom props (as in Docusaurus).
      ["Single", { icon: "single-doc" }],
      ["Tools", { icon: "tools-category" }, [["CLI", undefined]]],
    ]);
    expect(warnings).toEqual([]);
  });

  it("an autogenerated item's own customProps go to none of its items, with a warning (as in Docusaurus)", () => {
    const { nodes, warnings } = modelOf([{ type: "autogenerated", dirName: "tools", customProps: { icon: "x" } }]);
    expect(propsOf(nodes)).toEqual([
      ["CLI", undefined],
      ["Tools", { icon: "tools-doc" }],
    ]);
    expect(warnings).toEqual([
      'an autogenerated sidebar item\'s "customProps" has no effect (as in Docusaurus, the items it stands for take theirs from their docs and _category_ files); ignored',
    ]);
  });

  it("are JSON data, given to components as a frozen copy", () => {
    const given = { icon: "grafana", nested: { list: [1, "two", null, false] } };
    const [node] = modelOf([{ type: "doc", id: "plain", customProps: given }]).nodes;
    expect(node.customProps).toEqual(given);
    expect(node.customProps).not.toBe(given);
    expect(Object.isFrozen(node.customProps)).toBe(true);
    expect(Object.isFrozen((node.customProps!.nested as { list: unknown[] }).list)).toBe(true);
    // A key JSON allows stays a key, not the object's prototype.
    const [proto] = modelOf([{ type: "doc", id: "plain", customProps: JSON.parse('{"__proto__": {"x": 1}}') }]).nodes;
    expect(Object.getPrototypeOf(proto.customProps)).toBe(Object.prototype);
    expect(Object.keys(proto.customProps!)).toEqual(["__proto__"]);
  });

  it("anything but JSON data, or more than 2,000 characters of it, is an error naming the item and what it holds", () => {
    const item = (customProps: unknown) => ({ docs: [{ type: "doc", id: "plain", customProps }] });
    const looped: Record<string, unknown> = { a: 1 };
    looped.self = { again: looped };
    let deep: unknown = 1;
    for (let i = 0; i < 150; i++) deep = [deep];
    const cases: [unknown, RegExp][] = [
      [
        { render: () => 1 },
        /^sidebars: "docs\[0\]\.customProps" holds a function at "render": custom props hold JSON data only \(objects, lists, strings, numbers, true, false, null\)$/,
      ],
      [{ when: new Date(0) }, /"docs\[0\]\.customProps" holds a date at "when"/],
      [{ list: [1, undefined] }, /holds undefined at "list\[1\]"/],
      [{ size: Number.POSITIVE_INFINITY }, /holds the number Infinity at "size"/],
      [{ big: 1n }, /holds a bigint at "big"/],
      [{ map: new Map() }, /holds a Map at "map"/],
      [looped, /holds itself at "self\.again"/],
      [{ deep }, /nests deeper than 100 levels at "deep(\[0\]){99}"/],
      [{ text: "x".repeat(2000) }, /may be at most 2000 characters as JSON \(they have 2011\)$/],
      [
        { many: Array.from({ length: 200_000 }, () => "xx") },
        /may be at most 2000 characters as JSON \(they have more than 8000\)$/,
      ],
      ["grafana", /"docs\[0\]\.customProps" must be an object of key: value pairs \(got "grafana"\)$/],
      [["a"], /must be an object of key: value pairs/],
    ];
    for (const [value, expected] of cases) expect(() => checkSidebars(item(value), "s.ts")).toThrow(expected);
    // At the limit, accepted.
    expect(() => checkSidebars(item({ text: "x".repeat(1989) }), "s.ts")).not.toThrow();
  });

  it("in front matter, an error names the doc's line", () => {
    const bad = (fm: string) => () => doc("bad.md", `title: Bad\n${fm}`);
    expect(bad("sidebar_custom_props: { icon: x, size: .inf }")).toThrow(
      /^front matter "sidebar_custom_props" holds the number Infinity at "size": custom props hold JSON data only/,
    );
    expect(bad("sidebar_custom_props: grafana")).toThrow(/"sidebar_custom_props" must be a set of key: value lines/);
    try {
      bad("sidebar_custom_props: { icon: x, size: .nan }")();
    } catch (error) {
      expect((error as SsodocsError).line).toBe(3);
      expect((error as SsodocsError).file).toBe("/site/bad.md");
    }
    expect.assertions(4);
  });
});
