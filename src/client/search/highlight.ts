// Highlighted text: <mark> around matches, snippets of N words, and the sanitiser every
// highlighted value passes through before it becomes HTML (only <mark> survives).

import { escapeHtml as escapeSharedHtml } from "../../shared/escape-html.ts";

export const SNIPPET_ELLIPSIS = "…";

/** Text from a search backend made safe for HTML, single quotes too. */
export function escapeHtml(text: string): string {
  return escapeSharedHtml(text).replace(/'/g, "&#39;");
}

/**
 * HTML of a highlighted value: `<mark>` and `</mark>` are kept (balanced), everything else is
 * text, so markup in a record or an injected tag shows as text and never runs.
 */
export function sanitizeHighlight(value: string): string {
  let open = false;
  let html = "";
  for (const part of value.split(/(<\/?mark>)/i)) {
    if (/^<mark>$/i.test(part)) {
      if (!open) html += "<mark>";
      open = true;
    } else if (/^<\/mark>$/i.test(part)) {
      if (open) html += "</mark>";
      open = false;
    } else {
      html += escapeHtml(part);
    }
  }
  return open ? `${html}</mark>` : html;
}

/** The value without its highlight tags. */
export function stripHighlight(value: string): string {
  return value.replace(/<\/?mark>/gi, "");
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Normalised form of a word, as the index stores it. */
export function normaliseWord(word: string): string {
  return word.toLowerCase();
}

/**
 * The text with <mark> around each word that `isMatch` accepts (the first n letters when it
 * answers a number), cut to `words` words around the
 * first match (with … where text was cut). Returns raw text with tags: sanitise before use.
 */
export function markAndSnippet(
  text: string,
  isMatch: (word: string) => number | boolean,
  words: number | null,
): { value: string; matched: boolean } {
  // Split into words separated by whitespace; each keeps its punctuation.
  const parts = text.split(/(\s+)/);
  const tokens = parts.filter((_, i) => i % 2 === 0);
  const marked = tokens.map((token) => {
    let hit = false;
    const value = token.replace(WORD, (w) => {
      const match = isMatch(normaliseWord(w));
      if (!match) return w;
      hit = true;
      const length = match === true ? w.length : Math.min(match, w.length);
      return `<mark>${w.slice(0, length)}</mark>${w.slice(length)}`;
    });
    return { value, hit };
  });
  const first = marked.findIndex((t) => t.hit);
  const matched = first >= 0;
  if (words === null || marked.length <= words) return { value: marked.map((t) => t.value).join(" "), matched };
  const start = Math.max(0, Math.min(marked.length - words, (matched ? first : 0) - Math.floor((words - 1) / 3)));
  const end = start + words;
  const body = marked
    .slice(start, end)
    .map((t) => t.value)
    .join(" ");
  return {
    value: `${start > 0 ? SNIPPET_ELLIPSIS : ""}${body}${end < marked.length ? SNIPPET_ELLIPSIS : ""}`,
    matched,
  };
}
