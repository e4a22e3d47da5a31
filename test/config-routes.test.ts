import { describe, expect, it } from "vitest";
import { DEFAULTS, resolveConfig } from "../src/node/config.ts";
import { docIdOf, docSlugOf, parseNumberPrefix } from "../src/node/content/doc-ids.ts";
import { docOf } from "../src/node/content/load.ts";
import { docPermalink, outputFileOf, routeKey, withTrailingSlash } from "../src/node/content/routes.ts";
import { breadcrumbsOf, stopsAround } from "../src/node/content/sidebar.ts";
import { normalizeItems } from "../src/node/content/sidebar-items.ts";
import type { NamedSidebar } from "../src/node/content/sidebars-module.ts";
import { buildContentModel } from "../src/node/content/site.ts";
import { Warnings } from "../src/node/errors.ts";
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
