// The front matter most docs have, read without a YAML parser: `key: value` lines whose values
// are plain, quoted or null scalars or flow lists of them (`tags: [a, b]`), or block lists of such
// scalars. Loading and warming up the `yaml` package took longer than the rest of a build that
// finds every page in the store. Anything else returns null, and `yaml` reads it. Where this
// reads a value, it reads what `yaml` reads with the core schema (YAML 1.2); a property test
// holds the two to that.

/** A value read, and the 1-based line of each key (counted from the first line of the text). */
export interface SimpleYaml {
  data: Record<string, unknown>;
  keyLines: Record<string, number>;
}

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ \t]+(.*))?$/;
const ITEM = /^( +)-(?:[ \t]+(.*))?$/;

/** A plain scalar as the core schema resolves it. */
function resolvePlain(text: string): unknown {
  if (/^(?:~|null|Null|NULL)?$/.test(text)) return null;
  if (/^(?:true|True|TRUE)$/.test(text)) return true;
  if (/^(?:false|False|FALSE)$/.test(text)) return false;
  if (/^[-+]?[0-9]+$/.test(text)) return Number(text);
  if (/^0o[0-7]+$/.test(text)) return Number.parseInt(text.slice(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return Number.parseInt(text.slice(2), 16);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(text)) return Number.parseFloat(text);
  if (/^[-+]?\.(?:inf|Inf|INF)$/.test(text)) return text.startsWith("-") ? -Infinity : Infinity;
  if (/^\.(?:nan|NaN|NAN)$/.test(text)) return Number.NaN;
  return text;
}

/** One scalar (the whole of `text`, comments stripped), or undefined when it is not one this reads. */
function scalar(text: string, flow: boolean): { value: unknown } | undefined {
  const t = text.trim();
  if (t.startsWith('"')) {
    // Only the escapes JSON shares with YAML; any other goes to `yaml`.
    const m = /^"((?:[^"\\\u0000-\u001f]|\\["\\/nt])*)"$/.exec(t);
    return m ? { value: JSON.parse(`"${m[1]}"`) } : undefined;
  }
  if (t.startsWith("'")) {
    const m = /^'((?:[^'\u0000-\u001f]|'')*)'$/.exec(t);
    return m ? { value: m[1].replace(/''/g, "'") } : undefined;
  }
  // A plain scalar: no indicator first, no ": " or " #" inside, none of the flow indicators in a list.
  if (
    /^[-?:,[\]{}#&*!|>'"%@`]/.test(t) ||
    /:(?:\s|$)|\s#/.test(t) ||
    /[\u0000-\u001f\u007f\ufeff]/.test(t.replace(/\t/g, " "))
  )
    return undefined;
  if (flow && /[,[\]{}]/.test(t)) return undefined;
  return { value: resolvePlain(t) };
}

/** A line's value with a trailing comment (` # ...`) removed, unless it may be inside quotes. */
function withoutComment(value: string): string {
  if (/["']/.test(value)) return value;
  const at = value.search(/\s#/);
  return at < 0 ? value : value.slice(0, at);
}

function flowList(text: string): { value: unknown[] } | undefined {
  const inner = text.trim().slice(1, -1);
  if (inner.trim() === "") return { value: [] };
  const items: unknown[] = [];
  for (const part of inner.split(",")) {
    if (part.trim() === "" || /["']/.test(part)) return undefined;
    const item = scalar(part, true);
    if (!item) return undefined;
    items.push(item.value);
  }
  return { value: items };
}

/** Reads `text` if it is of the simple kind; null when `yaml` must. */
export function readSimpleYaml(text: string): SimpleYaml | null {
  const data: Record<string, unknown> = Object.create(null);
  const keyLines: Record<string, number> = {};
  const lines = text.split(/\r?\n/);
  let list: unknown[] | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*(?:#.*)?$/.test(line)) continue;
    const item = ITEM.exec(line);
    if (item && list) {
      const value = scalar(withoutComment(item[2] ?? ""), false);
      if (!value || item[2] === undefined) return null;
      list.push(value.value);
      continue;
    }
    const m = KEY.exec(line);
    if (!m || m[1] in data || m[1] === "__proto__") return null;
    const raw = withoutComment(m[2] ?? "").trim();
    keyLines[m[1]] = i + 1;
    list = null;
    if (raw === "") {
      // A null, unless a block list follows (the next line that is not blank or a comment).
      let j = i + 1;
      while (j < lines.length && /^\s*(?:#.*)?$/.test(lines[j])) j++;
      const next = lines[j];
      if (next !== undefined && ITEM.test(next)) data[m[1]] = list = [];
      else if (next !== undefined && /^\s/.test(next)) return null;
      else data[m[1]] = null;
      continue;
    }
    const value = raw.startsWith("[") && raw.endsWith("]") ? flowList(raw) : scalar(raw, false);
    if (!value) return null;
    data[m[1]] = value.value;
  }
  return { data: { ...data }, keyLines };
}
