// The validation stage: every link and anchor of every page checked against the pages and files
// of the site, skipped when the pages and files are exactly those the last successful run
// validated (a build shortcut).
import { SsodocsError } from "../errors.ts";
import type { ContentModel } from "../content/site.ts";
import type { BuildShortcuts } from "../store/shortcuts.ts";
import { type BrokenLink, findBrokenLinks, formatBrokenLinks } from "../validate/links.ts";
import type { PreparedSite } from "./prepare.ts";
import type { ProducedPage } from "./produce.ts";

export class BrokenLinksError extends SsodocsError {
  constructor(
    readonly broken: BrokenLink[],
    /** The site they were found in, to point at the Markdown that holds them. */
    readonly model: ContentModel,
  ) {
    super(`broken links or anchors found; the build fails:\n${formatBrokenLinks(broken)}`);
  }
  override format(): string {
    return this.message;
  }
}

/** Broken links and anchors of the pages, given every file the output holds besides them. */
export async function brokenLinksOf(
  site: PreparedSite,
  shortcuts: BuildShortcuts,
  pages: ProducedPage[],
  files: string[],
): Promise<BrokenLink[]> {
  const known = new Set([...pages.flatMap((p) => [p.plan.file, ...p.attachments.map((a) => a.path)]), ...files]);
  const stamp = site.validationStamp(pages, known);
  if (stamp === shortcuts.validated) return [];
  const links = await Promise.all(pages.map((page) => page.links()));
  const origins = new Map(pages.map((page, i) => [page.plan.route, new Map(links[i].origins)]));
  const broken = findBrokenLinks(links, known, site.config.baseUrl, origins);
  if (!broken.length) shortcuts.validated = stamp;
  return broken;
}
