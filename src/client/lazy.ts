// Loads a heavy part of the page (mermaid, the search dialog) on demand. A loading indicator
// appears after 200 ms; on failure a red box shows the error and a Retry button loads it again.
import { alertBox } from "./alert-box.ts";

export const LAZY_DELAY_MS = 200;

/** A part's loader: one function per part (not one per call), as the module Retry fetched is kept under it. */
export type PartLoader<T> = () => Promise<T>;

/** The modules fetched again on Retry, by the loader whose import failed. */
const recovered = new WeakMap<PartLoader<unknown>, Promise<unknown>>();
let retries = 0;

/**
 * The script address a failed `import()` names (Chromium: "Failed to fetch dynamically imported
 * module: <url>", Firefox: "error loading dynamically imported module: <url>"), without the
 * query a retry added; null when the message names none (Safari) or another site's.
 */
function failedModuleUrl(error: unknown): string | null {
  const found = /\bhttps?:\/\/\S+\.m?js(?:\?\S*)?/.exec((error as Error)?.message ?? String(error));
  if (!found) return null;
  const url = new URL(found[0]);
  if (url.origin !== location.origin) return null;
  url.search = "";
  return url.href;
}

/** The module a Retry fetched for this loader, else the loader's own import. */
function loadOrRecovered<T>(load: PartLoader<T>): Promise<T> {
  return (recovered.get(load) as Promise<T> | undefined) ?? load();
}

/**
 * On Retry: a browser may keep a failed module fetch for its address (Chromium before 156 does),
 * so that `import()` of it fails again without a request; the module is fetched under an address
 * it has not seen (a query added) and kept for the loader, so later pages use the same module.
 */
function loadAgain<T>(load: PartLoader<T>, error: unknown): Promise<T> {
  const url = failedModuleUrl(error);
  if (!url || recovered.has(load)) return loadOrRecovered(load);
  const again = import(`${url}?retry=${++retries}`) as Promise<T>;
  recovered.set(load, again);
  again.catch(() => recovered.delete(load));
  return again;
}

export function loadPart<T>(
  container: HTMLElement,
  load: PartLoader<T>,
  run: (mod: T) => void | Promise<void>,
): Promise<void> {
  return attempt(container, load, run, null);
}

/** Loads and runs the part; `failure` is the error of the attempt a Retry follows. */
async function attempt<T>(
  container: HTMLElement,
  load: PartLoader<T>,
  run: (mod: T) => void | Promise<void>,
  failure: { error: unknown } | null,
): Promise<void> {
  const indicator = window.setTimeout(() => {
    const box = document.createElement("div");
    box.className = "lazy-loading";
    box.setAttribute("role", "status");
    box.textContent = "Loading…";
    container.prepend(box);
  }, LAZY_DELAY_MS);
  const clear = () => {
    window.clearTimeout(indicator);
    container.querySelector(":scope > .lazy-loading")?.remove();
  };
  try {
    const mod = await (failure ? loadAgain(load, failure.error) : loadOrRecovered(load));
    clear();
    await run(mod);
  } catch (error) {
    clear();
    container.querySelector(":scope > .lazy-error")?.remove();
    const message = (error as Error).message || String(error);
    container.prepend(
      alertBox({
        className: "lazy-error",
        message,
        button: "Retry",
        onClick: () => void attempt(container, load, run, { error }),
      }),
    );
  }
}
