// Rendered pages and search files kept between builds: a build with nothing changed puts the
// kept files in place (hard links) instead of rendering them; after each kind of change, a build
// that uses the cache writes exactly what a build without any cache writes.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildBothWays, ROOT, tempSite } from "./helpers.ts";

const BETA = "docs/services/beta/index.md";
const site = tempSite({
  [BETA]: "---\ntitle: Integrate with Beta\nsidebar_label: Beta\n---\n\n## What is Beta\n\nBeta watches services.\n\n```bash\nbeta --watch\n```\n",
});
const cacheDir = path.join(site.dir, "cache");
afterAll(() => site.cleanup());

// The site renders with its own copy of the templates (which import helpers from ssodocs's sources).
cpSync(path.join(ROOT, "templates"), path.join(site.dir, "templates"), { recursive: true });
symlinkSync(path.join(ROOT, "src"), path.join(site.dir, "src"));
writeFileSync(site.config, readFileSync(site.config, "utf8").replace("  footer:", '  templates: "templates",\n  footer:'));

const build = () => buildBothWays(site, cacheDir);
const read = (out: string, file: string) => readFileSync(path.join(out, file), "utf8");
const edit = (file: string, change: (text: string) => string) => writeFileSync(path.join(site.dir, file), change(readFileSync(path.join(site.dir, file), "utf8")));

/** The inodes of the files the output cache keeps. */
function keptInodes(): Set<number> {
  const root = path.join(cacheDir, "outputs");
  return new Set((readdirSync(root, { recursive: true }) as string[]).map((f) => statSync(path.join(root, f))).filter((s) => s.isFile()).map((s) => s.ino));
}

describe("the output cache", () => {
  it("puts every page and search file of an unchanged site in place from the cache", () => {
    // Into a new output folder (one that holds the site already is left as it is: test/current-output).
    rmSync(build(), { recursive: true });
    const out = build();
    const kept = keptInodes();
    for (const file of ["index.html", "integrations/services/beta/index.html", "integrations/services/alpha/index.html", "404.html", "search/records.json", "search/index.json"]) {
      expect(kept.has(statSync(path.join(out, file)).ino), file).toBe(true);
    }
  });

  it("renders an edited guide again, and its search records follow", () => {
    edit(BETA, (t) => t.replace("Beta watches services.", "Beta watches hosts."));
    const out = build();
    expect(read(out, "integrations/services/beta/index.html")).toContain("Beta watches hosts.");
    expect(read(out, "search/records.json")).toContain("Beta watches hosts.");
    // The other guides' pages did not change, so they still come from the cache; the new page and
    // search files are written once, into the cache, and linked from there.
    for (const file of ["integrations/services/alpha/index.html", "integrations/services/beta/index.html", "search/records.json", "search/index.json"]) {
      expect(keptInodes().has(statSync(path.join(out, file)).ino), file).toBe(true);
    }
  });

  it("renders every page again when a template changes", () => {
    edit("templates/components/Footer.tsx", (t) => t.replace("{copyright}</div>", "{copyright} Footer edited</div>"));
    const out = build();
    for (const file of ["index.html", "integrations/services/beta/index.html", "404.html"]) expect(read(out, file)).toContain("Footer edited");
  });

  it("renders every page again when the config changes", () => {
    edit("ssodocs.config.ts", (t) => t.replace('title: "Fixture"', 'title: "Fixture Renamed"'));
    const out = build();
    expect(read(out, "integrations/services/alpha/index.html")).toContain("Fixture Renamed");
  });

  it("does not copy a page changed in place in the output folder into the next build", () => {
    const out = build();
    const before = read(out, "integrations/services/beta/index.html");
    // An edit in place (a deploy script, say) also changes the cache file the page is linked to.
    writeFileSync(path.join(out, "integrations/services/beta/index.html"), "<p>changed after the build</p>");
    expect(read(build(), "integrations/services/beta/index.html")).toBe(before);
  });

  it("validates kept pages from their own HTML when the data kept with them cannot be read", () => {
    build();
    const root = path.join(cacheDir, "outputs");
    const indexes = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith("index.lines"));
    expect(indexes.length).toBeGreaterThan(0);
    for (const index of indexes) {
      const file = path.join(root, index);
      // Each key's data made unreadable, and no record of a validation: the next build validates every page.
      const lines = readFileSync(file, "utf8").split("\n").filter((l) => !l.startsWith("validated\t"));
      writeFileSync(file, lines.map((l) => (l.split("\t").length === 4 ? l.replace(/\t[^\t]*$/, "\t{") : l)).join("\n"));
    }
    const out = build();
    expect(read(out, "integrations/services/beta/index.html")).toContain("Beta watches hosts.");
  });
});
