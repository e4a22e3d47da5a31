// What is wrong with a value a valibot schema rejected, said the one way ssodocs says it (for the
// config, front matter, category files and sidebars), found with valibot's public API only: the
// issues, their paths, and parsing again.
import * as v from "valibot";

type Key = string | number;
type Issue = v.BaseIssue<unknown>;

/** The issue that says most about a rejected value. */
interface SchemaIssue {
  /** The keys and indexes from the checked value to the bad one (none: the value itself). */
  path: Key[];
  /** The path as written in JavaScript: `navbar.items[0].href`. */
  where: string;
  /** What the value must be (the schema's message), or "is missing". */
  message: string;
  /** What was found there: its JSON, `nothing`, or `a function`. */
  got: string;
  /** A key the object does not take (the last of `path`), else null. */
  unknownKey: string | null;
  /** For an unknown key, keys its object does take, where they can be known... */
  knownKeys: string[];
  /** ...and whether they are all of them (else keys left out without a default are not among them). */
  allKnown: boolean;
}

/** `a.b[0].c`, as a reader writes the path. */
export function pathText(path: Key[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : `${i ? "." : ""}${p}`)).join("");
}

const keysOf = (issue: Issue): Key[] => (issue.path ?? []).map((p) => p.key as Key);
const isObjectIssue = (issue: Issue) => issue.kind === "schema" && /object$/.test(issue.type);
const isUnknownKey = (issue: Issue) => isObjectIssue(issue) && issue.expected === "never";
/** A required key that is not there: valibot reports it with its object's message. */
const isMissingKey = (issue: Issue) => isObjectIssue(issue) && !isUnknownKey(issue) && issue.received === "undefined";

/**
 * The deepest issue below `issue` with its full path. A union's issue holds each alternative's
 * (their paths start at the union); the one that got furthest says what is wrong, and of equally
 * deep ones, one about a value that is there rather than a missing key.
 */
function deepest(issue: Issue): { issue: Issue; path: Key[] } {
  let path = keysOf(issue);
  const score = (i: Issue) =>
    (i.path?.length ?? 0) * 4 + (i.received === "undefined" ? 0 : 2) + (i.expected === "never" ? 0 : 1);
  for (;;) {
    const next = [...(issue.issues ?? [])].sort((a, b) => score(b) - score(a))[0];
    if (!next?.path?.length) return { issue, path };
    issue = next;
    path = [...path, ...keysOf(next)];
  }
}

/** Every issue in the tree below `issues` with its full path. */
function* allIssues(issues: readonly Issue[], base: Key[] = []): Generator<{ issue: Issue; path: Key[] }> {
  for (const issue of issues) {
    const path = [...base, ...keysOf(issue)];
    yield { issue, path };
    if (issue.issues) yield* allIssues(issue.issues, path);
  }
}

const valueAt = (input: unknown, path: Key[]): unknown =>
  path.reduce<unknown>(
    (value, key) => (value !== null && typeof value === "object" ? (value as never)[key] : undefined),
    input,
  );

/** A copy of `input` with the value at `path` replaced (undefined: the key is there, its value undefined) or, with `remove`, deleted. */
function withValueAt(input: unknown, path: Key[], remove = false): unknown {
  if (!path.length || input === null || typeof input !== "object") return input;
  const [key, ...rest] = path;
  const copy = (Array.isArray(input) ? [...input] : { ...input }) as Record<Key, unknown>;
  if (rest.length) copy[key] = withValueAt(copy[key], rest, remove);
  else if (remove) delete copy[key];
  else copy[key] = undefined;
  return copy;
}

const samePath = (a: Key[], b: Key[]) => a.length === b.length && a.every((k, i) => k === b[i]);
/** valibot's own messages ("Invalid key: ...") are for programmers; the schemas' own say what a value must be. */
const ownMessage = (message: string) => !/^Invalid [a-z]+:/.test(message);

/**
 * What a missing key must be: its own schema's message, found by checking the value again with the
 * key there and undefined (valibot reports a missing key with its object's message).
 */
function missingKeyMessage(schema: v.GenericSchema, input: unknown, path: Key[]): string {
  const again = v.safeParse(schema, withValueAt(input, path));
  if (again.success) return "is missing";
  for (const found of allIssues(again.issues))
    if (samePath(found.path, path) && !isMissingKey(found.issue) && ownMessage(found.issue.message))
      return found.issue.message;
  return "is missing";
}

/**
 * Keys the object holding the unknown key at `path` takes: all of them where its schema gives
 * defaults for them, else those of what it becomes once the unknown key is gone (without the keys
 * left out that have no default).
 */
function knownKeysAt(schema: v.GenericSchema, input: unknown, path: Key[]): { keys: string[]; all: boolean } {
  const parent = path.slice(0, -1);
  const keys = (value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : [];
  const defaults = keys(valueAt(v.getDefaults(schema as Parameters<typeof v.getDefaults>[0]), parent));
  if (defaults.length) return { keys: defaults, all: true };
  const again = v.safeParse(schema, withValueAt(input, path, true));
  return { keys: again.success ? keys(valueAt(again.output, parent)) : [], all: false };
}

function gotText(value: unknown, missing: boolean): string {
  if (missing || value === undefined) return "nothing";
  if (typeof value === "function") return "a function";
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * ` (got <the value's JSON>)` to end a message with, or nothing: where the JSON is longer than
 * `max`, or where the message says itself what the value holds that it may not (custom props:
 * `holds a function at "render"`, which their JSON would leave out).
 */
export function gotPart(issue: SchemaIssue, max = Number.POSITIVE_INFINITY): string {
  if (issue.got.length > max || /^(?:holds|nests) /.test(issue.message)) return "";
  return ` (got ${issue.got})`;
}

/** The issue of a rejected `input` that says most, as ssodocs reports it. */
export function schemaIssue(schema: v.GenericSchema, input: unknown, issues: readonly Issue[]): SchemaIssue {
  const { issue, path } = deepest(issues[0]);
  const missing = isMissingKey(issue) && path.length > 0;
  const unknownKey = isUnknownKey(issue) && path.length > 0 ? String(path[path.length - 1]) : null;
  const known = unknownKey === null ? { keys: [], all: false } : knownKeysAt(schema, input, path);
  return {
    path,
    where: pathText(path),
    message: missing ? missingKeyMessage(schema, input, path) : issue.message,
    got: gotText(unknownKey === null ? valueAt(input, path) : undefined, missing),
    unknownKey,
    knownKeys: known.keys,
    allKnown: known.all,
  };
}
