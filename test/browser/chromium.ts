// Launches the Debian Chromium through playwright-core with flags that work in a closed sandbox.
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS } from "./chromium-args.mjs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function hasChromium(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/**
 * Chromium before 156 (and other browsers of 2025) keep a failed module fetch for its address, so
 * `import()` of it again fails at once without a request; this flag brings that back.
 */
export const CACHE_FAILED_MODULES = "--disable-blink-features=ModuleMapDoNotCacheFailedFetch";
