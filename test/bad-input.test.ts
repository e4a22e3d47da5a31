// Bad input gives an error naming the file (and line), exit 1, and leaves no output behind.
import { accessSync, chmodSync, constants, cpSync, existsSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli, tempSite } from "./helpers.ts";

function buildWith(files: Record<string, string | Buffer>, read: (out: string) => Record<string, string> = () => ({})) {
  const site = tempSite(files);
  try {
    const out = path.join(site.dir, "build");
    const r = runCli(["build", "--config", site.config, "--out", out]);
    const built = existsSync(out);
    return { ...r, dir: site.dir, built, files: built ? read(out) : {} };
  } finally {
    site.cleanup();
  }
}

describe("bad content", () => {
  it("invalid YAML front matter names the file and line", () => {
    const r = buildWith({ "docs/services/beta/index.md": "---\ntitle: Beta\ntags: [a, b\nsupport_level: community\n---\n\nBody\n" });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/docs\/services\/beta\/index\.md:\d+: invalid YAML front matter/);
    expect(r.built).toBe(false);
  });

  it("a missing title is an error naming the file", () => {
    const r = buildWith({ "docs/services/beta/index.md": "---\nsidebar_label: Beta\n---\n\nBody\n" });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/docs\/services\/beta\/index\.md:1: front matter has no "title"/);
  });

  it("a value of the wrong type points at its line", () => {
    const tags = buildWith({ "docs/services/beta/index.md": "---\ntitle: Beta\ntags: 5\n---\n\nBody\n" });
    expect(tags.stderr).toMatch(/beta\/index\.md:3: front matter "tags" must be a list/);
    const level = buildWith({ "docs/services/beta/index.md": "---\ntitle: Beta\n\nsupport_level: sometimes\n---\n\nBody\n" });
    expect(level.stderr).toMatch(/beta\/index\.md:4: front matter "support_level" must be one of authentik, community, vendor, deprecated \(got "sometimes"\)/);
    expect(level.code).toBe(1);
  });

  it("an image that does not exist names the page and the image", () => {
    const r = buildWith({ "docs/services/beta/index.md": "---\ntitle: Beta\n---\n\nText\n\n![shot](./missing.png)\n" });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/docs\/services\/beta\/index\.md:7: image "\.\/missing\.png" not found \(looked for services\/beta\/missing\.png\)/);
  });

  it("an unreadable file is an error naming it", () => {
    const site = tempSite();
    symlinkSync(path.join(site.dir, "docs/nowhere.md"), path.join(site.dir, "docs/services/broken-link.md"));
    try {
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/docs\/services\/broken-link\.md: cannot read file: ENOENT/);
      expect(existsSync(path.join(site.dir, "build"))).toBe(false);
    } finally {
      site.cleanup();
    }
  });

  it("an unreadable file (chmod 000) is an error naming it", (ctx) => {
    const site = tempSite({ "docs/services/locked.md": "---\ntitle: Locked\n---\n\nSecret body\n" });
    const locked = path.join(site.dir, "docs/services/locked.md");
    chmodSync(locked, 0o000);
    try {
      let readable = true;
      try {
        accessSync(locked, constants.R_OK);
      } catch {
        readable = false;
      }
      ctx.skip(readable, "running as root: chmod 000 does not stop root from reading the file, so it cannot be made unreadable here");
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/docs\/services\/locked\.md: cannot read file: EACCES/);
      expect(existsSync(path.join(site.dir, "build"))).toBe(false);
    } finally {
      chmodSync(locked, 0o644);
      site.cleanup();
    }
  });

  it("a file of binary bytes is an error naming it", () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    const r = buildWith({ "docs/services/beta/index.md": Buffer.concat([Buffer.from("---\ntitle: Beta\n---\n\n"), bytes]) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/docs\/services\/beta\/index\.md: the file holds binary data \(NUL bytes\), not Markdown text/);
    expect(r.built).toBe(false);
  });

  it("a sidebar naming a doc that does not exist is an error naming the config file", () => {
    const site = tempSite();
    writeFileSync(site.config, readFileSync(site.config, "utf8").replace('"services/beta/index"', '"services/gamma/index"'));
    try {
      const r = runCli(["build", "--config", site.config]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/ssodocs\.config\.ts: the sidebar names a doc that does not exist: docs\.sidebar\[1\]\.items\[1\]\.items\[0\]: "services\/gamma\/index"/);
    } finally {
      site.cleanup();
    }
  });

  it("a page template without a default export fails the build", () => {
    const site = tempSite();
    const templates = path.join(site.dir, "templates");
    cpSync(path.join(ROOT, "templates"), templates, { recursive: true });
    // The copies import ssodocs's shared helpers from where ssodocs is, not from beside them.
    const files = readdirSync(templates, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".tsx"));
    for (const file of files) {
      const copy = path.join(templates, file);
      const relative = `"${"../".repeat(file.split(path.sep).length)}src/shared/`;
      writeFileSync(copy, readFileSync(copy, "utf8").replaceAll(relative, `"${path.join(ROOT, "src/shared")}/`));
    }
    writeFileSync(path.join(templates, "TagsPage.tsx"), "export function TagsPage() {\n  return null;\n}\n");
    writeFileSync(site.config, readFileSync(site.config, "utf8").replace("  footer:", `  templates: ${JSON.stringify(templates)},\n  footer:`));
    try {
      const r = runCli(["build", "--config", site.config]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/templates\/TagsPage\.tsx: the page component has no default export, so nothing can be rendered/);
    } finally {
      site.cleanup();
    }
  });
});

describe("odd content that still builds", () => {
  it("invalid UTF-8 and control bytes build, shown as replacement characters", () => {
    const body = Buffer.from([0x54, 0x65, 0x78, 0x74, 0x20, 0xff, 0xfe, 0x20, 0xc3, 0x28, 0x20, 0x01, 0x02, 0x1b, 0x5b, 0x33, 0x31, 0x6d, 0x20, 0x65, 0x6e, 0x64, 0x0a]);
    const r = buildWith({ "docs/services/beta/index.md": Buffer.concat([Buffer.from("---\ntitle: Beta\n---\n\n"), body]) }, (out) => ({
      beta: readFileSync(path.join(out, "integrations/services/beta/index.html"), "utf8"),
    }));
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.files.beta).toMatch(/<p>Text \uFFFD\uFFFD \uFFFD\( [\s\S]*end<\/p>/);
  });

  it("an unclosed admonition and an unclosed code fence only warn, naming the file and line", () => {
    const r = buildWith({ "docs/services/beta/index.md": "---\ntitle: Beta\n---\n\n## Steps\n\n:::warning\nNever closed warning.\n\n```yaml\nkey: never-closed-fence\n" }, (out) => ({
      beta: readFileSync(path.join(out, "integrations/services/beta/index.html"), "utf8"),
    }));
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/docs\/services\/beta\/index\.md:7: admonition ":::warning" is never closed/);
    expect(r.stdout).toMatch(/Built \d+ pages in .* \(1 warning\)/);
    expect(r.files.beta).toContain("Never closed warning.");
    expect(r.files.beta).toContain("never-closed-fence");
  });
});

describe("the command line", () => {
  it("--help and --version work on every command", () => {
    const help = runCli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/build[\s\S]*serve[\s\S]*check/);
    for (const cmd of ["build", "serve", "check"]) {
      const r = runCli([cmd, "--help"]);
      expect(r.code, cmd).toBe(0);
      expect(r.stdout).toContain(`Usage: ssodocs ${cmd}`);
      expect(r.stdout).toContain("--config");
    }
    expect(runCli(["--version"]).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(runCli(["build", "--version"]).code).toBe(0);
  });

  it("an unknown option is an error with a hint", () => {
    const r = runCli(["build", "--outt", "x"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/unknown option '--outt'/);
    expect(r.stderr).toMatch(/Did you mean --out\?/);
  });

  it("a missing config file is a clear error", () => {
    const r = runCli(["build", "--config", "nope.config.ts"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/nope\.config\.ts: config file not found/);
  });
});
