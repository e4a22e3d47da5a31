// The limits on what content may hold, in one place (the README's Security section lists them).
// Each is far above what real guides need (the largest guide of content/ and of the reference
// site is 22 KB, the longest title 72 characters, the largest image 0.6 MB) and far below what
// makes a build slow or its output huge: a value shown on every page is copied into every page.

const MB = 1024 * 1024;

/** A doc (`.md`, `.mdx`): its text is held several times over while it is rendered (tokens, HTML, records). */
export const MAX_DOC_BYTES = 5 * MB;

/** A `_category_` file or a sidebars file: a few hundred lines at most. */
export const MAX_DATA_FILE_BYTES = 1 * MB;

/** An image a doc shows or a file of a static folder: read whole to be hashed and copied. GitHub refuses files of 100 MB. */
export const MAX_ASSET_BYTES = 50 * MB;

/** A front-matter string shown on pages other than its own (title, sidebar_label, a tag, a category label...). */
export const MAX_LABEL_LENGTH = 500;

/**
 * A sidebar item's custom props (`sidebar_custom_props`, `customProps`), as JSON: the sidebar hands
 * them to the site's components on every page, which may show them there (an icon's name, a badge).
 */
export const MAX_CUSTOM_PROPS_LENGTH = 2000;

/** A doc's description (shown in category cards, llms.txt and search results). */
export const MAX_DESCRIPTION_LENGTH = 2000;

/** A doc's `tags`: each is a page of its own (the tag's), and one doc of 100,000 tags wrote 100,000 pages. A guide here has at most 5. */
export const MAX_TAGS = 100;

/** A doc's `keywords`, all together (they go into its meta tag and into the search index every reader fetches). */
export const MAX_KEYWORDS_LENGTH = 1000;

/**
 * Headings of one doc. markdown-it-anchor looks each heading up again among all of the doc's
 * tokens, so its work grows with headings times tokens: the longest guide has 30 headings.
 */
export const MAX_HEADINGS = 2000;

/** Blocks nested in blocks: markdown-it's `maxNesting`, past which it parses no deeper (and a Markdown copy quotes no deeper). */
export const MAX_NESTING = 100;

/** Entries listed through links to folders below one folder: a few links to one folder from many places multiply quickly. */
export const MAX_LISTED_ENTRIES = 100_000;

/** A size in megabytes as messages show it: `6.0 MB`. */
export const megabytes = (bytes: number): string => `${(bytes / MB).toFixed(1)} MB`;

/** A limit in megabytes: `5 MB`. */
export const limitText = (bytes: number): string => `${bytes / MB} MB`;
