// Before any test: ssodocs is compiled from the sources as they are (the tests run the command
// line, which runs dist/), and Chromium is there (the browser tests need it, and say so loudly
// rather than being skipped). Every test process gets a cache folder of its own.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildTool } from "../scripts/build-tool.mjs";
import { CHROMIUM_PATH } from "./browser/chromium.ts";

export default async function setup(): Promise<() => void> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing (${CHROMIUM_PATH}): the browser tests need it. Install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH.`,
    );
  }
  await buildTool();
  // In-process code (tests that import the sources) keeps its caches here, never in the repository.
  const cache = mkdtempSync(path.join(os.tmpdir(), "ssodocs-vitest-cache-"));
  process.env.SSODOCS_CACHE_DIR = cache;
  return () => rmSync(cache, { recursive: true, force: true });
}
