// `ssodocs check`: the build's validations in a temporary folder (front matter, links, anchors,
// sidebar entries), sidebar coverage (a doc in no sidebar warns, as Docusaurus builds it; with
// `docs.requireSidebar` it fails), then linkinator over the output served on 127.0.0.1.
// One report, printed as text or as JSON for machines; a check that did not run (the build
// failed first) says so instead of reporting nothing found. With --external, the network is
// probed first: when no external host answers, the external links are skipped and the check
// says so (and fails, unless offline is allowed).
import { rm } from "node:fs/promises";
import path from "node:path";
import { BrokenLinksError, buildSite } from "./pipeline/build.ts";
import type { RunMeter } from "./pipeline/run.ts";
import type { LoadedConfig } from "./config.ts";
import type { ContentModel } from "./content/site.ts";
import {
  brokenLinkDiagnostics,
  brokenLinkLocation,
  type LinkSources,
  linkSourcesOf,
  sourceOfRoute,
} from "./validate/link-location.ts";
import { type Diagnostic, diagnosticsOf, Warnings } from "./errors.ts";
import type { BrokenLink } from "./validate/links.ts";
import { docsMissingFromSidebar, notInSidebarMessage } from "./validate/sidebar-coverage.ts";
import { makeTempFolder } from "./util/temp-folders.ts";
import { externalHosts, probeNetwork } from "./validate/network.ts";
import { DESCRIPTION_PLACEHOLDER } from "./new-guide.ts";

/** A broken link or anchor, with the Markdown file, line and column it is written at (when a doc's). */
type LocatedBrokenLink = BrokenLink & { file?: string; line?: number; column?: number };

/** A link linkinator found broken: site paths, not the temporary server's URLs, and the source file. */
interface LinkinatorProblem {
  url: string;
  status: number | string;
  page: string;
  file?: string;
  line?: number;
  column?: number;
}

export interface CheckReport {
  ok: boolean;
  pages: number;
  warnings: Diagnostic[];
  /** Build errors: front matter, sidebar entries, anything that stops a build. */
  errors: Diagnostic[];
  /** Null when the build failed before links were validated. */
  brokenLinks: LocatedBrokenLink[] | null;
  /** Docs no sidebar lists (other than unlisted ones); null when the build failed. */
  notInSidebar: { id: string; file: string }[] | null;
  /** Whether a doc in no sidebar fails the check (`docs.requireSidebar`) rather than warns. */
  sidebarRequired: boolean;
  /** Null when the build failed, so there was nothing to crawl. */
  linkinator: { checked: number; broken: LinkinatorProblem[] } | null;
  /** Why the external links were not checked (with --external, no external host answered); null when they were or were not asked for. */
  externalSkipped: string | null;
}

export interface CheckOptions {
  external: boolean;
  /** With --external, a network that does not answer is no failure (the external links are skipped all the same). */
  allowOffline?: boolean;
  /** Told the stages and how far each is, for a progress line. */
  meter?: RunMeter;
}

/** A broken link with the Markdown file, line and column that hold it, when a doc's source does (not one of the layout's). */
function located(link: BrokenLink, sources: LinkSources | null): LocatedBrokenLink {
  const where = sources ? brokenLinkLocation(link, sources) : undefined;
  return where?.line ? { ...link, ...where } : link;
}

/** The address of a failure without its fragment and trailing slash: `/a`, `/a/` and `/a/#b` are one link. */
const sameLink = (url: string) => url.split("#")[0].replace(/(?<=[^/])\/+$/, "");

/** linkinator's findings in the site's own terms: paths below the site, the source of each page, each link once. */
function inSiteTerms(
  failures: { url: string; status?: number; parent?: string }[],
  origin: string,
  model: ContentModel,
  loaded: LoadedConfig,
): LinkinatorProblem[] {
  const local = (url: string) => (url.startsWith(origin) ? url.slice(origin.length) || "/" : url);
  // A broken address is served the 404 page, whose own links linkinator follows too: those are not more breakage.
  const broken = new Set(failures.map((f) => f.url));
  const seen = new Set<string>();
  const sources = linkSourcesOf(model, loaded);
  // In order of address, so of `/a` and `/a/` the one reported is always the same.
  return [...failures]
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
    .filter((f) => !f.parent || !broken.has(f.parent))
    .filter((f) => !seen.has(sameLink(f.url)) && !!seen.add(sameLink(f.url)))
    .map((f) => {
      const page = local(f.parent ?? "?");
      const where = sourceOfRoute(page, local(f.url), sources);
      return { url: local(f.url), status: f.status ?? "none", page, ...where };
    });
}

/** Docs whose description is still the placeholder `ssodocs new` wrote. */
function placeholderDescriptions(model: ContentModel): Diagnostic[] {
  return model.docs
    .filter((doc) => doc.frontMatter.description === DESCRIPTION_PLACEHOLDER)
    .map((doc) => ({
      file: doc.file,
      line: doc.keyLines.description,
      message:
        'front matter "description" is still the placeholder `ssodocs new` wrote: say in one sentence what the guide sets up',
    }));
}

/** Whether the report passes: nothing broken, every check run (external links skipped only when that is allowed). */
function passes(report: CheckReport, allowOffline: boolean): boolean {
  return (
    !report.errors.length &&
    !!report.brokenLinks &&
    !report.brokenLinks.length &&
    !!report.notInSidebar &&
    (!report.sidebarRequired || !report.notInSidebar.length) &&
    !!report.linkinator &&
    !report.linkinator.broken.length &&
    (!report.externalSkipped || allowOffline)
  );
}

export async function runCheck(loaded: LoadedConfig, options: CheckOptions): Promise<CheckReport> {
  const temp = await makeTempFolder("check");
  const outDir = path.join(temp, "build");
  const warnings = new Warnings();
  const report: CheckReport = {
    ok: false,
    pages: 0,
    warnings: warnings.items,
    errors: [],
    brokenLinks: null,
    notInSidebar: null,
    sidebarRequired: loaded.config.docs.requireSidebar,
    linkinator: null,
    externalSkipped: null,
  };
  try {
    let model: ContentModel;
    let external: string[];
    try {
      const result = await buildSite(loaded, { outDir, warnings, meter: options.meter });
      model = result.model;
      report.pages = result.pages.length;
      report.brokenLinks = [];
      report.notInSidebar = docsMissingFromSidebar(model).map(({ id, file }) => ({ id, file: file! }));
      external = options.external ? await externalHosts(result.pages, loaded.config) : [];
    } catch (error) {
      if (error instanceof BrokenLinksError) {
        // One look at the sources for all the links (each doc read and indexed once).
        const sources = error.model ? linkSourcesOf(error.model, loaded) : null;
        report.brokenLinks = error.broken.map((b) => located(b, sources));
      } else report.errors = diagnosticsOf(error);
      return report;
    }
    // Raw HTML that had to be removed fails the check (a build only warns), and so does a description still to write.
    const unsafe = new Set(warnings.unsafe);
    report.warnings = warnings.items.filter((w) => !unsafe.has(w));
    report.errors = [...report.errors, ...unsafe, ...placeholderDescriptions(model)];
    if (!report.sidebarRequired)
      for (const { id, file } of report.notInSidebar!)
        report.warnings.push({
          file,
          message: `${notInSidebarMessage(id)}; it is built all the same (docs.requireSidebar makes this an error)`,
        });
    if (external.length) {
      options.meter?.stage("Probing the network");
      report.externalSkipped = await probeNetwork(external);
    }
    // linkinator is only loaded for `check`: it is the slowest import of all.
    const { checkWithLinkinator } = await import("./validate/linkinator.ts");
    const crawled = await checkWithLinkinator(outDir, loaded.config, {
      external: options.external && !report.externalSkipped,
      meter: options.meter,
    });
    report.linkinator = {
      checked: crawled.checked,
      broken: inSiteTerms(crawled.failures, crawled.origin, model, loaded),
    };
    return report;
  } finally {
    report.ok = passes(report, options.allowOffline ?? false);
    await rm(temp, { recursive: true, force: true });
  }
}

/** Every problem of a report as diagnostics, each placed in its source where one holds it; `configFile` holds the layout's links. */
export function checkDiagnostics(report: CheckReport, configFile: string, allowOffline: boolean): Diagnostic[] {
  const place = (p: { file?: string; line?: number; column?: number }) => (p.file ? { ...p, file: p.file } : undefined);
  const problems: Diagnostic[] = [
    ...report.errors,
    ...brokenLinkDiagnostics(report.brokenLinks ?? [], place, configFile),
    // Without docs.requireSidebar, these are among the warnings.
    ...(report.sidebarRequired ? (report.notInSidebar ?? []) : []).map((g) => ({
      file: g.file,
      message: `${notInSidebarMessage(g.id)}; add it to one, or mark it unlisted: true`,
    })),
    ...(report.linkinator?.broken ?? []).map((l) => ({
      ...place(l),
      message: `linkinator: ${l.url} (status ${l.status}) linked from ${l.page}`,
    })),
  ];
  if (report.externalSkipped && !allowOffline)
    problems.push({ message: `${report.externalSkipped}; pass --allow-offline to let the check pass without them` });
  return problems;
}
