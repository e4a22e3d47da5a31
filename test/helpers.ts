// Shared test helpers: run the real CLI, make throwaway copies of the fixture site.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const FIXTURE_SITE = path.join(ROOT, "test/fixtures/site");
const BIN = path.join(ROOT, "bin/ssodocs.mjs");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], cwd = ROOT, env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" }): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", env, timeout: 120_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** A copy of the fixture site in a temporary folder, with some files replaced or added. */
export function tempSite(files: Record<string, string | Buffer> = {}): { dir: string; config: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-site-"));
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  for (const [rel, contents] of Object.entries(files)) {
    const file = path.join(dir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, contents);
  }
  // The copied config imports ssodocs by a path relative to the repository; point it back.
  const configFile = path.join(dir, "ssodocs.config.ts");
  writeFileSync(
    configFile,
    readFileSync(configFile, "utf8")
      .replace("../../../src/index.ts", path.join(ROOT, "src/index.ts"))
      .replace('static: "../../../static"', `static: ${JSON.stringify(path.join(ROOT, "static"))}`),
  );
  return { dir, config: configFile, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

