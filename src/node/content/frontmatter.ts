// Front matter: the YAML between the `---` lines that open a doc, checked against the schema of
// the keys Docusaurus 3 documents for docs (and authentik's own), errors pointing at the line.
// Only YAML is read: gray-matter, used before, also ran `---js` front matter as JavaScript. The
// `yaml` package parses YAML 1.2 (no implicit dates), limits alias expansion and gives each key's
// position; valibot checks the values and is where the types come from.
import { createRequire } from "node:module";
import * as v from "valibot";
import type * as Yaml from "yaml";
import { SUPPORT_LEVELS } from "../../shared/types.ts";
import { SsodocsError } from "../errors.ts";
import { schemaIssue } from "../util/schema-issue.ts";
import { readSimpleYaml } from "./simple-yaml.ts";

const text = (what = "a string") => v.string(`must be ${what}`);
const nonEmpty = v.pipe(text("a non-empty string"), v.trim(), v.minLength(1, "must be a non-empty string"));
const flag = v.boolean("must be true or false");
const headingLevel = v.pipe(
  v.number("must be a number from 2 to 6"),
  v.integer("must be a whole number"),
  v.minValue(2, "must be at least 2"),
  v.maxValue(6, "must be at most 6"),
);
/** Whether a path (a slug, a file or folder name) may become part of a route: no `.` or `..` segment, no `\\`, `?`, `#`, `%` or control character. */
export function unsafeRoutePart(value: string): string | null {
  if (/[\u0000-\u001f\u007f]/.test(value)) return "a control character";
  if (value.includes("\\")) return "a backslash";
  const special = /[?#%]/.exec(value);
  if (special) return `"${special[0]}"`;
  if (value.split("/").some((segment) => segment === "." || segment === "..")) return 'a "." or ".." segment';
  return null;
}
const routePart = v.pipe(
  nonEmpty,
  v.check(
    (value) => unsafeRoutePart(value) === null,
    (issue) => `may not contain ${unsafeRoutePart(String(issue.input))}`,
  ),
);
const docRef = v.union([v.null(), nonEmpty], "must be a doc id or null");
const tag = v.union(
  [nonEmpty, v.object({ label: nonEmpty, permalink: v.optional(nonEmpty), description: v.optional(text()) })],
  "must be a tag name or { label, permalink }",
);

/** Every front-matter key of a doc, with what its value must be. */
export const FrontMatterSchema = v.object({
  // Docusaurus 3 (plugin-content-docs).
  id: v.optional(routePart),
  title: v.optional(nonEmpty),
  hide_title: v.optional(flag),
  hide_table_of_contents: v.optional(flag),
  keywords: v.optional(v.array(nonEmpty, "must be a list of words or phrases such as [rdp, remote desktop]")),
  image: v.optional(nonEmpty),
  description: v.optional(text()),
  slug: v.optional(routePart),
  sidebar_label: v.optional(nonEmpty),
  sidebar_position: v.optional(v.pipe(v.number("must be a number"), v.finite("must be a number"))),
  sidebar_class_name: v.optional(nonEmpty),
  sidebar_custom_props: v.optional(v.record(v.string(), v.unknown(), "must be a set of key: value lines")),
  sidebar_key: v.optional(nonEmpty),
  displayed_sidebar: v.optional(v.union([v.null(), nonEmpty], "must be a sidebar id or null")),
  pagination_label: v.optional(nonEmpty),
  pagination_prev: v.optional(docRef),
  pagination_next: v.optional(docRef),
  custom_edit_url: v.optional(v.union([v.null(), nonEmpty], "must be a URL or null")),
  parse_number_prefixes: v.optional(flag),
  toc_min_heading_level: v.optional(headingLevel),
  toc_max_heading_level: v.optional(headingLevel),
  tags: v.optional(v.array(tag, "must be a list of tags such as [integration, apple]")),
  draft: v.optional(flag),
  unlisted: v.optional(flag),
  last_update: v.optional(
    v.object(
      {
        date: v.optional(v.union([nonEmpty, v.date()], "must be a date such as 2025-01-31")),
        author: v.optional(nonEmpty),
      },
      "must be { date, author }",
    ),
  ),
  // authentik's own.
  support_level: v.optional(v.picklist(SUPPORT_LEVELS, `must be one of ${SUPPORT_LEVELS.join(", ")}`)),
  authentik_preview: v.optional(flag),
  authentik_enterprise: v.optional(flag),
  authentik_version: v.optional(text('a quoted version such as "2025.2.0"')),
});

export type FrontMatterData = v.InferOutput<typeof FrontMatterSchema>;
export const KNOWN_KEYS: readonly string[] = Object.keys(FrontMatterSchema.entries);

/** A key the schema does not know, where it is, and the known key it most resembles. */
export interface UnknownKey {
  key: string;
  line: number;
  nearest: string | null;
}

export interface ParsedSource {
  frontMatter: FrontMatterData;
  body: string;
  /** 1-based line of the file on which the body starts. */
  bodyLine: number;
  /** 1-based line of each front-matter key, for messages about its value. */
  keyLines: Record<string, number>;
  unknownKeys: UnknownKey[];
}

/** Alias expansions allowed in one front matter: a few are normal, an alias bomb has millions. */
const MAX_ALIASES = 100;

/** Edit distance, for "did you mean" hints. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

export function nearestOf(word: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of known) {
    const d = distance(word, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/** Where the front matter is: its YAML text, the line it starts on, and where the body starts. */
function split(source: string, file: string): { yaml: string; bodyStart: number; bodyLine: number } | null {
  const opening = /^---([^\r\n]*)\r?\n/.exec(source);
  if (!opening) return null;
  const language = opening[1].trim();
  if (language !== "" && !/^ya?ml$/i.test(language)) {
    throw new SsodocsError(
      `front matter in "${language}" is not allowed: only YAML front matter (between --- lines) is read`,
      { file, line: 1 },
    );
  }
  const closing = /^---[ \t]*(?:\r?\n|$)/m;
  const rest = source.slice(opening[0].length);
  const close = closing.exec(rest);
  if (!close) throw new SsodocsError("front matter opened with --- is never closed", { file, line: 1 });
  const yaml = rest.slice(0, close.index);
  const bodyStart = opening[0].length + close.index + close[0].length;
  const bodyLine = source.slice(0, bodyStart).split("\n").length - (source.slice(0, bodyStart).endsWith("\n") ? 0 : 1);
  return { yaml, bodyStart, bodyLine };
}

let yamlPackage: typeof Yaml | undefined;
/** The `yaml` package, loaded the first time front matter is more than simple lines (simple-yaml.ts). */
const yaml = () => (yamlPackage ??= createRequire(import.meta.url)("yaml") as typeof Yaml);

/** Front matter read with the `yaml` package: the data and each top-level key's line in the file. */
function readYaml(text: string, file: string): { data: unknown; keyLines: Record<string, number> } {
  const { LineCounter, parseDocument, isMap, isScalar } = yaml();
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, schema: "core", prettyErrors: false });
  // The YAML starts on the file's second line.
  const fileLine = (offset: number) => lineCounter.linePos(offset).line + 1;
  const [error] = document.errors;
  if (error)
    throw new SsodocsError(`invalid YAML front matter: ${error.message.split("\n")[0]}`, {
      file,
      line: fileLine(error.pos[0]),
    });
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (e) {
    const message = /alias/i.test((e as Error).message)
      ? `YAML aliases expand more than ${MAX_ALIASES} times`
      : (e as Error).message;
    throw new SsodocsError(`invalid YAML front matter: ${message}`, { file, line: 2 });
  }
  const keyLines: Record<string, number> = {};
  if (isMap(document.contents)) {
    for (const pair of document.contents.items) {
      if (isScalar(pair.key) && pair.key.range) keyLines[String(pair.key.value)] = fileLine(pair.key.range[0]);
    }
  }
  return { data, keyLines };
}

/** A file's front matter, checked, and its body. */
export function parseFrontMatter(source: string, file: string): ParsedSource {
  if (source.charCodeAt(0) === 0xfeff) source = source.slice(1);
  const found = split(source, file);
  if (!found) return { frontMatter: {}, body: source, bodyLine: 1, keyLines: {}, unknownKeys: [] };
  const simple = readSimpleYaml(found.yaml);
  // Lines count from the file's first line, the opening "---".
  const read = simple
    ? { data: simple.data, keyLines: Object.fromEntries(Object.entries(simple.keyLines).map(([k, l]) => [k, l + 1])) }
    : readYaml(found.yaml, file);
  const data = read.data ?? {};
  const keyLines = read.keyLines;
  if (typeof data !== "object" || Array.isArray(data))
    throw new SsodocsError("front matter must be a set of `key: value` lines", { file, line: 2 });
  const record = data as Record<string, unknown>;
  const unknownKeys = Object.keys(record)
    .filter((key) => !KNOWN_KEYS.includes(key))
    .map((key) => ({ key, line: keyLines[key] ?? 1, nearest: nearestOf(key, KNOWN_KEYS) }));
  const known = Object.fromEntries(Object.entries(record).filter(([key]) => KNOWN_KEYS.includes(key)));
  const result = v.safeParse(FrontMatterSchema, known);
  if (!result.success) {
    const issue = schemaIssue(FrontMatterSchema, known, result.issues);
    const key = String(issue.path[0] ?? "");
    throw new SsodocsError(`front matter "${issue.where}" ${issue.message} (got ${issue.got})`, {
      file,
      line: keyLines[key] ?? 1,
    });
  }
  const { toc_min_heading_level: min, toc_max_heading_level: max } = result.output;
  if (min !== undefined && max !== undefined && min > max)
    throw new SsodocsError(
      `front matter "toc_min_heading_level" (${min}) must be at most toc_max_heading_level (${max})`,
      {
        file,
        line: keyLines.toc_min_heading_level ?? 1,
      },
    );
  return {
    frontMatter: result.output,
    body: source.slice(found.bodyStart),
    bodyLine: found.bodyLine,
    keyLines,
    unknownKeys,
  };
}
