// One format for every problem of every command, the one CI annotation matchers and editors read:
// `file:line:col: error message` (and `warning`), the file relative to the project, with a
// "did you mean" for a broken link or anchor. `build`, `check`, `serve`, `serve --watch`, `new`
// and `index` each say a broken link the same way.
import { spawn } from "./processes.ts";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, cliEnv, runCli, tempSite } from "./helpers.ts";
import { startWatchSession } from "./watch-session.ts";

const BETA = "docs/services/beta/index.md";
const BROKEN_BETA = `---
title: Integrate with Beta
sidebar_label: Beta
---

## What is Beta

See [betta](../betta/) and [the setup](/integrations/services/alpha/#what-is-alfa).

:::note
Never closed.
`;

/** What every command says of the two broken links of BROKEN_BETA (line 8), and of its unclosed admonition. */
const LINK = `${BETA}:8:5: error broken link ../betta/ (resolved as /integrations/services/betta/); did you mean /integrations/services/beta/?`;
const ANCHOR = `${BETA}:8:28: error broken anchor /integrations/services/alpha/#what-is-alfa; did you mean /integrations/services/alpha/#what-is-alpha?`;
const WARNING = `${BETA}:10:1: warning admonition ":::note" is never closed with ":::"; it runs to the end of its block`;

/** The lines of stderr that name a place. */
const placed = (stderr: string) => stderr.split("\n").filter((l) => /^\S+:\d+:\d+: (error|warning) /.test(l));

describe("the one error format", () => {
  it("shows control characters of a file name and of quoted content escaped, never as terminal escapes (issue 27)", () => {
    const name = "docs/services/a\u001b[2J\u001b[31mred.md";
    const site = tempSite({
      [name]: '---\ntitle: Red\n"k\u001b[2J": 1\n---\n\nText.\n',
    });
    try {
      const named = runCli(["check", "--config", site.config], site.dir);
      expect(named.code).toBe(1);
      expect(named.stderr).not.toContain("\u001b");
      expect(placed(named.stderr)).toEqual([
        "docs/services/a\\x1b[2J\\x1b[31mred.md:1:1: error a file or folder name may not contain a control character: it becomes part of a page's address",
      ]);
      renameSync(path.join(site.dir, name), path.join(site.dir, "docs/services/red.md"));
      const quoted = runCli(["check", "--config", site.config], site.dir);
      expect(quoted.stderr).not.toContain("\u001b");
      expect(quoted.stderr).toMatch(/^docs\/services\/red\.md:3:1: warning .*"k\\x1b\[2J"/m);
    } finally {
      site.cleanup();
    }
  });

  it("prints at most 20 problems of a file, the 20th saying how many more there are (issue 27: 20,000 lines flooded the log)", () => {
    const fences = Array.from({ length: 30 }, (_, i) => `\`\`\`lang${i}\ncode\n\`\`\`\n`).join("\n");
    const links = Array.from({ length: 25 }, (_, i) => `[gone ${i}](/integrations/gone-${i}/)`).join("\n\n");
    const site = tempSite({ [BETA]: `${BROKEN_BETA.replace(":::note\nNever closed.\n", "")}\n${fences}\n${links}\n` });
    try {
      const out = path.join(site.dir, "build");
      const build = runCli(["build", "--config", site.config, "--out", out], site.dir);
      expect(build.code).toBe(1);
      const errors = placed(build.stderr).filter((l) => l.includes(": error "));
      expect(errors).toHaveLength(20);
      expect(errors[19]).toMatch(/ error broken link .* \(7 more errors in this file not shown\)$/);
      const warnings = placed(build.stderr).filter((l) => l.includes(": warning "));
      expect(warnings).toHaveLength(20);
      expect(warnings[0]).toMatch(/^docs\/services\/beta\/index\.md:\d+:1: warning unknown code language "lang0"/);
      expect(warnings[19]).toMatch(/"lang19".* \(10 more warnings in this file not shown\)$/);
      // Every problem still counts where a program reads them.
      const json = JSON.parse(runCli(["check", "--json", "--config", site.config], site.dir).stdout.toString());
      expect(
        json.warnings.filter((w: { message: string }) => w.message.includes("unknown code language")),
      ).toHaveLength(30);
    } finally {
      site.cleanup();
    }
  });

  it("places a broken link of a sidebar's html item in the sidebars file, not in a doc that says `index` (issue 27)", () => {
    const sidebars = JSON.stringify(
      { docs: ["index", "services/alpha/index", { type: "html", value: '<img src="x" alt="a">' }] },
      null,
      2,
    );
    const site = tempSite({ "sidebars.json": `${sidebars}\n` });
    try {
      const config = readFileSync(site.config, "utf8").replace(
        /sidebar: \[[\s\S]*?\n {4}\],\n/,
        'sidebarPath: "sidebars.json",\n',
      );
      writeFileSync(site.config, config);
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")], site.dir);
      expect(r.code).toBe(1);
      const line = sidebars.split("\n").findIndex((l) => l.includes("<img")) + 1;
      expect(placed(r.stderr.toString())).toContainEqual(
        expect.stringMatching(new RegExp(`^sidebars\\.json:${line}:\\d+: error broken link x `)),
      );
      expect(r.stderr.toString()).not.toMatch(/^docs\/index\.md:\d+:\d+: error broken link x /m);
    } finally {
      site.cleanup();
    }
  });

  it("build: each broken link and anchor on its own line with file, line, column and a suggestion", () => {
    const site = tempSite({ [BETA]: BROKEN_BETA });
    try {
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")], site.dir);
      expect(r.code).toBe(1);
      expect(placed(r.stderr)).toEqual([WARNING, LINK, ANCHOR]);
      expect(r.stderr).not.toContain("On page");
    } finally {
      site.cleanup();
    }
  });

  it("check: the same lines as build, the file relative to the project whatever the working folder", () => {
    const site = tempSite({ [BETA]: BROKEN_BETA });
    try {
      // Run from elsewhere: the file is still shown from the project's folder.
      const r = runCli(["check", "--config", site.config]);
      expect(r.code).toBe(1);
      expect(placed(r.stderr)).toEqual([WARNING, LINK, ANCHOR]);
      // The report gives the same place.
      const json = JSON.parse(runCli(["check", "--json", "--config", site.config]).stdout);
      expect(json.brokenLinks[0]).toMatchObject({ line: 8, column: 5, suggestion: "/integrations/services/beta/" });
    } finally {
      site.cleanup();
    }
  });

  it("check: a front-matter error and a doc missing from the sidebar name their line and column", () => {
    const site = tempSite({
      [BETA]: "---\ntitle: Integrate with Beta\nsidebar_position: first\n---\n\nText.\n",
      "docs/services/gamma/index.md": "---\ntitle: Gamma\n---\n\nText.\n",
    });
    try {
      const r = runCli(["check", "--config", site.config], site.dir);
      expect(r.code).toBe(1);
      expect(placed(r.stderr)[0]).toMatch(
        /^docs\/services\/beta\/index\.md:3:1: error front matter "sidebar_position" /,
      );
      writeFileSync(path.join(site.dir, BETA), "---\ntitle: Integrate with Beta\n---\n\nText.\n");
      const missing = runCli(["check", "--config", site.config], site.dir);
      expect(placed(missing.stderr)).toEqual([
        "docs/services/gamma/index.md:1:1: warning the doc services/gamma/index is in no sidebar; it is built all the same (docs.requireSidebar makes this an error)",
      ]);
    } finally {
      site.cleanup();
    }
  });

  it("check: a link broken on every page is placed where the config writes it", () => {
    const site = tempSite();
    const config = readFileSync(site.config, "utf8").replace(
      'items: [{ label: "Integrations", href: "/integrations/" }]',
      'items: [{ label: "Gone", href: "/gone/" }]',
    );
    writeFileSync(site.config, config);
    try {
      const r = runCli(["check", "--config", site.config], site.dir);
      expect(r.code).toBe(1);
      const line = config.split("\n").findIndex((l) => l.includes('"/gone/"')) + 1;
      const column = config.split("\n")[line - 1].indexOf('"/gone/"') + 2;
      expect(placed(r.stderr)).toEqual([
        `ssodocs.config.ts:${line}:${column}: error broken link /gone/ on 11 pages; it probably comes from the layout (navbar or footer)`,
      ]);
    } finally {
      site.cleanup();
    }
  });

  it("serve: fails before serving, with the same lines", () => {
    const site = tempSite({ [BETA]: BROKEN_BETA });
    try {
      const r = runCli(
        ["serve", "--port", "0", "--config", site.config, "--out", path.join(site.dir, "build")],
        site.dir,
      );
      expect(r.code).toBe(1);
      expect(placed(r.stderr)).toEqual([WARNING, LINK, ANCHOR]);
      expect(r.stdout).not.toContain("Serving at");
    } finally {
      site.cleanup();
    }
  });

  it("serve --watch: a broken link saved is said in the same lines", async () => {
    const s = await startWatchSession();
    try {
      const from = s.mark();
      s.write(BETA, BROKEN_BETA);
      await s.waitForOutput(/#what-is-alpha\?\n/, from);
      expect(placed(s.stderr().slice(0))).toEqual(expect.arrayContaining([WARNING, LINK, ANCHOR]));
    } finally {
      await s.stop();
    }
  });

  it("new: an unknown category and an existing guide name the file, line and column", () => {
    const sidebar = `{\n  "overview": "index",\n  "applications": {\n    "label": "Applications",\n    "link": "services/index",\n    "categories": [\n      { "label": "Development", "services": ["alpha"] }\n    ]\n  }\n}\n`;
    const site = tempSite({ "sidebar.json": sidebar });
    try {
      const unknown = runCli(["new", "gamma", "--category", "Nope", "--config", site.config], site.dir);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe('sidebar.json:6:5: error no sidebar category "Nope"; one of "Development"\n');
      const existing = runCli(["new", "alpha", "--category", "Development", "--config", site.config], site.dir);
      expect(existing.code).toBe(1);
      expect(existing.stderr).toBe('docs/services/alpha/index.md:1:1: error a guide for "alpha" exists already\n');
    } finally {
      site.cleanup();
    }
  });

  it("index: a build error is said in the same form", () => {
    const site = tempSite({ [BETA]: "---\ntitle: Beta\ntags: {a: [}\n---\n\nText.\n" });
    try {
      const r = runCli(["index", "--config", site.config], site.dir);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^docs\/services\/beta\/index\.md:3:\d+: error invalid YAML front matter: /);
      expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    } finally {
      site.cleanup();
    }
  });

  it("a config key of the wrong type is placed on the key in the config file", () => {
    const site = tempSite();
    const config = readFileSync(site.config, "utf8").replace('tagline: "A small site for the tests."', "tagline: 42");
    writeFileSync(site.config, config);
    try {
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")], site.dir);
      expect(r.code).toBe(1);
      const line = config.split("\n").findIndex((l) => l.includes("tagline: 42")) + 1;
      expect(r.stderr).toMatch(new RegExp(`^ssodocs\\.config\\.ts:${line}:3: error config key "tagline" `));
    } finally {
      site.cleanup();
    }
  });

  it("colours only the severity, only on request or on a terminal, and never with NO_COLOR", async () => {
    const site = tempSite({ [BETA]: BROKEN_BETA });
    const args = [BIN, "build", "--config", site.config, "--out", path.join(site.dir, "build")];
    const stderrOf = (env: NodeJS.ProcessEnv) =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, args, { cwd: site.dir, env, stdio: ["ignore", "ignore", "pipe"] });
        let err = "";
        child.stderr!.on("data", (d: Buffer) => (err += d));
        child.on("close", () => resolve(err));
      });
    try {
      const { NO_COLOR: _, ...withoutNoColor } = cliEnv();
      const forced = await stderrOf({ ...withoutNoColor, FORCE_COLOR: "1" });
      expect(forced).toContain(`${BETA}:8:5: \x1b[31merror\x1b[39m broken link`);
      expect(await stderrOf({ ...withoutNoColor, FORCE_COLOR: "0" })).not.toContain("\x1b[");
      expect(await stderrOf(cliEnv())).not.toContain("\x1b[");
    } finally {
      site.cleanup();
    }
  });
});
