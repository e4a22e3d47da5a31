// The launcher runs the compiled tool (dist/), and in a checkout of the repository refuses a dist/
// older than the sources it was made from; errors in a site's templates still point at their sources.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliEnv, ROOT, runCli, tempSite } from "./helpers.ts";
import { spawnSync } from "./processes.ts";

describe("the launcher", () => {
  it("runs dist/, and in a checkout refuses it once a source it was made from is newer", () => {
    // A copy of the package: the launcher, dist/, every source dist/ lists (with their times), a .git.
    const copy = mkdtempSync(path.join(os.tmpdir(), "ssodocs-launcher-"));
    try {
      const manifest = JSON.parse(readFileSync(path.join(ROOT, "dist/manifest.json"), "utf8")) as { inputs: string[] };
      expect(manifest.inputs).toEqual(
        expect.arrayContaining([
          "src/node/cli.ts",
          "src/node/pipeline/run.ts",
          "templates/DocPage.tsx",
          "src/client/main.ts",
        ]),
      );
      for (const part of ["bin", "dist", ...manifest.inputs])
        cpSync(path.join(ROOT, part), path.join(copy, part), { recursive: true, preserveTimestamps: true });
      symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
      mkdirSync(path.join(copy, ".git"));
      const launch = () =>
        spawnSync(process.execPath, [path.join(copy, "bin/ssodocs.mjs"), "--version"], {
          env: cliEnv(),
        });
      expect(launch().stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
      // A save that changes nothing but the time still counts as a change.
      const later = new Date(Date.now() + 5000);
      utimesSync(path.join(copy, "src/node/errors.ts"), later, later);
      const stale = launch();
      expect(stale.status).toBe(1);
      expect(stale.stderr).toBe(
        "error ssodocs's sources changed since it was compiled (src/node/errors.ts): run npm run build:tool\n",
      );
      // An installed package (no repository) runs dist/ as it is.
      rmSync(path.join(copy, ".git"), { recursive: true });
      expect(launch().status).toBe(0);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it("reports an error thrown in a page template with the template's own file and line", () => {
    const site = tempSite();
    try {
      // An editable copy of the templates, beside a link to the sources they import helpers from.
      const templates = path.join(site.dir, "templates");
      cpSync(path.join(ROOT, "templates"), templates, { recursive: true });
      symlinkSync(path.join(ROOT, "src"), path.join(site.dir, "src"));
      writeFileSync(
        site.config,
        readFileSync(site.config, "utf8").replace("  footer:", '  templates: "templates",\n  footer:'),
      );
      const footer = path.join(templates, "components/Footer.tsx");
      writeFileSync(
        footer,
        readFileSync(footer, "utf8").replace(
          /return \(/,
          'if (Date.now() > 0) throw new Error("footer exploded");\n  return (',
        ),
      );
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "out")]);
      expect(r.code).toBe(1);
      // Named from the site's folder, as every file of the site is.
      const where = /^templates\/components\/Footer\.tsx:(\d+):\d+: error /.exec(r.stderr);
      expect(where, r.stderr).not.toBeNull();
      expect(readFileSync(footer, "utf8").split("\n")[Number(where![1]) - 1]).toContain("footer exploded");
      expect(r.stderr).toContain("footer exploded");
    } finally {
      site.cleanup();
    }
  });
});
