// Sorting of titles and tag names in English alphabetical order, the same on every machine.
// `localeCompare` gives that order, but its first call loads the ICU collation data (10 to 15 ms
// of every build); titles and tags are nearly always plain ASCII, whose English (CLDR root) order
// is worked out here without ICU. Anything else goes to `localeCompare` with the locale fixed to
// English, so the output never depends on the language of the machine that builds it.

/** Printable ASCII in CLDR root order: whitespace, punctuation, symbols, digits, letters (lower case first). */
const ASCII_ORDER = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwWxXyYzZ";

// Primary weight of each printable ASCII character (a letter's two cases weigh the same); -1 otherwise.
const PRIMARY = new Int8Array(128).fill(-1);
{
  let weight = 0;
  for (let i = 0; i < ASCII_ORDER.length; i++) {
    const code = ASCII_ORDER.charCodeAt(i);
    const isUpper = code >= 65 && code <= 90;
    PRIMARY[code] = isUpper ? weight - 1 : weight++;
  }
}

function isPlainAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || PRIMARY[code] === -1) return false;
  }
  return true;
}

/** Compares as `a.localeCompare(b, "en")` does: negative, zero or positive. */
export function compareText(a: string, b: string): number {
  if (!isPlainAscii(a) || !isPlainAscii(b)) return a.localeCompare(b, "en");
  const length = Math.min(a.length, b.length);
  // First the letters themselves, case aside; then the length; then the first difference of case (lower first).
  for (let i = 0; i < length; i++) {
    const difference = PRIMARY[a.charCodeAt(i)] - PRIMARY[b.charCodeAt(i)];
    if (difference !== 0) return Math.sign(difference);
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  for (let i = 0; i < length; i++) {
    const upperA = a.charCodeAt(i) >= 65 && a.charCodeAt(i) <= 90;
    const upperB = b.charCodeAt(i) >= 65 && b.charCodeAt(i) <= 90;
    if (upperA !== upperB) return upperA ? 1 : -1;
  }
  return 0;
}
