// `ssodocs check` on a site of 500 pages while two other builds keep the machine busy: every run
// passes with 0 broken links. (linkinator once reported hundreds of pages that exist as broken,
// "status 0", under load.) Part of `npm run test:stress`: five checks of 500 pages take minutes
// (the time-out only bounds a run on a machine far busier than the two builds make it).
import { type ChildProcess, spawn } from "../processes.ts";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCorpus } from "../../bench/corpus.mjs";
import { BIN, type CliResult, cliEnv } from "../helpers.ts";

let dir = "";
let config = "";

/** Runs the command line without blocking this process (the load's builds are restarted from here). */
function runAsync(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (d) => (stdout += d));
    child.stderr!.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** A build of the site without any cache, started again each time it ends, until `stop`. */
function buildLoop(out: string): { stop(): Promise<void>; builds(): number } {
  let stopped = false;
  let child: ChildProcess | null = null;
  let builds = 0;
  let ended: Promise<void> = Promise.resolve();
  const start = () => {
    if (stopped) return;
    child = spawn(process.execPath, [BIN, "build", "--config", config, "--out", out], {
      env: cliEnv({ SSODOCS_NO_CACHE: "1" }),
      stdio: "ignore",
    });
    ended = new Promise((resolve) =>
      child!.on("exit", () => {
        builds++;
        resolve();
        start();
      }),
    );
  };
  start();
  return {
    async stop() {
      stopped = true;
      child?.kill();
      await ended;
    },
    builds: () => builds,
  };
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-check-load-"));
  config = generateCorpus(dir, 500);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("check under load", () => {
  it("passes on 500 pages with two other builds running, 5 runs out of 5", async () => {
    const load = [buildLoop(path.join(dir, "load-1")), buildLoop(path.join(dir, "load-2"))];
    try {
      for (let run = 1; run <= 5; run++) {
        const r = await runAsync(["check", "--config", config], cliEnv());
        expect(r.stdout, `run ${run}:\n${r.stderr.split("\n").slice(0, 5).join("\n")}`).toMatch(
          /^Check passed: 50\d pages; .*linkinator: \d+ links checked, 0 broken\n$/,
        );
        expect(r.code).toBe(0);
      }
      // The checks ran while the other builds did.
      expect(load.every((l) => l.builds() > 0)).toBe(true);
    } finally {
      await Promise.all(load.map((l) => l.stop()));
    }
  }, 3_600_000);
});
