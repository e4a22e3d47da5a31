// Bad input gives an error naming the file (and line), exit 1, and leaves no output behind.
import {
  accessSync,
  chmodSync,
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCategoryMeta } from "../src/node/content/category-meta.ts";
import { parseFrontMatter } from "../src/node/content/frontmatter.ts";
import { MAX_HEADINGS } from "../src/shared/limits.ts";
import { InputFiles } from "../src/node/input-files.ts";
import { outputPathIn } from "../src/node/pipeline/staging.ts";
import { cliEnv, ROOT, runCli, tempDocusaurusSite, tempSite } from "./helpers.ts";

/** How often `marker` occurs in `text`. */
const count = (text: string, marker: string) => text.split(marker).length - 1;

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
    const r = buildWith({
      "docs/services/beta/index.md": "---\ntitle: Beta\ntags: [a, b\nsupport_level: community\n---\n\nBody\n",
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/docs\/services\/beta\/index\.md:\d+:\d+: error invalid YAML front matter/);
    expect(r.built).toBe(false);
  });

  it("a doc without a title takes its leading # heading, else its file name, as Docusaurus does", () => {
    const read = (out: string) => ({
      beta: readFileSync(path.join(out, "integrations/services/beta/index.html"), "utf8"),
      gamma: readFileSync(path.join(out, "integrations/services/gamma/index.html"), "utf8"),
    });
    const r = buildWith(
      {
        "docs/services/beta/index.md": "---\nsidebar_label: Beta\n---\n\n# Beta in depth\n\nBody\n",
        "docs/services/gamma/index.md": "Only a body.\n",
      },
      read,
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.files.beta).toContain("<title>Beta in depth | Fixture</title>");
    expect(r.files.gamma).toContain("<title>gamma | Fixture</title>");
  });

  it("an unknown front-matter key warns with the nearest known key, or fails when the config says so", () => {
    const doc = { "docs/services/beta/index.md": "---\ntitle: Beta\nsidebar_lable: Beta\n---\n\nBody\n" };
    const warned = buildWith(doc);
    expect(warned.code).toBe(0);
    expect(warned.stderr).toMatch(
      /docs\/services\/beta\/index\.md:3:1: warning unknown front matter key "sidebar_lable" \(did you mean "sidebar_label"\?\)/,
    );
    const strict = tempSite(doc);
    try {
      writeFileSync(
        strict.config,
        readFileSync(strict.config, "utf8").replace("  footer:", '  frontMatter: { unknownKeys: "error" },\n  footer:'),
      );
      const r = runCli(["build", "--config", strict.config, "--out", path.join(strict.dir, "build")]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /beta\/index\.md:3:1: error unknown front matter key "sidebar_lable" \(did you mean "sidebar_label"\?\)\n$/,
      );
    } finally {
      strict.cleanup();
    }
  });

  it("a value of the wrong type points at its line", () => {
    const tags = buildWith({ "docs/services/beta/index.md": "---\ntitle: Beta\ntags: 5\n---\n\nBody\n" });
    expect(tags.stderr).toMatch(/beta\/index\.md:3:\d+: error front matter "tags" must be a list/);
    const level = buildWith({
      "docs/services/beta/index.md": "---\ntitle: Beta\n\nsupport_level: sometimes\n---\n\nBody\n",
    });
    expect(level.stderr).toMatch(
      /beta\/index\.md:4:\d+: error front matter "support_level" must be one of authentik, community, vendor, deprecated \(got "sometimes"\)/,
    );
    expect(level.code).toBe(1);
    const keywords = buildWith({ "docs/services/beta/index.md": "---\ntitle: Beta\nkeywords: rdp\n---\n\nBody\n" });
    expect(keywords.stderr).toMatch(
      /beta\/index\.md:3:\d+: error front matter "keywords" must be a list of words or phrases/,
    );
    expect(keywords.code).toBe(1);
  });

  it("an image that does not exist names the page and the image", () => {
    const r = buildWith({ "docs/services/beta/index.md": "---\ntitle: Beta\n---\n\nText\n\n![shot](./missing.png)\n" });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /docs\/services\/beta\/index\.md:7:\d+: error image "\.\/missing\.png" not found \(looked for services\/beta\/missing\.png\)/,
    );
  });

  it("an unreadable file is an error naming it", () => {
    const site = tempSite();
    symlinkSync(path.join(site.dir, "docs/nowhere.md"), path.join(site.dir, "docs/services/broken-link.md"));
    try {
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.code).toBe(1);
      // A dangling link names the link and where it points (issue 27).
      expect(r.stderr).toMatch(
        /docs\/services\/broken-link\.md:1:1: error this link points at nothing: -> .*docs\/nowhere\.md/,
      );
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
      ctx.skip(
        readable,
        "running as root: chmod 000 does not stop root from reading the file, so it cannot be made unreadable here",
      );
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/docs\/services\/locked\.md:1:1: error cannot read file: EACCES/);
      expect(existsSync(path.join(site.dir, "build"))).toBe(false);
    } finally {
      chmodSync(locked, 0o644);
      site.cleanup();
    }
  });

  it("a file of binary bytes is an error naming it", () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    const r = buildWith({
      "docs/services/beta/index.md": Buffer.concat([Buffer.from("---\ntitle: Beta\n---\n\n"), bytes]),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /docs\/services\/beta\/index\.md:1:1: error the file holds binary data \(NUL bytes\), not Markdown text/,
    );
    expect(r.built).toBe(false);
  });

  it("a sidebar naming a doc that does not exist is an error naming the config file", () => {
    const site = tempSite();
    writeFileSync(
      site.config,
      readFileSync(site.config, "utf8").replace('"services/beta/index"', '"services/gamma/index"'),
    );
    try {
      const r = runCli(["build", "--config", site.config]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /ssodocs\.config\.ts:1:1: error the sidebar names a doc that does not exist: docs\.sidebar\[1\]\.items\[1\]\.items\[0\]: "services\/gamma\/index"/,
      );
    } finally {
      site.cleanup();
    }
  });

  it("a page template without a default export fails the build", () => {
    const site = tempSite();
    const templates = path.join(site.dir, "templates");
    cpSync(path.join(ROOT, "templates"), templates, { recursive: true });
    // The copies import ssodocs's shared helpers from where ssodocs is, not from beside them.
    for (const file of readdirSync(templates, { recursive: true }) as string[]) {
      if (!file.endsWith(".tsx")) continue;
      const copy = path.join(templates, file);
      writeFileSync(
        copy,
        readFileSync(copy, "utf8").replace(/"(?:\.\.\/)+src\/shared\//g, `"${path.join(ROOT, "src/shared")}/`),
      );
    }
    writeFileSync(path.join(templates, "TagsPage.tsx"), "export function TagsPage() {\n  return null;\n}\n");
    writeFileSync(
      site.config,
      readFileSync(site.config, "utf8").replace("  footer:", `  templates: ${JSON.stringify(templates)},\n  footer:`),
    );
    try {
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /templates\/TagsPage\.tsx:1:1: error the page component has no default export, so nothing can be rendered/,
      );
    } finally {
      site.cleanup();
    }
  });
});

describe("odd content that still builds", () => {
  it("invalid UTF-8 and control bytes build, shown as replacement characters", () => {
    const body = Buffer.from([
      0x54, 0x65, 0x78, 0x74, 0x20, 0xff, 0xfe, 0x20, 0xc3, 0x28, 0x20, 0x01, 0x02, 0x1b, 0x5b, 0x33, 0x31, 0x6d, 0x20,
      0x65, 0x6e, 0x64, 0x0a,
    ]);
    const r = buildWith(
      { "docs/services/beta/index.md": Buffer.concat([Buffer.from("---\ntitle: Beta\n---\n\n"), body]) },
      (out) => ({
        beta: readFileSync(path.join(out, "integrations/services/beta/index.html"), "utf8"),
      }),
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.files.beta).toMatch(/<p>Text \uFFFD\uFFFD \uFFFD\( [\s\S]*end<\/p>/);
  });

  it("an unclosed admonition and an unclosed code fence only warn, naming the file and line", () => {
    const r = buildWith(
      {
        "docs/services/beta/index.md":
          "---\ntitle: Beta\n---\n\n## Steps\n\n:::warning\nNever closed warning.\n\n```yaml\nkey: never-closed-fence\n",
      },
      (out) => ({
        beta: readFileSync(path.join(out, "integrations/services/beta/index.html"), "utf8"),
      }),
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/docs\/services\/beta\/index\.md:7:1: warning admonition ":::warning" is never closed/);
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
    expect(r.stderr).toMatch(/nope\.config\.ts:1:1: error config file not found/);
  });
});

/** A scratch site with one guide added, built into its own folder: the result, the site folder (kept until `cleanup`) and the output. */
function hostile(files: Record<string, string | Buffer>, args: string[] = []) {
  const site = tempSite(files);
  const out = path.join(site.dir, "build");
  const r = runCli([
    args[0] ?? "build",
    "--config",
    site.config,
    ...(args[0] === "check" ? [] : ["--out", out]),
    ...args.slice(1),
  ]);
  return { ...r, site, out };
}

describe("hostile content (issue 17)", () => {
  it("a tag permalink or a generated index's slug with .. segments is an error naming the file and line (issue 27)", () => {
    const tagged = hostile({
      "docs/services/evil/index.md": `---\ntitle: Evil\ntags:\n  - label: Evil\n    permalink: "/../../escaped"\n---\n\nBody\n`,
    });
    try {
      expect(tagged.code).toBe(1);
      expect(tagged.stderr).toMatch(
        /^docs\/services\/evil\/index\.md:3:\d+: error front matter "tags\[0\]\.permalink" may not contain a "\." or "\.\." segment/m,
      );
      expect(existsSync(tagged.out)).toBe(false);
    } finally {
      tagged.site.cleanup();
    }
    const category = "docs/infrastructure/monitoring/_category_.json";
    const site = tempDocusaurusSite({
      [category]: '{\n  "label": "Monitoring",\n  "link": { "type": "generated-index", "slug": "/../../escaped" }\n}\n',
    });
    try {
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^docs\/infrastructure\/monitoring\/_category_\.json:3:\d+: error .*slug.* may not contain a "\." or "\.\." segment/m,
      );
      expect(r.stderr).not.toContain("refusing to write");
      expect(existsSync(path.join(site.dir, "build"))).toBe(false);
    } finally {
      site.cleanup();
    }
  });

  it("a slug with .. segments is an error naming the file and line, and nothing is written anywhere", () => {
    const victim = path.join(os.tmpdir(), `ssodocs-victim-${process.pid}`);
    for (const slug of [
      `../../../../../../../../..${victim}`,
      "/../../escaped",
      "a/./b",
      "x\\\\y",
      "..",
      "bad%2e%2e",
    ]) {
      const r = hostile({
        "docs/services/evil/index.md": `---\ntitle: Evil\nslug: ${JSON.stringify(slug)}\n---\n\nBody\n`,
      });
      try {
        expect(r.code, slug).toBe(1);
        expect(r.stderr, slug).toMatch(
          /docs\/services\/evil\/index\.md:3:\d+: error front matter "slug" may not contain/,
        );
        expect(r.stderr).not.toMatch(/\n\s+at /);
        expect(existsSync(r.out)).toBe(false);
        expect(existsSync(victim)).toBe(false);
        expect(existsSync(path.join(r.site.dir, "escaped"))).toBe(false);
      } finally {
        r.site.cleanup();
      }
    }
  });

  it("the staging folder writes no path that leaves it (the second line of defence)", () => {
    const dir = path.join(os.tmpdir(), "staging");
    for (const bad of ["../x/index.html", "/etc/passwd", "a/../../b", "a\\..\\..\\b", "a//b", "./a", "a/\u0000b", ""]) {
      expect(() => outputPathIn(dir, bad), JSON.stringify(bad)).toThrow(/refusing to write outside the output folder/);
    }
    expect(outputPathIn(dir, "integrations/services/grafana/index.html")).toBe(
      path.join(dir, "integrations/services/grafana/index.html"),
    );
  });

  it("folder and file names with # ? % or a backslash are refused by name", () => {
    for (const name of ["we#ird", "what?", "100%", "back\\slash"]) {
      const r = hostile({ [`docs/services/${name}/index.md`]: "---\ntitle: Odd\n---\n\nBody\n" });
      try {
        expect(r.code, name).toBe(1);
        expect(r.stderr, name).toMatch(/index\.md:1:1: error a file or folder name may not contain/);
      } finally {
        r.site.cleanup();
      }
    }
  });

  it("---js (or any front matter but YAML) is refused and its code never runs", () => {
    const ran = path.join(os.tmpdir(), `ssodocs-js-ran-${process.pid}`);
    for (const marker of ["js", "javascript", "coffee", "json"]) {
      const code = `{ title: "x" + require("fs").writeFileSync(${JSON.stringify(ran)}, "ran") }`;
      for (const command of ["build", "check"]) {
        const r = hostile({ "docs/services/evil/index.md": `---${marker}\n${code}\n---\n\nBody\n` }, [command]);
        try {
          expect(r.code).toBe(1);
          expect(r.stderr).toMatch(
            new RegExp(
              `docs/services/evil/index\\.md:1:\\d+: error front matter in "${marker}" is not allowed: only YAML`,
            ),
          );
          expect(existsSync(ran)).toBe(false);
        } finally {
          r.site.cleanup();
        }
      }
    }
  });

  it("an image outside the docs folder, by path or by link, is an error naming the file and line", () => {
    const byPath = hostile({
      "docs/services/evil/index.md":
        "---\ntitle: Evil\n---\n\nText\n\n![x](../../../../../../../../../../etc/passwd)\n",
    });
    try {
      expect(byPath.code).toBe(1);
      expect(byPath.stderr).toMatch(
        /docs\/services\/evil\/index\.md:7:\d+: error image "\.\.\/\.\.\/.*etc\/passwd" is outside the docs folder/,
      );
      expect(existsSync(byPath.out)).toBe(false);
    } finally {
      byPath.site.cleanup();
    }
    const site = tempSite({ "docs/services/evil/index.md": "---\ntitle: Evil\n---\n\nText\n\n![x](./shot.png)\n" });
    symlinkSync("/etc/hostname", path.join(site.dir, "docs/services/evil/shot.png"));
    try {
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.code).toBe(1);
      // A link is followed only inside the project (issue 27): this one names where it leads.
      expect(r.stderr).toMatch(
        /evil\/index\.md:7:\d+: error image "\.\/shot\.png": this link leads outside the project .*-> \/etc\/hostname/,
      );
    } finally {
      site.cleanup();
    }
  });

  it("a YAML alias bomb fails at once with a message naming the file", () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const previous = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(",")}]`);
    }
    const r = hostile({ "docs/services/evil/index.md": `---\ntitle: Bomb\n${levels.join("\n")}\n---\n\nBody\n` });
    try {
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /docs\/services\/evil\/index\.md:\d+:\d+: error invalid YAML front matter: YAML aliases expand more than 100 times/,
      );
    } finally {
      r.site.cleanup();
    }
  });

  it("raw HTML outside the allow-list is removed with a warning naming the file and line, and fails check", () => {
    const body = [
      "<script>alert('script')</script>",
      "",
      '<p onclick="alert(1)">Click <b onmouseover="alert(2)">me</b></p>',
      "",
      '<iframe srcdoc="<script>alert(3)</script>"></iframe>',
      "",
      'Go <a href="javascript:alert(4)">there</a> or <a href=" JaVa&#x09;script:alert(5)">here</a>.',
      "",
      '<form action="javascript:alert(6)"><input name="q"></form>',
      "",
      "<style>body{display:none}</style>",
      "",
      '<img src="https://example.com/x.png" onerror="alert(7)"> and <kbd>Ctrl</kbd>+<kbd>K</kbd> stay, as does <a href="https://example.com/" target="_blank">a link</a>.',
      "",
      "<details><summary>More</summary>Hidden text</details>",
      "",
    ].join("\n");
    const files = { "docs/services/evil/index.md": `---\ntitle: Evil\n---\n\n${body}` };
    const r = hostile(files);
    try {
      expect(r.code).toBe(0);
      const html = readFileSync(path.join(r.out, "integrations/services/evil/index.html"), "utf8");
      const article = html.slice(html.indexOf('class="markdown"'), html.indexOf("</article>"));
      expect(article).not.toMatch(/alert|<script|<iframe|<form|<input|<style|onclick|onerror|onmouseover|javascript:/i);
      expect(article).toContain("<kbd>Ctrl</kbd>+<kbd>K</kbd>");
      expect(article).toContain('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">a link</a>');
      expect(article).toContain("<details><summary>More</summary>Hidden text</details>");
      for (const [line, what] of [
        [5, "<script> with its content"],
        [7, 'onclick="alert(1)" of <p>'],
        [7, 'onmouseover="alert(2)" of <b>'],
        [9, "<iframe> with its content"],
        [11, 'href="javascript:alert(4)" of <a>'],
        [13, "<form>"],
        [13, "<input>"],
        [15, "<style> with its content"],
        [17, 'onerror="alert(7)" of <img>'],
      ] as const) {
        expect(r.stderr).toContain(`docs/services/evil/index.md:${line}:1: warning raw HTML: removed ${what}`);
      }
      // Every page carries the policy, for hosts that ignore _headers.
      expect(html).toMatch(
        /<meta http-equiv="Content-Security-Policy" content="default-src &#x27;self&#x27;; script-src &#x27;self&#x27; &#x27;sha256-/,
      );
    } finally {
      r.site.cleanup();
    }
    const check = hostile(files, ["check"]);
    try {
      expect(check.code).toBe(1);
      expect(check.stderr).toMatch(/docs\/services\/evil\/index\.md:5:\d+: error raw HTML: removed <script>/);
    } finally {
      check.site.cleanup();
    }
  });

  it("a misspelled admonition, an unknown MDX component and a JSX expression warn with file and line", () => {
    const r = hostile({
      "docs/services/evil/index.md":
        "---\ntitle: Evil\n---\n\n:::warnign\nCareful.\n:::\n\n<MyWidget />\n\nValue: {props.secret}\n",
    });
    try {
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(
        'docs/services/evil/index.md:5:1: warning unknown admonition ":::warnign" (did you mean ":::warning"?)',
      );
      expect(r.stderr).toContain(
        "docs/services/evil/index.md:9:1: warning raw HTML: removed <MyWidget> (an MDX component ssodocs does not render)",
      );
      // The column is the expression's.
      expect(r.stderr).toContain(
        "docs/services/evil/index.md:11:8: warning JSX expression {props.secret} is shown as text",
      );
    } finally {
      r.site.cleanup();
    }
  });

  it("sitemap and canonical URLs are percent-encoded", () => {
    const r = hostile({ "docs/services/naïve café's/index.md": "---\ntitle: Odd name\n---\n\nBody\n" });
    try {
      expect(r.code).toBe(0);
      const sitemap = readFileSync(path.join(r.out, "sitemap.xml"), "utf8");
      expect(sitemap).toContain("<loc>https://fixture.example/integrations/services/na%C3%AFve%20caf%C3%A9%27s/</loc>");
      const page = readFileSync(path.join(r.out, "integrations/services/naïve café's/index.html"), "utf8");
      expect(page).toContain(
        '<link rel="canonical" href="https://fixture.example/integrations/services/na%C3%AFve%20caf%C3%A9%27s/"/>',
      );
    } finally {
      r.site.cleanup();
    }
  });

  it("a dangling or escaping link in the static folder is an error naming it, and the previous build stays", () => {
    const site = tempSite({}, { ownStatic: true });
    const out = path.join(site.dir, "build");
    try {
      expect(runCli(["build", "--config", site.config, "--out", out]).code).toBe(0);
      const before = readFileSync(path.join(out, "index.html"));
      symlinkSync(path.join(site.dir, "nowhere.txt"), path.join(site.dir, "static/dangling.txt"));
      const dangling = runCli(["build", "--config", site.config, "--out", out]);
      expect(dangling.code).toBe(1);
      expect(dangling.stderr).toMatch(
        /static\/dangling\.txt:1:1: error this link points at nothing: -> .*nowhere\.txt/,
      );
      expect(dangling.stderr).not.toMatch(/\n\s+at /);
      rmSync(path.join(site.dir, "static/dangling.txt"));
      symlinkSync("/etc/hostname", path.join(site.dir, "static/hostname.txt"));
      const escaping = runCli(["build", "--config", site.config, "--out", out]);
      expect(escaping.code).toBe(1);
      // Links inside the project are copied (issue 29); this one leaves it.
      expect(escaping.stderr).toMatch(
        /static\/hostname\.txt:1:1: error this link leads outside the project .*-> \/etc\/hostname/,
      );
      expect(readFileSync(path.join(out, "index.html")).equals(before)).toBe(true);
      expect(existsSync(path.join(out, "hostname.txt"))).toBe(false);
    } finally {
      site.cleanup();
    }
  });
});

describe("inputs a parser could take quadratic time on (issue 27)", () => {
  // Each build is bounded by its spawn's time limit (runCli): one still running then is killed and
  // the test fails. Before the fix these builds took minutes; no test here asserts a duration.
  it("a front matter of 2.4 MB, a map of 130,000 keys, builds", () => {
    const keys = Array.from({ length: 130_000 }, (_, i) => `  key${i}: {a: 1}\n`).join("");
    const doc = `---\ntitle: Gamma\nextra_data:\n${keys}---\n\nBody\n`;
    expect(doc.length).toBeGreaterThan(2_400_000);
    const r = buildWith({ "docs/services/gamma.md": doc });
    expect(r.stderr).toMatch(/gamma\.md:3:1: warning unknown front matter key "extra_data"/);
    expect(r.code).toBe(0);
  }, 150_000);

  it("the same map as sidebar_custom_props is read whole, then refused for its size, naming its line", () => {
    const keys = Array.from({ length: 130_000 }, (_, i) => `  key${i}: {a: 1}\n`).join("");
    const doc = `---\ntitle: Gamma\nsidebar_custom_props:\n${keys}---\n\nBody\n`;
    const r = buildWith({ "docs/services/gamma.md": doc });
    expect(r.stderr).toMatch(
      /gamma\.md:3:1: error front matter "sidebar_custom_props" may be at most 2000 characters as JSON \(they have more than 8000\)\n/,
    );
    expect(r.stderr.length).toBeLessThan(1000);
    expect(r.code).toBe(1);
  }, 150_000);

  it("a doc of 20,000 broken links says each at its own line and column (each was searched for through the whole doc)", () => {
    const links = Array.from({ length: 20_000 }, (_, i) => `See [x${i}](/integrations/nope${i}/).`).join("\n");
    const site = tempSite({ "docs/services/links.md": `---\ntitle: Links\n---\n\n${links}\n` });
    try {
      // The terminal gets the first 20 of the file, the 20th counting the others.
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.code).toBe(1);
      const lines = r.stderr.toString().split("\n").filter(Boolean);
      expect(lines).toHaveLength(20);
      expect(lines[0]).toMatch(/^docs\/services\/links\.md:5:5: error broken link \/integrations\/nope0\/(;|$)/);
      expect(lines[19]).toMatch(
        /^docs\/services\/links\.md:24:5: error broken link \/integrations\/nope19\/.* \(19,980 more errors in this file not shown\)$/,
      );
      // The report for programs has each one, at its place.
      const report = JSON.parse(runCli(["check", "--json", "--config", site.config]).stdout.toString()) as {
        brokenLinks: { file: string; line: number; column: number }[];
      };
      const ours = report.brokenLinks.filter((l) => l.file.endsWith("links.md"));
      expect(ours).toHaveLength(20_000);
      expect(ours.map((l) => l.line)).toEqual(Array.from({ length: 20_000 }, (_, i) => i + 5));
      expect(new Set(ours.map((l) => l.column))).toEqual(new Set([5]));
    } finally {
      site.cleanup();
    }
  }, 300_000);

  it("2,000 identical headings build, numbered same, same-1, ...; a doc of 40,000 (360 KB) fails at once naming it", () => {
    const built = buildWith(
      { "docs/services/beta/index.md": `---\ntitle: Beta\n---\n\n${"## Same\n\n".repeat(2000)}` },
      (out) => ({ beta: readFileSync(path.join(out, "integrations/services/beta/index.html"), "utf8") }),
    );
    expect(built.code, built.stderr).toBe(0);
    const ids = [...built.files.beta.matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(["same", ...Array.from({ length: 1999 }, (_, i) => `same-${i + 1}`)]);
    const refused = buildWith({
      "docs/services/beta/index.md": `---\ntitle: Beta\n---\n\n${"## Same\n\n".repeat(40_000)}`,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /beta\/index\.md:4005:1: error a doc may have at most 2000 headings; split it into several/,
    );
  }, 150_000);

  it("100,000 import lines and 25,000 repeats of each construct ssodocs's own Markdown rules read build", () => {
    // 25,000 import lines took minutes when each was taken on its own (markdown-it reads ahead to
    // the end of the run for a setext heading at each line). Each other construct was tried
    // 100,000 times while fixing this; 25,000 keep the build short enough to run with every test.
    const M = 100_000;
    const N = 25_000;
    const cases: Record<string, [string, (html: string) => void]> = {
      imports: [`${'import X from "y";\n'.repeat(M)}After\n`, (h) => expect(h).not.toContain("import X")],
      exports: [`${"export const x = 1;\n".repeat(M)}After\n`, (h) => expect(h).not.toContain("export const")],
      admonitions: [":::note\nx\n:::\n\n".repeat(N), (h) => expect(count(h, 'role="note"')).toBe(N)],
      // Unclosed, they nest: what lies past markdown-it's 100 levels is left out, with a warning.
      "open-admonitions": [":::note\nx\n\n".repeat(N), (h) => expect(count(h, "<p>x</p>")).toBe(99)],
      "admonition-ends": [":::\n\n".repeat(N), (h) => expect(count(h, "<p>:::</p>")).toBe(N)],
      tabs: [
        '<Tabs>\n<TabItem value="a" label="A">\n\nx\n\n</TabItem>\n</Tabs>\n\n'.repeat(N),
        (h) => expect(count(h, "data-tabs>")).toBe(N),
      ],
      "open-tabs": [`<Tabs>\n\n${'<TabItem value="a">\n\n'.repeat(N)}`, (h) => expect(count(h, 'role="tab"')).toBe(99)],
      "tab-ends": [
        "</Tabs>\n\n".repeat(N),
        (h) => expect(h).toMatch(/<article[^>]*>\s*<\/article>|<div class="markdown">\s*<\/div>/),
      ],
      badges: [
        '<SupportBadge level="community" />\n\n'.repeat(N),
        (h) => expect(count(h, "badge-support-community")).toBeGreaterThanOrEqual(N),
      ],
      tasks: ["- [ ] a\n".repeat(N), (h) => expect(count(h, "task-list-item")).toBe(N)],
      expressions: ["{x} ".repeat(N), (h) => expect(count(h, "{x}")).toBeGreaterThanOrEqual(N)],
      // A doc holds at most MAX_HEADINGS headings (the test above refuses more).
      "heading-ids": [
        Array.from({ length: MAX_HEADINGS }, (_, i) => `## H {#h${i}}\n`).join("\n"),
        (h) => expect(count(h, '<h2 id="h')).toBe(MAX_HEADINGS),
      ],
    };
    const files = Object.fromEntries(
      Object.entries(cases).map(([name, [body]]) => [
        `docs/services/${name}.md`,
        `---\ntitle: ${name}\n---\n\n${body}`,
      ]),
    );
    const r = buildWith(files, (out) =>
      Object.fromEntries(
        Object.keys(cases).map((name) => [
          name,
          readFileSync(path.join(out, `integrations/services/${name}/index.html`), "utf8"),
        ]),
      ),
    );
    expect(r.code, r.stderr.slice(0, 2000)).toBe(0);
    for (const [name, [, check]] of Object.entries(cases)) check(r.files[name]);
  }, 300_000);

  it("a key repeated in a map is still an error at its line: at the top, nested, in a flow map, in a _category_ file", () => {
    const cases: [string, number][] = [
      ["---\ntitle: A\ntags: [a]\ntitle: B\n---\n", 4],
      ["---\ntitle: A\nlast_update:\n  date: 2025-01-01\n  author: me\n  date: 2025-02-01\n---\n", 6],
      ["---\ntitle: A\nlast_update: {author: a, date: 2025-01-01, author: b}\n---\n", 3],
    ];
    for (const [source, line] of cases) {
      expect(() => parseFrontMatter(source, "doc.md"), source).toThrow(
        expect.objectContaining({ message: "invalid YAML front matter: Map keys must be unique", line }),
      );
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-category-"));
    try {
      writeFileSync(path.join(dir, "_category_.yml"), "label: A\nposition: 1\nlabel: B\n");
      const inputs = new InputFiles({ configFile: path.join(dir, "ssodocs.config.ts"), docsDir: dir, staticDirs: [] });
      expect(() => readCategoryMeta(path.join(dir, "_category_.yml"), inputs)).toThrow(
        /invalid category file: Map keys must be unique at line 3, column 1/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a config or sidebars module that never finishes loading (issue 27)", () => {
  it("a config awaiting a promise nothing settles is an error naming it; one leaving a timer running still ends", () => {
    const awaiting = tempSite();
    const ticking = tempSite();
    try {
      const config = readFileSync(awaiting.config, "utf8");
      writeFileSync(awaiting.config, `await new Promise(() => {});\n${config}`);
      const stuck = runCli(
        ["build", "--config", awaiting.config, "--out", path.join(awaiting.dir, "build")],
        ROOT,
        cliEnv(),
        30_000,
      );
      expect(stuck.code).toBe(1);
      expect(stuck.stderr).toBe(
        "ssodocs.config.ts:1:1: error the module never finishes loading: it awaits a promise that nothing settles\n",
      );
      // A killed spawn has no status (code -1): the build must end by itself once it is done.
      writeFileSync(ticking.config, `setInterval(() => {}, 1000);\n${config}`);
      const built = runCli(
        ["build", "--config", ticking.config, "--out", path.join(ticking.dir, "build")],
        ROOT,
        cliEnv(),
        30_000,
      );
      expect(built.code, built.stderr).toBe(0);
      expect(built.stdout).toMatch(/^Built \d+ pages/m);
    } finally {
      awaiting.cleanup();
      ticking.cleanup();
    }
  });

  it("fails the build with an error naming the file once the time limit (SSODOCS_MODULE_TIMEOUT) passes", () => {
    const env = cliEnv({ SSODOCS_MODULE_TIMEOUT: "2" });
    const site = tempDocusaurusSite({}, (config) => `${config}\nwhile (Date.now() > 0) {}\n`);
    try {
      const r = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")], ROOT, env, 60_000);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^ssodocs\.config\.ts:1:1: error the module did not finish loading within 2 s \(a loop that never ends\?\); set SSODOCS_MODULE_TIMEOUT to more seconds if it needs them\n$/,
      );
      const sidebars = path.join(site.dir, "sidebars.ts");
      writeFileSync(site.config, readFileSync(site.config, "utf8").replace("while (Date.now() > 0) {}\n", ""));
      writeFileSync(sidebars, `for (;;) {}\n${readFileSync(sidebars, "utf8")}`);
      const looping = runCli(
        ["build", "--config", site.config, "--out", path.join(site.dir, "build")],
        ROOT,
        env,
        60_000,
      );
      expect(looping.code).toBe(1);
      expect(looping.stderr).toMatch(/^sidebars\.ts:1:1: error the module did not finish loading within 2 s/);
      // Without the loop it builds.
      writeFileSync(sidebars, readFileSync(sidebars, "utf8").replace("for (;;) {}\n", ""));
      expect(runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")], ROOT, env).code).toBe(0);
    } finally {
      site.cleanup();
    }
  }, 180_000);
});
