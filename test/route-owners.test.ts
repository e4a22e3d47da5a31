// Every route has one owner (issue 27, finding 7): a doc may not take another doc's route, the docs
// index, or a page ssodocs generates (tags, search, a tag page, the 404 page); a tag may not take the
// tags index; a static file may not take a generated file's path; a static `_redirects` may not send
// a page elsewhere; `custom_edit_url` is an http(s) URL. Routes that differ only in case or Unicode
// form warn, naming both files.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempSite } from "./helpers.ts";

function build(files: Record<string, string>, { ownStatic = false, check = false } = {}) {
  const site = tempSite(files, { ownStatic });
  try {
    const out = path.join(site.dir, "build");
    const r = check
      ? runCli(["check", "--config", site.config])
      : runCli(["build", "--config", site.config, "--out", out]);
    return { ...r, built: existsSync(out) };
  } finally {
    site.cleanup();
  }
}

const doc = (title: string, extra = "") => `---\ntitle: ${title}\n${extra}---\n\n${title} text.\n`;

describe("a doc's route has one owner", () => {
  it("a new doc whose slug is another guide's route is an error naming both files, and check fails", () => {
    const files = { "docs/services/takeover.md": doc("Takeover", "slug: /services/beta/\nunlisted: true\n") };
    const r = build(files);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /docs\/services\/(takeover\.md|beta\/index\.md):\d+:1: error route \/integrations\/services\/beta\/ is also the route of services\/(beta\/index\.md|takeover\.md); choose another slug$/m,
    );
    expect(r.built).toBe(false);
    expect(build(files, { check: true }).code).toBe(1);
  });

  it("a new doc whose slug is the docs index is an error naming both files", () => {
    const r = build({ "docs/services/home.md": doc("Home", "slug: /\n") });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/route \/integrations\/ is also the route of (index\.md|services\/home\.md)/);
  });

  it("a doc whose route is a generated page (tags, a tag page, search, the 404 page) is an error naming it", () => {
    const cases: [string, string, RegExp][] = [
      ["tags.md", "slug: /tags/\n", /route \/integrations\/tags\/ is the tags index, which ssodocs makes/],
      [
        "apple.md",
        "slug: /tags/apple\n",
        /route \/integrations\/tags\/apple is the page of the tag "apple" \(of services\/alpha\/index\.md\)/,
      ],
    ];
    for (const [name, extra, message] of cases) {
      const r = build({ [`docs/${name}`]: doc("Taken", extra) });
      expect(r.code, name).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`docs/${name.replace(".", "\\.")}:\\d+:1: error `));
      expect(r.stderr).toMatch(message);
    }
    // The search page and the 404 page are at the site's root: docs there take them (routeBasePath "").
    const site = tempSite({
      "docs/search.md": doc("Search", "slug: /search\n"),
      "docs/missing.md": doc("Missing", "slug: /404.html\n"),
    });
    try {
      writeFileSync(
        site.config,
        readFileSync(site.config, "utf8").replace('path: "docs",', 'path: "docs",\n    routeBasePath: "",'),
      );
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /docs\/(search|missing)\.md:\d+:\d+: error route \/(search|404\.html) is the (search page|404 page), which ssodocs makes/,
      );
    } finally {
      site.cleanup();
    }
  });

  it("a tag whose route is the tags index is an error naming the doc", () => {
    const r = build({ "docs/services/beta/index.md": doc("Beta", "tags: [{ label: Everything, permalink: / }]\n") });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /docs\/services\/beta\/index\.md:\d+:\d+: error the tag "Everything" would be at \/integrations\/tags\/, the tags index/,
    );
  });

  it("custom_edit_url takes an http(s) URL or null, nothing else", () => {
    const r = build({ "docs/services/beta/index.md": doc("Beta", "custom_edit_url: javascript:alert(1)\n") });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /beta\/index\.md:3:\d+: error front matter "custom_edit_url" must be an http\(s\) URL or null/,
    );
    expect(build({ "docs/services/beta/index.md": doc("Beta", "custom_edit_url: https://example.com/e\n") }).code).toBe(
      0,
    );
  });

  it("routes that differ only in case or Unicode form warn, naming both files", () => {
    const r = build({
      "docs/services/Beta-Guide.md": doc("Beta guide"),
      "docs/services/beta-guide.md": doc("Another beta guide"),
      "docs/services/caf\u00e9.md": doc("Cafe composed"),
      "docs/services/cafe\u0301.md": doc("Cafe decomposed"),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /services\/beta-guide\.md:1:1: warning route \/integrations\/services\/beta-guide differs only in case or Unicode form from \/integrations\/services\/Beta-Guide \(services\/Beta-Guide\.md\)/,
    );
    expect(r.stderr).toMatch(
      /services\/caf.*\.md:1:1: warning route .* differs only in case or Unicode form from .*caf/,
    );
  });
});

describe("static files and the static _redirects do not replace pages", () => {
  it("a static file at a generated file's path is an error naming the static file", () => {
    const r = build({ "static/sitemap.xml": "<urlset/>" }, { ownStatic: true });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /static\/sitemap\.xml:1:1: error this static file would replace sitemap\.xml, which ssodocs makes/,
    );
    const page = build({ "static/integrations/services/beta/index.html": "<p>not beta</p>" }, { ownStatic: true });
    expect(page.code).toBe(1);
    expect(page.stderr).toMatch(
      /static\/integrations\/services\/beta\/index\.html:1:1: error this static file would replace/,
    );
  });

  it("a static robots.txt is the site's own: it replaces the one ssodocs writes, with no error", () => {
    const site = tempSite({ "static/robots.txt": "User-agent: *\nDisallow: /private/\n" }, { ownStatic: true });
    try {
      const out = path.join(site.dir, "build");
      const r = runCli(["build", "--config", site.config, "--out", out]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(readFileSync(path.join(out, "robots.txt"), "utf8")).toBe("User-agent: *\nDisallow: /private/\n");
    } finally {
      site.cleanup();
    }
  });

  it("a _redirects rule whose source is a page's route is an error naming its line", () => {
    const r = build(
      {
        "static/_redirects":
          "# ours\n/old/ /integrations/ 301\n/integrations/services/beta/ https://evil.example/ 301\n",
      },
      { ownStatic: true },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /static\/_redirects:3:1: error this rule redirects \/integrations\/services\/beta\/, which is a page of the site/,
    );
    const fine = build(
      { "static/_redirects": "/old/ /integrations/ 301\n/blog/* https://blog.example.com/:splat\n" },
      {
        ownStatic: true,
      },
    );
    expect(fine.code, fine.stderr).toBe(0);
  });
});
