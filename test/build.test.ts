// End-to-end builds of the fixture site through the real CLI.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, cliEnv, runCli, tempSite } from "./helpers.ts";
import { spawnSync } from "./processes.ts";

describe("ssodocs build on the fixture site", () => {
  const site = tempSite();
  const out = path.join(site.dir, "build");
  let result: ReturnType<typeof runCli>;
  // React separates adjacent text nodes with <!-- -->; readers never see those.
  const page = (rel: string) => readFileSync(path.join(out, rel), "utf8").replaceAll("<!-- -->", "");

  beforeAll(() => {
    result = runCli(["build", "--config", site.config, "--out", out]);
  });
  afterAll(() => site.cleanup());

  it("prints one closing line and exits 0", () => {
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^Built 11 pages in \d+\.\d\d s$/);
  });

  it("writes every route of the site", () => {
    for (const rel of [
      "index.html",
      "search/index.html",
      "integrations/index.html",
      "integrations/services/index.html",
      "integrations/services/alpha/index.html",
      "integrations/services/beta/index.html",
      "integrations/template/service/index.html",
      "integrations/tags/index.html",
      "integrations/tags/integration/index.html",
      "integrations/tags/apple/index.html",
      "404.html",
      "sitemap.xml",
      "robots.txt",
      "img/icon.svg",
    ]) {
      expect(existsSync(path.join(out, rel)), rel).toBe(true);
    }
  });

  it("gives every page a title, description, canonical URL, Open Graph tags, lang and dir", () => {
    const html = page("integrations/services/alpha/index.html");
    expect(html.startsWith('<!DOCTYPE html><html lang="en" dir="ltr"')).toBe(true);
    expect(html).toContain("<title>Integrate with Alpha | Fixture</title>");
    expect(html).toContain('<meta name="description" content="Sign in to Alpha with the fixture identity provider."/>');
    expect(html).toContain('<link rel="canonical" href="https://fixture.example/integrations/services/alpha/"/>');
    expect(html).toContain('<meta property="og:title" content="Integrate with Alpha | Fixture"/>');
    expect(html).toContain('<meta property="og:url" content="https://fixture.example/integrations/services/alpha/"/>');
  });

  it("renders a guide with sidebar, breadcrumbs, H1, badges, TOC, tags, help box and pager", () => {
    const html = page("integrations/services/alpha/index.html");
    expect(html).toContain('class="doc-sidebar"');
    expect(html).toMatch(/<a href="\/integrations\/services\/alpha\/" aria-current="page">Alpha<\/a>/);
    expect(html).toMatch(
      /<nav class="breadcrumbs"[\s\S]*Applications[\s\S]*Development[\s\S]*<span aria-current="page">Alpha<\/span>/,
    );
    expect(html).toContain("<h1>Integrate with Alpha</h1>");
    expect(html).toContain("Support level: authentik");
    expect(html).toMatch(/<nav class="toc"[\s\S]*href="#what-is-alpha"[\s\S]*href="#alpha-configuration"/);
    expect(html).toContain('href="/integrations/tags/apple"');
    expect(html).toContain("Help us improve this content");
    expect(html).toContain('href="https://github.com/example/fixture/edit/main/docs/services/alpha/index.md"');
    expect(html).toMatch(/rel="prev"[\s\S]*Applications[\s\S]*rel="next"[\s\S]*Beta/);
  });

  it("rewrites /docs/ links and copies images with content-hashed names", () => {
    const html = page("integrations/services/alpha/index.html");
    expect(html).toContain('href="https://docs.example.com/docs/providers/oauth2/"');
    const img = /<img src="\/assets\/images\/(alpha-settings-[0-9a-f]{8}\.png)"/.exec(html);
    expect(img).not.toBeNull();
    expect(readFileSync(path.join(out, "assets/images", img![1])).toString()).toContain("fixture-image");
  });

  it("resolves links to .md files and relative paths", () => {
    const overview = page("integrations/index.html");
    expect(overview).toContain('href="/integrations/services/alpha/#alpha-configuration"');
    expect(overview).toContain('href="/integrations/services/"');
  });

  it("counts the guides on the home page", () => {
    // The fixture has two guides (alpha and beta); the overview, the services index and the template are not guides.
    expect(page("index.html")).toContain("Step-by-step guides for connecting 2 applications");
  });

  it("shows the body's own H1 on the services index and one card per category", () => {
    const html = page("integrations/services/index.html");
    expect(html).toContain("<h1>Applications</h1>");
    // A category without a page of its own leads to its list of guides on the services index.
    expect(html).toContain(
      '<a class="card" href="/integrations/services/#development"><span class="card-title">Development</span>' +
        '<span class="card-description">1 item</span>',
    );
    expect(html).toContain(
      '<h3 id="development">Development</h3><ul class="guide-list">' +
        '<li><a href="/integrations/services/alpha/">Alpha</a>',
    );
    expect(html).toContain("Support level: Community");
  });

  it("gives the template page no sidebar", () => {
    const html = page("integrations/template/service/index.html");
    expect(html).not.toContain('class="doc-sidebar"');
    expect(html).toContain("doc-layout-no-sidebar");
  });

  it("lists tags and the docs of each tag", () => {
    expect(page("integrations/tags/index.html")).toMatch(
      /href="\/integrations\/tags\/integration">integration <span class="tag-count">2<\/span>/,
    );
    const tag = page("integrations/tags/integration/index.html");
    expect(tag).toContain("2 docs tagged with &quot;integration&quot;");
    expect(tag).toContain('href="/integrations/services/alpha/"');
  });

  it("marks the search and 404 pages noindex and leaves them out of the sitemap", () => {
    expect(page("search/index.html")).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(page("404.html")).toContain("Page Not Found");
    const sitemap = page("sitemap.xml");
    expect(sitemap).toContain("<loc>https://fixture.example/integrations/services/alpha/</loc>");
    expect(sitemap).not.toContain("/search");
    expect(page("robots.txt")).toContain("Sitemap: https://fixture.example/sitemap.xml");
  });

  it("inlines the before-paint script and loads everything else deferred", () => {
    const html = page("index.html");
    expect(html).toMatch(/<script>[^<]*localStorage\.getItem\("theme"\)/);
    expect(html).toMatch(/<script type="module" src="\/assets\/js\/main-[A-Z0-9]+\.js"><\/script>/);
    expect(readdirSync(path.join(out, "assets/css")).length).toBe(1);
  });
});

describe("output read by a pipe that closes early", () => {
  it("does not crash the command: it finishes and keeps its exit code", () => {
    const site = tempSite();
    try {
      // `true` exits at once, so the closing line goes to a closed pipe.
      const r = spawnSync(
        "bash",
        [
          "-o",
          "pipefail",
          "-c",
          `"${process.execPath}" "${BIN}" build --config "${site.config}" --out "${path.join(site.dir, "build")}" | true`,
        ],
        { env: cliEnv() },
      );
      expect(r.stderr).not.toContain("EPIPE");
      expect(r.status).toBe(0);
      expect(existsSync(path.join(site.dir, "build/index.html"))).toBe(true);
    } finally {
      site.cleanup();
    }
  });
});
