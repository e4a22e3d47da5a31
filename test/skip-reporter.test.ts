// A skipped test names itself and its reason at the end of the run (test/skip-reporter.ts, in
// vitest.config.ts's reporters): vitest on a fixture test that skips itself, as a user runs it.
import { spawnSync } from "./processes.ts";
import path from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "./helpers.ts";

it("a skipped test is named with its reason in the output", () => {
  const vitest = path.join(ROOT, "node_modules/vitest/vitest.mjs");
  const r = spawnSync(
    process.execPath,
    [vitest, "run", "--config", "test/fixtures/skip-reporter/vitest.config.ts", "--color=false"],
    { cwd: ROOT, encoding: "utf8", env: { ...process.env, CI: "true", FORCE_COLOR: "0" }, timeout: 120_000 },
  );
  expect(r.status, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toContain("1 skipped");
  expect(r.stdout).toContain(
    "Skipped (1):\n  test/fixtures/skip-reporter/skips.fixture.ts > cannot run here: the condition this test needs cannot be made here\n",
  );
});
