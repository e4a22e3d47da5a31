// Every input file (doc, image, static file, `_category_` file, sidebars file) is read only after its
// real path is checked: inside the project (the git work tree holding the config, else the config's
// folder), never inside `.git`, `node_modules` or another dot folder, and a regular file (issue 27,
// finding 1; issue 29, links inside the project are followed).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "./processes.ts";
import { describe, expect, it } from "vitest";
import { listFiles } from "../src/node/util/files.ts";
import { runCli, tempSite } from "./helpers.ts";
import { startWatchSession } from "./watch-session.ts";

const GAMMA = "docs/services/gamma/index.md";

/** The fixture site as the `website/` folder of a repository (its `.git` folder beside it), with `files` in the repository. */
function repository(files: Record<string, string | Buffer> = {}) {
  const repo = mkdtempSync(path.join(os.tmpdir(), "ssodocs-repo-"));
  const site = tempSite({}, { ownStatic: true });
  const website = path.join(repo, "website");
  renameSync(site.dir, website);
  mkdirSync(path.join(repo, ".git"));
  writeFileSync(path.join(repo, ".git/config"), "[remote]\n\turl = https://ci-token-do-not-leak@example.com/repo\n");
  for (const [relative, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, relative)), { recursive: true });
    writeFileSync(path.join(repo, relative), contents);
  }
  return {
    repo,
    website,
    config: path.join(website, "ssodocs.config.ts"),
    out: path.join(repo, "build"),
    link(target: string, at: string) {
      mkdirSync(path.dirname(path.join(repo, at)), { recursive: true });
      symlinkSync(target, path.join(repo, at));
    },
    build(command = "build") {
      const args = command === "build" ? ["--out", path.join(repo, "build")] : [];
      return runCli([command, "--config", path.join(website, "ssodocs.config.ts"), ...args]);
    },
    cleanup: () => rmSync(repo, { recursive: true, force: true }),
  };
}

const GUIDE =
  "---\ntitle: Integrate with Delta\n---\n\n## What is Delta\n\nDelta is kept in the repository's shared folder.\n\n![Delta](./delta.png)\n";

describe("a doc that is a link to a file outside the project (issue 27, finding 1)", () => {
  it("ln -s /etc/passwd docs/services/gamma/index.md: build and check fail naming the link and its target", () => {
    const site = tempSite();
    mkdirSync(path.join(site.dir, "docs/services/gamma"), { recursive: true });
    symlinkSync("/etc/passwd", path.join(site.dir, GAMMA));
    try {
      const out = path.join(site.dir, "build");
      const r = runCli(["build", "--config", site.config, "--out", out]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^docs\/services\/gamma\/index\.md:1:1: error .*outside the project.*-> \/etc\/passwd/);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).not.toContain("root:");
      expect(existsSync(out)).toBe(false);
      const check = runCli(["check", "--config", site.config]);
      expect(check.code).toBe(1);
      expect(check.stdout + check.stderr).toMatch(/gamma\/index\.md:1:1: error .*-> \/etc\/passwd/);
      expect(check.stdout + check.stderr).not.toContain("root:");
    } finally {
      site.cleanup();
    }
  });
});

describe("links into .git, node_modules or a dot folder, and links to what is not a regular file", () => {
  it("a doc linking to .git/config, node_modules or a dot folder of the project is refused by name", () => {
    const r = repository({
      "node_modules/some-package/README.md": "# Some package\n\nnode_modules text\n",
      ".secrets/notes.md": "# Notes\n\nsecret text\n",
    });
    try {
      const cases: [string, RegExp][] = [
        ["../../../../.git/config", /leads into \.git/],
        ["../../../../node_modules/some-package/README.md", /leads into node_modules/],
        ["../../../../.secrets/notes.md", /leads into a dot folder \(\.secrets\)/],
      ];
      for (const [target, what] of cases) {
        r.link(target, `website/${GAMMA}`);
        const result = r.build();
        expect(result.code, target).toBe(1);
        expect(result.stderr).toMatch(/docs\/services\/gamma\/index\.md:1:1: error /);
        expect(result.stderr).toMatch(what);
        expect(result.stderr).toContain(`-> ${target}`);
        expect(result.stderr).not.toMatch(/ci-token|secret text|node_modules text/);
        expect(existsSync(r.out)).toBe(false);
        rmSync(path.join(r.repo, "website", GAMMA));
      }
    } finally {
      r.cleanup();
    }
  });

  it("a doc linking to /dev/zero or to a FIFO is an error at once, nothing read", () => {
    const site = tempSite();
    const fifo = path.join(site.dir, "pipe");
    spawnSync("mkfifo", [fifo]);
    mkdirSync(path.join(site.dir, "docs/services/gamma"), { recursive: true });
    try {
      const cases: [string, RegExp][] = [
        ["/dev/zero", /outside the project/],
        [fifo, /not a regular file but a FIFO/],
      ];
      for (const [target, why] of cases) {
        symlinkSync(target, path.join(site.dir, GAMMA));
        const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
        expect(r.code, target).toBe(1);
        expect(r.stderr).toMatch(/gamma\/index\.md:1:1: error /);
        expect(r.stderr).toMatch(why);
        expect(r.stderr).toContain(`-> ${target}`);
        rmSync(path.join(site.dir, GAMMA));
      }
      // A FIFO written in place (no link) is refused as well, instead of blocking the build.
      spawnSync("mkfifo", [path.join(site.dir, GAMMA)]);
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/gamma\/index\.md:1:1: error .*not a regular file/);
    } finally {
      site.cleanup();
    }
  });

  it("an image, a static file and a _category_ file linking out of the project are refused by name", () => {
    const r = repository();
    try {
      r.link("/etc/hostname", "website/static/host.txt");
      let result = r.build();
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/static\/host\.txt:1:1: error .*outside the project.*-> \/etc\/hostname/);
      rmSync(path.join(r.website, "static/host.txt"));
      rmSync(path.join(r.website, "docs/services/alpha/alpha-settings.png"));
      r.link("../../../../.git/config", "website/docs/services/alpha/alpha-settings.png");
      result = r.build();
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /alpha\/index\.md:\d+:\d+: error image "\.\/alpha-settings\.png": .*leads into \.git/,
      );
      expect(result.stderr).toContain("-> ../../../../.git/config");
      expect(result.stderr).not.toContain("ci-token");
      rmSync(path.join(r.website, "docs/services/alpha/alpha-settings.png"));
      r.link("/etc/hostname", "website/docs/services/_category_.json");
      result = r.build();
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /docs\/services\/_category_\.json:1:1: error .*outside the project.*-> \/etc\/hostname/,
      );
    } finally {
      r.cleanup();
    }
  });
});

describe("links inside the project are followed (issue 29)", () => {
  it("folder and file links in the docs and static folders are read like files; a folder link loop ends", () => {
    const r = repository({
      "shared/delta/index.md": GUIDE,
      "shared/epsilon.md": "---\ntitle: Epsilon\n---\n\nEpsilon is one file linked in.\n",
      "shared/delta/delta.png": readFileSync(
        path.join(import.meta.dirname, "fixtures/site/docs/services/alpha/alpha-settings.png"),
      ),
      "blueprints/example.yaml": "version: 1\nentries: []\n",
    });
    try {
      // authentik's layout: website/static/blueprints -> ../../blueprints/
      r.link("../../blueprints/", "website/static/blueprints");
      r.link("../../../shared/delta", "website/docs/services/delta");
      r.link("../../../shared/epsilon.md", "website/docs/services/epsilon.md");
      r.link("..", "website/docs/services/loop");
      r.link("../../static", "website/static/img/again");
      const result = r.build();
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(readFileSync(path.join(r.out, "blueprints/example.yaml"), "utf8")).toBe("version: 1\nentries: []\n");
      expect(readFileSync(path.join(r.out, "integrations/services/delta/index.html"), "utf8")).toContain(
        "Delta is kept in the repository",
      );
      expect(readFileSync(path.join(r.out, "integrations/services/epsilon/index.html"), "utf8")).toContain(
        "Epsilon is one file linked in.",
      );
    } finally {
      r.cleanup();
    }
  });

  it("a folder link that leaves the project, or dangles, is an error naming the link and its target", () => {
    const r = repository();
    try {
      r.link("/etc", "website/docs/services/system");
      let result = r.build();
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/docs\/services\/system:1:1: error .*outside the project.*-> \/etc/);
      rmSync(path.join(r.website, "docs/services/system"));
      r.link("/usr/share", "website/static/shared");
      result = r.build();
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/static\/shared:1:1: error .*outside the project.*-> \/usr\/share/);
      rmSync(path.join(r.website, "static/shared"));
      r.link("../../../nowhere", "website/docs/services/gone.md");
      result = r.build();
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /docs\/services\/gone\.md:1:1: error .*points at nothing.*-> \.\.\/\.\.\/\.\.\/nowhere/,
      );
    } finally {
      r.cleanup();
    }
  });
});

describe("a docs or static folder that is itself a link (issue 27, second round)", () => {
  it("is refused when it leads into .git or out of the project; one inside the project builds", () => {
    const r = repository();
    const outside = mkdtempSync(path.join(os.tmpdir(), "ssodocs-outside-"));
    try {
      const staticDir = path.join(r.website, "static");
      const docsDir = path.join(r.website, "docs");
      // The config still says static: "static"; the folder is swapped for a link.
      renameSync(staticDir, path.join(r.repo, "shared-static"));
      r.link("../shared-static", "website/static");
      expect(r.build().code, "a static folder linking inside the project").toBe(0);
      rmSync(staticDir);
      r.link("../.git", "website/static");
      let result = r.build();
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^website\/static:1:1: error the static folder is a link that leads into \.git, which is never read: -> \.\.\/\.git\n$/,
      );
      rmSync(staticDir);
      writeFileSync(path.join(outside, "secret.txt"), "do-not-publish\n");
      r.link(outside, "website/static");
      result = r.build();
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^website\/static:1:1: error the static folder is a link that leads outside the project/,
      );
      rmSync(staticDir);
      r.link("../shared-static", "website/static");
      // The docs folder moved out of the project, with a secret beside the guides.
      renameSync(docsDir, path.join(outside, "docs"));
      writeFileSync(path.join(outside, "docs/secret.md"), "---\ntitle: Secret\n---\n\ndo-not-publish\n");
      r.link(path.join(outside, "docs"), "website/docs");
      result = r.build();
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^website\/docs:1:1: error the docs folder is a link that leads outside the project/,
      );
      expect(existsSync(path.join(r.out, "integrations/secret"))).toBe(false);
    } finally {
      r.cleanup();
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe("a walk that links multiply", () => {
  it("lists a folder of more than 100,000 entries of its own (a site of 50,000 docs, each in its folder)", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "ssodocs-many-"));
    try {
      for (let i = 0; i < 100_001; i++) writeFileSync(path.join(root, `p${i}.md`), "");
      expect(listFiles(root, { followFolderLinks: true })).toHaveLength(100_001);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("stops with an error naming the folder, rather than listing 2^16 paths", () => {
    // d0 holds two links to d1, d1 two to d2, ...: each level doubles what a walk following links sees.
    const root = mkdtempSync(path.join(os.tmpdir(), "ssodocs-links-"));
    try {
      for (let i = 0; i <= 16; i++) {
        mkdirSync(path.join(root, `d${i}`));
        writeFileSync(path.join(root, `d${i}/page.md`), "text\n");
        if (i) for (const name of ["a", "b"]) symlinkSync(`../d${i}`, path.join(root, `d${i - 1}`, name));
      }
      expect(() => listFiles(path.join(root, "d0"), { followFolderLinks: true })).toThrow(
        expect.objectContaining({
          message: "more than 100000 files and folders reached through links to folders below this folder",
          file: path.join(root, "d0"),
        }),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("watch mode reads through the same guard", () => {
  it("a guide replaced by a link to /etc/passwd is an error on save; the page never shows the file", async () => {
    const s = await startWatchSession();
    try {
      const from = s.mark();
      rmSync(path.join(s.dir, "docs/services/alpha/index.md"));
      symlinkSync("/etc/passwd", path.join(s.dir, "docs/services/alpha/index.md"));
      const line = await s.waitForOutput(/^.*\berror .*$/m, from);
      expect(line).toMatch(/^docs\/services\/alpha\/index\.md:1:1: error .*outside the project.*-> \/etc\/passwd/);
      const page = await s.get("/integrations/services/alpha/");
      expect(page.body).not.toContain("root:");
    } finally {
      await s.stop();
    }
  });
});
