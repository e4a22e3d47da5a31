// Where a broken link stands in the Markdown source: the doc of the page, and the first line
// that holds the link as the author wrote it.
import { readFileSync } from "node:fs";
import { routeKey } from "../content/routes.ts";
import type { ContentModel } from "../content/site.ts";
import type { SourceLocation } from "../errors.ts";
import type { BrokenLink } from "../validate/links.ts";

export function brokenLinkLocation(link: BrokenLink, model: ContentModel): SourceLocation | undefined {
  const key = routeKey(link.source);
  const doc = model.docs.find((d) => routeKey(model.info.get(d.id)?.permalink ?? "") === key);
  if (!doc) return undefined;
  let source: string;
  try {
    source = readFileSync(doc.file, "utf8");
  } catch {
    return { file: doc.file };
  }
  const lines = source.split("\n");
  const at = lines.findIndex((l) => l.includes(link.href));
  return { file: doc.file, line: at >= 0 ? at + 1 : undefined };
}
