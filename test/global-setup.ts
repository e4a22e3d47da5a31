// Before any test: ssodocs is compiled from the sources as they are (the tests run the command
// line, which runs dist/), and Chromium is there (the browser tests need it, and say so loudly
// rather than being skipped). Caches are each test's and each file's own (test/setup.ts).
import { existsSync } from "node:fs";
import { buildTool } from "../scripts/build-tool.mjs";
import { CHROMIUM_PATH } from "./browser/chromium.ts";

export default async function setup(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing (${CHROMIUM_PATH}): the browser tests need it. Install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH.`,
    );
  }
  await buildTool();
}
