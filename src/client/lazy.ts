// Loads a heavy part of the page (mermaid, the search dialog) on demand. A loading indicator
// appears after 200 ms; on failure a red box shows the error and a Retry button loads it again.
import { alertBox } from "./alert-box.ts";

export const LAZY_DELAY_MS = 200;

export async function loadPart<T>(
  container: HTMLElement,
  load: () => Promise<T>,
  run: (mod: T) => void | Promise<void>,
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
    const mod = await load();
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
        onClick: () => void loadPart(container, load, run),
      }),
    );
  }
}
