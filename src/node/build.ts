// The build pipeline, which `build`, `check` and `serve --watch` all run:
//   read the site's inputs -> the content model -> each page's key (render/plan.ts)
//   -> the page from the store, or rendered -> links validated -> the output written.
import path from "node:path";
import { readSiteInputs, type SiteInputs } from "./build/inputs.ts";
import { type PreparedSite, prepareSite, type RendererCache } from "./build/prepare.ts";
import { type ProducedPage, producePages } from "./build/produce.ts";
import { siteFiles } from "./build/site-files.ts";
import type { LoadedConfig } from "./config.ts";
import { buildContentModel, type ContentModel } from "./content/site.ts";
import { SsodocsError, Warnings } from "./errors.ts";
import { checkOutputFolder, lockOutputFolder } from "./output-folder.ts";
import { removeOrphanTempFolders } from "./temp-folders.ts";
import { RECORDS_FILE } from "./search/files.ts";
import type { PageStore } from "./store.ts";
import { type BrokenLink, findBrokenLinks, formatBrokenLinks } from "./validate/links.ts";
import {
  createStaging,
  type OutputItem,
  outputIsCurrent,
  removeDeadStaging,
  removeStaleTemps,
  type Staging,
} from "./write.ts";

export interface BuildOptions {
  /** Output folder; nothing is written when null. */
  outDir: string | null;
  /** Collects warnings; pass one in to print them even when the build fails. */
  warnings?: Warnings;
}

/** A page of the built site. */
export interface BuiltPage {
  route: string;
  file: string;
  indexable: boolean;
}

export interface BuildResult {
  pages: BuiltPage[];
  /** The output files other than pages (assets, images, sitemap, search data). */
  files: OutputItem[];
  model: ContentModel;
  warnings: string[];
  seconds: number;
  /** Milliseconds spent in each stage. */
  timings: Record<string, number>;
  /** The Content-Security-Policy the pages are built for (also written to `_headers`). */
  csp: string;
}

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

/** Builds the site into `options.outDir` (checked and locked first), or only in memory. */
export async function buildSite(loaded: LoadedConfig, options: BuildOptions): Promise<BuildResult> {
  const outDir = options.outDir ? path.resolve(options.outDir) : null;
  if (!outDir) return runBuild(loaded, null, options.warnings ?? new Warnings());
  const sources = [
    { label: "docs folder", dir: loaded.docsDir },
    ...(loaded.templatesDir ? [{ label: "templates folder", dir: loaded.templatesDir }] : []),
    ...loaded.staticDirs.map((dir) => ({ label: "static folder", dir })),
  ];
  checkOutputFolder(outDir, { root: loaded.root, sources });
  await removeOrphanTempFolders();
  await removeDeadStaging(outDir);
  const unlock = lockOutputFolder(outDir);
  try {
    // A build killed earlier may have left its staging folder (or the old output moved aside).
    await removeStaleTemps(outDir);
    return await runBuild(loaded, outDir, options.warnings ?? new Warnings());
  } finally {
    unlock();
  }
}

function stopwatch() {
  const started = performance.now();
  let mark = started;
  const timings: Record<string, number> = {};
  return {
    timings,
    lap(stage: string) {
      const now = performance.now();
      timings[stage] = Math.round(now - mark);
      mark = now;
    },
    seconds: () => (performance.now() - started) / 1000,
  };
}

async function runBuild(loaded: LoadedConfig, outDir: string | null, warnings: Warnings): Promise<BuildResult> {
  const clock = stopwatch();
  const { store } = loaded;
  // 1. Inputs and the content model.
  const inputs: SiteInputs = readSiteInputs(loaded);
  const model = buildContentModel(inputs, loaded, warnings);
  clock.lap("load");
  // 2. Each page's key.
  const renderers: RendererCache = {};
  const site: PreparedSite = await prepareSite(loaded, inputs, model, store, renderers);
  clock.lap("setup");
  // 3. Pages from the store or rendered; the output written as they come when anything is new.
  let staging: Staging | null = null;
  try {
    const misses = site.plans.filter((plan) => !site.stored(plan));
    if (outDir && misses.length) staging = await createStaging(outDir);
    const pages = await producePages(site, store, misses, staging);
    clock.lap("render");
    const files = await siteFiles(site, store, pages);
    for (const page of pages) warnings.list.push(...page.warnings);
    // 4. Links and anchors.
    const broken = await brokenLinksOf(
      site,
      store,
      pages,
      files.map((f) => f.path),
    );
    if (broken.length) throw new BrokenLinksError(broken, model);
    clock.lap("validate");
    // 5. The output: left as it is when it holds exactly this site.
    if (outDir) await writeOutput(outDir, staging, pages, files, store);
    staging = null;
    clock.lap("write");
    return {
      pages: pages.map(({ plan }) => ({ route: plan.route, file: plan.file, indexable: plan.indexable })),
      files,
      model,
      warnings: warnings.list,
      seconds: clock.seconds(),
      timings: clock.timings,
      csp: site.csp,
    };
  } finally {
    // Highlighting may still run for pages an error stopped: its thread must not outlive the build.
    renderers.code?.code.close();
    await staging?.discard();
    // What was rendered is kept even when the build fails (on a broken link, say).
    await store.finish();
  }
}

/** Broken links and anchors, none when the pages and files are those the last successful build validated. */
export async function brokenLinksOf(
  site: PreparedSite,
  store: PageStore,
  pages: ProducedPage[],
  files: string[],
): Promise<BrokenLink[]> {
  const known = new Set([...pages.flatMap((p) => [p.plan.file, ...p.attachments.map((a) => a.path)]), ...files]);
  const stamp = site.validationStamp(pages, known);
  if (stamp === store.validated) return [];
  const links = await Promise.all(pages.map((page) => page.links()));
  const origins = new Map(pages.map((page, i) => [page.plan.route, new Map(links[i].origins)]));
  const broken = findBrokenLinks(links, known, site.config.baseUrl, origins);
  if (!broken.length) store.validated = stamp;
  return broken;
}

async function writeOutput(
  outDir: string,
  staging: Staging | null,
  pages: ProducedPage[],
  files: OutputItem[],
  store: PageStore,
): Promise<void> {
  const items = [...pages.flatMap((p) => [p.output, ...p.attachments]), ...files];
  if (!staging) {
    if (outputIsCurrent(outDir, items, store.written(outDir))) return;
    staging = await createStaging(outDir);
    for (const page of pages) for (const item of [page.output, ...page.attachments]) await staging.write(item);
  }
  try {
    for (const file of files) await staging.write(file);
    store.setWritten(outDir, await staging.commit());
  } catch (error) {
    await staging.discard();
    throw error;
  }
}

/** The search records of a build (records.json), for `ssodocs index`. */
export async function searchRecordsOf(result: BuildResult): Promise<unknown[]> {
  const file = result.files.find((f) => f.path === RECORDS_FILE);
  return JSON.parse(file ? (await file.bytes()).toString("utf8") : "[]") as unknown[];
}
