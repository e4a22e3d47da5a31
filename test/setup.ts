// Runs in each test file's worker before the file (vitest setupFiles). Caches are never shared:
// the file's in-process code and the builds its beforeAll hooks run keep theirs in a folder of the
// file's own (set before any source is imported, as src/node/cache.ts reads it once), and each
// test gets a fresh folder of its own, which the processes it spawns inherit (helpers.ts cliEnv).
// After the file's own hooks, every process its tests started must have exited (test/processes.ts).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach } from "vitest";
import { assertEveryProcessExited } from "./processes.ts";

const fileCache = mkdtempSync(path.join(os.tmpdir(), "ssodocs-file-cache-"));
process.env.SSODOCS_CACHE_DIR = fileCache;
let testCache: string | null = null;

beforeEach(() => {
  testCache = mkdtempSync(path.join(os.tmpdir(), "ssodocs-test-cache-"));
  process.env.SSODOCS_CACHE_DIR = testCache;
});
afterEach(() => {
  process.env.SSODOCS_CACHE_DIR = fileCache;
  if (testCache) rmSync(testCache, { recursive: true, force: true });
  testCache = null;
});
// Registered first, so it runs after the file's own afterAll hooks (vitest runs them as a stack).
afterAll(async () => {
  try {
    await assertEveryProcessExited();
  } finally {
    rmSync(fileCache, { recursive: true, force: true });
  }
});
