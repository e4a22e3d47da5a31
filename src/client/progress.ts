// The thin progress bar shown while the next page loads, only if loading takes longer than 200 ms.
export const PROGRESS_DELAY_MS = 200;

export function startProgress(): () => void {
  let bar: HTMLElement | null = null;
  const timer = window.setTimeout(() => {
    bar = document.createElement("div");
    bar.className = "progress-bar";
    bar.setAttribute("role", "progressbar");
    bar.setAttribute("aria-label", "Loading the page");
    document.body.appendChild(bar);
  }, PROGRESS_DELAY_MS);
  return () => {
    window.clearTimeout(timer);
    bar?.remove();
  };
}
