// "Copy page as Markdown" on doc pages: fetches the page's Markdown copy (`index.md` beside the
// page) and puts it on the clipboard. The button is invisible until this script runs (its place
// kept, so nothing moves) and removed where the clipboard cannot be written; the "View as Markdown" link beside it always works, with or without this script.
const LABEL = "Copy page as Markdown";
const RESET_MS = 2000;

async function markdownOf(url: string): Promise<string> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

/** Writes the text a promise gives; a ClipboardItem keeps Safari's user gesture across the fetch. */
async function copy(text: Promise<string>): Promise<void> {
  if (typeof ClipboardItem !== "undefined" && navigator.clipboard.write) {
    try {
      const blob = text.then((t) => new Blob([t], { type: "text/plain" }));
      await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
      return;
    } catch (error) {
      if (error instanceof Error && error.message.includes("HTTP")) throw error;
      // Promises in a ClipboardItem are not supported everywhere: written as text below.
    }
  }
  await navigator.clipboard.writeText(await text);
}

export function setupCopyPage(root: ParentNode): void {
  const buttons = root.querySelectorAll<HTMLButtonElement>("[data-copy-page]");
  if (!window.isSecureContext || !navigator.clipboard) {
    for (const button of buttons) button.hidden = true;
    return;
  }
  for (const button of buttons) {
    let timer = 0;
    button.addEventListener("click", async () => {
      window.clearTimeout(timer);
      try {
        await copy(markdownOf(button.dataset.copyPage!));
        button.textContent = "Copied";
      } catch {
        button.textContent = "Copy failed";
      }
      timer = window.setTimeout(() => (button.textContent = LABEL), RESET_MS);
    });
  }
}
