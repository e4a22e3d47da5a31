// `ssodocs check`: the build's validations in a temporary folder (front matter, links, anchors,
// sidebar entries), sidebar coverage, then linkinator over the output served on 127.0.0.1.
// One report, printed as text or as JSON for machines.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { BrokenLinksError, buildSite } from "./build.ts";
import type { LoadedConfig } from "./config.ts";
import { SsodocsError, SsodocsErrors, Warnings } from "./errors.ts";
import type { BrokenLink } from "./validate/links.ts";
import { docsMissingFromSidebar } from "./validate/sidebar-coverage.ts";

export interface CheckProblem {
  message: string;
  file?: string;
  line?: number;
}

export interface CheckReport {
  ok: boolean;
  pages: number;
  warnings: string[];
  /** Build errors: front matter, sidebar entries, anything that stops a build. */
  errors: CheckProblem[];
  brokenLinks: BrokenLink[];
  /** Docs no sidebar lists (other than unlisted ones). */
  notInSidebar: { id: string; file: string }[];
  /** Null when the build failed, so there was nothing to crawl. */
  linkinator: { checked: number; broken: string[] } | null;
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

export async function runCheck(loaded: LoadedConfig, options: { external: boolean }): Promise<CheckReport> {
  const temp = await mkdtemp(path.join(os.tmpdir(), "ssodocs-check-"));
  const outDir = path.join(temp, "build");
  const warnings = new Warnings();
  const report: CheckReport = {
    ok: false,
    pages: 0,
    warnings: warnings.list,
    errors: [],
    brokenLinks: [],
    notInSidebar: [],
    linkinator: null,
  };
  try {
    try {
      const result = await buildSite(loaded, { outDir, warnings });
      report.pages = result.pages.length;
      report.notInSidebar = docsMissingFromSidebar(result.model).map(({ id, file }) => ({ id, file: file! }));
    } catch (error) {
      if (error instanceof BrokenLinksError) report.brokenLinks = error.broken;
      else report.errors = problemsOf(error);
      return report;
    }
    // linkinator is only loaded for `check`: it is the slowest import of all.
    const { checkWithLinkinator } = await import("./validate/linkinator.ts");
    const crawled = await checkWithLinkinator(outDir, options.external);
    report.linkinator = { checked: crawled.checked, broken: crawled.failures };
    return report;
  } finally {
    report.ok =
      !report.errors.length &&
      !report.brokenLinks.length &&
      !report.notInSidebar.length &&
      !!report.linkinator &&
      !report.linkinator.broken.length;
    await rm(temp, { recursive: true, force: true });
  }
}
