// Fenced code: shiki highlighting with a light and a dark theme switched by CSS variables,
// `title="..."`, `showLineNumbers`, `{1,3-5}` and highlight-* comments, a copy button;
// `mermaid` fences become diagram containers rendered in the browser.
import { createRequire } from "node:module";
import type { MarkdownIt } from "markdown-it";
import { envOf, lineOf, type MarkdownEnv } from "./env.ts";
import { type Fence, fenceLanguage } from "./fences.ts";
import { DARK_THEME, LIGHT_THEME, type PendingBlock } from "./highlight.ts";
import { languageContext, resolveLanguage } from "./language-context.ts";
import { COMPILED, toolStamp } from "../paths.ts";
import { hashOf } from "../util/hash.ts";
import { HighlightQueue } from "./highlight-pool.ts";
import { escapeHtml } from "../../shared/escape-html.ts";

const shikiVersion = (createRequire(import.meta.url)("shiki/package.json") as { version: string }).version;

interface FenceMeta {
  lang: string;
  title: string | null;
  showLineNumbers: boolean;
  highlightLines: Set<number>;
}

/** Lines a fence's `{1,3-5}` may mark, in all. */
const MAX_MARKED_LINES = 10_000;

export function parseFenceInfo(info: string): FenceMeta {
  const word = /^\S*/.exec(info.trim())?.[0] ?? "";
  const rest = info.trim().slice(word.length);
  const title = /title=(["'])(.*?)\1/.exec(rest)?.[2] ?? null;
  const withoutTitle = rest.replace(/title=(["'])(.*?)\1/, "");
  const highlightLines = new Set<number>();
  const ranges = /\{([\d,\s-]+)\}/.exec(withoutTitle)?.[1];
  if (ranges) {
    // At most MAX_MARKED_LINES lines in all: `{1-9999,1-9999,...}` made a short line cost
    // ten thousand steps a range (a 70 KB info string took seconds).
    let budget = MAX_MARKED_LINES;
    for (const part of ranges.split(",")) {
      const [a, b] = part.trim().split("-").map(Number);
      if (!Number.isFinite(a)) continue;
      for (let n = a; n <= (Number.isFinite(b) ? b : a) && budget > 0; n++, budget--) highlightLines.add(n);
    }
  }
  return {
    lang: fenceLanguage(info),
    title,
    showLineNumbers: /\bshowLineNumbers\b/.test(withoutTitle),
    highlightLines,
  };
}

const MAGIC = /^\s*(?:\/\/|#|--|;|\/\*|<!--|%|')\s*highlight-(next-line|start|end)\s*(?:\*\/|-->)?\s*$/;

/** Removes highlight-* comment lines and returns the code with the lines they mark. */
function applyMagicComments(code: string, lines: Set<number>): string {
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
  /**
   * Renders a fence. A block found in the highlight cache is returned as it is; any other is
   * returned as a placeholder and queued, to be highlighted by `highlightPending`.
   */
  render(code: string, info: string, env: MarkdownEnv, line: number): string;
  /** Starts highlighting a doc's code blocks (fences.ts finds them), before its Markdown is rendered. */
  prefetch(fences: readonly Fence[]): void;
  /** Whether blocks wait to be highlighted (none when the cache had them all). */
  hasPending(): boolean;
  /** The blocks of rendered HTML (with placeholders) not highlighted yet, by key. */
  missing(html: string): string[];
  /** Whether the block of a key is highlighted. */
  highlighted(key: string): boolean;
  /**
   * Highlights the queued blocks (creating the highlighter only if there are any): those of
   * `pages` (rendered HTML with placeholders) first and only, or all.
   */
  highlightPending(pages?: string[]): Promise<void>;
  /** Replaces the placeholders in rendered HTML with the highlighted blocks. */
  fill(html: string): string;
  /** Keeps the blocks this build used (only those) in the highlight cache. */
  save(): void;
  /** Stops highlighting what is still queued (its worker thread): at the end of a build, failed or not. */
  close(): void;
}

const PLACEHOLDER = /<!--ssodocs-code:([0-9a-f]{32})-->/g;
const keysOf = (html: string) => [...html.matchAll(PLACEHOLDER)].map((m) => m[1]);

/** The language a fence names, as a build loading `loaded` highlights it (null: plain text), and a warning if any. */
function languageOf(name: string, loaded: ReadonlySet<string>): { lang: string | null; warning?: string } {
  const lang = resolveLanguage(name);
  if (lang === undefined)
    return { lang: null, warning: `unknown code language "${name}"; the block is shown as plain text` };
  // Every fence's language is found by fences.ts, which decides what is loaded; one it missed
  // is shown plain, so the output still depends only on the inputs.
  if (lang !== null && !loaded.has(lang)) {
    return {
      lang: null,
      warning: `code language "${name}" was not found when the languages were chosen; the block is shown as plain text`,
    };
  }
  return { lang };
}

/** A code block's frame: a toolbar above the code holds the title (else the language) and the buttons, so no button covers code. */
function blockFrame(meta: ReturnType<typeof parseFenceInfo>, key: string): string {
  const label = meta.title
    ? `<div class="code-title">${escapeHtml(meta.title)}</div>`
    : `<span class="code-lang">${escapeHtml(meta.lang)}</span>`;
  const langAttr = meta.lang ? ` data-lang="${escapeHtml(meta.lang)}"` : "";
  const numbered = meta.showLineNumbers ? " data-line-numbers" : "";
  const copy =
    '<button type="button" class="copy-button" aria-label="Copy code to clipboard" title="Copy">Copy</button>';
  const header = `<div class="code-header">${label}${copy}</div>`;
  return `<div class="code-block"${langAttr}${numbered}>${header}<!--ssodocs-code:${key}--></div>\n`;
}

/**
 * Where highlighted blocks are kept between builds (the pipeline hands one in: store/code-cache.ts):
 * blocks by key, for one version of the highlighter.
 */
export interface HighlightCache {
  read(version: string): Map<string, string>;
  write(version: string, blocks: Iterable<readonly [string, string]>): void;
}

/** A block's key and what highlighting it takes, in a build that loads `languages` (`loaded`, as a set). */
function blockAndKey(source: string, info: string, languages: readonly string[], loaded: ReadonlySet<string>) {
  const meta = parseFenceInfo(info);
  const code = applyMagicComments(source, meta.highlightLines);
  const { lang, warning } = languageOf(meta.lang, loaded);
  const highlightLines = [...meta.highlightLines].sort((a, b) => a - b);
  const key = hashOf(lang ?? "", highlightLines.join(","), code, languageContext(lang, languages));
  return { meta, key, warning, block: { code, lang, highlightLines } satisfies PendingBlock };
}

/** A code renderer for a build that loads `languages` (the site's, see language-context.ts), with the site's code cache. */
export function createCodeRenderer(languages: readonly string[], cache: HighlightCache | null = null): CodeRenderer {
  // Highlighted <pre> blocks by content hash; the version covers everything that shapes the output:
  // shiki's version, the themes, how blocks are highlighted (highlight.ts); each block's key its
  // language, marked lines, code and language context.
  const version = hashOf("code-cache-v3", shikiVersion, LIGHT_THEME, DARK_THEME, toolStamp());
  const cached = cache?.read(version) ?? new Map<string, string>();
  const initialKeys = new Set(cached.keys());
  const used = new Set<string>();
  const loaded = new Set(languages);
  // Blocks not in the cache go to a worker thread as soon as they are known (compiled, the
  // highlighter loads there while the main thread renders Markdown); `highlightPending` waits.
  let queue: HighlightQueue | null = null;
  const enqueue = (key: string, block: PendingBlock) => {
    if (cached.has(key)) return;
    // Highlighted blocks go straight into `cached`, where pages take them from.
    queue ??= new HighlightQueue(languages, { worker: COMPILED, results: cached });
    queue.add(key, block);
  };

  const blockOf = (source: string, info: string) => blockAndKey(source, info, languages, loaded);

  const render = (raw: string, info: string, env: MarkdownEnv, line: number): string => {
    const source = raw.replace(/\n$/, "");
    if (parseFenceInfo(info).lang.toLowerCase() === "mermaid") {
      env.hasMermaid = true;
      return `<div class="mermaid-diagram" data-mermaid><pre class="mermaid-source">${escapeHtml(source)}</pre></div>\n`;
    }
    const { meta, key, warning, block } = blockOf(source, info);
    if (warning) env.warnings.add(warning, { file: env.file, line });
    used.add(key);
    enqueue(key, block);
    return blockFrame(meta, key);
  };

  const prefetch = (fences: readonly Fence[]) => {
    for (const { info, content } of fences) {
      if (parseFenceInfo(info).lang.toLowerCase() === "mermaid") continue;
      const { key, block } = blockOf(content.replace(/\n$/, ""), info);
      enqueue(key, block);
    }
  };

  // Highlighting runs while other pages may queue blocks (watch mode renders a page on request
  // during the first build): each call waits for the blocks of the pages it renders (their HTML
  // with placeholders), which the worker takes first, or for everything queued so far.
  const highlightPending = async (pages?: string[]) => {
    const current = queue;
    if (!current) return;
    const keys = pages && new Set(pages.flatMap(keysOf));
    await current.drain(keys);
    // Done when no other caller waits and nothing is left (else the last to finish closes it).
    if (queue === current && current.idle()) {
      queue = null;
      current.close();
    }
  };

  const save = () => {
    const changed = used.size !== initialKeys.size || [...used].some((k) => !initialKeys.has(k));
    if (!changed) return;
    const entries = [...used].sort().flatMap((k) => (cached.has(k) ? [[k, cached.get(k)!] as const] : []));
    cache?.write(version, entries);
  };

  const fill = (html: string) => html.replace(PLACEHOLDER, (_m, key: string) => cached.get(key) ?? "");
  const missing = (html: string) => keysOf(html).filter((key) => !cached.has(key));
  const close = () => {
    queue?.close();
    queue = null;
  };
  const highlighted = (key: string) => cached.has(key);
  return {
    render,
    prefetch,
    hasPending: () => !!queue,
    missing,
    highlighted,
    highlightPending,
    fill,
    save,
    close,
  };
}

/** Fenced code goes through the code renderer; fences may be indented any amount (as in MDX). */
export function codePlugin(md: MarkdownIt, renderer: CodeRenderer): void {
  md.disable("code");
  type BlockRule = Parameters<typeof md.block.ruler.at>[1];
  const original = (md.block.ruler as unknown as { __rules__: { name: string; fn: BlockRule }[] }).__rules__.find(
    (r) => r.name === "fence",
  )!.fn;
  md.block.ruler.at(
    "fence",
    (state, startLine, endLine, silent) => {
      const indent = state.sCount[startLine] - state.blkIndent;
      if (indent < 4) return original(state, startLine, endLine, silent);
      const saved = state.blkIndent;
      state.blkIndent = state.sCount[startLine];
      try {
        return original(state, startLine, endLine, silent);
      } finally {
        state.blkIndent = saved;
      }
    },
    { alt: ["paragraph", "reference", "blockquote", "list"] },
  );
  md.renderer.rules.fence = (tokens, idx, _options, rawEnv) => {
    const t = tokens[idx];
    const env = envOf(rawEnv);
    return renderer.render(t.content, t.info, env, lineOf(env, t.map));
  };
}
