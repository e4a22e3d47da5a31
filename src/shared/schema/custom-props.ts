// A sidebar item's custom props, as Docusaurus takes them (front matter `sidebar_custom_props`,
// a sidebar item's or a `_category_` file's `customProps`): an object of JSON data the site's
// component overrides read as `item.customProps`. JSON data only (objects, lists, strings, finite
// numbers, true, false, null): a value is handed to components as it is written, the same in
// every build, and keyed by its JSON (src/node/pipeline/keys.ts). What the schema gives is a
// frozen copy, so no component can change what the next page sees.
import * as v from "valibot";
import { MAX_CUSTOM_PROPS_LENGTH, MAX_NESTING } from "../limits.ts";

export type CustomProps = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const pathText = (path: (string | number)[]) =>
  path.map((p, i) => (typeof p === "number" ? `[${p}]` : `${i ? "." : ""}${p}`)).join("");

/** What a value that is not JSON data is, in words. */
function kindOf(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "function") return "a function";
  if (typeof value === "symbol") return "a symbol";
  if (typeof value === "bigint") return "a bigint";
  if (value instanceof Date) return "a date";
  const name = (value as object).constructor?.name;
  return name ? `${/^[aeiou]/i.test(name) ? "an" : "a"} ${name}` : "an object that is not plain";
}

const STOP_WALK_AT = 4 * MAX_CUSTOM_PROPS_LENGTH;

function* indexes(length: number): Generator<number> {
  for (let i = 0; i < length; i++) yield i;
}

const JSON_ONLY = "custom props hold JSON data only (objects, lists, strings, numbers, true, false, null)";

/**
 * What keeps `value` (an object already) from being custom props, or null: a value inside that is
 * not JSON data, one that holds itself, nesting deeper than MAX_NESTING, or more than
 * MAX_CUSTOM_PROPS_LENGTH characters as JSON. The walk counts no more characters than the JSON
 * has, and at least one for each value, so it stops after a few thousand steps however large the
 * value: once the count is well past the limit (else the JSON's length is told exactly).
 */
function customPropsProblem(value: Record<string, unknown>): string | null {
  const tooLong = (has: string) => `may be at most ${MAX_CUSTOM_PROPS_LENGTH} characters as JSON (they have ${has})`;
  let length = 0;
  const holding = new Set<object>();
  const walk = (inner: unknown, path: (string | number)[]): string | null => {
    const at = path.length ? ` at "${pathText(path)}"` : "";
    if (inner === null || typeof inner === "boolean") length += 4;
    else if (typeof inner === "string") length += inner.length + 2;
    else if (typeof inner === "number") {
      if (!Number.isFinite(inner)) return `holds ${kindOf(inner)}${at}: ${JSON_ONLY}`;
      length += String(inner).length;
    } else {
      const list = Array.isArray(inner) && Object.getPrototypeOf(inner) === Array.prototype;
      if (!list && !isPlainObject(inner)) return `holds ${kindOf(inner)}${at}: ${JSON_ONLY}`;
      if (holding.has(inner)) return `holds itself${at}: ${JSON_ONLY}`;
      if (path.length >= MAX_NESTING) return `nests deeper than ${MAX_NESTING} levels${at}`;
      holding.add(inner);
      // Indexes one at a time: a list's length may be a billion holes.
      const keys: Iterable<string | number> = list ? indexes(inner.length) : Object.keys(inner);
      length += 2;
      let first = true;
      for (const key of keys) {
        // A comma before each entry but the first; an object's key in quotes, and a colon.
        length += (first ? 0 : 1) + (typeof key === "string" ? key.length + 3 : 0);
        first = false;
        const problem = walk((inner as Record<string | number, unknown>)[key], [...path, key]);
        if (problem) return problem;
        if (length > STOP_WALK_AT) break;
      }
      holding.delete(inner);
    }
    return length > STOP_WALK_AT ? tooLong(`more than ${STOP_WALK_AT}`) : null;
  };
  const problem = walk(value, []);
  if (problem) return problem;
  const json = JSON.stringify(value);
  return json.length > MAX_CUSTOM_PROPS_LENGTH ? tooLong(String(json.length)) : null;
}

function frozen<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * Custom props: an object (`notObject` says what it must be otherwise) of JSON data. The output is
 * a frozen copy (JSON's own, so a key such as `__proto__` stays a key).
 */
export const customPropsSchema = (notObject = "must be an object of key: value pairs") =>
  v.pipe(
    v.custom<CustomProps>(isPlainObject, notObject),
    v.check(
      (value) => customPropsProblem(value) === null,
      (issue) => customPropsProblem(issue.input as CustomProps) ?? "",
    ),
    v.transform((value): CustomProps => frozen(JSON.parse(JSON.stringify(value)) as CustomProps)),
  );
