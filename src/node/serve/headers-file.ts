// The `_headers` file of a built site, read as the hosts that read it (Netlify, Cloudflare Pages)
// do, so `ssodocs serve` sends what they would: blocks of a path pattern, then indented
// `Name: value` lines; `*` matches anything, `:name` one path segment; every block whose pattern
// matches a path applies, and a header set twice has its values joined with ", " (an identical
// value once).

/** One block: its pattern, cut into literal text, `*` and `:name` parts, and its headers. */
export interface HeaderRule {
  parts: ({ text: string } | { star: true } | { segment: true })[];
  headers: [name: string, value: string][];
}

function patternParts(pattern: string): HeaderRule["parts"] {
  const parts: HeaderRule["parts"] = [];
  for (const m of pattern.matchAll(/(\*)|:[A-Za-z_]\w*|[^*:]+|:/g)) {
    if (m[1]) parts.push({ star: true });
    else if (m[0].length > 1 && m[0].startsWith(":")) parts.push({ segment: true });
    else parts.push({ text: m[0] });
  }
  return parts;
}

/** The blocks of a `_headers` text; lines that fit no block (comments, absolute URLs, stray values) are skipped. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | null = null;
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      // A pattern of this site's paths (a full URL names another host).
      current = trimmed.startsWith("/") ? { parts: patternParts(trimmed), headers: [] } : null;
      if (current) rules.push(current);
      continue;
    }
    const at = trimmed.indexOf(":");
    if (current && at > 0) current.headers.push([trimmed.slice(0, at).trim(), trimmed.slice(at + 1).trim()]);
  }
  return rules;
}

/**
 * Whether a path matches a block's pattern, in time proportional to the path's length times the
 * pattern's (a pattern of many `*` made a regular expression backtrack without end).
 */
function matches(parts: HeaderRule["parts"], urlPath: string): boolean {
  const n = urlPath.length;
  // reach[i]: the parts so far can match the path's first i characters.
  let reach = new Uint8Array(n + 1);
  reach[0] = 1;
  for (const part of parts) {
    const next = new Uint8Array(n + 1);
    if ("text" in part) {
      for (let i = 0; i + part.text.length <= n; i++)
        if (reach[i] && urlPath.startsWith(part.text, i)) next[i + part.text.length] = 1;
    } else {
      // `*` takes any run of characters, `:name` one or more that are not "/".
      let open = false;
      for (let i = 0; i <= n; i++) {
        if ("segment" in part && i > 0 && urlPath[i - 1] === "/") open = false;
        if (open || ("star" in part && reach[i])) next[i] = 1;
        if (reach[i]) open = true;
      }
    }
    reach = next;
  }
  return reach[n] === 1;
}

/** The headers for a path: `base` first, then those of every block that matches it, in order. */
export function headersFor(rules: HeaderRule[], urlPath: string, base: Record<string, string>): Record<string, string> {
  const out = new Map<string, { name: string; values: string[] }>();
  const add = (name: string, value: string) => {
    const key = name.toLowerCase();
    const entry = out.get(key) ?? { name, values: [] };
    if (!entry.values.includes(value)) entry.values.push(value);
    out.set(key, entry);
  };
  for (const [name, value] of Object.entries(base)) add(name, value);
  for (const rule of rules)
    if (matches(rule.parts, urlPath)) for (const [name, value] of rule.headers) add(name, value);
  return Object.fromEntries([...out.values()].map(({ name, values }) => [name, values.join(", ")]));
}
