// Front matter: the YAML between the `---` lines that open a doc, checked against the schema of
// the keys Docusaurus 3 documents for docs (and authentik's own), errors pointing at the line.
// gray-matter finds it, as in Docusaurus, with its engines replaced so that only YAML is read (its
// own would run `---js` front matter as JavaScript); the `yaml` package parses YAML 1.2 (no
// implicit dates), limits alias expansion and gives each key's position; valibot checks the
// values and is where the types come from.
import matter from "gray-matter";
import * as v from "valibot";
import { type FrontMatterData, FrontMatterSchema, KNOWN_KEYS } from "../../shared/schema/front-matter.ts";
import { nearestOf } from "../util/nearest.ts";
import { SsodocsError } from "../errors.ts";
import { gotPart, schemaIssue } from "../util/schema-issue.ts";
import { readSimpleYaml } from "./simple-yaml.ts";
import { parseYamlDocument, yaml } from "./yaml.ts";

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

/** An engine gray-matter would run as code (`---js`) or read other than as YAML: refused, never run. */
const refused = (language: string, file: string) => () => {
  throw new SsodocsError(
    `front matter in "${language}" is not allowed: only YAML front matter (between --- lines) is read`,
    { file, line: 1 },
  );
};

/**
 * Where the front matter is: its YAML text and where the body starts, as gray-matter (which
 * Docusaurus uses) splits a doc. gray-matter's engines are replaced: every language but YAML is
 * refused (its `javascript` engine would run the front matter as code), and its YAML is handed
 * back as text, read below with the `yaml` package's limits.
 */
function split(source: string, file: string): { yaml: string; bodyStart: number; bodyLine: number } | null {
  if (!source.startsWith("---")) return null;
  let yaml = "";
  // The YAML's lines, each with its line break, as they stand in the file from its second line on.
  const keep = (text: string) => {
    yaml = `${text.replace(/^\r?\n/, "")}\n`;
    return {};
  };
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(source, {
      language: "yaml",
      engines: {
        yaml: keep,
        yml: keep,
        javascript: refused("javascript", file),
        js: refused("js", file),
        json: refused("json", file),
        coffee: refused("coffee", file),
        coffeescript: refused("coffeescript", file),
      },
    });
  } catch (error) {
    if (error instanceof SsodocsError) throw error;
    const language = /engine "([^"]*)"/.exec((error as Error).message)?.[1] ?? "another language";
    return refused(language, file)();
  }
  // `----` and the like: a rule, not front matter (as gray-matter reads it).
  if (parsed.content === source) return null;
  const afterOpening = source.slice(3);
  if (!/\n---/.test(afterOpening))
    throw new SsodocsError("front matter opened with --- is never closed", { file, line: 1 });
  const bodyStart = source.length - parsed.content.length;
  const bodyLine = source.slice(0, bodyStart).split("\n").length - (source.slice(0, bodyStart).endsWith("\n") ? 0 : 1);
  return { yaml, bodyStart, bodyLine };
}

/** Front matter read with the `yaml` package: the data and each top-level key's line in the file. */
function readYaml(text: string, file: string): { data: unknown; keyLines: Record<string, number> } {
  // Loaded the first time front matter is more than simple lines (simple-yaml.ts).
  const { LineCounter, isMap, isScalar } = yaml();
  const lineCounter = new LineCounter();
  const document = parseYamlDocument(text, { lineCounter, schema: "core", prettyErrors: false });
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
    // An oversized value is not echoed (the message says how long it is).
    const gotText = gotPart(issue, 200);
    throw new SsodocsError(`front matter "${issue.where}" ${issue.message}${gotText}`, {
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
