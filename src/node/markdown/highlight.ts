// Highlights code blocks with shiki: both themes as CSS variables, marked lines flagged.
// Runs on the main thread or inside a highlight worker.
import type { createHighlighter as CreateHighlighter, ShikiTransformer } from "shiki";

export const LIGHT_THEME = "github-light";
export const DARK_THEME = "github-dark";

export interface PendingBlock {
  code: string;
  /** A shiki language id, or null for plain text. */
  lang: string | null;
  highlightLines: number[];
}

/** The highlighted <pre> of each block, by key. `extraLanguages` are shiki ids loaded as well. */
export async function highlightBlocks(blocks: [string, PendingBlock][], extraLanguages: string[]): Promise<[string, string][]> {
  const langs = [...new Set([...blocks.map(([, b]) => b.lang), ...extraLanguages].filter((l): l is string => !!l))];
  // Loaded here, not at startup: most builds find every block in the cache.
  const { createHighlighter, createOnigurumaEngine } = await import("shiki");
  const highlighter = await createHighlighter({
    themes: [LIGHT_THEME, DARK_THEME],
    langs: langs as Parameters<typeof CreateHighlighter>[0]["langs"],
    engine: createOnigurumaEngine(import("shiki/wasm")),
  });
  try {
    return blocks.map(([key, block]) => {
      const lines = new Set(block.highlightLines);
      const transformers: ShikiTransformer[] = [
        {
          line(node, n) {
            if (lines.has(n)) this.addClassToHast(node, "highlighted");
          },
        },
      ];
      const html = highlighter.codeToHtml(block.code, {
        lang: (block.lang ?? "text") as Parameters<typeof highlighter.codeToHtml>[1]["lang"],
        themes: { light: LIGHT_THEME, dark: DARK_THEME },
        defaultColor: false,
        transformers,
      });
      return [key, oneByte(html)];
    });
  } finally {
    highlighter.dispose();
  }
}

/**
 * shiki returns two-byte strings even for Latin-1 text; a one-byte copy takes half the memory, and
 * so does every page it is filled into (V8 makes a whole string two-byte if one piece is).
 */
export function oneByte(s: string): string {
  return /[^\x00-\xff]/.test(s) ? s : Buffer.from(s, "latin1").toString("latin1");
}
