// How a doc is read: as MDX (MDX 2+'s grammar: no indented code, JSX, expressions) or as
// CommonMark. `markdown.format` chooses as Docusaurus's option does: "mdx" (the default, as in
// Docusaurus) reads every doc as MDX, "md" every doc as CommonMark, "detect" by extension.
import type { SiteConfig } from "../../shared/types.ts";

export type MarkdownFormat = "mdx" | "md";

/** The format a doc at `file` (its path or name) is read in under the site's setting. */
export function docFormat(file: string, setting: SiteConfig["markdown"]["format"]): MarkdownFormat {
  if (setting === "detect") return /\.mdx$/i.test(file) ? "mdx" : "md";
  return setting;
}
