// Fenced code: shiki highlighting with a light and a dark theme switched by CSS variables,
// `title="..."`, `showLineNumbers`, `{1,3-5}` and highlight-* comments, a copy button;
// `mermaid` fences become diagram containers rendered in the browser.
import { createRequire } from "node:module";
import { hashOf, readCache, toolStamp, writeCache } from "../cache.ts";
import type { MarkdownIt } from "markdown-it";
import { envOf, lineOf, type MarkdownEnv } from "./env.ts";
import { DARK_THEME, LIGHT_THEME, type PendingBlock } from "./highlight.ts";
import { languageContext, resolveLanguage } from "./language-context.ts";
import { highlightInParallel } from "./highlight-pool.ts";
import { escapeHtml } from "../../shared/escape-html.ts";

const shikiVersion = (createRequire(import.meta.url)("shiki/package.json") as { version: string }).version;

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
  return {
    lang: lang.replace(/^\{.*$/, ""),
    title,
    showLineNumbers: /\bshowLineNumbers\b/.test(withoutTitle),
    highlightLines,
  };
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
  /**
   * Renders a fence. A block found in the highlight cache is returned as it is; any other is
   * returned as a placeholder and queued, to be highlighted by `highlightPending`.
   */
  render(code: string, info: string, env: MarkdownEnv, line: number): string;
  /** Whether blocks wait to be highlighted (none when the cache had them all). */
  hasPending(): boolean;
  /** Highlights the queued blocks (creating the highlighter only if there are any). */
  highlightPending(): Promise<void>;
  /** Replaces the placeholders in rendered HTML with the highlighted blocks. */
  fill(html: string): string;
  /** Keeps the blocks this build used (only those) in the highlight cache. */
  save(): void;
}

const PLACEHOLDER = /<!--ssodocs-code:([0-9a-f]{32})-->/g;
const CACHE_NAMESPACE = "code";

/**
 * A code renderer for a build that loads `languages` (the site's, see language-context.ts).
 * `scope` gives each site its own file in the highlight cache, so sites do not evict each other.
 */
export function createCodeRenderer(languages: readonly string[], scope = ""): CodeRenderer {
  // Highlighted <pre> blocks by content hash; the key covers everything that shapes the output:
  // shiki's version, the themes, how blocks are highlighted (highlight.ts), and per block its
  // language, marked lines, code and language context.
  const cacheKey = hashOf("code-cache-v3", shikiVersion, LIGHT_THEME, DARK_THEME, toolStamp(), scope);
  const cached = new Map<string, string>(
    Object.entries(readCache<Record<string, string>>(CACHE_NAMESPACE, cacheKey) ?? {}),
  );
  const initialKeys = new Set(cached.keys());
  const used = new Set<string>();
  const pending = new Map<string, PendingBlock>();
  const loaded = new Set(languages);

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
      env.warnings.add(`unknown code language "${meta.lang}"; the block is shown as plain text`, {
        file: env.file,
        line,
      });
      lang = null;
    } else if (lang !== null && !loaded.has(lang)) {
      // Every fence's language is found by the scan that decides what is loaded; one it missed
      // is shown plain, so the output still depends only on the inputs.
      env.warnings.add(
        `code language "${meta.lang}" was not found when the languages were chosen; the block is shown as plain text`,
        { file: env.file, line },
      );
      lang = null;
    }
    const highlightLines = [...meta.highlightLines].sort((a, b) => a - b);
    const key = hashOf(lang ?? "", highlightLines.join(","), code, languageContext(lang, languages));
    used.add(key);
    if (!cached.has(key)) pending.set(key, { code, lang, highlightLines });
    // A toolbar above the code holds the title (else the language) and the buttons, so no button covers code.
    const label = meta.title
      ? `<div class="code-title">${escapeHtml(meta.title)}</div>`
      : `<span class="code-lang">${escapeHtml(meta.lang)}</span>`;
    const langAttr = meta.lang ? ` data-lang="${escapeHtml(meta.lang)}"` : "";
    const numbered = meta.showLineNumbers ? " data-line-numbers" : "";
    const copy =
      '<button type="button" class="copy-button" aria-label="Copy code to clipboard" title="Copy">Copy</button>';
    const header = `<div class="code-header">${label}${copy}</div>`;
    return `<div class="code-block"${langAttr}${numbered}>${header}<!--ssodocs-code:${key}--></div>\n`;
  };

  // Highlighting runs while other pages may queue blocks (watch mode renders a page on request
  // during the first build): each call takes what is queued and waits for every run under way.
  const running = new Set<Promise<void>>();
  const highlightPending = async () => {
    if (pending.size) {
      const batch = new Map(pending);
      pending.clear();
      const run = highlightInParallel(batch, languages).then((results) => {
        for (const [key, html] of results) cached.set(key, html);
      });
      running.add(run);
      void run.finally(() => running.delete(run)).catch(() => undefined);
    }
    await Promise.all(running);
  };

  const save = () => {
    const changed = used.size !== initialKeys.size || [...used].some((k) => !initialKeys.has(k));
    if (changed)
      writeCache(CACHE_NAMESPACE, cacheKey, Object.fromEntries([...used].sort().map((k) => [k, cached.get(k)!])), {
        keep: 32,
      });
  };

  const fill = (html: string) => html.replace(PLACEHOLDER, (_m, key: string) => cached.get(key) ?? "");
  return { render, hasPending: () => pending.size > 0, highlightPending, fill, save };
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
