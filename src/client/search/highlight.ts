// Highlighted text: <mark> around matches, snippets of N words, and the sanitiser every
// highlighted value passes through before it becomes HTML (only <mark> survives).

import { escapeHtml as escapeSharedHtml } from "../../shared/escape-html.ts";

const SNIPPET_ELLIPSIS = "…";

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

const WORD = /[\p{L}\p{N}]+/gu;

/** Normalised form of a word, as the index stores it. */
export function normaliseWord(word: string): string {
  return word.toLowerCase();
}

/** A word of a text: the whitespace-separated part it sits in and where in that part. */
interface WordAt {
  part: number;
  start: number;
  end: number;
  word: string;
}

function wordsOfParts(parts: string[]): WordAt[] {
  const out: WordAt[] = [];
  parts.forEach((part, i) => {
    for (const m of part.matchAll(WORD)) out.push({ part: i, start: m.index, end: m.index + m[0].length, word: m[0] });
  });
  return out;
}

/** Where each phrase stands in the text (its words in a row): one span per part it covers, punctuation between kept. */
function phraseSpans(words: WordAt[], phrases: string[][], spans: [number, number][][]): Set<number> {
  const covered = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    if (covered.has(i)) continue;
    const phrase = phrases.find((p) => p.every((w, k) => words[i + k] && normaliseWord(words[i + k].word) === w));
    if (!phrase) continue;
    for (let k = 0; k < phrase.length; k++) {
      const w = words[i + k];
      const last = spans[w.part].at(-1);
      // The next word of the phrase in the same part ("sign-on") extends the span.
      if (k > 0 && last && words[i + k - 1].part === w.part) last[1] = w.end;
      else spans[w.part].push([w.start, w.end]);
      covered.add(i + k);
    }
  }
  return covered;
}

function markSpans(part: string, spans: [number, number][]): string {
  let out = "";
  let at = 0;
  for (const [start, end] of spans.sort((a, b) => a[0] - b[0])) {
    out += `${part.slice(at, start)}<mark>${part.slice(start, end)}</mark>`;
    at = end;
  }
  return out + part.slice(at);
}

/**
 * The text with <mark> around each word that `isMatch` accepts (the first n letters when it
 * answers a number) and around each of `phrases` (words in a row) where it stands whole, cut to
 * `words` words around the first match (with … where text was cut). A word of a phrase is marked
 * only as part of it. Returns raw text with tags: sanitise before use.
 */
export function markAndSnippet(
  text: string,
  isMatch: (word: string) => number | boolean,
  words: number | null,
  phrases: string[][] = [],
): { value: string; matched: boolean } {
  // Split into parts separated by whitespace; each keeps its punctuation.
  const tokens = text.split(/(\s+)/).filter((_, i) => i % 2 === 0);
  const spans: [number, number][][] = tokens.map(() => []);
  const found = wordsOfParts(tokens);
  const inPhrase = phrases.length ? phraseSpans(found, phrases, spans) : new Set<number>();
  found.forEach((w, i) => {
    const match = inPhrase.has(i) ? 0 : isMatch(normaliseWord(w.word));
    if (!match) return;
    const length = match === true ? w.word.length : Math.min(match, w.word.length);
    spans[w.part].push([w.start, w.start + length]);
  });
  const marked = tokens.map((token, i) => ({ value: markSpans(token, spans[i]), hit: spans[i].length > 0 }));
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
