// The build pipeline: load content -> routes and sidebar -> render -> validate -> write.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { LoadedConfig } from "./config.ts";
import { loadDocs } from "./content/load.ts";
import { buildContentModel, type ContentModel } from "./content/site.ts";
import { SsodocsError, Warnings } from "./errors.ts";
import { hashOf, toolStamp } from "./cache.ts";
import { outputIsCurrent, type ExpectedFile } from "./current-output.ts";
import type { BundleInputs } from "./bundled-import.ts";
import { importCollecting } from "./import-module.ts";
import { listFiles } from "./list-files.ts";
import { createCodeRenderer } from "./markdown/code.ts";
import { createMarkdownRenderer } from "./markdown/index.ts";
import { buildClientAssets, type OutputFile, type StoredFile } from "./render/assets.ts";
import { contentSecurityPolicy, headersFile } from "./render/csp.ts";
import { renderDocs } from "./render/docs.ts";
import { loadMarkdownCache } from "./render/markdown-cache.ts";
import { renderFragment } from "./render/page.ts";
import { openOutputCache } from "./render/output-cache.ts";
import { docStamp, pageJobs, sitemapAndRobots } from "./render/pages.ts";
import { keptLinks, planPages, writePages, type StoredLinks } from "./render/write-pages.ts";
import { homeCardsOf, siteViewOf } from "./render/site-view.ts";
import { loadTemplates } from "./render/templates.ts";
import { cachedSearchFiles, type KeptSearchFile } from "./search/files.ts";
import { llmsFiles } from "./search/llms.ts";
import { findBrokenLinks, formatBrokenLinks, type BrokenLink } from "./validate/links.ts";
import { createStaging, removeStaleTemps, type Staging } from "./write.ts";

export interface BuildOptions {
  /** Output folder; nothing is written when null. */
  outDir: string | null;
  /** Collects warnings; pass one in to print them even when the build fails. */
  warnings?: Warnings;
}

/** A page of the built site (its HTML is on disk, not kept in memory). */
export interface BuiltPage {
  route: string;
  file: string;
  indexable: boolean;
}

export interface BuildResult {
  pages: BuiltPage[];
  /** Output files other than the pages: assets, images, sitemap, search data. */
  files: OutputFile[];
  model: ContentModel;
  warnings: string[];
  seconds: number;
  /** Milliseconds spent in each stage. */
  timings: Record<string, number>;
  /** The Content-Security-Policy the pages are built for (also written to `_headers`). */
  csp: string;
}

export class BrokenLinksError extends SsodocsError {
  constructor(readonly broken: BrokenLink[]) {
    super(`broken links or anchors found; the build fails:\n${formatBrokenLinks(broken)}`);
  }
  override format(): string {
    return this.message;
  }
}

export async function buildSite(loaded: LoadedConfig, options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const timings: Record<string, number> = {};
  let mark = started;
  const lap = (stage: string) => {
    const now = performance.now();
    timings[stage] = Math.round(now - mark);
    mark = now;
  };
  const { config } = loaded;
  const warnings = options.warnings ?? new Warnings();

  const docs = await loadDocs(loaded.docsDir);
  const model = buildContentModel(docs, config, loaded.file, warnings);
  lap("load");

  const code = createCodeRenderer(config.code.extraLanguages, loaded.docsDir);
  const templateInputs: BundleInputs = new Map();
  const [templates, client] = await Promise.all([loadTemplates(loaded.templatesDir, importCollecting(templateInputs)), buildClientAssets(config)]);
  lap("setup");
  const markdown = createMarkdownRenderer(code);
  const markdownCache = loadMarkdownCache(config, model, loaded.docsDir, code);
  if (!markdownCache.complete) await markdown.load();
  const rendered = renderDocs(model, config, loaded.docsDir, markdown, (cards) => renderFragment(templates.CardList, { cards }), warnings, markdownCache.memo);
  lap("markdown");
  // The docs' HTML keeps its code placeholders; a page gets its code when it is rendered.
  await code.highlightPending();
  markdownCache.save();
  lap("highlight");

  const site = siteViewOf(config, client);
  const outputs = openOutputCache<StoredLinks>(loaded.docsDir);
  // Pages are keyed on ssodocs's code (with React), the templates, the site view, and each page's inputs.
  const siteStamp = hashOf("page-v1", toolStamp(), JSON.stringify([...templateInputs].sort()), JSON.stringify(site));

  const outDir = options.outDir ? path.resolve(options.outDir) : null;
  let staging: Staging | null = null;
  try {
    const jobs = pageJobs(site, model, rendered.pages, homeCardsOf(model), templates, code.fill);
    const pages: BuiltPage[] = jobs.map((job) => ({ route: job.route, file: job.file, indexable: job.indexable }));
    const plan = planPages(jobs, outputs, siteStamp);
    // With every page in the cache nothing is written yet: the output folder may hold this very site (see below).
    let links = keptLinks(plan);
    if (!links) {
      staging = outDir ? await createStaging(outDir) : null;
      links = await writePages(plan, staging, outputs);
    }
    lap("render");

    const csp = contentSecurityPolicy(client.beforePaintScript, config);
    const files: (OutputFile | StoredFile)[] = [headersFile(csp), ...rendered.images, ...client.files, ...sitemapAndRobots(pages, config)];
    files.push(...llmsFiles(model, config)); // llms.txt and each doc's Markdown copy
    const search = cachedSearchFiles(loaded.docsDir, rendered.pages, model.sidebar, config, docStamp, code.fill, outputs);
    const staticFiles = loaded.staticDir && existsSync(loaded.staticDir) ? listFiles(loaded.staticDir, { hidden: true, followFolderLinks: true }) : [];
    const known = new Set([...pages.map((p) => p.file), ...files.map((f) => f.path), ...search.map((f) => f.path), ...staticFiles]);
    // Pages under the same keys (the same HTML) and the same files validate as they did: what the
    // last successful build validated is not validated again.
    const validation = outputs ? hashOf("validated-v1", config.baseUrl, ...plan.map((p) => p.key), ...[...known].sort()) : null;
    if (!validation || validation !== outputs?.validated) {
      const broken = findBrokenLinks(links.map((of) => of()), known, config.baseUrl, rendered.linkOrigins);
      if (broken.length) throw new BrokenLinksError(broken);
      if (outputs) outputs.validated = validation;
    }
    lap("validate");

    if (outDir && !staging) {
      // Every page came from the cache. If the output folder holds exactly these files, it stays as it is.
      await removeStaleTemps(outDir);
      const expected: ExpectedFile[] = [
        ...staticFiles.map((file) => ({ path: file, copyOf: path.join(loaded.staticDir!, file) })),
        ...plan.map(({ job, kept }) => ({ path: job.file, from: kept!.file })),
        ...files,
        ...search,
      ];
      if (!outputIsCurrent(outDir, expected)) {
        staging = await createStaging(outDir);
        await writePages(plan, staging, outputs);
      }
    }
    if (staging) {
      for (const file of files) await staging.write(file);
      for (const file of search) {
        if ("made" in file) await staging.place(file.path, file.from).catch(() => staging!.write(file.made()));
        else await staging.write(file);
      }
      await staging.commit(loaded.staticDir);
    }
    await outputs?.save();
    lap("write");
    return { pages, files: [...files, ...search].map(outputFileOf), model, warnings: warnings.list, seconds: (performance.now() - started) / 1000, timings, csp };
  } catch (error) {
    await staging?.discard();
    throw error;
  }
}

/** An output file of the result; a stored one is read when its contents are asked for. */
function outputFileOf(file: OutputFile | StoredFile | KeptSearchFile): OutputFile {
  if (!("from" in file)) return file;
  return {
    path: file.path,
    get contents() {
      try {
        return readFileSync(file.from);
      } catch (error) {
        if ("made" in file) return file.made().contents;
        throw error;
      }
    },
  };
}
