// The launcher runs ssodocs's sources compiled (bin/compile-tool.mjs): compiled once, compiled
// again when a source changes, and errors still point at the TypeScript sources.
import { cpSync, existsSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli, tempSite } from "./helpers.ts";

const MANIFEST = path.join(ROOT, "node_modules/.cache/ssodocs-tool/manifest.json");
const manifest = () =>
  JSON.parse(readFileSync(MANIFEST, "utf8")) as { entry: string; inputs: [string, number, number][] };

describe("the launcher", () => {
  it("runs a compiled copy of the sources, listing every source it was made from", () => {
    expect(runCli(["--version"]).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const { entry, inputs } = manifest();
    expect(existsSync(path.join(path.dirname(MANIFEST), entry))).toBe(true);
    const files = inputs.map(([file]) => file);
    expect(files).toContain("src/node/cli.ts");
    expect(files).toContain("src/node/build.ts");
  });

  it("compiles again when a source changes, and not before", () => {
    runCli(["--version"]);
    const before = manifest().entry;
    expect(runCli(["--version"]).code).toBe(0);
    expect(manifest().entry).toBe(before);
    // A save that changes nothing but the time still counts as a change.
    const source = path.join(ROOT, "src/node/errors.ts");
    const { atime, mtime } = statSync(source);
    utimesSync(source, atime, new Date(mtime.getTime() + 1000));
    try {
      expect(runCli(["--version"]).code).toBe(0);
      expect(manifest().entry).not.toBe(before);
    } finally {
      utimesSync(source, atime, mtime);
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
      const where = new RegExp(`${footer.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:(\\d+)`).exec(r.stderr);
      expect(where, r.stderr).not.toBeNull();
      expect(readFileSync(footer, "utf8").split("\n")[Number(where![1]) - 1]).toContain("footer exploded");
      expect(r.stderr).toContain("footer exploded");
    } finally {
      site.cleanup();
    }
  });
});
