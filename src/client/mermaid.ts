// Renders mermaid diagrams; loaded only on pages that have one. Each diagram re-renders with
// the `dark` or `default` theme when the colour mode changes.
import mermaid from "mermaid";
import { currentMode, onModeChange } from "./theme.ts";

let counter = 0;
const rendered = new Set<HTMLElement>();

export async function renderDiagram(box: HTMLElement): Promise<void> {
  const source = box.dataset.source ?? box.querySelector("pre")?.textContent ?? "";
  box.dataset.source = source;
  const root = document.documentElement.dataset;
  const theme = (currentMode() === "dark" ? root.mermaidDark : root.mermaidLight) ?? "default";
  mermaid.initialize({ startOnLoad: false, theme: theme as "default", securityLevel: "strict" });
  const { svg } = await mermaid.render(`mermaid-${++counter}`, source);
  box.innerHTML = svg;
  box.dataset.theme = theme;
  rendered.add(box);
}

onModeChange(() => {
  for (const box of [...rendered]) {
    if (!box.isConnected) rendered.delete(box);
    else void renderDiagram(box);
  }
});
