// What may become part of a route: a doc's id and slug, a file or folder name, a generated
// index's slug, a tag's permalink. Each is written into the output as a path, so a `..` segment
// would lead out of the output folder and a `?`, `#` or `%` would make an address that names
// another file than the one written.
import * as v from "valibot";

/** Why a path may not become part of a route (no `.` or `..` segment, no `\`, `?`, `#`, `%` or control character), or null. */
export function unsafeRoutePart(value: string): string | null {
  if (/[\u0000-\u001f\u007f]/.test(value)) return "a control character";
  if (value.includes("\\")) return "a backslash";
  const special = /[?#%]/.exec(value);
  if (special) return `"${special[0]}"`;
  if (value.split("/").some((segment) => segment === "." || segment === "..")) return 'a "." or ".." segment';
  return null;
}

/** A check to add to a string schema whose value becomes part of a route. */
export const safeRoutePart = v.check<string, (issue: v.CheckIssue<string>) => string>(
  (value) => unsafeRoutePart(value) === null,
  (issue) => `may not contain ${unsafeRoutePart(String(issue.input))}`,
);
