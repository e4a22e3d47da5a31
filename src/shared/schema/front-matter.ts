// The front-matter keys of a doc, with what each value must be: those Docusaurus 3 documents for
// docs (plugin-content-docs) and authentik's own. src/node/content/frontmatter.ts reads the YAML
// and checks it against this schema, which is where the types come from.
import * as v from "valibot";
import { customPropsSchema } from "./custom-props.ts";
import { safeRoutePart } from "./route-part.ts";
import { MAX_DESCRIPTION_LENGTH, MAX_KEYWORDS_LENGTH, MAX_LABEL_LENGTH } from "../limits.ts";

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
const routePart = v.pipe(nonEmpty, safeRoutePart);
const docRef = v.union([v.null(), nonEmpty], "must be a doc id or null");
/** At most `max` characters: a value shown on other pages is copied into each of them. */
const upTo = (max: number) =>
  v.maxLength<string, number, (issue: v.MaxLengthIssue<string, number>) => string>(
    max,
    (issue) => `may be at most ${max} characters (it has ${issue.received})`,
  );
/** A string shown on other pages than its own (in the sidebar, on tag pages, in cards). */
const label = v.pipe(nonEmpty, upTo(MAX_LABEL_LENGTH));
const tag = v.union(
  [label, v.object({ label, permalink: v.optional(v.pipe(label, safeRoutePart)), description: v.optional(text()) })],
  "must be a tag name or { label, permalink }",
);
/** An address an edit link may have: http or https (a `javascript:` one would run in the reader's page). */
const httpUrl = v.pipe(
  nonEmpty,
  v.check(
    (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
    "must be an http(s) URL or null",
  ),
);
const keywords = v.pipe(
  v.array(nonEmpty, "must be a list of words or phrases such as [rdp, remote desktop]"),
  v.check(
    (list) => list.join("").length <= MAX_KEYWORDS_LENGTH,
    (issue) =>
      `may hold at most ${MAX_KEYWORDS_LENGTH} characters in all (they hold ${(issue.input as string[]).join("").length})`,
  ),
);

/** Every front-matter key of a doc, with what its value must be. */
export const FrontMatterSchema = v.object({
  // Docusaurus 3 (plugin-content-docs).
  id: v.optional(routePart),
  title: v.optional(label),
  hide_title: v.optional(flag),
  hide_table_of_contents: v.optional(flag),
  keywords: v.optional(keywords),
  image: v.optional(nonEmpty),
  description: v.optional(v.pipe(text(), upTo(MAX_DESCRIPTION_LENGTH))),
  slug: v.optional(routePart),
  sidebar_label: v.optional(label),
  sidebar_position: v.optional(v.pipe(v.number("must be a number"), v.finite("must be a number"))),
  sidebar_class_name: v.optional(nonEmpty),
  sidebar_custom_props: v.optional(customPropsSchema("must be a set of key: value lines")),
  sidebar_key: v.optional(nonEmpty),
  displayed_sidebar: v.optional(v.union([v.null(), nonEmpty], "must be a sidebar id or null")),
  pagination_label: v.optional(label),
  pagination_prev: v.optional(docRef),
  pagination_next: v.optional(docRef),
  custom_edit_url: v.optional(v.union([v.null(), httpUrl], "must be an http(s) URL or null")),
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
        author: v.optional(label),
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
