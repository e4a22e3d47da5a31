// Launches the Debian Chromium through playwright-core with flags that work in a closed sandbox.
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS } from "./chromium-args.mjs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function hasChromium(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
}
