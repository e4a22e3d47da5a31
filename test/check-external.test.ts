// `ssodocs check --external`: with no network (hosts under `.invalid`, which never resolve), one
// line says the external links were not checked and the check fails unless offline is allowed;
// with a network (a local server), the site's own canonical URLs are never fetched as external
// links, and a link written with and without its trailing slash is reported once.
import { spawn } from "./processes.ts";
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, cliEnv, runCli, tempSite } from "./helpers.ts";

/** The fixture's config with its external addresses replaced: the repository (icon link, edit URL), the docs (a rewrite), the site's own. */
function withExternals(site: { config: string }, { github, docs, url }: { github: string; docs: string; url: string }) {
  const config = readFileSync(site.config, "utf8")
    .replaceAll("https://github.com/example/fixture", github)
    .replace('to: "https://docs.example.com/docs/"', `to: ${JSON.stringify(docs)}`)
    .replaceAll("https://fixture.example", url);
  writeFileSync(site.config, config);
}

/** The command line, run without blocking this process (its server answers the crawl meanwhile). */
function runCliAsync(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: cliEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let [stdout, stderr] = ["", ""];
    child.stdout!.on("data", (d: Buffer) => (stdout += d));
    child.stderr!.on("data", (d: Buffer) => (stderr += d));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe("check --external without a network", () => {
  let site: ReturnType<typeof tempSite>;
  beforeAll(() => {
    site = tempSite();
    withExternals(site, {
      github: "https://github.invalid/example/fixture",
      docs: "https://docs.invalid/docs/",
      url: "https://fixture.invalid",
    });
  });
  afterAll(() => site?.cleanup());

  it("says in one line that the external links were not checked, and fails", () => {
    const r = runCli(["check", "--external", "--config", site.config], site.dir);
    expect(r.code).toBe(1);
    const lines = r.stderr.split("\n").filter(Boolean);
    expect(lines).toEqual([
      expect.stringMatching(
        /^error external links not checked: none of (github|docs)\.invalid, (docs|github)\.invalid answered \(.+\); the network looks unreachable; pass --allow-offline to let the check pass without them$/,
      ),
    ]);
    expect(r.stdout).toMatch(
      /^Check failed: .*linkinator: \d+ links checked, 0 broken; external links not checked \(no network\)\n$/,
    );
  });

  it("passes with --allow-offline, saying so as a warning; the report says why", () => {
    const r = runCli(["check", "--external", "--allow-offline", "--config", site.config], site.dir);
    expect(r.stderr).toMatch(/^warning external links not checked: .*the network looks unreachable\n$/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Check passed: /);
    const json = JSON.parse(runCli(["check", "--external", "--json", "--config", site.config], site.dir).stdout);
    expect(json.ok).toBe(false);
    expect(json.externalSkipped).toMatch(/^external links not checked: /);
    expect(json.linkinator.broken).toEqual([]);
  });
});

describe("check --external with a network", () => {
  let site: ReturnType<typeof tempSite>;
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      res.writeHead(req.url?.startsWith("/ok") ? 200 : 404, { "Content-Type": "text/plain" }).end("x");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    site = tempSite({
      "docs/services/beta/index.md": `---\ntitle: Integrate with Beta\n---\n\n## What is Beta\n\nSee [one](${origin}/ok/one), [gone](${origin}/gone) and [gone again](${origin}/gone/).\n`,
    });
    // The site's own address does not resolve: fetched as an external link, each canonical URL would fail.
    withExternals(site, { github: `${origin}/ok/github`, docs: `${origin}/ok/docs/`, url: "https://fixture.invalid" });
  });
  afterAll(async () => {
    site?.cleanup();
    await new Promise((r) => server?.close(r));
  });

  it("checks external links, never the site's own canonical URLs, and reports a link once", async () => {
    const r = await runCliAsync(["check", "--external", "--config", site.config], site.dir);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain("fixture.invalid");
    const broken = r.stderr.split("\n").filter((l) => l.includes("linkinator:"));
    const column = `See [one](${origin}/ok/one), `.length + 1;
    expect(broken).toEqual([
      `docs/services/beta/index.md:7:${column}: error linkinator: ${origin}/gone (status 404) linked from /integrations/services/beta/`,
    ]);
    expect(r.stdout).toMatch(/linkinator: \d+ links checked, 1 broken\n$/);
  });
});
