// Renders the page's mermaid diagrams; loaded only on pages that have one. Re-renders with
// the `dark` or `default` theme when the colour mode changes.
import mermaid from "mermaid";
import { currentMode, onModeChange } from "./theme.ts";

let counter = 0;

async function renderAll(): Promise<void> {
  const dark = currentMode() === "dark";
  mermaid.initialize({ startOnLoad: false, theme: dark ? "dark" : "default", securityLevel: "strict" });
  for (const box of document.querySelectorAll<HTMLElement>("[data-mermaid]")) {
    const source = box.dataset.source ?? box.querySelector("pre")?.textContent ?? "";
    box.dataset.source = source;
    try {
      const { svg } = await mermaid.render(`mermaid-${++counter}`, source);
      box.innerHTML = svg;
      box.dataset.theme = dark ? "dark" : "default";
    } catch (error) {
      box.textContent = `Diagram error: ${(error as Error).message}`;
    }
  }
}

export function setupMermaid(): Promise<void> {
  onModeChange(() => void renderAll());
  return renderAll();
}
