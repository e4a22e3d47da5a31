// The pipeline, one for every command: `build`, `check` and `index` (pipeline/build.ts) and
// `serve --watch` (dev/session.ts) are drivers of `run`, differing only in their sink (a staging
// folder swapped in, or the folder the dev server serves) and their options. The stages:
//   1. inputs      the docs, the folders' category files, the static files (inputs.ts)
//   2. model       docs with routes, the sidebars and tags: pure data (content/site.ts)
//   3. keys        every page with the key of everything it is made from (keys.ts, prepare.ts);
//                  after an edit of docs' text, only their pages keyed again (replan.ts)
//   4. produce     each page from the store, or rendered and kept (produce.ts)
//   5. site files  assets, images, static files, sitemap, search and llms.txt (site-files.ts)
//   6. validate    every link and anchor (validate.ts), when the sink asks: before a build swaps
//                  its output in, after watch mode has shown the edit
//   7. sink        the output written (the sink's `finish`)
import type { LoadedConfig } from "../config.ts";
import { buildContentModel, type ContentModel } from "../content/site.ts";
import type { Warnings } from "../errors.ts";
import type { SiteCaches } from "../store/index.ts";
import type { RenderMeter, RenderPart } from "../render/render-pages.ts";
import type { BrokenLink } from "../validate/links.ts";
import { type KnownDocs, readSiteInputs } from "./inputs.ts";
import type { OutputItem } from "./output-item.ts";
import { type PreparedSite, prepareSite, type RendererCache } from "./prepare.ts";
import { type ProducedPage, producePages } from "./produce.ts";
import { keepWarnings, replan } from "./replan.ts";
import { siteFiles } from "./site-files.ts";
import { Spool } from "./spool.ts";
import { brokenLinksOf } from "./validate.ts";

/** What a run made: every page and every other file of the site, ready for a sink. */
interface SiteOutput {
  site: PreparedSite;
  model: ContentModel;
  pages: ProducedPage[];
  /** The output files other than pages (assets, images, sitemap, search data). */
  files: OutputItem[];
}

/** Where a run's output goes. */
export interface Sink {
  /** The files of a page rendered in this run, as soon as it is (pages stream to disk instead of piling up in memory). */
  rendered?(items: OutputItem[]): Promise<void>;
  /** Every file of the site; `validate` runs stage 6 and gives what is broken (the sink decides when). */
  finish(output: SiteOutput, validate: () => Promise<BrokenLink[]>): Promise<void>;
  /** Throws away what `rendered` wrote: the run failed. */
  discard?(): Promise<void>;
}

export interface RunOptions {
  caches: SiteCaches;
  sink: Sink;
  warnings: Warnings;
  /** Build the drafts too (watch mode), as Docusaurus's development server does. */
  drafts?: boolean;
  /** Make the search files (watch mode makes them after an update has been shown). */
  search?: boolean;
  /** Files the output holds besides this run's (watch mode's search files), for validation. */
  otherFiles?: string[];
  /** Docs read before and the files changed since (watch mode): only those are read again. */
  known?: KnownDocs;
  /** Renderers kept from the last run (watch mode). */
  renderers?: RendererCache;
  /**
   * The site the last run planned (watch mode, with `known`): when the changed files are docs
   * whose text alone changed, its plan is kept and only their pages are keyed again (replan.ts).
   */
  previous?: PreparedSite;
  /** Told the site as soon as it is planned (watch mode keeps it, even if a later stage fails). */
  planned?(site: PreparedSite): void;
  /** Told each stage as it starts and how far it is (a progress line on a terminal). */
  meter?: RunMeter;
}

/** What a progress line shows: the stage, and how far it is (both as text). */
export interface RunMeter {
  stage(name: string): void;
  progress(line: string): void;
}

export interface RunResult extends SiteOutput {
  seconds: number;
  /** How many pages were taken from the store, and how many were rendered (their keys were not there). */
  stored: number;
  rendered: number;
  /** Milliseconds spent in each stage, and in each part of rendering (`markdown`, `highlighting`, `react`). */
  timings: Record<string, number>;
}

/** Tells the meter each page rendered, and adds up the time of each part of rendering into the timings. */
function renderMeter(timings: Record<string, number>, meter: RunMeter | undefined): RenderMeter {
  const parts: Record<RenderPart, number> = { markdown: 0, highlighting: 0, react: 0 };
  for (const part of Object.keys(parts)) timings[part] = 0;
  return {
    rendered: (done, total) => meter?.progress(`Rendering pages: ${done} of ${total}`),
    time(part, ms) {
      parts[part] += ms;
      timings[part] = Math.round(parts[part]);
    },
  };
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

/** Stages 1 to 3: the inputs, the content model and every page's key. */
export async function plan(
  loaded: LoadedConfig,
  options: Pick<RunOptions, "caches" | "warnings" | "drafts" | "known" | "renderers" | "previous">,
  lap: (stage: string) => void = () => {},
): Promise<PreparedSite> {
  const kept = replan(options.previous, loaded, options.known, options.caches, options.warnings);
  if (kept) {
    lap("replan");
    return kept;
  }
  const from = options.warnings.items.length;
  const inputs = readSiteInputs(loaded, options.known, options.caches.readings);
  const model = buildContentModel(inputs, loaded, options.warnings, { drafts: options.drafts });
  lap("load");
  const site = await prepareSite(loaded, inputs, model, options.caches, options.warnings, options.renderers);
  lap("setup");
  keepWarnings(site, options.warnings.items.slice(from));
  return site;
}

/** Runs every stage of the pipeline for the site `loaded` into `options.sink`. */
export async function run(loaded: LoadedConfig, options: RunOptions): Promise<RunResult> {
  const { caches, sink, warnings, meter } = options;
  // A run of its own closes its renderers; watch mode keeps its renderers from one run to the next.
  const renderers = options.renderers ?? {};
  const clock = stopwatch();
  // A sink that takes pages as they are rendered lets what later stages need of them go to disk
  // too (their search records): memory then grows with the links of the site, not its pages.
  const spool = sink.rendered ? new Spool() : undefined;
  try {
    meter?.stage("Reading the content");
    const site = await plan(loaded, { ...options, renderers }, clock.lap);
    options.planned?.(site);
    const { model } = site;
    const misses = site.plans.filter((plan) => !site.stored(plan));
    meter?.stage(misses.length ? `Rendering pages: 0 of ${misses.length}` : "Taking every page from the cache");
    const rendering = renderMeter(clock.timings, meter);
    const emit = sink.rendered?.bind(sink) ?? null;
    const pages = await producePages(site, caches.pages, misses, emit, site.plans, rendering, spool);
    for (const page of pages) warnings.items.push(...page.warnings);
    clock.lap("render");
    meter?.stage(options.search === false ? "Making the site's files" : "Making the search index and the site's files");
    const files = await siteFiles(site, caches.pages, pages, { search: options.search ?? true, spool });
    const output = { site, model, pages, files };
    const paths = [...files.map((f) => f.path), ...(options.otherFiles ?? [])];
    await sink.finish(output, async () => {
      meter?.stage("Validating links and anchors");
      const broken = await brokenLinksOf(site, caches.shortcuts, pages, paths);
      clock.lap("validate");
      meter?.stage("Writing the output");
      return broken;
    });
    clock.lap("write");
    const counts = { stored: pages.length - misses.length, rendered: misses.length };
    return { ...output, ...counts, seconds: clock.seconds(), timings: clock.timings };
  } catch (error) {
    await sink.discard?.();
    throw error;
  } finally {
    // Highlighting may still run for pages an error stopped: its thread must not outlive the run.
    if (!options.renderers) renderers.code?.code.close();
    spool?.close();
    // What was rendered is kept even when the run fails (on a broken link, say).
    await caches.finish();
  }
}
