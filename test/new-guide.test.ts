// `ssodocs new`: a guide from the template, listed in its sidebar category, that builds and
// passes `ssodocs check`; bad requests change nothing.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROOT, runCli, tempSite } from "./helpers.ts";

const SIDEBAR = {
  overview: "index",
  applications: {
    label: "Applications",
    link: "services/index",
    categories: [
      { label: "Development", services: ["alpha"] },
      { label: "Monitoring", services: ["beta"] },
    ],
  },
};

const TEMPLATE = `---
title: Integrate with Service Name
sidebar_label: Service Name
description: The outline of a guide.
unlisted: true
---

<!-- Replace "Service Name" in the front matter and below. -->

## What is Service Name

Say what it is.

## Preparation

- \`service.company\`: where Service Name is reachable.
- \`authentik.company\`: where authentik is reachable.
`;

describe("ssodocs new", () => {
  let site: ReturnType<typeof tempSite>;
  const sidebarFile = () => path.join(site.dir, "sidebar.json");
  const run = (...args: string[]) => runCli(["new", ...args, "--config", site.config], site.dir);

  beforeEach(() => {
    site = tempSite({ "sidebar.json": `${JSON.stringify(SIDEBAR, null, 2)}\n`, "docs/template/service.md": TEMPLATE });
    // The fixture's sidebar, read from sidebar.json as this repository's config does.
    const config = readFileSync(site.config, "utf8")
      .replace(
        /sidebar: \[[\s\S]*?\n {4}\],\n/,
        'sidebar: readGroupedSidebar(path.join(import.meta.dirname, "sidebar.json")),\n',
      )
      .replace(
        /^import \{ defineConfig \} from "([^"]+)";/m,
        'import path from "node:path";\nimport { defineConfig, readGroupedSidebar } from "$1";',
      );
    writeFileSync(site.config, config);
  });
  afterEach(() => site.cleanup());

  it("creates the guide from the template, lists it in its category, and the site builds and checks", () => {
    const r = run("uptime-kuma", "--name", "Uptime Kuma", "--category", "monitoring");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'Created docs/services/uptime-kuma/index.md and listed it under "Monitoring" in sidebar.json\nFill it in, then see it at /integrations/services/uptime-kuma/ with: ssodocs serve --watch\n',
    );
    const text = readFileSync(path.join(site.dir, "docs/services/uptime-kuma/index.md"), "utf8");
    const placeholder =
      'description: "TODO: say in one sentence what this guide sets up (search results and link previews show it)"';
    expect(
      text.startsWith(
        `---\ntitle: Integrate with Uptime Kuma\nsidebar_label: Uptime Kuma\n${placeholder}\nsupport_level: community\n---\n\n`,
      ),
    ).toBe(true);
    expect(text).toContain("## What is Uptime Kuma");
    expect(text).toContain("- `uptime-kuma.company`: where Uptime Kuma is reachable.");
    expect(text).not.toContain("<!--");
    expect(text).not.toContain("Service Name");
    expect(JSON.parse(readFileSync(sidebarFile(), "utf8")).applications.categories[1].services).toEqual([
      "beta",
      "uptime-kuma",
    ]);

    const out = path.join(site.dir, "build");
    const build = runCli(["build", "--config", site.config, "--out", out], site.dir);
    expect(build.code, build.stderr).toBe(0);
    const page = readFileSync(path.join(out, "integrations/services/uptime-kuma/index.html"), "utf8");
    expect(page).toContain("Integrate with Uptime Kuma");
    // The meta description is the placeholder, not the template's first instruction.
    expect(page).toContain('<meta name="description" content="TODO: say in one sentence what this guide sets up');
    expect(readFileSync(path.join(out, "integrations/services/beta/index.html"), "utf8")).toContain(
      'href="/integrations/services/uptime-kuma/"',
    );
    // check fails until the description is written.
    const check = runCli(["check", "--config", site.config], site.dir);
    expect(check.code).toBe(1);
    expect(check.stderr).toBe(
      'docs/services/uptime-kuma/index.md:4:1: error front matter "description" is still the placeholder `ssodocs new` wrote: say in one sentence what the guide sets up\n',
    );
    const guide = path.join(site.dir, "docs/services/uptime-kuma/index.md");
    writeFileSync(
      guide,
      readFileSync(guide, "utf8").replace(/^description: .*$/m, "description: Monitor with Uptime Kuma."),
    );
    const written = runCli(["check", "--config", site.config], site.dir);
    expect(written.code, written.stderr + written.stdout).toBe(0);
  });

  it("puts the entry in its place in sidebar.json: every other byte of the file stays as it was", () => {
    // Written by hand: one category on one line, another's guides not all in order.
    const handWritten = `{
  "overview": "index",
  "applications": {
    "label": "Applications",
    "link": "services/index",
    "categories": [
      { "label": "Development", "services": ["alpha"] },
      {
        "label": "Monitoring",
        "services": [
          "beta",
          "zabbix",
          "grafana"
        ]
      }
    ]
  }
}
`;
    writeFileSync(sidebarFile(), handWritten);
    expect(run("uptime-kuma", "--category", "Monitoring").code).toBe(0);
    expect(readFileSync(sidebarFile(), "utf8")).toBe(
      handWritten.replace('          "zabbix",\n', '          "uptime-kuma",\n          "zabbix",\n'),
    );
    expect(run("gamma", "--category", "Development").code).toBe(0);
    expect(run("zulip", "--category", "monitoring").code).toBe(0);
    expect(readFileSync(sidebarFile(), "utf8")).toBe(
      handWritten
        .replace('["alpha"]', '["alpha", "gamma"]')
        .replace('          "zabbix",\n', '          "uptime-kuma",\n          "zabbix",\n')
        .replace('          "grafana"\n', '          "grafana",\n          "zulip"\n'),
    );
  });

  it("shows a --name with HTML or Markdown characters as written, and refuses control characters", () => {
    const name = "<b>Acme</b> & *Co* [x]";
    const r = run("acme", "--name", name, "--category", "monitoring");
    expect(r.code).toBe(0);
    const text = readFileSync(path.join(site.dir, "docs/services/acme/index.md"), "utf8");
    expect(text).toContain('title: "Integrate with <b>Acme</b> & *Co* [x]"');
    expect(text).toContain("## What is &lt;b&gt;Acme&lt;/b&gt; &amp; \\*Co\\* \\[x\\]\n");
    const built = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
    expect(built.stderr).toBe("");
    const page = readFileSync(path.join(site.dir, "build/integrations/services/acme/index.html"), "utf8");
    expect(page).toContain("What is &lt;b&gt;Acme&lt;/b&gt; &amp; *Co* [x]");
    for (const bad of ["Acme\nInc", "Acme\u0007"]) {
      const refused = run("acme-two", "--name", bad, "--category", "monitoring");
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/--name may not contain control characters or line breaks/);
      expect(existsSync(path.join(site.dir, "docs/services/acme-two"))).toBe(false);
    }
  });

  it("names the service from its slug when no name is given", () => {
    expect(run("home-assistant", "--category", "Development").code).toBe(0);
    expect(readFileSync(path.join(site.dir, "docs/services/home-assistant/index.md"), "utf8")).toMatch(
      /^---\ntitle: Integrate with Home Assistant\nsidebar_label: Home Assistant\n/,
    );
    expect(JSON.parse(readFileSync(sidebarFile(), "utf8")).applications.categories[0].services).toEqual([
      "alpha",
      "home-assistant",
    ]);
  });

  it("refuses a slug that exists, an invalid slug and an unknown category, and changes nothing", () => {
    const sidebarBefore = readFileSync(sidebarFile(), "utf8");
    const alphaBefore = readFileSync(path.join(site.dir, "docs/services/alpha/index.md"), "utf8");

    const existing = run("alpha", "--category", "Development");
    expect(existing.code).toBe(1);
    expect(existing.stderr).toBe('docs/services/alpha/index.md:1:1: error a guide for "alpha" exists already\n');

    const invalid = run("Bad_Slug", "--category", "Development");
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('"Bad_Slug" is not a valid service slug');

    const unknown = run("gamma", "--category", "Nowhere");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /^sidebar\.json:6:5: error no sidebar category "Nowhere"; one of "Development", "Monitoring"\n$/,
    );

    const none = run("gamma");
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("say which sidebar category the guide belongs to with --category");

    expect(existsSync(path.join(site.dir, "docs/services/gamma"))).toBe(false);
    expect(readFileSync(sidebarFile(), "utf8")).toBe(sidebarBefore);
    expect(readFileSync(path.join(site.dir, "docs/services/alpha/index.md"), "utf8")).toBe(alphaBefore);
  });

  it("is listed in the command's help", () => {
    const help = runCli(["new", "--help"], ROOT);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--category <label>");
  });
});
