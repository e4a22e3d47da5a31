// Shared test helpers: run the real CLI, make throwaway copies of the fixture site.
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SPAWN_TIMEOUT_MS, spawnSync } from "./processes.ts";
import { readPage } from "../src/node/render/read-page.ts";
import type { Block } from "../src/node/search/records.ts";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const FIXTURE_SITE = path.join(ROOT, "test/fixtures/site");
export const BIN = path.join(ROOT, "bin/ssodocs.mjs");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The environment of a spawned ssodocs: no colour, the cache folder of the running test (or, in a
 * beforeAll hook, of the test file; test/setup.ts makes both), and `extra`.
 */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  if (!process.env.SSODOCS_CACHE_DIR) throw new Error("no SSODOCS_CACHE_DIR: test/setup.ts did not run");
  return { ...process.env, NO_COLOR: "1", ...extra };
}

/** Runs the CLI to its end; one still running after `timeout` is killed and fails the test (test/processes.ts). */
export function runCli(
  args: string[],
  cwd = ROOT,
  env: NodeJS.ProcessEnv = cliEnv(),
  timeout = SPAWN_TIMEOUT_MS,
): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env, timeout });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * A copy of the fixture site in a temporary folder, with some files replaced or added. The site
 * uses the repository's static folder, or with `ownStatic` a copy of it in the site's `static/`
 * (which `files` may add to).
 */
export function tempSite(
  files: Record<string, string | Buffer> = {},
  { ownStatic = false } = {},
): { dir: string; config: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-site-"));
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  if (ownStatic) cpSync(path.join(ROOT, "static"), path.join(dir, "static"), { recursive: true });
  for (const [rel, contents] of Object.entries(files)) {
    const file = path.join(dir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, contents);
  }
  // The copied config imports ssodocs by a path relative to the repository; point it back.
  const configFile = path.join(dir, "ssodocs.config.ts");
  writeFileSync(
    configFile,
    readFileSync(configFile, "utf8").replace(
      'static: "../../../static"',
      `static: ${JSON.stringify(ownStatic ? "static" : path.join(ROOT, "static"))}`,
    ),
  );
  return { dir, config: configFile, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every file below `dir` (relative path) with the hash of its bytes, in a stable order. */
export function fileHashes(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(path.relative(dir, p), createHash("sha256").update(readFileSync(p)).digest("hex"));
    }
  };
  walk(dir);
  return out;
}

/**
 * Builds a site with the cache in `cacheDir` (into `<site>/cached`) and without any cache (into
 * `<site>/fresh`); both must succeed, warn alike and write the same files. Returns the cached build's folder.
 */
export function buildBothWays(site: { dir: string; config: string }, cacheDir: string): string {
  const env = (extra: Record<string, string>) => ({
    ...process.env,
    NO_COLOR: "1",
    SSODOCS_CACHE_DIR: cacheDir,
    ...extra,
  });
  const cached = path.join(site.dir, "cached");
  const fresh = path.join(site.dir, "fresh");
  const a = runCli(["build", "--config", site.config, "--out", cached], ROOT, env({}));
  if (a.code !== 0) throw new Error(`the build with the cache failed:\n${a.stderr}`);
  const b = runCli(["build", "--config", site.config, "--out", fresh], ROOT, env({ SSODOCS_NO_CACHE: "1" }));
  if (b.code !== 0) throw new Error(`the build without a cache failed:\n${b.stderr}`);
  if (a.stderr !== b.stderr) throw new Error(`the builds warned differently:\n${a.stderr}\n---\n${b.stderr}`);
  assertSameFiles(cached, fresh);
  return cached;
}

/** Throws unless the two folders hold the same files with the same bytes, showing where the first differs. */
export function assertSameFiles(cached: string, fresh: string): void {
  const [x, y] = [fileHashes(cached), fileHashes(fresh)];
  const differ = [...new Set([...x.keys(), ...y.keys()])].filter((f) => x.get(f) !== y.get(f));
  if (!differ.length) return;
  const first = differ[0];
  const show = (dir: string) => {
    try {
      return readFileSync(path.join(dir, first), "utf8");
    } catch {
      return "(missing)";
    }
  };
  const [p, q] = [show(cached), show(fresh)];
  let at = 0;
  while (at < p.length && p[at] === q[at]) at++;
  throw new Error(
    `the builds differ in ${differ.join(", ")}; ${first} first differs at ${at}:\n  cached: ${p.slice(at - 80, at + 120)}\n  fresh:  ${q.slice(at - 80, at + 120)}`,
  );
}

/** The site in today's authentik layout, written with Docusaurus's names (test/fixtures/docusaurus-site). */
export const DOCUSAURUS_SITE = path.join(ROOT, "test/fixtures/docusaurus-site");

/**
 * A copy of the Docusaurus-layout fixture in a temporary folder, with files replaced or added
 * (a null removes one) and its config edited.
 */
export function tempDocusaurusSite(
  files: Record<string, string | Buffer | null> = {},
  configEdit: (config: string) => string = (c) => c,
): { dir: string; config: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-docusaurus-"));
  cpSync(DOCUSAURUS_SITE, dir, { recursive: true });
  for (const [rel, contents] of Object.entries(files)) {
    const file = path.join(dir, rel);
    if (contents === null) {
      rmSync(file, { force: true });
      continue;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, contents);
  }
  const config = path.join(dir, "ssodocs.config.ts");
  const text = readFileSync(config, "utf8")
    .replace("../../../src/index.ts", path.join(ROOT, "src/index.ts"))
    .replace("../../../src/markdown.ts", path.join(ROOT, "src/markdown.ts"));
  writeFileSync(config, configEdit(text));
  return { dir, config, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The search blocks of a doc's body HTML, as a build reads them from the doc's page. */
export function bodyBlocks(html: string): Block[] {
  return readPage(`<main id="main-content"><div class="markdown">${html}</div></main>`, { blocks: true }).blocks!;
}
