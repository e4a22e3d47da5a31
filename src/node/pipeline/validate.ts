// The validation stage: every link and anchor of every page checked against the pages and files
// of the site, skipped when the pages and files are exactly those the last successful run
// validated (a build shortcut).
import type { LoadedConfig } from "../config.ts";
import type { ContentModel } from "../content/site.ts";
import { type Diagnostic, SsodocsError } from "../errors.ts";
import type { BuildShortcuts } from "../store/shortcuts.ts";
import { brokenLinkDiagnostics, brokenLinkLocation, linkSourcesOf } from "../validate/link-location.ts";
import { type BrokenLink, findBrokenLinks } from "../validate/links.ts";
import type { PreparedSite } from "./prepare.ts";
import type { ProducedPage } from "./produce.ts";

export class BrokenLinksError extends SsodocsError {
  constructor(
    readonly broken: BrokenLink[],
    /** The site they were found in, to point at the Markdown that holds them. */
    readonly model: ContentModel,
    readonly loaded: LoadedConfig,
  ) {
    super(`${broken.length} broken link${broken.length === 1 ? "" : "s"} or anchors; the build fails`);
  }

  /** One line per broken link or anchor, placed in its source. */
  override diagnostics(): Diagnostic[] {
    const sources = linkSourcesOf(this.model, this.loaded);
    return brokenLinkDiagnostics(this.broken, (b) => brokenLinkLocation(b, sources), this.loaded.file);
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
