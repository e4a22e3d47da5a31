// The build pipeline: load content -> routes and sidebar -> render -> validate -> write.
import { readFileSync } from "node:fs";
import path from "node:path";
import fg from "fast-glob";
import type { LoadedConfig } from "./config.ts";
import { loadDocs } from "./content/load.ts";
import { buildContentModel, type ContentModel } from "./content/site.ts";
import { SsodocsError, Warnings } from "./errors.ts";
import { hashOf, toolStamp } from "./cache.ts";
import type { BundleInputs } from "./bundled-import.ts";
import { importCollecting } from "./import-module.ts";
import type { DocPageData } from "../shared/types.ts";
import { createCodeRenderer } from "./markdown/code.ts";
import { createMarkdownRenderer } from "./markdown/index.ts";
import { buildClientAssets, type OutputFile, type StoredFile } from "./render/assets.ts";
import { contentSecurityPolicy, headersFile } from "./render/csp.ts";
import { renderDocs } from "./render/docs.ts";
import { loadMarkdownCache } from "./render/markdown-cache.ts";
import { renderFragment } from "./render/page.ts";
import { openOutputCache, type OutputCache } from "./render/output-cache.ts";
import { pageJobs, sitemapAndRobots, type PageJob } from "./render/pages.ts";
import { homeCardsOf, siteViewOf } from "./render/site-view.ts";
import { loadTemplates } from "./render/templates.ts";
import { EMBEDDED_INDEX_FILE, RECORDS_FILE, searchFiles, searchInputs } from "./search/files.ts";
import { collectPageLinks, findBrokenLinks, formatBrokenLinks, type BrokenLink, type PageLinks } from "./validate/links.ts";
import { createStaging } from "./write.ts";

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
  const rendered = renderDocs(model, config, loaded.docsDir, markdown, (cards) => renderFragment(templates.CardList, { cards }), warnings, markdownCache.memo);
  lap("markdown");
  // The docs' HTML keeps its code placeholders; a page gets its code when it is rendered.
  await code.highlightPending();
  markdownCache.save();
  lap("highlight");

  const site = siteViewOf(config, client);
  const outputs = openOutputCache<StoredLinks | null>(loaded.docsDir);
  // Pages are keyed on ssodocs's code (with React), the templates, the site view, and each page's inputs.
  const siteStamp = hashOf("page-v1", toolStamp(), JSON.stringify([...templateInputs].sort()), JSON.stringify(site));

  // Pages are rendered one by one and written to the staging folder at once (or linked there
  // from the cache); only what validation needs of each (its links and ids) is kept.
  const staging = options.outDir ? await createStaging(path.resolve(options.outDir)) : null;
  try {
    const pages: BuiltPage[] = [];
    const links: PageLinks[] = [];
    const placed: Promise<PageJob | null>[] = [];
    for (const job of pageJobs(site, model, rendered.pages, homeCardsOf(model), templates, code.fill)) {
      pages.push({ route: job.route, file: job.file, indexable: job.indexable });
      const key = outputs ? hashOf(siteStamp, job.route, job.inputs()) : "";
      const cached = outputs?.get(key);
      if (cached?.meta) {
        links.push(linksOf(job.route, cached.meta));
        if (staging) placed.push(staging.place(job.file, cached.file).then(() => null, () => job));
        continue;
      }
      const html = job.render();
      const pageLinks = collectPageLinks(job.route, html);
      links.push(pageLinks);
      outputs?.put(key, html, storedLinks(pageLinks));
      await staging?.write({ path: job.file, contents: html });
    }
    // A cached page that could not be put in place (another build cleared it out) is rendered after all.
    for (const job of await Promise.all(placed)) if (job) await staging!.write({ path: job.file, contents: job.render() });
    lap("render");

    const csp = contentSecurityPolicy(client.beforePaintScript, config);
    const files: (OutputFile | StoredFile)[] = [headersFile(csp), ...rendered.images, ...client.files, ...sitemapAndRobots(pages, config)];
    const search = searchOutputs(rendered.pages, model, config, code.fill, outputs);
    const staticFiles = loaded.staticDir ? await fg("**/*", { cwd: loaded.staticDir, dot: false }) : [];
    const known = new Set([...pages.map((p) => p.file), ...files.map((f) => f.path), ...search.map((f) => f.path), ...staticFiles]);
    const broken = findBrokenLinks(links, known, config.baseUrl, rendered.linkOrigins);
    if (broken.length) throw new BrokenLinksError(broken);
    lap("validate");

    if (staging) {
      for (const file of files) await staging.write(file);
      for (const file of search) {
        if ("from" in file) await staging.place(file.path, file.from).catch(() => staging.write(file.made()));
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

/** A page's links and ids as the output cache keeps them. */
interface StoredLinks {
  targets: string[];
  ids: string[];
}

const storedLinks = (links: PageLinks): StoredLinks => ({ targets: links.targets, ids: [...links.ids] });
const linksOf = (route: string, stored: StoredLinks): PageLinks => ({ route, targets: stored.targets, ids: new Set(stored.ids) });

/** A search file in the cache, with a way to make it should it be gone. */
interface CachedFile extends StoredFile {
  made(): OutputFile;
}

/** An output file of the result; a stored one is read when its contents are asked for. */
function outputFileOf(file: OutputFile | StoredFile | CachedFile): OutputFile {
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

/** The search files: from the output cache when the docs are as they were, else made (and kept). */
function searchOutputs(
  docs: DocPageData[],
  model: ContentModel,
  config: LoadedConfig["config"],
  fill: (html: string) => string,
  outputs: OutputCache<StoredLinks | null> | null,
): (OutputFile | CachedFile)[] {
  const make = () => searchFiles(docs, model.sidebar, config, fill);
  if (!outputs) return make();
  const key = hashOf("search-v1", toolStamp(), ...searchInputs(docs, model.sidebar, config, (doc) => JSON.stringify(doc)));
  const keys = [RECORDS_FILE, EMBEDDED_INDEX_FILE].map((file) => hashOf(key, file));
  const cached = keys.map((k) => outputs.get(k));
  if (cached.every((c) => c !== null)) {
    let made: OutputFile[] | undefined;
    return [RECORDS_FILE, EMBEDDED_INDEX_FILE].map((file, i) => ({ path: file, from: cached[i]!.file, made: () => (made ??= make())[i] }));
  }
  const files = make();
  files.forEach((file, i) => outputs.put(keys[i], file.contents, null));
  return files;
}
