// Link and anchor validation, duplicate routes and the untouched previous build, through the CLI.
import { existsSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempSite } from "./helpers.ts";

const guide = (title: string, body: string, extra = "") => `---\ntitle: ${title}\n${extra}---\n\n${body}\n`;

describe("link validation", () => {
  it("fails the build on a broken link and a broken anchor, naming page, link and resolution", () => {
    const site = tempSite({
      "docs/services/beta/index.md": guide(
        "Integrate with Beta",
        "## What is Beta\n\nSee [gamma](../gamma/) and [alpha's missing part](/integrations/services/alpha/#no-such-heading) and [fine](/integrations/services/alpha/#what-is-alpha).",
      ),
    });
    try {
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")], site.dir);
      expect(r.code).toBe(1);
      const lines = r.stderr.split("\n");
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(
        /^docs\/services\/beta\/index\.md:7:5: error broken link \.\.\/gamma\/ \(resolved as \/integrations\/services\/gamma\/\); did you mean \/integrations\/services\/(alpha|beta)\/\?$/,
      );
      expect(lines[1]).toMatch(
        /^docs\/services\/beta\/index\.md:7:28: error broken anchor \/integrations\/services\/alpha\/#no-such-heading(; did you mean .*)?$/,
      );
      expect(r.stderr).not.toContain("#what-is-alpha");
      expect(existsSync(path.join(site.dir, "build"))).toBe(false);
    } finally {
      site.cleanup();
    }
  });

  it("checks the page's links, not HTML a code block shows, and takes no anchor from one", () => {
    const html = '<a href="/nowhere/" id="shown-only">x</a>\n<img src="/missing.png">';
    const site = tempSite({
      "docs/services/beta/index.md": guide(
        "Integrate with Beta",
        `Plain:\n\n\`\`\`\n${html}\n\`\`\`\n\nHighlighted:\n\n\`\`\`html\n${html}\n\`\`\`\n\n[here](#shown-only)`,
      ),
    });
    try {
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.code).toBe(1);
      expect(r.stderr).not.toContain("/nowhere/");
      expect(r.stderr).not.toContain("/missing.png");
      // The one broken link is the anchor the page links to, which only a code block shows.
      expect(r.stderr).toBe(
        "docs/services/beta/index.md:19:1: error broken anchor #shown-only (resolved as /integrations/services/beta/#shown-only)\n",
      );
    } finally {
      site.cleanup();
    }
  });

  it("accepts anchors that are element ids or <a name> targets, and an empty #", () => {
    const site = tempSite({
      "docs/services/beta/index.md": guide(
        "Integrate with Beta",
        '<a id="add-new"></a>\n<a name="legacy"></a>\n\n[one](#add-new) [two](#legacy) [three](#) [four](/integrations/services/alpha/index.html#what-is-alpha)',
      ),
    });
    try {
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
    } finally {
      site.cleanup();
    }
  });

  it("accepts links to the static folder's files, in dot folders and linked folders inside it too, which are copied", () => {
    const site = tempSite(
      {
        "static/files/setup.pdf": "%PDF",
        "static/.well-known/security.txt": "Contact: mailto:security@fixture.example\n",
        "static/assets-v1/logo.txt": "logo",
        "docs/services/beta/index.md": guide(
          "Integrate with Beta",
          "[setup](/files/setup.pdf) [contact](/.well-known/security.txt) [logo](/shared/logo.txt) [missing](/files/gone.pdf)",
        ),
      },
      { ownStatic: true },
    );
    try {
      // A folder link that stays inside the static folder (one that leads out of it is refused: bad-input.test.ts).
      symlinkSync(path.join(site.dir, "static/assets-v1"), path.join(site.dir, "static/shared"));
      const out = path.join(site.dir, "build");
      const failed = runCli(["build", "--config", site.config, "--out", out]);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        /^docs\/services\/beta\/index\.md:\d+:\d+: error broken link \/files\/gone\.pdf\b/m,
      );
      expect(failed.stderr.split("\n").filter(Boolean)).toHaveLength(1);
      writeFileSync(
        path.join(site.dir, "docs/services/beta/index.md"),
        guide(
          "Integrate with Beta",
          "[setup](/files/setup.pdf) [contact](/.well-known/security.txt) [logo](/shared/logo.txt)",
        ),
      );
      const r = runCli(["build", "--config", site.config, "--out", out]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      for (const file of ["files/setup.pdf", ".well-known/security.txt", "shared/logo.txt"])
        expect(existsSync(path.join(out, file)), file).toBe(true);
    } finally {
      site.cleanup();
    }
  });

  it("validates again when only a linked file changed: a link to a static file removed since the last build fails", () => {
    const site = tempSite(
      {
        "static/files/setup.pdf": "%PDF",
        "docs/services/beta/index.md": guide("Integrate with Beta", "[setup](/files/setup.pdf)"),
      },
      { ownStatic: true },
    );
    try {
      const out = path.join(site.dir, "build");
      expect(runCli(["build", "--config", site.config, "--out", out]).code).toBe(0);
      expect(runCli(["build", "--config", site.config, "--out", out]).code).toBe(0);
      rmSync(path.join(site.dir, "static/files/setup.pdf"));
      const r = runCli(["build", "--config", site.config, "--out", out]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^docs\/services\/beta\/index\.md:\d+:\d+: error broken link \/files\/setup\.pdf\b/m);
    } finally {
      site.cleanup();
    }
  });

  it("says a link broken on five or more pages probably comes from the layout", () => {
    const site = tempSite();
    const config = readFileSync(site.config, "utf8").replace(
      'items: [{ label: "Integrations", href: "/integrations/" }]',
      'items: [{ label: "Gone", href: "/gone/" }]',
    );
    writeFileSync(site.config, config);
    try {
      const r = runCli(["check", "--config", site.config]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^ssodocs\.config\.ts:\d+:\d+: error broken link \/gone\/ on 11 pages; it probably comes from the layout \(navbar or footer\)$/m,
      );
    } finally {
      site.cleanup();
    }
  });

  it("only warns about a Markdown link to a missing .md file; a duplicate route is an error naming both files", () => {
    const site = tempSite({
      "docs/services/beta/index.md": guide(
        "Integrate with Beta",
        "## What is Beta\n\nSee [the old guide](../old/index.md).",
      ),
    });
    try {
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(
        /services\/beta\/index\.md:\d+:\d+: warning Markdown link to a missing file: \.\.\/old\/index\.md/,
      );
      expect(r.stdout).toMatch(/Built \d+ pages in .* s \(1 warning\)/);
      // A second doc at the same route replaced the first with a warning before issue 27; now every route has one owner.
      writeFileSync(
        path.join(site.dir, "docs/services/beta-copy.md"),
        guide("Beta again", "Same place.", "slug: /services/beta/\n"),
      );
      const twice = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(twice.code).toBe(1);
      expect(twice.stderr).toMatch(
        /services\/beta-copy\.md:\d+:\d+: error route \/integrations\/services\/beta\/ is also the route of services\/beta\/index\.md/,
      );
    } finally {
      site.cleanup();
    }
  });
});

describe("ssodocs check", () => {
  it("validates, then crawls the output served on 127.0.0.1 with linkinator", () => {
    const site = tempSite();
    try {
      const r = runCli(["check", "--config", site.config]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(
        /^Check passed: 11 pages; 0 build errors; 0 broken links or anchors; 0 docs missing from the sidebar; linkinator: (\d+) links checked, 0 broken\n$/,
      );
      expect(Number(/(\d+) links checked/.exec(r.stdout)![1])).toBeGreaterThan(11);
      expect(existsSync(path.join(site.dir, "build"))).toBe(false);
    } finally {
      site.cleanup();
    }
  });

  it("warns of a doc the sidebar does not list, naming its file (an unlisted doc is no warning)", () => {
    const site = tempSite({
      "docs/services/gamma/index.md": guide("Integrate with Gamma", "## What is Gamma\n\nGamma."),
      "docs/notes.md": "---\ntitle: Notes\nunlisted: true\n---\n\nFor readers with the link.\n",
    });
    try {
      const r = runCli(["check", "--config", site.config]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe(
        "docs/services/gamma/index.md:1:1: warning the doc services/gamma/index is in no sidebar; it is built all the same (docs.requireSidebar makes this an error)\n",
      );
      expect(r.stdout).toMatch(/^Check passed: 13 pages; .*; 1 doc missing from the sidebar; /m);
    } finally {
      site.cleanup();
    }
  });

  it("fails for a doc the sidebar does not list with docs.requireSidebar, naming its file", () => {
    const site = tempSite({
      "docs/services/gamma/index.md": guide("Integrate with Gamma", "## What is Gamma\n\nGamma."),
      "docs/notes.md": "---\ntitle: Notes\nunlisted: true\n---\n\nFor readers with the link.\n",
    });
    writeFileSync(
      site.config,
      readFileSync(site.config, "utf8").replace('    path: "docs",', '    path: "docs",\n    requireSidebar: true,'),
    );
    try {
      const r = runCli(["check", "--config", site.config]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /docs\/services\/gamma\/index\.md:1:1: error the doc services\/gamma\/index is in no sidebar; add it to one, or mark it unlisted: true/,
      );
      expect(r.stderr).not.toContain("notes.md");
      expect(r.stdout).toMatch(/^Check failed: 13 pages; .*; 1 doc missing from the sidebar; /m);
    } finally {
      site.cleanup();
    }
  });

  it("fails for a sidebar entry naming a doc that does not exist", () => {
    const site = tempSite();
    writeFileSync(
      site.config,
      readFileSync(site.config, "utf8").replace(
        'items: ["services/beta/index"]',
        'items: ["services/beta/index", "services/gone/index"]',
      ),
    );
    try {
      const r = runCli(["check", "--config", site.config]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/the sidebar names a doc that does not exist: .*"services\/gone\/index"/);
      // Checks that never ran say so, rather than reporting nothing found.
      expect(r.stdout).toMatch(
        /^Check failed: 0 pages; 1 build error; broken links not run \(the build failed\); sidebar coverage not run \(the build failed\); linkinator not run \(the build failed\)$/m,
      );
    } finally {
      site.cleanup();
    }
  });

  it("reports what linkinator finds in the site's own paths, not the temporary server's", () => {
    const site = tempSite(
      {
        "static/extra/page.html": '<!DOCTYPE html><html><body><a href="/extra/missing.html">gone</a></body></html>',
        "docs/services/beta/index.md": guide(
          "Integrate with Beta",
          "## What is Beta\n\nSee [the extra page](/extra/page.html).",
        ),
      },
      { ownStatic: true },
    );
    try {
      const r = runCli(["check", "--config", site.config]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^static\/extra\/page\.html:1:37: error linkinator: \/extra\/missing\.html \(status 404\) linked from \/extra\/page\.html$/m,
      );
      expect(r.stderr).not.toMatch(/127\.0\.0\.1/);
      expect(r.stdout).toMatch(/linkinator: \d+ links checked, 1 broken\n$/);
    } finally {
      site.cleanup();
    }
  });

  it("prints a machine-readable report with --json", () => {
    const site = tempSite({
      "docs/services/beta/index.md": guide(
        "Integrate with Beta",
        "## What is Beta\n\nSee [nowhere](/integrations/nowhere/) and [Alpha](/integrations/services/alpha/#no-such-part).",
      ),
    });
    try {
      const r = runCli(["check", "--json", "--config", site.config]);
      expect(r.code).toBe(1);
      const report = JSON.parse(r.stdout);
      expect(report.ok).toBe(false);
      expect(report.errors).toEqual([]);
      expect(report.linkinator).toBeNull();
      expect(report.brokenLinks).toEqual(
        expect.arrayContaining([
          // Each with the Markdown file and line that hold it.
          {
            source: "/integrations/services/beta/",
            href: "/integrations/nowhere/",
            resolved: "/integrations/nowhere/",
            kind: "link",
            suggestion: "/integrations/services/",
            file: path.join(site.dir, "docs/services/beta/index.md"),
            line: 7,
            column: 5,
          },
          // The anchor's suggestion is whichever id of the page is nearest, if one is near enough.
          expect.objectContaining({
            source: "/integrations/services/beta/",
            href: "/integrations/services/alpha/#no-such-part",
            resolved: "/integrations/services/alpha/#no-such-part",
            kind: "anchor",
            file: path.join(site.dir, "docs/services/beta/index.md"),
            line: 7,
            column: 43,
          }),
        ]),
      );
      const good = tempSite();
      try {
        const ok = JSON.parse(runCli(["check", "--json", "--config", good.config]).stdout);
        expect(ok).toMatchObject({
          ok: true,
          pages: 11,
          errors: [],
          brokenLinks: [],
          notInSidebar: [],
          linkinator: { broken: [] },
        });
        expect(ok.linkinator.checked).toBeGreaterThan(11);
      } finally {
        good.cleanup();
      }
    } finally {
      site.cleanup();
    }
  });
});

describe("a failed build leaves the previous one untouched", () => {
  it("keeps build/ as it was and leaves no temporary folder behind", () => {
    const site = tempSite();
    const out = path.join(site.dir, "build");
    try {
      expect(runCli(["build", "--config", site.config, "--out", out]).code).toBe(0);
      const before = readFileSync(path.join(out, "integrations/services/alpha/index.html"), "utf8");
      writeFileSync(
        path.join(site.dir, "docs/services/alpha/index.md"),
        "---\ntitle: Alpha\n---\n\n[broken](/nowhere/)\n",
      );
      const r = runCli(["build", "--config", site.config, "--out", out]);
      expect(r.code).toBe(1);
      expect(readFileSync(path.join(out, "integrations/services/alpha/index.html"), "utf8")).toBe(before);
      expect(readdirSync(site.dir).filter((n) => n.startsWith(".build-"))).toEqual([]);
    } finally {
      site.cleanup();
    }
  });
});
