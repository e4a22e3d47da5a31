// Class tokens of an HTML class attribute, found without splitting it (pages are read element by
// element, and most elements are not the ones sought).

/** `\s` of a JavaScript regular expression: what separates class names where they were split with /\s+/. */
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

/** Whether a class attribute's value holds the class `name`. */
export function hasClass(value: string | undefined, name: string): boolean {
  if (!value) return false;
  for (let at = value.indexOf(name); at >= 0; at = value.indexOf(name, at + 1)) {
    const end = at + name.length;
    if ((at === 0 || isSpace(value.charCodeAt(at - 1))) && (end === value.length || isSpace(value.charCodeAt(end))))
      return true;
  }
  return false;
}
