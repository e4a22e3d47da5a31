// The real site: content/ built with ssodocs.config.ts, every route of SPEC section 2 present,
// and every integration guide complete (title, the guide outline; a support level, if any, is valid).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { parseFrontMatter } from "../src/node/content/frontmatter.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GroupedSidebar } from "../src/node/sidebar-data.ts";
import { ROOT, runCli } from "./helpers.ts";

const sidebar = JSON.parse(readFileSync(path.join(ROOT, "sidebar.json"), "utf8")) as GroupedSidebar;
const services = sidebar.applications.categories.flatMap((c) => c.services);
/** The language word of each opening code fence (closing fences and fenced content skipped). */
function openingFenceLanguages(markdown: string): string[] {
  const langs: string[] = [];
  let open: string | null = null;
  for (const line of markdown.split("\n")) {
    const m = /^\s*(`{3,}|~{3,})\s*(\S*)/.exec(line);
    if (!m) continue;
    if (open === null) {
      open = m[1];
      langs.push(m[2]);
    } else if (m[1][0] === open[0] && m[1].length >= open.length && m[2] === "") open = null;
  }
  return langs;
}

/** The Markdown with fenced code blocks removed (their `#` lines are comments, not headings). */
function withoutFences(markdown: string): string {
  const out: string[] = [];
  let open: string | null = null;
  for (const line of markdown.split("\n")) {
    const m = /^\s*(`{3,}|~{3,})\s*(\S*)/.exec(line);
    if (open === null && m) open = m[1];
    else if (open !== null && m && m[1][0] === open[0] && m[1].length >= open.length && m[2] === "") open = null;
    else if (open === null) out.push(line);
  }
  return out.join("\n");
}

const SPEC_TAGS = ["apple", "backchannel", "device-management", "integration", "ssf"];

describe("the site built from content/", () => {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), "ssodocs-content-")), "build");
  let result: ReturnType<typeof runCli>;
  const page = (rel: string) => readFileSync(path.join(out, rel), "utf8").replaceAll("<!-- -->", "");

  beforeAll(() => {
    result = runCli(["build", "--out", out]);
  });
  afterAll(() => rmSync(path.dirname(out), { recursive: true, force: true }));

  it("builds with no error and no warning", () => {
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Built \d+ pages in \d+\.\d\d s\n$/);
  });

  it("has every route of the specification", () => {
    for (const rel of [
      "index.html",
      "search/index.html",
      "integrations/index.html",
      "integrations/services/index.html",
      "integrations/tags/index.html",
      "integrations/template/service/index.html",
      "404.html",
      ...SPEC_TAGS.map((t) => `integrations/tags/${t}/index.html`),
      ...services.map((s) => `integrations/services/${s}/index.html`),
    ]) {
      expect(existsSync(path.join(out, rel)), rel).toBe(true);
    }
  });

  it("shows the reference site's chrome: navbar, footer, title format", () => {
    const html = page("integrations/services/gitlab/index.html");
    expect(html).toContain("<title>Integrate with GitLab | authentik</title>");
    for (const label of ["Features", "Integrations", "Documentation", "Pricing", "Blog"])
      expect(html).toContain(`>${label}</a>`);
    expect(html).toContain('aria-label="GitHub"');
    expect(html).toContain('aria-label="Discord"');
    expect(html).toContain('alt="authentik logo"');
    expect(html).toContain("Copyright © 2025 Authentik Security Inc.");
    expect(html).toContain("Skip to main content");
  });

  // The reference site's page weight is compared on the reference's own content (test/upstream.test.ts):
  // here the guides and the sidebar have grown since, so what is held small is what ssodocs adds.
  it("costs at most 16 bytes gzip per sidebar entry on a guide's page, and leaves the sidebar out of its payload", () => {
    const html = readFileSync(path.join(out, "integrations/services/grafana/index.html"), "utf8");
    const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)![0];
    const entries = sidebar.match(/<a href=/g)!.length;
    expect(entries).toBeGreaterThan(services.length);
    const cost = gzipSync(html).length - gzipSync(html.replace(sidebar, "")).length;
    expect(cost / entries).toBeLessThanOrEqual(16);
    const payload = readFileSync(path.join(out, "integrations/services/grafana/page-data.json"), "utf8");
    expect(html).toContain('href="/integrations/services/zulip/"');
    expect(payload).not.toContain('href=\\"/integrations/services/zulip/\\"');
    expect(gzipSync(payload).length).toBeLessThan(gzipSync(html).length * 0.7);
  });

  it("lists every service in the sidebar and the services index in its category", () => {
    const index = page("integrations/services/index.html");
    for (const c of sidebar.applications.categories)
      expect(index).toContain(`<span class="card-title">${c.label.replace(/&/g, "&amp;")}</span>`);
    const html = page("integrations/services/grafana/index.html");
    for (const s of services) expect(html, s).toContain(`href="/integrations/services/${s}/"`);
  });

  it("shows a support badge exactly on the guides that have a support level", () => {
    const levelOf = (s: string) =>
      parseFrontMatter(readFileSync(path.join(ROOT, "content/services", s, "index.md"), "utf8"), "").frontMatter
        .support_level as string | undefined;
    for (const s of services) {
      const html = page(`integrations/services/${s}/index.html`);
      const level = levelOf(s);
      if (level) expect(html, s).toContain(`badge-support-${level}`);
      else expect(html, s).not.toContain("badge-support");
    }
    expect(levelOf("chronograf"), "the reference gives Chronograf no support level").toBeUndefined();
  });

  it("gives no guide two table-of-contents entries with the same text", () => {
    // The TOC as templates/components/DocParts.tsx renders it: <nav class="toc" ...> with one <a href="#id"> per h2/h3.
    const repeated: string[] = [];
    for (const s of services) {
      if (
        parseFrontMatter(readFileSync(path.join(ROOT, "content/services", s, "index.md"), "utf8"), "").frontMatter
          .hide_table_of_contents
      )
        continue;
      const toc = /<nav class="toc"[^>]*>([\s\S]*?)<\/nav>/.exec(page(`integrations/services/${s}/index.html`))?.[1];
      expect(toc, `${s}: no table of contents`).toBeDefined();
      const entries = [...toc!.matchAll(/<a href="#[^"]*">([\s\S]*?)<\/a>/g)].map((m) =>
        m[1].replace(/<[^>]+>/g, "").trim(),
      );
      expect(entries.length, `${s}: an empty table of contents`).toBeGreaterThan(0);
      const seen = new Set<string>();
      for (const text of entries) {
        if (seen.has(text)) repeated.push(`${s}: "${text}"`);
        seen.add(text);
      }
    }
    expect(repeated).toEqual([]);
  });

  it("gives the template guide no sidebar", () => {
    expect(page("integrations/template/service/index.html")).not.toContain('class="doc-sidebar"');
  });
});

describe("the integration guides", () => {
  const dir = path.join(ROOT, "content/services");
  it("exist for every service of the sidebar, and no others", () => {
    const folders = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.sort()).toEqual([...services].sort());
  });

  it.each(services)("%s has its title, a valid support level if it has one, and the guide outline", (service) => {
    const source = readFileSync(path.join(dir, service, "index.md"), "utf8");
    const { frontMatter: data, body: content } = parseFrontMatter(source, service);
    expect(data.title).toMatch(/^Integrate with \S/);
    expect(data.sidebar_label).toBeTruthy();
    // Optional: a guide whose reference page gives no support level has none (and shows no badge).
    if (data.support_level !== undefined)
      expect(["authentik", "community", "vendor", "deprecated"]).toContain(data.support_level);
    expect(data.description?.length ?? 0).toBeGreaterThan(20);
    const h2 = [...content.matchAll(/^\s*## (.+)$/gm)].map((m) => m[1].trim());
    expect(
      h2.some((h) => h.startsWith("What is ")),
      "What is ...",
    ).toBe(true);
    expect(h2).toContain("Preparation");
    // A guide with two independent set-ups (Skyhigh: dashboard and Web Gateway) names each stage "... configuration for <set-up>".
    expect(
      h2.some((h) => /^authentik configuration(?: for .+)?$/i.test(h)),
      "authentik configuration",
    ).toBe(true);
    expect(
      h2.some(
        (h) => / configuration(?: for .+)?$/i.test(h) && !/^authentik /i.test(h) && h !== "Configuration verification",
      ),
      "<service> configuration",
    ).toBe(true);
    expect(h2).toContain("Configuration verification");
    expect(withoutFences(content)).not.toMatch(/^# /m);
    for (const lang of openingFenceLanguages(content))
      expect(lang, `${service}: a code block without a language`).not.toBe("");
  });

  it("name the vendor's site, never a Wikipedia article, as their website", () => {
    // "Website: <url>", also as a list item ("- Website:") or in bold ("**Website**:", "**Website:**").
    const websiteLine = /^\s*(?:[-*+]\s+)?(?:\*\*)?Website(?::\*\*|\*\*:|:)(.*)$/gim;
    const wikipedia: string[] = [];
    let lines = 0;
    for (const s of services) {
      for (const m of withoutFences(readFileSync(path.join(dir, s, "index.md"), "utf8")).matchAll(websiteLine)) {
        lines++;
        if (/wikipedia\.org/i.test(m[1])) wikipedia.push(`${s}: ${m[0].trim()}`);
      }
    }
    expect(lines).toBeGreaterThanOrEqual(services.length);
    expect(wikipedia).toEqual([]);
  });

  it("carry the SPEC's tags where the reference site has them", () => {
    const tagsOf = (s: string) =>
      (parseFrontMatter(readFileSync(path.join(dir, s, "index.md"), "utf8"), s).frontMatter.tags as
        | string[]
        | undefined) ?? [];
    expect(tagsOf("apple").sort()).toEqual(["apple", "backchannel", "device-management", "integration", "ssf"]);
    expect(tagsOf("fleet").sort()).toEqual(["device-management", "integration"]);
  });
});
