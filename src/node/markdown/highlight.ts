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

export interface BlockHighlighter {
  /** The highlighted <pre> of a block. */
  highlight(block: PendingBlock): string;
  dispose(): void;
}

/**
 * A shiki highlighter with exactly `langs` loaded: every thread that highlights part of a build
 * loads the same languages, so a block comes out the same whichever thread takes it.
 */
export async function createBlockHighlighter(langs: readonly string[]): Promise<BlockHighlighter> {
  // Loaded here, not at startup: most builds find every block in the cache.
  const { createHighlighter, createOnigurumaEngine } = await import("shiki");
  const highlighter = await createHighlighter({
    themes: [LIGHT_THEME, DARK_THEME],
    langs: [...langs] as Parameters<typeof CreateHighlighter>[0]["langs"],
    engine: createOnigurumaEngine(import("shiki/wasm")),
  });
  return {
    highlight(block) {
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
        // No time limit per line (shiki stops after 500 ms and leaves the rest of the line plain):
        // a line's first tokenizing compiles its grammar's patterns, which on a busy machine can
        // take that long, and the same code must always come out the same.
        tokenizeTimeLimit: 0,
        transformers,
      });
      return oneByte(html);
    },
    dispose: () => highlighter.dispose(),
  };
}

/**
 * shiki returns two-byte strings even for Latin-1 text; a one-byte copy takes half the memory, and
 * so does every page it is filled into (V8 makes a whole string two-byte if one piece is).
 */
export function oneByte(s: string): string {
  return /[^\x00-\xff]/.test(s) ? s : Buffer.from(s, "latin1").toString("latin1");
}
