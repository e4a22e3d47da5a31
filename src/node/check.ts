// `ssodocs check`: the build's validations in a temporary folder (front matter, links, anchors,
// sidebar entries), sidebar coverage (a doc in no sidebar warns, as Docusaurus builds it; with
// `docs.requireSidebar` it fails), then linkinator over the output served on 127.0.0.1.
// One report, printed as text or as JSON for machines; a check that did not run (the build
// failed first) says so instead of reporting nothing found.
import { rm } from "node:fs/promises";
import path from "node:path";
import { BrokenLinksError, buildSite } from "./pipeline/build.ts";
import type { LoadedConfig } from "./config.ts";
import type { ContentModel } from "./content/site.ts";
import { brokenLinkLocation, sourceOfRoute } from "./validate/link-location.ts";
import { SsodocsError, SsodocsErrors, Warnings } from "./errors.ts";
import type { InputFiles } from "./input-files.ts";
import type { BrokenLink } from "./validate/links.ts";
import { docsMissingFromSidebar, notInSidebarMessage } from "./validate/sidebar-coverage.ts";
import { makeTempFolder } from "./util/temp-folders.ts";

interface CheckProblem {
  message: string;
  file?: string;
  line?: number;
}

/** A broken link or anchor, with the Markdown file and line it is written on (when a doc's). */
type LocatedBrokenLink = BrokenLink & { file?: string; line?: number };

/** A link linkinator found broken: site paths, not the temporary server's URLs, and the source file. */
interface LinkinatorProblem {
  url: string;
  status: number | string;
  page: string;
  file?: string;
  line?: number;
}

export interface CheckReport {
  ok: boolean;
  pages: number;
  warnings: string[];
  /** Build errors: front matter, sidebar entries, anything that stops a build. */
  errors: CheckProblem[];
  /** Null when the build failed before links were validated. */
  brokenLinks: LocatedBrokenLink[] | null;
  /** Docs no sidebar lists (other than unlisted ones); null when the build failed. */
  notInSidebar: { id: string; file: string }[] | null;
  /** Whether a doc in no sidebar fails the check (`docs.requireSidebar`) rather than warns. */
  sidebarRequired: boolean;
  /** Null when the build failed, so there was nothing to crawl. */
  linkinator: { checked: number; broken: LinkinatorProblem[] } | null;
}

function problemsOf(error: unknown): CheckProblem[] {
  if (error instanceof SsodocsErrors) return error.errors.flatMap(problemsOf);
  if (error instanceof SsodocsError)
    return [
      {
        message: error.message,
        ...(error.file ? { file: error.file } : {}),
        ...(error.line ? { line: error.line } : {}),
      },
    ];
  return [{ message: error instanceof Error ? (error.stack ?? error.message) : String(error) }];
}

/** A broken link with the Markdown file and line that hold it, when a doc's source does (not one of the layout's). */
function located(link: BrokenLink, model: ContentModel | null, inputFiles: InputFiles): LocatedBrokenLink {
  const where = model ? brokenLinkLocation(link, model, inputFiles) : undefined;
  return where?.line ? { ...link, file: where.file, line: where.line } : link;
}

/** linkinator's findings in the site's own terms: paths below the site, and the doc each page comes from. */
function inSiteTerms(
  failures: { url: string; status?: number; parent?: string }[],
  origin: string,
  model: ContentModel,
  inputFiles: InputFiles,
): LinkinatorProblem[] {
  const local = (url: string) => (url.startsWith(origin) ? url.slice(origin.length) || "/" : url);
  // A broken address is served the 404 page, whose own links linkinator follows too: those are not more breakage.
  const broken = new Set(failures.map((f) => f.url));
  return failures
    .filter((f) => !f.parent || !broken.has(f.parent))
    .map((f) => {
      const page = local(f.parent ?? "?");
      const where = sourceOfRoute(page, model, local(f.url), inputFiles);
      return { url: local(f.url), status: f.status ?? "none", page, ...where };
    });
}

export async function runCheck(loaded: LoadedConfig, options: { external: boolean }): Promise<CheckReport> {
  const temp = await makeTempFolder("check");
  const outDir = path.join(temp, "build");
  const warnings = new Warnings();
  const report: CheckReport = {
    ok: false,
    pages: 0,
    warnings: warnings.list,
    errors: [],
    brokenLinks: null,
    notInSidebar: null,
    sidebarRequired: loaded.config.docs.requireSidebar,
    linkinator: null,
  };
  try {
    let model: ContentModel;
    try {
      const result = await buildSite(loaded, { outDir, warnings });
      model = result.model;
      report.pages = result.pages.length;
      report.brokenLinks = [];
      report.notInSidebar = docsMissingFromSidebar(model).map(({ id, file }) => ({ id, file: file! }));
    } catch (error) {
      if (error instanceof BrokenLinksError)
        report.brokenLinks = error.broken.map((b) => located(b, error.model, loaded.inputFiles));
      else report.errors = problemsOf(error);
      return report;
    }
    // Raw HTML that had to be removed fails the check (a build only warns).
    const unsafe = new Set(warnings.unsafe);
    report.warnings = warnings.list.filter((w) => !unsafe.has(w));
    for (const w of unsafe) report.errors.push({ message: w });
    if (!report.sidebarRequired)
      for (const { id, file } of report.notInSidebar!)
        report.warnings.push(
          `${file}: ${notInSidebarMessage(id)}; it is built all the same (docs.requireSidebar makes this an error)`,
        );
    // linkinator is only loaded for `check`: it is the slowest import of all.
    const { checkWithLinkinator } = await import("./validate/linkinator.ts");
    const crawled = await checkWithLinkinator(outDir, options.external);
    report.linkinator = {
      checked: crawled.checked,
      broken: inSiteTerms(crawled.failures, crawled.origin, model, loaded.inputFiles),
    };
    return report;
  } finally {
    report.ok =
      !report.errors.length &&
      !!report.brokenLinks &&
      !report.brokenLinks.length &&
      !!report.notInSidebar &&
      (!report.sidebarRequired || !report.notInSidebar.length) &&
      !!report.linkinator &&
      !report.linkinator.broken.length;
    await rm(temp, { recursive: true, force: true });
  }
}
