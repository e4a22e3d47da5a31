// Where each value of a JSON text stands, for edits that leave every other byte as it is (and
// messages that point at a key): a JSON parser that keeps offsets instead of values. The text is
// valid JSON (JSON.parse read it first).

export interface JsonNode {
  /** Offsets of the value in the text: its first character, and the one after its last. */
  start: number;
  end: number;
  /** An object's members (`keyStart`: the offset of the key's opening quote) or an array's items. */
  children: { key: string | number; keyStart: number; node: JsonNode }[];
}

const SPACE = " \t\n\r";

export function jsonTree(text: string): JsonNode {
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && SPACE.includes(text[i])) i++;
  };
  const string = (): string => {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): JsonNode => {
    skipSpace();
    const start = i;
    const children: JsonNode["children"] = [];
    if (text[i] === "{" || text[i] === "[") {
      const object = text[i] === "{";
      i++;
      skipSpace();
      while (i < text.length && text[i] !== (object ? "}" : "]")) {
        const keyStart = i;
        let key: string | number = children.length;
        if (object) {
          key = string();
          skipSpace();
          i++; // the colon
        }
        const node = value();
        children.push({ key, keyStart: object ? keyStart : node.start, node });
        skipSpace();
        if (text[i] === ",") i++;
        skipSpace();
      }
      i++;
    } else if (text[i] === '"') string();
    else while (i < text.length && !`,]}${SPACE}`.includes(text[i])) i++;
    return { start, end: i, children };
  };
  return value();
}

/** The member or item at `path` below `node`, with its key's offset; undefined when there is none. */
export function jsonAt(node: JsonNode, path: (string | number)[]): { keyStart: number; node: JsonNode } | undefined {
  let found: { keyStart: number; node: JsonNode } = { keyStart: node.start, node };
  for (const key of path) {
    const child = found.node.children.find((c) => c.key === key);
    if (!child) return undefined;
    found = child;
  }
  return found;
}

/**
 * The text with `item` (JSON) put into the array `array` before its item `index` (at the end for
 * its length), spaced as the items around it are: nothing else of the text changes.
 */
export function insertIntoArray(text: string, array: JsonNode, index: number, item: string): string {
  const items = array.children.map((c) => c.node);
  if (!items.length) return `${text.slice(0, array.start)}[${item}]${text.slice(array.end)}`;
  // What stands between one item's comma and the next (a line break and indentation, or a space);
  // for a lone item, what stands between the bracket and it.
  const gap =
    items.length > 1
      ? text.slice(text.indexOf(",", items[0].end) + 1, items[1].start)
      : text.slice(array.start + 1, items[0].start) || " ";
  if (index < items.length) {
    const at = items[index].start;
    return `${text.slice(0, at)}${item},${gap}${text.slice(at)}`;
  }
  const at = items[items.length - 1].end;
  return `${text.slice(0, at)},${gap}${item}${text.slice(at)}`;
}
