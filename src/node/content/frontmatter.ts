// Front matter: parsed with gray-matter, checked field by field, errors pointing at the line.
import type GrayMatter from "gray-matter";
import { SUPPORT_LEVELS, type FrontMatter } from "../../shared/types.ts";
import { hashOf, type KeptStrings } from "../cache.ts";
import { SsodocsError } from "../errors.ts";

export interface ParsedSource {
  frontMatter: FrontMatter;
  body: string;
  /** 1-based line of the file on which the body starts. */
  bodyLine: number;
  /** 1-based line of each front-matter key, for messages about its value. */
  keyLines: Record<string, number>;
}

const KNOWN_KEYS = new Set([
  "title",
  "sidebar_label",
  "support_level",
  "tags",
  "description",
  "authentik_preview",
  "authentik_enterprise",
  "authentik_version",
  "hide_table_of_contents",
  "slug",
  "id",
  "sidebar_position",
  "keywords",
  "draft",
]);

/** 1-based line of each top-level `key:` of the front matter, so a bad value can be pointed at. */
function keyLinesOf(source: string): Map<string, number> {
  const lines = new Map<string, number>();
  let start = source.indexOf("\n") + 1;
  for (let line = 2; start > 0 && start < source.length; line++) {
    const end = source.indexOf("\n", start);
    const text = source.slice(start, end === -1 ? source.length : end);
    if (/^---\s*$/.test(text)) break;
    const key = /^([^\s:#][^:]*):/.exec(text)?.[1];
    if (key !== undefined && !lines.has(key)) lines.set(key, line);
    start = end + 1;
  }
  return lines;
}

/** A file's front matter as parsed, and the body (the text after it). */
interface SplitSource {
  data: Record<string, unknown>;
  body: string;
}

/** Whether a value comes back the same from JSON: plain objects, arrays, strings, finite numbers, booleans, null. */
function survivesJson(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(survivesJson);
  if (typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(survivesJson);
}

let matter: typeof GrayMatter | undefined;

/**
 * Loads gray-matter (with js-yaml), which front matter that is not in the cache needs: only
 * then, as loading it was a good part of every command's start.
 */
export async function loadFrontMatterParser(): Promise<void> {
  matter ??= (await import("gray-matter")).default;
}

/** Front matter kept by earlier builds, and the key a file's is kept under (`frontMatterKey`). */
export interface KeptFrontMatter {
  strings: KeptStrings;
  key: string;
}

/** What a file's front matter is kept under: a hash of its text. */
export const frontMatterKey = (source: string): string => hashOf(source);

/**
 * Splits a file into front matter and body with gray-matter. With `kept`, the result is kept
 * (the data as JSON, where the body starts), so a file that has not changed is not parsed again:
 * YAML parsing was a good part of every build's start.
 */
function splitSource(source: string, kept: KeptFrontMatter | undefined): SplitSource {
  const key = kept?.key ?? "";
  const known = kept?.strings.get(key);
  if (known !== undefined) {
    try {
      const { data, bodyStart } = JSON.parse(known) as { data: Record<string, unknown>; bodyStart: number };
      const isObject = typeof data === "object" && data !== null && !Array.isArray(data);
      if (isObject && Number.isInteger(bodyStart) && bodyStart >= 0 && bodyStart <= source.length) return { data, body: source.slice(bodyStart) };
    } catch {
      // A damaged entry: parsed again below.
    }
  }
  if (!matter) throw new Error("the front matter parser is not loaded (loadFrontMatterParser)");
  // A fresh options object keeps gray-matter from caching results between builds.
  const parsed = matter(source, {});
  const data = (parsed.data ?? {}) as Record<string, unknown>;
  // Only what JSON gives back unchanged is kept (a YAML date, say, is not).
  if (kept && survivesJson(data) && source.endsWith(parsed.content)) {
    kept.strings.set(key, JSON.stringify({ data, bodyStart: source.length - parsed.content.length }));
  }
  return { data, body: parsed.content };
}

/**
 * A file's front matter, checked, and its body. `kept`: front matter parsed by earlier builds
 * (see splitSource); for any other, the parser must be loaded (`loadFrontMatterParser`).
 */
export function parseFrontMatter(source: string, file: string, kept?: KeptFrontMatter): ParsedSource {
  if (source.charCodeAt(0) === 0xfeff) source = source.slice(1);
  const opens = /^---\r?\n/.test(source);
  if (opens && !/\r?\n---\s*(\r?\n|$)/.test(source.slice(3))) {
    throw new SsodocsError("front matter opened with --- is never closed", { file, line: 1 });
  }
  let parsed: SplitSource;
  try {
    parsed = splitSource(source, kept);
  } catch (error) {
    const e = error as Error & { mark?: { line: number }; reason?: string };
    // gray-matter hands js-yaml the text after the opening "---" including its line break, so mark.line counts from file line 1.
    const line = e.mark ? e.mark.line + 1 : 1;
    throw new SsodocsError(`invalid YAML front matter: ${e.reason ?? e.message.split("\n")[0]}`, { file, line });
  }
  const { data } = parsed;
  const keyLines = opens ? keyLinesOf(source) : new Map<string, number>();
  const lineOfKey = (key: string) => keyLines.get(key);
  const bad = (key: string, expected: string): never => {
    throw new SsodocsError(`front matter "${key}" must be ${expected} (got ${JSON.stringify(data[key])})`, {
      file,
      line: lineOfKey(key),
    });
  };
  const optionalString = (key: string) => {
    if (data[key] !== undefined && (typeof data[key] !== "string" || (data[key] as string).trim() === "")) bad(key, "a non-empty string");
  };
  const optionalBoolean = (key: string) => {
    if (data[key] !== undefined && typeof data[key] !== "boolean") bad(key, "true or false");
  };

  for (const key of Object.keys(data)) {
    if (!KNOWN_KEYS.has(key)) {
      throw new SsodocsError(`unknown front matter key "${key}" (known: ${[...KNOWN_KEYS].join(", ")})`, {
        file,
        line: lineOfKey(key),
      });
    }
  }
  if (data.title === undefined) throw new SsodocsError('front matter has no "title"; every page needs one', { file, line: 1 });
  optionalString("title");
  optionalString("sidebar_label");
  optionalString("description");
  optionalString("slug");
  optionalBoolean("authentik_preview");
  optionalBoolean("authentik_enterprise");
  optionalBoolean("hide_table_of_contents");
  if (data.authentik_version !== undefined && typeof data.authentik_version !== "string") bad("authentik_version", 'a quoted version such as "2025.2.0"');
  if (data.support_level !== undefined && !SUPPORT_LEVELS.includes(data.support_level as never)) {
    bad("support_level", `one of ${SUPPORT_LEVELS.join(", ")}`);
  }
  let tags: string[] = [];
  if (data.tags !== undefined) {
    if (!Array.isArray(data.tags) || data.tags.some((t) => typeof t !== "string" || !/^[a-z0-9][a-z0-9-]*$/.test(t))) {
      bad("tags", "a list of lower-case tag names such as [integration, apple]");
    }
    tags = [...new Set(data.tags as string[])];
  }
  if (data.slug !== undefined && /[?#\s]/.test(data.slug as string)) bad("slug", "a path without spaces, ? or #");
  const keywords = data.keywords;
  const words = Array.isArray(keywords) && keywords.every((k) => typeof k === "string" && k.trim() !== "");
  if (keywords !== undefined && !words) {
    bad("keywords", "a list of words or phrases such as [rdp, remote desktop]");
  }

  const frontMatter: FrontMatter = {
    title: data.title as string,
    tags,
  };
  for (const key of [
    "sidebar_label",
    "support_level",
    "description",
    "authentik_preview",
    "authentik_enterprise",
    "authentik_version",
    "hide_table_of_contents",
    "slug",
    "keywords",
  ] as const) {
    if (data[key] !== undefined) (frontMatter as unknown as Record<string, unknown>)[key] = data[key];
  }
  const matterLines = opens ? source.slice(0, source.length - parsed.body.length).split("\n").length - 1 : 0;
  const linesOfKeys: Record<string, number> = {};
  for (const key of Object.keys(data)) {
    const line = lineOfKey(key);
    if (line) linesOfKeys[key] = line;
  }
  return { frontMatter, body: parsed.body, bodyLine: matterLines + 1, keyLines: linesOfKeys };
}
