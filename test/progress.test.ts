// Progress on a terminal: `build` and `check` show the stage and the pages rendered of all on one
// line that redraws itself (stderr on a pseudo-terminal, made with util-linux's `script`), and
// nothing of it when piped or in CI. `--timings` splits rendering into its parts.
import { spawnSync } from "./processes.ts";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, cliEnv, runCli, tempSite } from "./helpers.ts";

const hasScript = spawnSync("script", ["--version"]).status === 0;
if (!hasScript) console.log("progress.test.ts: terminal tests skipped: util-linux's `script` is not installed");

const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/** Runs ssodocs with its output on a pseudo-terminal; the terminal's transcript (stdout and stderr as shown). */
function onTerminal(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = outsideCi(),
): { code: number; shown: string } {
  const command = [process.execPath, BIN, ...args].map(quote).join(" ");
  const r = spawnSync("script", ["-qefc", command, "/dev/null"], { cwd, env, encoding: "utf8", timeout: 120_000 });
  return { code: r.status ?? -1, shown: r.stdout };
}

/** The test run's environment without CI (which CI itself sets), so a terminal shows progress. */
function outsideCi(): NodeJS.ProcessEnv {
  const env = cliEnv();
  delete env.CI;
  return env;
}

describe("progress", () => {
  it.skipIf(!hasScript)("build shows the stage and the pages rendered of all on a terminal, then clears it", () => {
    const site = tempSite();
    try {
      const { code, shown } = onTerminal(
        ["build", "--config", site.config, "--out", path.join(site.dir, "build")],
        site.dir,
      );
      expect(code, shown).toBe(0);
      expect(shown).toMatch(/\r\x1b\[2KReading the content/);
      expect(shown).toMatch(/\r\x1b\[2KRendering pages: \d+ of \d+/);
      // The line is cleared before the closing line, which stands alone.
      expect(shown).toMatch(/\r\x1b\[2KBuilt 11 pages in \d+\.\d\d s\r?\n$/);
    } finally {
      site.cleanup();
    }
  });

  it.skipIf(!hasScript)("check shows its stages on a terminal, the crawl too", () => {
    const site = tempSite();
    try {
      const { code, shown } = onTerminal(["check", "--config", site.config], site.dir);
      expect(code, shown).toBe(0);
      expect(shown).toMatch(/Rendering pages: \d+ of \d+/);
      expect(shown).toMatch(/\r\x1b\[2KChecking links: \d+ checked/);
      expect(shown).toMatch(/\r\x1b\[2KCheck passed: /);
    } finally {
      site.cleanup();
    }
  });

  it.skipIf(!hasScript)("shows none in CI, even on a terminal", () => {
    const site = tempSite();
    try {
      const args = ["build", "--config", site.config, "--out", path.join(site.dir, "build")];
      const { code, shown } = onTerminal(args, site.dir, cliEnv({ CI: "true" }));
      expect(code, shown).toBe(0);
      expect(shown).not.toContain("\x1b[");
      expect(shown).toMatch(/^Built 11 pages in \d+\.\d\d s\r?\n$/);
    } finally {
      site.cleanup();
    }
  });

  it("shows none when piped, and --timings splits rendering into Markdown, highlighting and React", () => {
    const site = tempSite();
    try {
      const r = runCli(["build", "--timings", "--config", site.config, "--out", path.join(site.dir, "build")]);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe("");
      expect(r.stdout).not.toMatch(/[\r\x1b]/);
      expect(r.stdout).toMatch(
        /^load \d+ ms, setup \d+ ms, render \d+ ms \(Markdown \d+ ms, highlighting \d+ ms, React \d+ ms\), validate \d+ ms, write \d+ ms, peak memory \d+ MB\nBuilt 11 pages in \d+\.\d\d s\n$/,
      );
      const check = runCli(["check", "--config", site.config]);
      expect(check.stdout).toMatch(/^Check passed: [^\r\x1b]*\n$/);
    } finally {
      site.cleanup();
    }
  });
});
