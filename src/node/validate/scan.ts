// Attribute values of a page found with indexOf instead of regular expressions: the same
// matches as the patterns named below, without a match object per value (pages hold hundreds).

/** `\s` of a JavaScript regular expression. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** `\w` of a JavaScript regular expression (without the u flag). */
function isWord(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/**
 * Adds each value the pattern `/\s<name>="([^"]*)"/g` captures in `html` to `into`
 * (`/\s<name>="([^"]+)"/g` when `nonEmpty`).
 */
export function attributeValues(html: string, name: string, into: Set<string>, nonEmpty = false): void {
  const needle = `${name}="`;
  let at = html.indexOf(needle, 1);
  while (at !== -1) {
    if (isSpace(html.charCodeAt(at - 1))) {
      const start = at + needle.length;
      const end = html.indexOf('"', start);
      if (end === -1) return;
      if (end > start || !nonEmpty) {
        into.add(html.slice(start, end));
        at = html.indexOf(needle, end + 1);
        continue;
      }
    }
    at = html.indexOf(needle, at + 1);
  }
}

/** Adds each value the pattern `/<a\s[^>]*?\bname="([^"]+)"/g` captures in `html` to `into`. */
export function anchorNames(html: string, into: Set<string>): void {
  const needle = 'name="';
  // The next `name="` at or after a position; tags come in order, so each search starts where the last one stopped.
  let next = -2;
  const nextFrom = (from: number) => {
    if (next !== -1 && next < from) next = html.indexOf(needle, from);
    return next;
  };
  let tag = html.indexOf("<a");
  while (tag !== -1) {
    let resume = tag + 1;
    if (isSpace(html.charCodeAt(tag + 2))) {
      // The name must start before the tag's first ">" (its value may hold one).
      const close = html.indexOf(">", tag + 3);
      const limit = close === -1 ? html.length : close;
      for (let at = nextFrom(tag + 3); at !== -1 && at < limit; at = nextFrom(at + 1)) {
        if (isWord(html.charCodeAt(at - 1))) continue;
        const start = at + needle.length;
        const end = html.indexOf('"', start);
        if (end === -1) return;
        if (end > start) {
          into.add(html.slice(start, end));
          resume = end + 1;
          break;
        }
      }
    }
    tag = html.indexOf("<a", resume);
  }
}
