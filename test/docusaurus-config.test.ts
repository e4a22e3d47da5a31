// A Docusaurus site with no ssodocs config (test/fixtures/docusaurus-config-site): `ssodocs build`
// in its folder reads its docusaurus.config.mjs, with the site's own installed packages, maps
// every key ssodocs has and warns, one line each, of every key it leaves out. Also: CommonJS and
// TypeScript configs, a package the site lacks, and Docusaurus keys written into an ssodocs config.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, runCli, tempSite } from "./helpers.ts";

const FIXTURE = path.join(ROOT, "test/fixtures/docusaurus-config-site");

/**
 * A copy of the fixture with prism-react-renderer installed in its own node_modules (ssodocs has
 * no such package: the config finds it in the site's folder, or nowhere), with files replaced.
 */
function tempConfigSite(files: Record<string, string | null> = {}, { packages = true } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-docusaurus-config-"));
  cpSync(FIXTURE, dir, { recursive: true });
  if (packages) {
    const pkg = path.join(dir, "node_modules/prism-react-renderer");
    mkdirSync(pkg, { recursive: true });
    writeFileSync(path.join(pkg, "package.json"), '{ "name": "prism-react-renderer", "version": "2.4.1" }\n');
    writeFileSync(
      path.join(pkg, "index.js"),
      'exports.themes = { github: { plain: { color: "#393a34" } }, dracula: { plain: { color: "#f8f8f2" } } };\n',
    );
  }
  for (const [rel, text] of Object.entries(files))
    if (text === null) rmSync(path.join(dir, rel));
    else writeFileSync(path.join(dir, rel), text);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Each warning expected of the fixture's config: its line, the key, the start of the advice. */
const EXPECTED: [number, string, string][] = [
  [19, "onBrokenMarkdownLinks", "ssodocs always fails the build on a broken Markdown link"],
  [20, "future", "Docusaurus's future flags have no ssodocs equivalent"],
  [21, "the locale fr", "ssodocs builds one locale (en)"],
  [22, "clientModules", "ssodocs loads no client modules: move styles to customCss"],
  [23, "scripts", "ssodocs adds no other scripts"],
  [24, "stylesheets", "ssodocs links no other stylesheets: bundle them with customCss"],
  [35, "presets.classic.docs.showLastUpdateTime", "ssodocs reads no git history"],
  [
    37,
    "presets.classic.docs.remarkPlugins",
    "ssodocs renders Markdown with markdown-it, not MDX: port the plugin to markdown.plugins",
  ],
  [47, "the plugin @docusaurus/plugin-ideal-image", "ssodocs runs no Docusaurus plugins"],
  [61, "themeConfig.navbar.items[0]", "a docSidebar item"],
  [69, "themeConfig.footer.style", "restyle it with customCss"],
  [
    70,
    "themeConfig.footer.links",
    "the footer shows the copyright: put links and a logo in a Footer component override",
  ],
  [73, "themeConfig.docs.sidebar.hideable", "the sidebar cannot be hidden"],
  [76, "themeConfig.prism.theme", "code is highlighted with shiki"],
  [76, "themeConfig.prism.darkTheme", "code is highlighted with shiki"],
];

describe("a Docusaurus site with no ssodocs config", () => {
  let site: ReturnType<typeof tempConfigSite>;
  let built: ReturnType<typeof runCli>;
  const read = (file: string) => readFileSync(path.join(site.dir, "build", file), "utf8");

  beforeAll(() => {
    site = tempConfigSite();
    built = runCli(["build"], site.dir);
  });
  afterAll(() => site.cleanup());

  it("builds from docusaurus.config.mjs, saying so, with one warning per key ssodocs leaves out", () => {
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout.split("\n")[0]).toBe(
      "Read the Docusaurus config docusaurus.config.mjs, mapped to ssodocs's keys",
    );
    const config = readFileSync(path.join(site.dir, "docusaurus.config.mjs"), "utf8").split("\n");
    const lines = built.stderr.split("\n").filter(Boolean);
    expect(lines).toHaveLength(EXPECTED.length);
    for (const [i, [line, key, advice]] of EXPECTED.entries()) {
      // At the first character of the key's line.
      const column = config[line - 1].search(/\S/) + 1;
      const start = `docusaurus.config.mjs:${line}:${column}: warning ${key} has no effect in ssodocs: ${advice}`;
      expect(lines[i].slice(0, start.length)).toBe(start);
    }
  });

  it("maps the docs options: routes at the root, the sidebars module, exclude, editUrl, redirects", () => {
    expect(existsSync(path.join(site.dir, "build/intro/index.html"))).toBe(true);
    expect(existsSync(path.join(site.dir, "build/guides/setup/index.html"))).toBe(true);
    expect(existsSync(path.join(site.dir, "build/drafts"))).toBe(false);
    const intro = read("intro/index.html");
    expect(intro).toContain('<link rel="canonical" href="https://docs.acme.example/intro/"/>');
    expect(intro).toContain('href="https://github.com/acme/docs/edit/main/intro.md"');
    const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(intro)![0].replace(/<[^>]+>/g, " ");
    expect(sidebar.replace(/\s+/g, " ").trim()).toBe("Introduction Guides Set up Acme");
    expect(read("start/index.html")).toContain('data-redirect="/intro/"');
  });

  it("maps themeConfig: navbar, footer, announcement bar, table of contents, Algolia, colour mode", () => {
    const intro = read("intro/index.html");
    const navbar = /<nav class="navbar"[\s\S]*?<\/nav>/.exec(intro)![0];
    expect(navbar).toMatch(/<img [^>]*src="\/img\/logo\.svg" alt="Acme logo"/);
    // favicon, themeConfig.image and the classic preset's theme.customCss map to ssodocs's keys of those names.
    expect(intro).toContain('<link rel="icon" href="/img/favicon.ico"');
    expect(intro).toMatch(/<link rel="stylesheet" href="\/assets\/css\/custom-[^"]+\.css"/);
    expect(navbar).toContain('<a href="/guides/setup/">Setup</a>');
    expect(navbar).toContain('href="https://github.com/acme/docs" aria-label="GitHub"');
    expect(navbar).toContain('aria-label="Version: Next"');
    expect(navbar).toContain('aria-label="Language: English"');
    expect(navbar).toContain("&quot;indexName&quot;:&quot;acme-docs&quot;");
    expect(navbar).not.toContain("Docs</a>");
    expect(intro).toContain("Acme 2.0 is out.");
    expect(intro).toContain("Copyright © 2026 Acme, Inc.");
    // tableOfContents goes down to level 4.
    expect(/<nav class="toc"[\s\S]*?<\/nav>/.exec(intro)?.[0]).toContain("Plans");
    expect(intro).toContain("respectPrefersColorScheme:!0");
  });

  it("passes ssodocs check", () => {
    const r = runCli(["check"], site.dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Read the Docusaurus config .*\nCheck passed: /);
  });
});

describe("Docusaurus configs of other kinds", () => {
  const sidebarsAndDocs = { "docusaurus.config.mjs": null };

  it("a CommonJS config: require, require.resolve, __dirname and a function making the config", () => {
    const cjs = `const path = require("node:path");
const { themes } = require("prism-react-renderer");

module.exports = async function createConfig() {
  return {
    title: "Acme Docs",
    url: "https://docs.acme.example/",
    baseUrl: "/",
    presets: [
      [
        require.resolve("@docusaurus/preset-classic"),
        { docs: { path: path.join(__dirname, "docs"), routeBasePath: "/", sidebarPath: require.resolve("./sidebars.js"), exclude: ["**/drafts/**"] }, blog: false },
      ],
    ],
    themeConfig: { prism: { theme: themes.github }, navbar: { title: "Acme Docs", items: [] } },
  };
};
`;
    const site = tempConfigSite({ ...sidebarsAndDocs, "docusaurus.config.js": cjs });
    // The preset is installed too: require.resolve finds it in the site's node_modules.
    const preset = path.join(site.dir, "node_modules/@docusaurus/preset-classic");
    mkdirSync(preset, { recursive: true });
    writeFileSync(path.join(preset, "package.json"), '{ "name": "@docusaurus/preset-classic", "version": "3.9.2" }\n');
    writeFileSync(path.join(preset, "index.js"), "module.exports = () => ({});\n");
    try {
      const r = runCli(["build"], site.dir);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr.trim().split("\n")).toEqual([
        expect.stringMatching(
          /^docusaurus\.config\.js:15:5: warning themeConfig\.prism\.theme has no effect in ssodocs/,
        ),
      ]);
      expect(existsSync(path.join(site.dir, "build/guides/setup/index.html"))).toBe(true);
    } finally {
      site.cleanup();
    }
  });

  it("a TypeScript config importing Docusaurus's types, which are not installed", () => {
    const ts = `import type { Config } from "@docusaurus/types";
import type * as Preset from "@docusaurus/preset-classic";

const config: Config = {
  title: "Acme Docs",
  url: "https://docs.acme.example",
  baseUrl: "/",
  presets: [["classic", { docs: { routeBasePath: "/", sidebarPath: "./sidebars.js", exclude: ["**/drafts/**"] }, blog: false } satisfies Preset.Options]],
};

export default config;
`;
    const site = tempConfigSite({ ...sidebarsAndDocs, "docusaurus.config.ts": ts }, { packages: false });
    try {
      const r = runCli(["build"], site.dir);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe("");
      expect(r.stdout).toMatch(/^Read the Docusaurus config docusaurus\.config\.ts, /);
    } finally {
      site.cleanup();
    }
  });

  it("a package the site has not installed is named, with the config's line", () => {
    const site = tempConfigSite({}, { packages: false });
    try {
      const r = runCli(["build"], site.dir);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^docusaurus\.config\.mjs:5:1: error the package "prism-react-renderer" is not installed here: install the site's packages \(npm install\)\n$/,
      );
    } finally {
      site.cleanup();
    }
  });

  it("an ssodocs.config.ts beside it is read instead", () => {
    const own = `export default { title: "Own", url: "https://own.example", docs: { path: "docs", routeBasePath: "/", exclude: ["**/drafts/**"] } };\n`;
    const site = tempConfigSite({ "ssodocs.config.ts": own });
    try {
      const r = runCli(["build"], site.dir);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toContain("Docusaurus");
      expect(r.stderr).toBe("");
      expect(readFileSync(path.join(site.dir, "build/intro/index.html"), "utf8")).toContain("| Own</title>");
    } finally {
      site.cleanup();
    }
  });
});

describe("Docusaurus keys in an ssodocs config", () => {
  const withKeys = (edit: (config: string) => string) => {
    const site = tempSite();
    writeFileSync(site.config, edit(readFileSync(site.config, "utf8")));
    try {
      return runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
    } finally {
      site.cleanup();
    }
  };

  it("warn, one line each, rather than fail as unknown keys", () => {
    const r = withKeys((c) =>
      c
        .replace("  footer:", '  onBrokenLinks: "warn",\n  clientModules: ["./client.js"],\n  footer:')
        .replace('    path: "docs",', '    path: "docs",\n    remarkPlugins: [() => {}],'),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.split("\n").filter(Boolean)).toEqual([
      expect.stringMatching(
        /ssodocs\.config\.ts:12:3: warning onBrokenLinks has no effect in ssodocs: ssodocs always fails the build on a broken link/,
      ),
      expect.stringMatching(/ssodocs\.config\.ts:13:3: warning clientModules has no effect in ssodocs: /),
      expect.stringMatching(
        /ssodocs\.config\.ts:17:5: warning docs\.remarkPlugins has no effect in ssodocs: .*markdown\.plugins/,
      ),
    ]);
  });

  it("themeConfig and presets fail, saying where their keys go", () => {
    const r = withKeys((c) => c.replace("  footer:", "  themeConfig: { navbar: {} },\n  footer:"));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^ssodocs\.config\.ts:1:1: error config key "themeConfig" is Docusaurus's: write its keys at the top level \(navbar, footer/,
    );
  });
});
