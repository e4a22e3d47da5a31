// The build pipeline: load content -> routes and sidebar -> render -> validate -> write.
import path from "node:path";
import fg from "fast-glob";
import type { LoadedConfig } from "./config.ts";
import { loadDocs } from "./content/load.ts";
import { buildContentModel, type ContentModel } from "./content/site.ts";
import { SsodocsError, Warnings } from "./errors.ts";
import { createCodeRenderer } from "./markdown/code.ts";
import { createMarkdownRenderer } from "./markdown/index.ts";
import { buildClientAssets, type OutputFile } from "./render/assets.ts";
import { contentSecurityPolicy, headersFile } from "./render/csp.ts";
import { renderDocs } from "./render/docs.ts";
import { loadMarkdownCache } from "./render/markdown-cache.ts";
import { renderFragment } from "./render/page.ts";
import { pageJobs, sitemapAndRobots } from "./render/pages.ts";
import { homeCardsOf, siteViewOf } from "./render/site-view.ts";
import { loadTemplates } from "./render/templates.ts";
import { searchFiles } from "./search/files.ts";
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
  const [templates, client] = await Promise.all([loadTemplates(loaded.templatesDir), buildClientAssets(config)]);
  lap("setup");
  const markdown = createMarkdownRenderer(code);
  const markdownCache = loadMarkdownCache(config, model, loaded.docsDir, code);
  const rendered = renderDocs(model, config, loaded.docsDir, markdown, (cards) => renderFragment(templates.CardList, { cards }), warnings, markdownCache.memo);
  lap("markdown");
  await code.highlightPending();
  markdownCache.save();
  for (const page of rendered.pages) page.html = code.fill(page.html);
  lap("highlight");

  const site = siteViewOf(config, client);

  // Pages are rendered one by one and written to the staging folder at once; only what
  // validation needs of each (its links and ids) is kept.
  const staging = options.outDir ? await createStaging(path.resolve(options.outDir)) : null;
  try {
    const pages: BuiltPage[] = [];
    const links: PageLinks[] = [];
    for (const job of pageJobs(site, model, rendered.pages, homeCardsOf(model), templates)) {
      const html = job.render();
      pages.push({ route: job.route, file: job.file, indexable: job.indexable });
      links.push(collectPageLinks(job.route, html));
      await staging?.write({ path: job.file, contents: html });
    }
    lap("render");

    const csp = contentSecurityPolicy(client.beforePaintScript, config);
    const files: OutputFile[] = [
      headersFile(csp),
      ...rendered.images,
      ...client.files,
      ...sitemapAndRobots(pages, config),
      ...searchFiles(rendered.pages, model.sidebar, config),
    ];
    const staticFiles = loaded.staticDir ? await fg("**/*", { cwd: loaded.staticDir, dot: false }) : [];
    const known = new Set([...pages.map((p) => p.file), ...files.map((f) => f.path), ...staticFiles]);
    const broken = findBrokenLinks(links, known, config.baseUrl, rendered.linkOrigins);
    if (broken.length) throw new BrokenLinksError(broken);
    lap("validate");

    if (staging) {
      for (const file of files) await staging.write(file);
      await staging.commit(loaded.staticDir);
    }
    lap("write");
    return { pages, files, model, warnings: warnings.list, seconds: (performance.now() - started) / 1000, timings, csp };
  } catch (error) {
    await staging?.discard();
    throw error;
  }
}
