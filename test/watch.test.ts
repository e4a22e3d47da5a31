// `ssodocs serve --watch` on a temporary copy of the fixture site: edits, additions, deletions
// and bad edits show in the served pages, in the events pages receive and in the terminal.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./helpers.ts";
import { spawnSync } from "./processes.ts";
import { listenToEvents, startWatchSession, type WatchSession } from "./watch-session.ts";

const ALPHA = "docs/services/alpha/index.md";
const BETA = "docs/services/beta/index.md";
const ALPHA_ROUTE = "/integrations/services/alpha/";

describe("serve --watch", () => {
  let s: WatchSession;
  let alpha: string;
  let events: ReturnType<typeof listenToEvents>;

  beforeAll(async () => {
    s = await startWatchSession();
    alpha = readFileSync(path.join(s.dir, ALPHA), "utf8");
    events = listenToEvents(s.url);
  }, 90_000);
  afterAll(async () => {
    events?.close();
    await s?.stop();
  });

  /** Writes a file and waits for the update it causes (a rebuild line or an error). */
  async function edit(relative: string, contents: string | null): Promise<string> {
    const from = s.mark();
    events.mark();
    if (contents === null) rmSync(path.join(s.dir, relative));
    else s.write(relative, contents);
    return s.waitForOutput(/^(Rebuilt .*|(?:\S+:\d+:\d+: )?error .*)$/m, from);
  }

  it("serves every page at once, each with the live-reload script, and a 404 page for unknown paths", async () => {
    const page = await s.get(ALPHA_ROUTE);
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("Integrate with Alpha");
    expect(page.body).toContain('<script src="/__ssodocs/live.js" defer></script>');
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect((await s.get("/integrations/services/alpha/index.html")).status).toBe(200);
    const missing = await s.get("/no/such/page/");
    expect(missing.status).toBe(404);
    expect((await s.get("/__ssodocs/live.js")).body).toContain("EventSource");
    expect((await s.get("/search/index.json")).status).toBe(200);
    // Compressed as `ssodocs serve` sends it.
    const compressed = await fetch(`${s.url.replace(/\/$/, "")}${ALPHA_ROUTE}`, {
      headers: { "Accept-Encoding": "br" },
    });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    expect(compressed.headers.get("vary")).toBe("Accept-Encoding");
    expect(await compressed.text()).toContain("Integrate with Alpha");
  });

  it("renders an edited guide again, says so in one line, and tells the pages showing it", async () => {
    const line = await edit(ALPHA, alpha.replace("Alpha is a pretend code host", "Alpha is an edited code host"));
    expect(line).toMatch(/^Rebuilt docs\/services\/alpha\/index\.md \(page\) in \d+ ms: 1 page changed$/);
    const reload = await events.next("reload");
    expect(reload.routes).toEqual([ALPHA_ROUTE]);
    expect(reload.all).toBe(false);
    expect((await s.get(ALPHA_ROUTE)).body).toContain("Alpha is an edited code host");
  });

  it("turns a burst of saves into one rebuild with the last text", async () => {
    const from = s.mark();
    for (let i = 1; i <= 5; i++)
      s.write(ALPHA, alpha.replace("Alpha is a pretend code host", `Alpha is save number ${i}`));
    await s.waitForOutput(/^Rebuilt .*$/m, from);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      s
        .stdout()
        .slice(from)
        .match(/^Rebuilt /gm) ?? [],
    ).toHaveLength(1);
    expect((await s.get(ALPHA_ROUTE)).body).toContain("Alpha is save number 5");
  });

  it("rebuilds the sidebar of every page when a sidebar label changes", async () => {
    const line = await edit(ALPHA, alpha.replace("sidebar_label: Alpha", "sidebar_label: Alpha Renamed"));
    expect(line).toMatch(/\(structure\)/);
    expect((await s.get("/integrations/services/beta/")).body).toContain("Alpha Renamed");
    await edit(ALPHA, alpha);
    expect((await s.get("/integrations/services/beta/")).body).not.toContain("Alpha Renamed");
  });

  it("reports broken front matter once with file and line, keeps serving, and clears when fixed", async () => {
    const from = s.mark();
    const broken = alpha.replace("support_level: authentik", "support_level: [unclosed");
    const line = await edit(ALPHA, broken);
    expect(line).toMatch(/docs\/services\/alpha\/index\.md:\d+:\d+: error /);
    const error = (await events.next("error")).error as { file: string; line: number; message: string };
    expect(error.file).toBe(path.join(s.dir, ALPHA));
    expect(error.line, JSON.stringify(error)).toBeGreaterThan(1);
    // The same error saved again is not printed again.
    s.write(ALPHA, `${broken}\n`);
    await new Promise((r) => setTimeout(r, 800));
    expect((s.stdout() + s.stderr()).slice(from).match(/^\S+:\d+:\d+: error /gm)).toHaveLength(1);
    // The last good page is still served.
    expect((await s.get(ALPHA_ROUTE)).status).toBe(200);
    expect(await edit(ALPHA, alpha)).toMatch(/^Rebuilt /);
    await events.next("ok");
  });

  it("refuses a slug that leads out of the site on save, writing nothing outside (issue 17)", async () => {
    const outside = path.join(path.dirname(s.dir), `ssodocs-watch-victim-${process.pid}`);
    const line = await edit(
      ALPHA,
      alpha.replace("sidebar_label: Alpha", `sidebar_label: Alpha\nslug: ../../../../../../../..${outside}`),
    );
    expect(line).toMatch(
      /docs\/services\/alpha\/index\.md:\d+:\d+: error front matter "slug" may not contain a "\." or "\.\." segment/,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(existsSync(outside)).toBe(false);
    expect((await s.get(ALPHA_ROUTE)).status).toBe(200);
    expect(await edit(ALPHA, alpha)).toMatch(/^Rebuilt /);
    await events.next("ok");
  });

  it("reports an exception in a template with the template's file and line, and recovers", async () => {
    const file = "templates/components/Footer.tsx";
    const templates = path.join(s.dir, "templates");
    // The fixture uses the project's templates; a copy (beside a link to the sources they
    // import types and helpers from) makes them editable here.
    cpSync(path.join(ROOT, "templates"), templates, { recursive: true });
    symlinkSync(path.join(ROOT, "src"), path.join(s.dir, "src"));
    const config = readFileSync(path.join(s.dir, "ssodocs.config.ts"), "utf8");
    expect(await edit("ssodocs.config.ts", config.replace("static:", 'templates: "templates",\n  static:'))).toMatch(
      /^Rebuilt ssodocs\.config\.ts \(site\)/,
    );
    const footer = readFileSync(path.join(templates, "components/Footer.tsx"), "utf8");
    const line = await edit(
      file,
      footer.replace(/return \(/, 'if (Date.now() > 0) throw new Error("footer exploded");\n  return ('),
    );
    expect(line).toMatch(/footer exploded/);
    expect(line).toContain(`templates/components/Footer.tsx:`);
    const error = (await events.next("error")).error as { file: string; line: number };
    expect(error.file).toBe(path.join(templates, "components/Footer.tsx"));
    expect(footer.split("\n")[error.line - 1]).toBeDefined();
    expect(await edit(file, footer.replace("Copyright", "Copyleft"))).toMatch(/^Rebuilt .*\(site\)/);
    await events.next("ok");
    const reload = await events.next("reload");
    expect(reload.all).toBe(true);
    expect((await s.get(ALPHA_ROUTE)).status).toBe(200);
  });

  it("renders every page again when the site's overrides folder appears, an override changes, throws or goes", async () => {
    const footer = (text: string) =>
      `import type { FooterProps } from "ssodocs";\n\nexport default function Footer({ site }: FooterProps) {\n` +
      `  return <footer className="site-footer">{${JSON.stringify(text)} + site.config.title}</footer>;\n}\n`;
    const shown = async () => /<footer[^>]*>([^<]*)<\/footer>/.exec((await s.get(ALPHA_ROUTE)).body)?.[1];
    // The folder appears whole (as a checkout brings it): the config's folder is watched for it.
    mkdirSync(path.join(s.dir, "theme.tmp"));
    writeFileSync(path.join(s.dir, "theme.tmp/Footer.tsx"), footer("First footer of "));
    const from = s.mark();
    renameSync(path.join(s.dir, "theme.tmp"), path.join(s.dir, "theme"));
    expect(await s.waitForOutput(/^(Rebuilt .*|error .*)$/m, from)).toMatch(
      /^Rebuilt theme \(site\) in \d+ ms: 11 pages/,
    );
    expect(await shown()).toBe("First footer of Fixture");
    const file = "theme/Footer.tsx";
    expect(await edit(file, footer("Second footer of "))).toMatch(/^Rebuilt theme\/Footer\.tsx \(site\)/);
    expect(await shown()).toBe("Second footer of Fixture");
    const throwing = footer("x").replace(
      "  return",
      '  if (site) throw new Error("footer override exploded");\n  return',
    );
    const line = await edit(file, throwing);
    expect(line).toMatch(/^theme\/Footer\.tsx:(\d+):\d+: error rendering .* failed: footer override exploded$/);
    const error = (await events.next("error")).error as { file: string; line: number };
    expect(error.file).toBe(path.join(s.dir, file));
    expect(throwing.split("\n")[error.line - 1]).toContain("throw new Error");
    expect(await edit(file, null)).toMatch(/^Rebuilt theme\/Footer\.tsx \(site\)/);
    await events.next("ok");
    expect(await shown()).toBeUndefined();
    expect((await s.get(ALPHA_ROUTE)).body).toContain('<footer class="footer"><div class="footer-copyright">Copyright');
  });

  it("reports a broken link with the Markdown file and line, and still shows the edit", async () => {
    const text = alpha.replace(
      "See [Beta](/integrations/services/beta/)",
      "See [Gamma](/integrations/services/gamma/)",
    );
    const line = await edit(ALPHA, text);
    expect(line).toMatch(
      /^docs\/services\/alpha\/index\.md:\d+:5: error broken link \/integrations\/services\/gamma\/; did you mean /,
    );
    const error = (await events.next("error")).error as { line: number };
    expect(text.split("\n")[error.line - 1]).toContain("/integrations/services/gamma/");
    expect((await s.get(ALPHA_ROUTE)).body).toContain("Gamma");
    await edit(ALPHA, alpha);
    await events.next("ok");
  });

  it("picks up added, renamed and deleted guides", async () => {
    const gamma = "---\ntitle: Integrate with Gamma\nsidebar_label: Gamma\n---\n\n## What is Gamma\n\nGamma is new.\n";
    mkdirSync(path.join(s.dir, "docs/services/gamma"));
    expect(await edit("docs/services/gamma/index.md", gamma)).toMatch(/\(structure\)/);
    expect((await s.get("/integrations/services/gamma/")).body).toContain("Gamma is new.");

    let from = s.mark();
    mkdirSync(path.join(s.dir, "docs/services/delta"));
    renameSync(path.join(s.dir, "docs/services/gamma/index.md"), path.join(s.dir, "docs/services/delta/index.md"));
    await s.waitForOutput(/^Rebuilt .*$/m, from);
    await new Promise((r) => setTimeout(r, 300));
    expect((await s.get("/integrations/services/delta/")).body).toContain("Gamma is new.");
    expect((await s.get("/integrations/services/gamma/")).status).toBe(404);

    from = s.mark();
    expect(await edit("docs/services/delta/index.md", null)).toMatch(/\(structure\)/);
    expect((await s.get("/integrations/services/delta/")).status).toBe(404);
    void from;
  });

  it("loads the config again when it changes", async () => {
    const config = readFileSync(path.join(s.dir, "ssodocs.config.ts"), "utf8");
    expect(
      await edit(
        "ssodocs.config.ts",
        config.replace('tagline: "A small site for the tests."', 'tagline: "A tagline edited live."'),
      ),
    ).toMatch(/\(site\)/);
    expect((await s.get("/")).body).toContain("A tagline edited live.");
    // Restored through edit(), so its rebuild is done before the next test edits the config again.
    await edit("ssodocs.config.ts", config);
  });

  it("keeps following the config after a fix and a new mistake saved in quick succession", async () => {
    const file = path.join(s.dir, "ssodocs.config.ts");
    const config = readFileSync(file, "utf8");
    // Written in place, or as many editors save: a new file renamed over the old one.
    const save = (text: string, atomic: boolean) => {
      if (!atomic) return s.write("ssodocs.config.ts", text);
      writeFileSync(`${file}.swp`, text);
      renameSync(`${file}.swp`, file);
    };
    // Mistakes of the same size as the right config, so only the contents tell the saves apart.
    const first = config.replace("title:", "titel:");
    const second = config.replace("tagline:", "taglyne:");
    // The gap between the fix and the new mistake: at once, while the fix is read, while it is built.
    for (const atomic of [false, true]) {
      for (const gap of [0, 40, 150]) {
        const how = `${atomic ? "renamed" : "in place"}, ${gap} ms apart`;
        let from = s.mark();
        save(first, atomic);
        await s.waitForOutput(/^ssodocs\.config\.ts:\d+:\d+: error .*titel/m, from);
        from = s.mark();
        save(config, atomic);
        await new Promise((r) => setTimeout(r, gap));
        save(second, atomic);
        await s.waitForOutput(/^ssodocs\.config\.ts:\d+:\d+: error .*tagl[iy]ne/m, from);
        // A correct config saved later is read, the error clears and the site shows it.
        const tagline = `Fixed: ${how}.`;
        from = s.mark();
        save(config.replace("A small site for the tests.", tagline), atomic);
        expect(await s.waitForOutput(/^(Rebuilt .*|(?:\S+:\d+:\d+: )?error .*)$/m, from), how).toMatch(
          /^Rebuilt ssodocs\.config\.ts/,
        );
        await events.next("ok");
        const home = (await s.get("/")).body;
        expect(home, how).toContain(tagline);
        expect(home).not.toContain("data-ssodocs-error-page");
      }
    }
    await edit("ssodocs.config.ts", config);
  });

  it("keeps answering, with whole pages, while it rebuilds the site", async () => {
    const config = readFileSync(path.join(s.dir, "ssodocs.config.ts"), "utf8");
    const routes = [
      "/",
      ALPHA_ROUTE,
      "/integrations/services/beta/",
      "/integrations/tags",
      "/search",
      "/no/such/page/",
    ];
    const results: { status: number; whole: boolean }[] = [];
    let stop = false;
    const worker = async (n: number) => {
      for (let i = n; !stop; i++) {
        const r = await s.get(routes[i % routes.length]);
        results.push({ status: r.status, whole: r.body.trimEnd().endsWith("</html>") });
      }
    };
    const workers = Array.from({ length: 8 }, (_, n) => worker(n));
    await new Promise((r) => setTimeout(r, 200));
    const line = await edit(
      "ssodocs.config.ts",
      config.replace('tagline: "A small site for the tests."', 'tagline: "Rebuilt under load."'),
    );
    expect(line).toMatch(/^Rebuilt ssodocs\.config\.ts \(site\)/);
    await new Promise((r) => setTimeout(r, 200));
    stop = true;
    await Promise.all(workers);
    expect(results.length).toBeGreaterThan(50);
    expect(results.filter((r) => r.status !== 200 && r.status !== 404)).toEqual([]);
    expect(results.filter((r) => !r.whole)).toEqual([]);
    expect((await s.get("/")).body).toContain("Rebuilt under load.");
    await edit("ssodocs.config.ts", config);
  });

  it("answers the first requests before the first build is done, each with its page", async () => {
    const early = await startWatchSession({}, {}, { waitForBuild: false });
    try {
      const [guide, home, tags] = await Promise.all([
        early.get(ALPHA_ROUTE),
        early.get("/"),
        early.get("/integrations/tags"),
      ]);
      // The page's stylesheet comes at once (from memory until the build is done), as the build writes it.
      const stylesheet = `${early.url}${/<link rel="stylesheet" href="([^"]+)"/.exec(guide.body)![1]}`;
      const answer = async () => {
        const r = await fetch(stylesheet);
        return {
          status: r.status,
          type: r.headers.get("content-type"),
          csp: r.headers.get("content-security-policy"),
          text: await r.text(),
        };
      };
      const css = await answer();
      expect(css).toMatchObject({ status: 200, type: "text/css; charset=utf-8" });
      expect(css.csp).toContain("script-src 'self'");
      expect((await fetch(stylesheet, { method: "POST" })).status).toBe(405);
      expect(guide.status).toBe(200);
      expect(guide.body).toContain("Alpha is a pretend code host");
      expect(guide.body).toContain('<script src="/__ssodocs/live.js" defer></script>');
      expect(guide.headers["content-security-policy"]).toContain("script-src 'self'");
      expect(home.status).toBe(200);
      expect(home.body).toContain("A small site for the tests.");
      // A page that lists other guides waits for the build.
      expect(tags.status).toBe(200);
      expect(tags.body).toContain("integration");
      await early.waitForOutput(/^Watching for changes$/m);
      expect((await early.get(ALPHA_ROUTE)).body).toBe(guide.body);
      expect(await answer()).toEqual(css);
    } finally {
      await early.stop();
    }
  });

  it("prints short lines without colour codes when the output is not a terminal", () => {
    expect(s.stdout()).not.toMatch(/\x1b\[/);
    expect(s.stdout()).toMatch(
      /^Serving at http:\/\/127\.0\.0\.1:\d+\/ \(Ctrl\+C to stop\)\nBuilt 11 pages in \d+\.\d\d s\nWatching for changes\n/,
    );
  });
});

describe("serve --watch after an edit that fails once its code started highlighting (issue 27)", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`stops on ${signal}`, async () => {
      const s = await startWatchSession();
      try {
        const from = s.mark();
        s.write(ALPHA, "---\ntitle: Alpha\n---\n\n```js\nconst a = 1;\n```\n\n![shot](./gone.png)\n");
        await s.waitForOutput(/^docs\/services\/alpha\/index\.md:9:1: error image "\.\/gone\.png" not found/m, from);
        expect(await s.signal(signal)).toEqual({ code: 0, signal: null });
      } finally {
        await s.stop();
      }
    }, 90_000);
  }
});

describe("serve --watch killed with SIGKILL (issue 27)", () => {
  it("leaves its temporary folder named with its process id, and the next serve --watch removes it", async () => {
    const folders = (pid: number) => readdirSync(os.tmpdir()).filter((name) => name.startsWith(`ssodocs-dev-${pid}-`));
    const killed = await startWatchSession();
    try {
      expect(folders(killed.pid)).toHaveLength(1);
      expect(await killed.signal("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
      expect(folders(killed.pid)).toHaveLength(1);
    } finally {
      await killed.stop();
    }
    const next = await startWatchSession();
    try {
      expect(folders(killed.pid)).toEqual([]);
      expect(folders(next.pid)).toHaveLength(1);
    } finally {
      await next.stop();
    }
    // A stopped one removes its own.
    expect(folders(next.pid)).toEqual([]);
  }, 120_000);
});

// Each in a session of its own: an earlier test's failure leaves nothing behind for them.
describe("serve --watch says each thing once, naming the file saved", () => {
  let s: WatchSession;
  let alpha: string;
  let beta: string;
  let events: ReturnType<typeof listenToEvents>;

  beforeAll(async () => {
    s = await startWatchSession();
    alpha = readFileSync(path.join(s.dir, ALPHA), "utf8");
    beta = readFileSync(path.join(s.dir, BETA), "utf8");
    events = listenToEvents(s.url);
  }, 90_000);
  afterAll(async () => {
    events?.close();
    await s?.stop();
  });

  /** Writes a file and waits for the update it causes (a rebuild line or an error). */
  async function edit(relative: string, contents: string): Promise<string> {
    const from = s.mark();
    s.write(relative, contents);
    return s.waitForOutput(/^(Rebuilt .*|(?:\S+:\d+:\d+: )?error .*)$/m, from);
  }

  it("names the file saved by rename (sed -i, editors' safe write), not its temporary file", async () => {
    const from = s.mark();
    spawnSync("sed", ["-i", "s/a pretend code host/a code host edited by sed/", path.join(s.dir, ALPHA)]);
    expect(await s.waitForOutput(/^(Rebuilt .*|(?:\S+:\d+:\d+: )?error .*)$/m, from)).toMatch(
      /^Rebuilt docs\/services\/alpha\/index\.md \(page\) in \d+ ms: 1 page changed$/,
    );
    expect((await s.get(ALPHA_ROUTE)).body).toContain("a code host edited by sed");
    await edit(ALPHA, alpha);
  });

  it("prints an error once: not again from the search files, nor from the update that retries it", async () => {
    let from = s.mark();
    s.write(ALPHA, alpha.replace("a pretend code host", "a good edit"));
    await s.waitForOutput(/^Rebuilt /m, from);
    // A bad save before the good one's search files are written (they come a second after a page's update).
    from = s.mark();
    s.write(ALPHA, alpha.replace("./alpha-settings.png", "./nope.png"));
    await s.waitForOutput(/nope\.png/, from);
    // Another file's save retries the failed one, which fails the same way.
    s.write(BETA, `${readFileSync(path.join(s.dir, BETA), "utf8")}\nOne more line.\n`);
    await new Promise((r) => setTimeout(r, 1500));
    const errors = s
      .stderr()
      .slice(0)
      .split("\n")
      .filter((l) => /\berror /.test(l));
    const since = errors.slice(errors.findIndex((l) => l.includes("nope.png")));
    expect(since).toEqual([
      expect.stringMatching(/^docs\/services\/alpha\/index\.md:15:1: error image "\.\/nope\.png" not found/),
    ]);
    expect(await edit(ALPHA, alpha)).toMatch(/^Rebuilt /);
    await events.next("ok");
    await edit(BETA, beta);
  });

  it("prints a warning once while it lasts, not again with every other file's update", async () => {
    const warned = alpha.replace("## What is Alpha", ":::note\nNever closed.\n\n## What is Alpha");
    let from = s.mark();
    await edit(ALPHA, warned);
    expect(s.stderr().slice(0)).toContain(
      'docs/services/alpha/index.md:11:1: warning admonition ":::note" is never closed',
    );
    const count = () =>
      s
        .stderr()
        .split("\n")
        .filter((l) => l.includes(":::note")).length;
    const before = count();
    from = s.mark();
    expect(await edit(BETA, `${beta}\nAnother line.\n`)).toMatch(/^Rebuilt docs\/services\/beta\/index\.md/);
    expect(count()).toBe(before);
    void from;
    await edit(ALPHA, alpha);
    await edit(BETA, beta);
  });
});
