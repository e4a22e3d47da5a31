// A site's component overrides (theme/<Name>.tsx, Docusaurus's swizzle): each replaces its
// component wherever pages use it, `ssodocs components` lists them, and a bad one is one line
// naming its file and line, exit 1, with the last output kept.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMPONENT_NAMES, COMPONENTS } from "../src/shared/overridable.ts";
import * as theme from "../templates/theme.ts";
import { buildBothWays, FIXTURE_SITE, fileHashes, runCli, tempSite } from "./helpers.ts";

const BETA = "integrations/services/beta/index.html";

/** Builds the fixture site with `files` added (into `<site>/build`, built once before without them when `before`). */
function build(files: Record<string, string>, { before = false, config = (c: string) => c } = {}) {
  const site = tempSite();
  const out = path.join(site.dir, "build");
  writeFileSync(site.config, config(readFileSync(site.config, "utf8")));
  const first = before ? runCli(["build", "--config", site.config, "--out", out]) : null;
  if (first && first.code !== 0) throw new Error(first.stderr);
  const earlier = first ? readFileSync(path.join(out, BETA), "utf8") : null;
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(site.dir, rel)), { recursive: true });
    writeFileSync(path.join(site.dir, rel), text);
  }
  const r = runCli(["build", "--config", site.config, "--out", out]);
  const read = (file: string) => readFileSync(path.join(out, file), "utf8");
  return { ...r, site, out, read, earlier, lines: r.stderr.split("\n").filter(Boolean) };
}

/** The error line of a failed build: it names `file` (of the site) and a line, which must hold `expected`. */
function expectOneLineAt(r: ReturnType<typeof build>, file: string, expected: string) {
  expect(r.code, r.stderr).toBe(1);
  expect(r.lines).toHaveLength(1);
  const where = new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:(\\d+):\\d+: error `);
  const m = where.exec(r.lines[0]);
  expect(m, r.lines[0]).not.toBeNull();
  expect(readFileSync(path.join(r.site.dir, file), "utf8").split("\n")[Number(m![1]) - 1]).toContain(expected);
  // The output of the last good build stays.
  if (r.earlier !== null) expect(r.read(BETA)).toBe(r.earlier);
}

describe("component overrides", () => {
  it("replace their component wherever it is used: pages, sidebar items, badges and cards in Markdown too", () => {
    const r = build({
      "theme/SupportBadge.tsx": `import type { SupportBadgeProps } from "ssodocs";
export default function SupportBadge({ level }: SupportBadgeProps) {
  return <span className="my-badge">{level.toUpperCase()}</span>;
}
`,
      "theme/DocCardList.tsx": `import type { DocCardListProps } from "ssodocs";
export default function DocCardList({ cards }: DocCardListProps) {
  return <ol className="my-cards">{cards.map((c) => <li key={c.href}><a href={c.href}>{c.label}</a></li>)}</ol>;
}
`,
      "theme/DocSidebarItemLink/index.tsx": `import type { DocSidebarItemLinkProps } from "ssodocs";
import { DocSidebarItemLink as Default } from "ssodocs/theme";
export default function Link(props: DocSidebarItemLinkProps) {
  return <><Default {...props} /><li className="my-after">{"after " + props.item.label}</li></>;
}
`,
      "theme/NotFoundContent.jsx": `export default function NotFoundContent({ site }) {
  return <main id="main-content" className="my-404"><h1>Lost?</h1><a href={site.docsHome}>Start again</a></main>;
}
`,
      "theme/helpers/unused.ts": "export const helper = 1;\n",
      "theme/README.md": "Notes on the overrides.\n",
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    // The badge under a guide's title and the one written in Markdown.
    expect(r.read(BETA)).toContain('<div class="badges"><span class="my-badge">COMMUNITY</span>');
    expect(r.read("integrations/services/index.html")).toContain('<span class="my-badge">COMMUNITY</span>');
    expect(r.read("integrations/services/index.html")).not.toContain("badge-support");
    // The cards on the home page and from <DocCardList /> in Markdown.
    expect(r.read("index.html")).toContain('<ol class="my-cards">');
    expect(r.read("integrations/services/index.html")).toContain('<ol class="my-cards">');
    expect(r.read("index.html")).not.toContain('class="card-grid"');
    // Every link of the sidebar, nested in categories too, with the default link kept.
    const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(r.read(BETA))![0];
    expect(sidebar.match(/<li class="my-after">/g)).toHaveLength(3);
    expect(sidebar).toContain('<a href="/integrations/services/beta/" aria-current="page">Beta</a></li>');
    expect(sidebar).toContain('<li class="my-after">after Beta</li>');
    // The 404 page's content, inside the default layout.
    const notFound = r.read("404.html");
    expect(notFound).toContain('<main id="main-content" class="my-404"><h1>Lost?</h1>');
    expect(notFound).toContain('<nav class="navbar"');
    expect(notFound).not.toContain("Page Not Found</h1>");
    r.site.cleanup();
  });

  it("replace each sidebar item, in every category, where the site overrides DocSidebarItem", () => {
    const r = build({
      "theme/DocSidebarItem.tsx": `import type { DocSidebarItemProps } from "ssodocs";
import { DocSidebarItem as Default } from "ssodocs/theme";
export default function Item(props: DocSidebarItemProps) {
  if (props.item.type !== "link") return <Default {...props} />;
  return <li className="my-item"><a href={props.item.href}>{props.item.label.toUpperCase()}</a></li>;
}
`,
    });
    expect(r.code, r.stderr).toBe(0);
    const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(r.read(BETA))![0];
    expect([...sidebar.matchAll(/<li class="my-item"><a href="[^"]+">([^<]+)<\/a><\/li>/g)].map((m) => m[1])).toEqual([
      "OVERVIEW",
      "ALPHA",
      "BETA",
    ]);
    // The categories stay ssodocs's, their items the site's.
    expect(sidebar).toContain('<li><span>Development</span><ul><li class="my-item">');
    r.site.cleanup();
  });

  it("take their folder from themeDir; a themeDir that does not exist names the key", () => {
    const footer = 'export default function Footer() {\n  return <footer className="mine">Mine</footer>;\n}\n';
    const moved = build(
      { "site-theme/Footer.tsx": footer },
      { config: (c) => c.replace("  footer:", '  themeDir: "site-theme",\n  footer:') },
    );
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.read("index.html")).toContain('<footer class="mine">Mine</footer>');
    moved.site.cleanup();
    const missing = build({}, { config: (c) => c.replace("  footer:", '  themeDir: "nowhere",\n  footer:') });
    expect(missing.code).toBe(1);
    expect(missing.lines).toHaveLength(1);
    expect(missing.lines[0]).toMatch(/^ssodocs\.config\.ts:1:1: error themeDir "nowhere" does not exist/);
    missing.site.cleanup();
  });

  it("use ssodocs's own React and default components, not the site's installed packages", () => {
    const broken = 'throw new Error("the site\'s own React was loaded");\n';
    const r = build({
      "node_modules/react/package.json": '{ "name": "react", "version": "18.3.1", "main": "index.js" }\n',
      "node_modules/react/index.js": broken,
      "node_modules/react/jsx-runtime.js": broken,
      "node_modules/ssodocs/package.json": '{ "name": "ssodocs", "exports": { "./theme": "./theme.js" } }\n',
      "node_modules/ssodocs/theme.js": broken,
      "theme/Footer.tsx": `import { Footer } from "ssodocs/theme";
import type { FooterProps } from "ssodocs";
export default function Wrapped(props: FooterProps) {
  return <div className="wrapped"><Footer {...props} /></div>;
}
`,
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.read("index.html")).toContain('<div class="wrapped"><footer class="footer">');
    r.site.cleanup();
  });
});

describe("custom props (sidebar_custom_props, customProps) in the sidebar's overrides", () => {
  const BETA_DOC = "docs/services/beta/index.md";
  const betaWith = (props: string) =>
    readFileSync(path.join(FIXTURE_SITE, BETA_DOC), "utf8").replace(
      "sidebar_label: Beta\n",
      `sidebar_label: Beta\n${props}\n`,
    );
  /** The fixture's sidebar with custom props on its overview item and its Applications category (`extra`: items added after the overview). */
  const withProps =
    (extra = "") =>
    (c: string) =>
      c
        .replace(
          '{ type: "doc", id: "index", label: "Overview" },',
          `{ type: "doc", id: "index", label: "Overview", customProps: { icon: "home" } },${extra}`,
        )
        .replace('label: "Applications",', 'label: "Applications",\n        customProps: { badge: 3 },');
  const textOf = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  /** Each `<li class="<name>">` of the sidebar: the JSON its override wrote, read back. */
  const written = (sidebar: string, name: string) =>
    [...sidebar.matchAll(new RegExp(`<li class="${name}">([^<]*)</li>`, "g"))].map((m) => JSON.parse(textOf(m[1])));
  const shows = (name: string, what: string) => `import type { ${name}Props } from "ssodocs";
import { ${name} as Default } from "ssodocs/theme";
export default function Shows(props: ${name}Props) {
  const props_ = <li className="${what}">{JSON.stringify(props.item.customProps ?? null)}</li>;
  return <>{props_}<Default {...props} /></>;
}
`;

  it("reach DocSidebarItem and the overrides of each item type as item.customProps, as data only", () => {
    const extra = `
      { type: "link", label: "Docs", href: "https://docs.example.com/", customProps: { external: true } },
      { type: "html", value: "<small>Note</small>", customProps: { note: "<script>alert(1)</script>" } },`;
    const r = build(
      {
        [BETA_DOC]: betaWith("sidebar_custom_props: { icon: beta, tags: [x, y] }"),
        "theme/DocSidebarItem.tsx": shows("DocSidebarItem", "any"),
        "theme/DocSidebarItemLink.tsx": shows("DocSidebarItemLink", "link"),
        "theme/DocSidebarItemCategory.tsx": shows("DocSidebarItemCategory", "category"),
        "theme/DocSidebarItemHtml.tsx": shows("DocSidebarItemHtml", "html"),
      },
      { config: withProps(extra) },
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const alpha = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(r.read("integrations/services/alpha/index.html"))![0];
    const beta = { icon: "beta", tags: ["x", "y"] };
    const note = { note: "<script>alert(1)</script>" };
    // Every item, in order: Overview, Docs, the html item, Applications (from the item, not its linked doc), and in it
    // Development, Alpha, Monitoring and Beta (from its doc's front matter).
    expect(written(alpha, "any")).toEqual([
      { icon: "home" },
      { external: true },
      note,
      { badge: 3 },
      null,
      null,
      null,
      beta,
    ]);
    expect(written(alpha, "link")).toEqual([{ icon: "home" }, { external: true }, null, beta]);
    expect(written(alpha, "category")).toEqual([{ badge: 3 }, null, null]);
    expect(written(alpha, "html")).toEqual([note]);
    // Text React escaped: no markup of the content's.
    expect(alpha).not.toContain("<script>");
    r.site.cleanup();
  });

  it("change nothing ssodocs's own components show", () => {
    const plain = build({});
    const given = build(
      { [BETA_DOC]: betaWith("sidebar_custom_props: { icon: beta, tags: [x, y] }") },
      { config: withProps() },
    );
    expect(given.stderr).toBe("");
    // The pages alike, byte for byte (the Markdown copy of Beta's doc holds its front matter).
    const pages = (r: typeof plain) =>
      new Map([...fileHashes(r.out)].filter(([file]) => file.endsWith(".html") || file.endsWith(".json")));
    expect(pages(given)).toEqual(pages(plain));
    expect(pages(plain).size).toBeGreaterThan(5);
    plain.site.cleanup();
    given.site.cleanup();
  });

  it("in a _category_ file: more than 2,000 characters of JSON is an error naming its line", () => {
    const category = JSON.stringify({ label: "Services", customProps: { text: "x".repeat(2000) } }, null, 2);
    const r = build({ "docs/services/_category_.json": category });
    expectOneLineAt(r, "docs/services/_category_.json", '"customProps"');
    expect(r.lines[0]).toMatch(
      /error category file: "customProps" may be at most 2000 characters as JSON \(they have 2011\)$/,
    );
    r.site.cleanup();
  });
});

describe("overrides and the cache", () => {
  it("renders the pages again when an override or a file it imports changes, as a build without the cache does", () => {
    const site = tempSite({
      "theme/words.ts": 'export const WORD = "one";\n',
      "theme/Footer.tsx":
        'import { WORD } from "./words.ts";\n\nexport default function Footer() {\n  return <footer>{"footer " + WORD}</footer>;\n}\n',
    });
    const cache = mkdtempSync(path.join(os.tmpdir(), "ssodocs-overrides-cache-"));
    const footer = () => /<footer>([^<]*)<\/footer>/.exec(readFileSync(path.join(out, BETA), "utf8"))?.[1];
    let out = "";
    try {
      out = buildBothWays(site, cache);
      expect(footer()).toBe("footer one");
      writeFileSync(path.join(site.dir, "theme/words.ts"), 'export const WORD = "two";\n');
      out = buildBothWays(site, cache);
      expect(footer()).toBe("footer two");
      const file = path.join(site.dir, "theme/Footer.tsx");
      writeFileSync(file, readFileSync(file, "utf8").replace('"footer "', '"edited "'));
      out = buildBothWays(site, cache);
      expect(footer()).toBe("edited two");
      rmSync(file);
      out = buildBothWays(site, cache);
      expect(footer()).toBeUndefined();
      expect(readFileSync(path.join(out, BETA), "utf8")).toContain('<footer class="footer">');
    } finally {
      site.cleanup();
      rmSync(cache, { recursive: true, force: true });
    }
  });
});

describe("custom props and the cache", () => {
  it("an edit of a doc's sidebar_custom_props alone shows on every page's sidebar, as a build without the cache shows it", () => {
    const site = tempSite({
      "theme/DocSidebarItemLink.tsx": `import type { DocSidebarItemLinkProps } from "ssodocs";
import { DocSidebarItemLink as Default } from "ssodocs/theme";
export default function Link(props: DocSidebarItemLinkProps) {
  const icon = props.item.customProps?.icon;
  if (typeof icon !== "string") return <Default {...props} />;
  return <><Default {...props} /><li className="icon">{icon}</li></>;
}
`,
    });
    const cache = mkdtempSync(path.join(os.tmpdir(), "ssodocs-custom-props-cache-"));
    const doc = path.join(site.dir, "docs/services/beta/index.md");
    const original = readFileSync(doc, "utf8");
    const setIcon = (icon: string) =>
      writeFileSync(
        doc,
        original.replace("sidebar_label: Beta\n", `sidebar_label: Beta\nsidebar_custom_props: { icon: ${icon} }\n`),
      );
    let out = "";
    // The icons the override shows in a page's sidebar: Alpha's page shows Beta's link.
    const icons = (file: string) =>
      [...readFileSync(path.join(out, file), "utf8").matchAll(/<li class="icon">([^<]*)<\/li>/g)].map((m) => m[1]);
    try {
      setIcon("one");
      out = buildBothWays(site, cache);
      expect(icons("integrations/services/alpha/index.html")).toEqual(["one"]);
      setIcon("two");
      out = buildBothWays(site, cache);
      expect(icons("integrations/services/alpha/index.html")).toEqual(["two"]);
      expect(icons("integrations/services/index.html")).toEqual(["two"]);
      expect(icons(BETA)).toEqual(["two"]);
      writeFileSync(doc, original);
      out = buildBothWays(site, cache);
      expect(icons("integrations/services/alpha/index.html")).toEqual([]);
    } finally {
      site.cleanup();
      rmSync(cache, { recursive: true, force: true });
    }
  });
});

describe("a bad override", () => {
  it("with a syntax error: one line naming its file and line, exit 1, the last output kept", () => {
    const r = build(
      {
        "theme/Footer.tsx": "export default function Footer() {\n  const x = ;\n  return <footer>x</footer>;\n}\n",
      },
      { before: true },
    );
    expectOneLineAt(r, "theme/Footer.tsx", "const x = ;");
    r.site.cleanup();
  });

  it("that throws while rendering: one line naming its file and the line that threw", () => {
    const r = build(
      {
        "theme/DocHelpBox.tsx": `import type { DocHelpBoxProps } from "ssodocs";

export default function DocHelpBox({ doc }: DocHelpBoxProps) {
  if (doc.title.includes("Beta")) throw new Error("no help for " + doc.title);
  return <p>help</p>;
}
`,
      },
      { before: true },
    );
    expectOneLineAt(r, "theme/DocHelpBox.tsx", "throw new Error");
    expect(r.lines[0]).toMatch(/rendering \/integrations\/services\/beta\/ failed: no help for Integrate with Beta$/);
    r.site.cleanup();
  });

  it("whose default export is no component, or that imports a Docusaurus module: its file and line", () => {
    const notComponent = build({ "theme/Navbar.tsx": 'const links = ["a"];\n\nexport default links;\n' });
    expectOneLineAt(notComponent, "theme/Navbar.tsx", "export default links");
    expect(notComponent.lines[0]).toMatch(/exports a object as its default, not a component/);
    notComponent.site.cleanup();
    const docusaurus = build({
      "theme/Footer.tsx": `import React from "react";
import OriginalFooter from "@theme-original/Footer";

export default function Footer() {
  return <OriginalFooter />;
}
`,
    });
    expectOneLineAt(docusaurus, "theme/Footer.tsx", "@theme-original/Footer");
    expect(docusaurus.lines[0]).toContain('the default component is import { Footer } from "ssodocs/theme"');
    docusaurus.site.cleanup();
    const throwsOnLoad = build({
      "theme/TOC.tsx":
        "const items = null as unknown as string[];\nconst first = items[0];\n\nexport default () => first;\n",
    });
    expectOneLineAt(throwsOnLoad, "theme/TOC.tsx", "items[0]");
    expect(throwsOnLoad.lines[0]).toMatch(/the override could not be loaded: Cannot read properties of null/);
    throwsOnLoad.site.cleanup();
  });

  it("named nearly like a component: its file and the name meant", () => {
    const r = build({ "theme/Foter.tsx": "export default function Foter() {\n  return null;\n}\n" });
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([
      "theme/Foter.tsx:1:1: error no component is named Foter; did you mean Footer? " +
        "(ssodocs components lists the names; a helper the overrides import takes a name in lower case)",
    ]);
    r.site.cleanup();
  });
});

describe("ssodocs components", () => {
  it("prints every name with its props type and what overrides it", () => {
    const site = tempSite({ "theme/Footer.tsx": "export default function Footer() {\n  return null;\n}\n" });
    try {
      const r = runCli(["components", "--config", site.config]);
      expect(r.code, r.stderr).toBe(0);
      const rows = new Map(
        r.stdout
          .split("\n")
          .map((line) => line.split(/ {2,}/))
          .filter((cells) => cells.length === 4)
          .map(([name, props, state]) => [name, { props, state }]),
      );
      expect([...rows.keys()]).toEqual(COMPONENT_NAMES);
      for (const name of COMPONENT_NAMES) expect(rows.get(name)!.props).toBe(COMPONENTS[name].props);
      expect(rows.get("Footer")!.state).toBe(path.join(site.dir, "theme/Footer.tsx"));
      expect(rows.get("DocHelpBox")!.state).toBe("default");
      expect(r.stdout).toMatch(/^1 component of 27 overridden$/m);
    } finally {
      site.cleanup();
    }
  });

  it("has, in ssodocs/theme, the default component of each name", () => {
    expect(Object.keys(theme).sort()).toEqual([...COMPONENT_NAMES].sort());
    for (const name of COMPONENT_NAMES) expect(typeof (theme as Record<string, unknown>)[name], name).toBe("function");
  });
});
