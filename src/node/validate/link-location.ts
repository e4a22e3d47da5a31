// Where a link stands in the Markdown source: the doc of the page, and the first line that
// holds the link as the author wrote it.
import { routeKey } from "../content/routes.ts";
import type { ContentModel } from "../content/site.ts";
import type { SourceLocation } from "../errors.ts";
import type { InputFiles } from "../input-files.ts";
import type { BrokenLink } from "./links.ts";

/** The doc a page is made from, and the line of its source that holds `href` (if one does). */
export function sourceOfRoute(
  route: string,
  model: ContentModel,
  href: string,
  inputFiles: InputFiles,
): Partial<SourceLocation> {
  const key = routeKey(route.split(/[?#]/)[0]);
  const doc = model.docs.find((d) => routeKey(model.info.get(d.id)?.permalink ?? "") === key);
  if (!doc) return {};
  let source: string;
  try {
    source = inputFiles.readText(doc.file, "doc");
  } catch {
    return { file: doc.file };
  }
  const at = source.split("\n").findIndex((l) => l.includes(href));
  return at >= 0 ? { file: doc.file, line: at + 1 } : { file: doc.file };
}

export function brokenLinkLocation(
  link: BrokenLink,
  model: ContentModel,
  inputFiles: InputFiles,
): SourceLocation | undefined {
  const where = sourceOfRoute(link.source, model, link.href, inputFiles);
  return where.file ? { file: where.file, line: where.line } : undefined;
}
