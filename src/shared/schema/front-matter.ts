// The front-matter keys of a doc, with what each value must be: those Docusaurus 3 documents for
// docs (plugin-content-docs) and authentik's own. src/node/content/frontmatter.ts reads the YAML
// and checks it against this schema, which is where the types come from.
import * as v from "valibot";

export type SupportLevel = "authentik" | "community" | "vendor" | "deprecated";
export const SUPPORT_LEVELS: readonly SupportLevel[] = ["authentik", "community", "vendor", "deprecated"];

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
