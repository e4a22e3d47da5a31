// Highlights code blocks with shiki: both themes as CSS variables (their colours as classes where the
// stylesheet has them, token-classes.ts), marked lines flagged.
// Runs on the main thread or inside a highlight worker.
import type { createHighlighter as CreateHighlighter, ShikiTransformer, ThemeRegistrationResolved } from "shiki";
import { compactTokens, paletteOf, type TokenPalette } from "./token-classes.ts";

export const LIGHT_THEME = "github-light";
export const DARK_THEME = "github-dark";

/**
 * The backgrounds code is shown on, per theme: the block's (--c-code-bg in styles.css) and a
 * marked line's (--c-code-highlight over it). Every token colour must read on both at WCAG AA.
 */
const BACKGROUNDS: Record<string, string[]> = {
  [LIGHT_THEME]: ["#f6f8fa", "#f9ebca"],
  [DARK_THEME]: ["#24292e", "#474233"],
};
const MIN_CONTRAST = 4.6;

const rgbOf = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const luminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/**
 * Replacements for the theme's token colours that are too faint on its backgrounds (github-dark's
 * comments are 3:1): each is moved toward black (light theme) or white (dark theme) until it reads.
 */
function readableColors(colors: Iterable<string>, theme: string): Record<string, string> {
  const backgrounds = BACKGROUNDS[theme].map(rgbOf);
  const target = theme === DARK_THEME ? 255 : 0;
  const out: Record<string, string> = {};
  for (const color of colors) {
    if (!/^#[0-9a-f]{6}$/i.test(color)) continue;
    let rgb = rgbOf(color);
    for (let step = 0; step < 40 && Math.min(...backgrounds.map((bg) => contrast(rgb, bg))) < MIN_CONTRAST; step++) {
      rgb = rgb.map((v) => Math.round(v + (target - v) * 0.06));
    }
    const fixed = `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
    if (fixed !== color.toLowerCase()) out[color.toLowerCase()] = fixed;
  }
  return out;
}

/**
 * Each theme's replacements of colours too faint to read, and the palette of the colours blocks
 * are shown in (token-classes.ts: the stylesheet holds a class per colour).
 */
function themeColors(getTheme: (name: string) => ThemeRegistrationResolved) {
  const colorReplacements: Record<string, Record<string, string>> = {};
  const palettes: string[][] = [];
  for (const name of [LIGHT_THEME, DARK_THEME]) {
    const theme = getTheme(name);
    const foregrounds = theme.settings.map((s) => s.settings?.foreground);
    const colors = [theme.fg, ...foregrounds.filter((c): c is string => typeof c === "string")];
    colorReplacements[name] = readableColors(colors, name);
    palettes.push(paletteOf(colors, colorReplacements[name]));
  }
  const palette: TokenPalette = { light: palettes[0], dark: palettes[1] };
  return { colorReplacements, palette };
}

/** The palette of both themes, for the stylesheet's colour classes (made when ssodocs is compiled). */
export async function tokenPalette(): Promise<TokenPalette> {
  const { createHighlighter, createJavaScriptRegexEngine } = await import("shiki");
  const highlighter = await createHighlighter({
    themes: [LIGHT_THEME, DARK_THEME],
    langs: [],
    engine: createJavaScriptRegexEngine(),
  });
  try {
    return themeColors((name) => highlighter.getTheme(name)).palette;
  } finally {
    highlighter.dispose();
  }
}

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
  const { colorReplacements, palette } = themeColors((name) => highlighter.getTheme(name));
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
        colorReplacements,
        transformers,
      });
      return oneByte(compactTokens(html, palette));
    },
    dispose: () => highlighter.dispose(),
  };
}

/**
 * shiki returns two-byte strings even for Latin-1 text; a one-byte copy takes half the memory, and
 * so does every page it is filled into (V8 makes a whole string two-byte if one piece is).
 */
function oneByte(s: string): string {
  return /[^\x00-\xff]/.test(s) ? s : Buffer.from(s, "latin1").toString("latin1");
}
