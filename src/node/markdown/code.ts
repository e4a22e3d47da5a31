// Fenced code: shiki highlighting with a light and a dark theme switched by CSS variables,
// `title="..."`, `showLineNumbers`, `{1,3-5}` and highlight-* comments, a copy button;
// `mermaid` fences become diagram containers rendered in the browser.
import { bundledLanguages, createHighlighter, createJavaScriptRegexEngine, type ShikiTransformer } from "shiki";
import type { MarkdownIt } from "markdown-it";
import { envOf, lineOf, type MarkdownEnv } from "./env.ts";

export const LIGHT_THEME = "github-light";
export const DARK_THEME = "github-dark";

/** Names written in guides that shiki knows under another name; `null` means plain text. */
const ALIASES: Record<string, string | null> = {
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  console: "bash",
  py: "python",
  yml: "yaml",
  env: "dotenv",
  conf: "ini",
  cfg: "ini",
  apacheconf: "apache",
  js: "javascript",
  ts: "typescript",
  ps1: "powershell",
  text: null,
  txt: null,
  plain: null,
  plaintext: null,
  "": null,
};

/** The shiki language for a fence's language name, null for plain text, undefined when unknown. */
export function resolveLanguage(name: string): string | null | undefined {
  const lower = name.toLowerCase();
  if (lower in ALIASES) return ALIASES[lower];
  if (lower in bundledLanguages) return lower;
  return undefined;
}

/** Languages named by the fences of some Markdown, so the highlighter loads only those. */
export function fenceLanguages(markdown: string): string[] {
  const out = new Set<string>();
  for (const m of markdown.matchAll(/^\s*(?:`{3,}|~{3,})\s*([\w+#.-]+)/gm)) {
    const lang = resolveLanguage(m[1]);
    if (lang) out.add(lang);
  }
  return [...out];
}

export interface FenceMeta {
  lang: string;
  title: string | null;
  showLineNumbers: boolean;
  highlightLines: Set<number>;
}

export function parseFenceInfo(info: string): FenceMeta {
  const lang = /^\S*/.exec(info.trim())?.[0] ?? "";
  const rest = info.trim().slice(lang.length);
  const title = /title=(["'])(.*?)\1/.exec(rest)?.[2] ?? null;
  const withoutTitle = rest.replace(/title=(["'])(.*?)\1/, "");
  const highlightLines = new Set<number>();
  const ranges = /\{([\d,\s-]+)\}/.exec(withoutTitle)?.[1];
  if (ranges) {
    for (const part of ranges.split(",")) {
      const [a, b] = part.trim().split("-").map(Number);
      if (!Number.isFinite(a)) continue;
      for (let n = a; n <= (Number.isFinite(b) ? b : a) && n - a < 10000; n++) highlightLines.add(n);
    }
  }
  return { lang: lang.replace(/^\{.*$/, ""), title, showLineNumbers: /\bshowLineNumbers\b/.test(withoutTitle), highlightLines };
}

const MAGIC = /^\s*(?:\/\/|#|--|;|\/\*|<!--|%|')\s*highlight-(next-line|start|end)\s*(?:\*\/|-->)?\s*$/;

/** Removes highlight-* comment lines and returns the code with the lines they mark. */
export function applyMagicComments(code: string, lines: Set<number>): string {
  if (!code.includes("highlight-")) return code;
  const out: string[] = [];
  let inRange = false;
  let nextLine = false;
  for (const line of code.split("\n")) {
    const m = MAGIC.exec(line);
    if (m) {
      if (m[1] === "next-line") nextLine = true;
      else inRange = m[1] === "start";
      continue;
    }
    out.push(line);
    if (inRange || nextLine) lines.add(out.length);
    nextLine = false;
  }
  return out.join("\n");
}

export interface CodeRenderer {
  /** Loads grammars for these languages (fence names or aliases) before rendering. */
  loadLanguages(names: string[]): Promise<void>;
  render(code: string, info: string, env: MarkdownEnv, line: number): string;
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function createCodeRenderer(initialLanguages: string[]): Promise<CodeRenderer> {
  const highlighter = await createHighlighter({
    themes: [LIGHT_THEME, DARK_THEME],
    langs: [],
    engine: createJavaScriptRegexEngine(),
  });
  const loaded = new Set<string>();
  const loadLanguages = async (names: string[]) => {
    const wanted = [...new Set(names.map(resolveLanguage).filter((l): l is string => !!l && !loaded.has(l)))];
    if (wanted.length === 0) return;
    await highlighter.loadLanguage(...(wanted as Parameters<typeof highlighter.loadLanguage>));
    for (const l of wanted) loaded.add(l);
    for (const l of highlighter.getLoadedLanguages()) loaded.add(l);
  };
  await loadLanguages(initialLanguages);

  const render = (raw: string, info: string, env: MarkdownEnv, line: number): string => {
    const meta = parseFenceInfo(info);
    const source = raw.replace(/\n$/, "");
    if (meta.lang.toLowerCase() === "mermaid") {
      env.hasMermaid = true;
      return `<div class="mermaid-diagram" data-mermaid><pre class="mermaid-source">${escapeHtml(source)}</pre></div>\n`;
    }
    const code = applyMagicComments(source, meta.highlightLines);
    let lang = resolveLanguage(meta.lang);
    if (lang === undefined) {
      env.warnings.add(`unknown code language "${meta.lang}"; the block is shown as plain text`, { file: env.file, line });
      lang = null;
    } else if (lang && !loaded.has(lang)) {
      env.warnings.add(`code language "${meta.lang}" was not loaded; the block is shown as plain text`, { file: env.file, line });
      lang = null;
    }
    const transformers: ShikiTransformer[] = [
      {
        line(node, n) {
          if (meta.highlightLines.has(n)) this.addClassToHast(node, "highlighted");
        },
      },
    ];
    const html = highlighter.codeToHtml(code, {
      lang: (lang ?? "text") as Parameters<typeof highlighter.codeToHtml>[1]["lang"],
      themes: { light: LIGHT_THEME, dark: DARK_THEME },
      defaultColor: false,
      transformers,
    });
    const pre = meta.showLineNumbers ? html.replace('<pre class="', '<pre class="line-numbers ') : html;
    const title = meta.title ? `<div class="code-title">${escapeHtml(meta.title)}</div>` : "";
    const langAttr = meta.lang ? ` data-lang="${escapeHtml(meta.lang)}"` : "";
    return `<div class="code-block"${langAttr}>${title}<div class="code-body">${pre}<button type="button" class="copy-button" aria-label="Copy code to clipboard" title="Copy">Copy</button></div></div>\n`;
  };
  return { loadLanguages, render };
}

/** Fenced code goes through the code renderer; fences may be indented any amount (as in MDX). */
export function codePlugin(md: MarkdownIt, renderer: CodeRenderer): void {
  md.disable("code");
  type BlockRule = Parameters<typeof md.block.ruler.at>[1];
  const original = (md.block.ruler as unknown as { __rules__: { name: string; fn: BlockRule }[] }).__rules__.find((r) => r.name === "fence")!.fn;
  md.block.ruler.at("fence", (state, startLine, endLine, silent) => {
    const indent = state.sCount[startLine] - state.blkIndent;
    if (indent < 4) return original(state, startLine, endLine, silent);
    const saved = state.blkIndent;
    state.blkIndent = state.sCount[startLine];
    try {
      return original(state, startLine, endLine, silent);
    } finally {
      state.blkIndent = saved;
    }
  }, { alt: ["paragraph", "reference", "blockquote", "list"] });
  md.renderer.rules.fence = (tokens, idx, _options, rawEnv) => {
    const t = tokens[idx];
    const env = envOf(rawEnv);
    return renderer.render(t.content, t.info, env, lineOf(env, t.map));
  };
}
