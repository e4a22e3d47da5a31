// The site as watch mode keeps it: built once, then updated file by file. An edit to a guide's
// text renders that guide's Markdown and page again; a change to front matter or to the set of
// files also renders the pages that show the sidebar, tags and cards; a change to the config
// or a template renders everything. Pages are written to a folder the dev server serves, only
// when their HTML changed, and each update says which routes changed so those browsers reload.
import { existsSync } from "node:fs";
import { cp, mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { DocPageData } from "../../shared/types.ts";
import type { CategoryCard, SiteView } from "../../shared/template-props.ts";
import { hashOf } from "../cache.ts";
import { routeKey } from "../content/routes.ts";
import { loadConfig, type LoadedConfig } from "../config.ts";
import { loadDoc, loadDocs, type SourceDoc } from "../content/load.ts";
import { buildContentModel, type ContentModel } from "../content/site.ts";
import { SsodocsError, Warnings, type SourceLocation } from "../errors.ts";
import { createCodeRenderer, type CodeRenderer } from "../markdown/code.ts";
import { createMarkdownRenderer, type MarkdownRenderer } from "../markdown/index.ts";
import { buildClientAssets, contentsOf, type OutputFile } from "../render/assets.ts";
import { contentSecurityPolicy } from "../render/csp.ts";
import { MarkdownMemo, renderDocs } from "../render/docs.ts";
import { renderDocument, renderFragment } from "../render/page.ts";
import { docStamp, homePageJob, pageJobs, sitemapAndRobots, type PageJob } from "../render/pages.ts";
import { homeCardsOf, siteViewOf } from "../render/site-view.ts";
import { loadTemplates, type Templates } from "../render/templates.ts";
import { RecordsMemo, searchFiles } from "../search/files.ts";
import { llmsFiles } from "../search/llms.ts";
import { collectPageLinks, findBrokenLinks, formatBrokenLinks, type PageLinks } from "../validate/links.ts";
import { freshImporter } from "../bundled-import.ts";
import { listFiles } from "../list-files.ts";
import { brokenLinkLocation } from "./link-location.ts";

/** What an update did, for the terminal line and the browsers. */
export interface DevUpdate {
  /** What was rebuilt: "page", "structure" (sidebar, tags, cards) or "site". */
  scope: "page" | "structure" | "site";
  /** The source files the update was for, relative to the project. */
  sources: string[];
  /** Routes whose HTML changed. */
  routes: string[];
  /** Scripts, styles or static files changed: every open page reloads. */
  reloadAll: boolean;
  ms: number;
  warnings: string[];
}

export interface DevSessionOptions {
  configFile?: string;
  /** The folder the server serves; it is emptied first. */
  outDir: string;
  /** Added to the <head> of every page (the live-reload script). */
  headHtml: string;
}

/** Links or anchors are broken; the pages were written all the same, so the edit shows. */
export class DevBrokenLinksError extends SsodocsError {
  constructor(
    report: string,
    location: SourceLocation | undefined,
    /** The update that wrote the pages. */
    readonly update: DevUpdate,
  ) {
    super(`broken links or anchors:\n${report}`, location);
  }
}

export class DevSession {
  loaded!: LoadedConfig;
  csp = "";
  /** Files the config was made from, besides itself. */
  readonly configInputs = new Set<string>();
  private templates!: Templates;
  private site!: SiteView;
  private clientFiles: OutputFile[] = [];
  private code!: CodeRenderer;
  private readonly records = new RecordsMemo(docStamp);
  private markdown!: MarkdownRenderer;
  private memo = new MarkdownMemo();
  private docs = new Map<string, SourceDoc>();
  private model: ContentModel | undefined;
  private pages: DocPageData[] = [];
  private images: OutputFile[] = [];
  private linkOrigins = new Map<string, Map<string, string>>();
  private links = new Map<string, PageLinks>();
  /** Output path -> hash of what is on disk. */
  private written = new Map<string, string>();
  private staticFiles: string[] = [];
  private freshDir: string;

  constructor(private readonly options: DevSessionOptions) {
    this.freshDir = path.join(options.outDir, "..", `${path.basename(options.outDir)}-modules`);
  }

  get templatesDir(): string {
    return this.loaded.templatesDir;
  }

  /**
   * Loads the config, templates and docs and writes the scripts and styles: enough to render any
   * guide or the home page on request (`renderEarly`) while `start` builds the rest.
   */
  async prepare(): Promise<void> {
    await rm(this.options.outDir, { recursive: true, force: true });
    await mkdir(this.options.outDir, { recursive: true });
    await mkdir(this.freshDir, { recursive: true });
    await this.loadSetup();
    this.early = buildContentModel([...this.docs.values()], this.loaded.config, this.loaded.file, new Warnings());
    for (const file of this.clientFiles) await this.write(file.path, file.contents);
    await this.copyStatic();
  }

  /** The first build: everything. */
  async start(): Promise<DevUpdate> {
    if (!this.loaded) await this.prepare();
    return this.update(new Set(), { full: true });
  }

  /**
   * A guide page or the home page, rendered on its own before the first build is done (so the
   * first page a browser asks for is served at once); null for other routes, which wait.
   */
  async renderEarly(route: string): Promise<string | null> {
    const model = this.early;
    if (!model) return null;
    const key = routeKey(route);
    const cards = (c: CategoryCard[]) => renderFragment(this.templates.CardList, { cards: c });
    if (key === routeKey(this.loaded.config.baseUrl)) return injectHead(homePageJob(this.site, model, homeCardsOf(model), this.templates).render(), this.options.headHtml);
    const doc = model.docs.find((d) => routeKey(model.info.get(d.id)!.permalink) === key);
    if (!doc) return null;
    const [page] = renderDocs({ ...model, docs: [doc] }, this.loaded.config, this.loaded.docsDir, this.markdown, cards, new Warnings(), this.memo).pages;
    // With every block cached the page is finished without yielding: the first build, running
    // beside this, would otherwise render all its Markdown before this page is sent.
    if (this.code.hasPending()) await this.code.highlightPending();
    page.html = this.code.fill(page.html);
    return injectHead(renderDocument(this.templates.DocPage, { site: this.site, doc: page }, page.permalink), this.options.headHtml);
  }

  async close(): Promise<void> {
    await rm(this.freshDir, { recursive: true, force: true });
  }

  /** What must be loaded again before the next update: a failed load is tried again. */
  private stale = { config: true, templates: true };
  /** The content model between `prepare` and the end of the first build. */
  private early: ContentModel | null = null;
  /** Files of an update that failed, applied again with the next update whatever it is for. */
  private retry = new Set<string>();

  private async loadSetup(): Promise<void> {
    if (this.stale.config) {
      const inputs = new Set<string>();
      const loaded = await loadConfig(this.options.configFile, process.cwd(), freshImporter(this.freshDir, inputs));
      this.loaded = loaded;
      this.configInputs.clear();
      for (const f of inputs) if (f !== loaded.file) this.configInputs.add(f);
      this.code = createCodeRenderer(loaded.config.code.extraLanguages, loaded.docsDir);
      this.markdown = createMarkdownRenderer(this.code);
      await this.markdown.load();
      this.memo = new MarkdownMemo();
      this.model = undefined;
      this.docs.clear();
      for (const doc of await loadDocs(loaded.docsDir)) this.docs.set(doc.relativePath, doc);
      this.stale = { config: false, templates: true };
    }
    if (this.stale.templates) {
      const [templates, client] = await Promise.all([
        loadTemplates(this.loaded.templatesDir, freshImporter(this.freshDir, new Set())),
        buildClientAssets(this.loaded.config),
      ]);
      this.templates = templates;
      this.site = siteViewOf(this.loaded.config, client);
      // Kept in memory: every rebuild compares them with what was written.
      this.clientFiles = client.files.map((f) => ({ path: f.path, contents: contentsOf(f) }));
      this.csp = contentSecurityPolicy(client.beforePaintScript, this.loaded.config);
      this.memo.forgetStructure(false);
      this.stale.templates = false;
    }
  }

  /**
   * Applies changed files (absolute paths). `config` and `templates` force those to be loaded
   * again. Throws an SsodocsError on bad input; the pages written before stay as they were
   * (except for a broken link, reported after the pages are written, so the edit shows).
   */
  async update(changed: Set<string>, force: { config?: boolean; templates?: boolean; full?: boolean } = {}): Promise<DevUpdate> {
    for (const f of this.retry) changed.add(f);
    this.retry.clear();
    try {
      return await this.apply(changed, force);
    } catch (error) {
      if (!(error instanceof DevBrokenLinksError)) for (const f of changed) this.retry.add(f);
      throw error;
    }
  }

  private async apply(changed: Set<string>, force: { config?: boolean; templates?: boolean; full?: boolean }): Promise<DevUpdate> {
    const started = performance.now();
    /** The changed files that really changed (a save without a change is none). */
    const actual = new Set<string>();
    if (force.config || !this.loaded || [...changed].some((f) => f === this.loaded.file || this.configInputs.has(f))) this.stale.config = true;
    if (force.templates || (!this.stale.config && [...changed].some((f) => isInside(this.loaded.templatesDir, f)))) this.stale.templates = true;
    const configChanged = this.stale.config;
    const templatesChanged = this.stale.templates;
    const staticChanged = !!this.loaded?.staticDir && [...changed].some((f) => isInside(this.loaded.staticDir!, f));
    for (const f of changed) if (this.loaded && !isInside(this.loaded.docsDir, f)) actual.add(f);
    await this.loadSetup();
    const { docsDir } = this.loaded;

    // Docs: read the changed Markdown files again, forget removed ones.
    let structure = configChanged || templatesChanged || !!force.full;
    const edited = new Set<string>();
    for (const file of changed) {
      if (!isInside(docsDir, file)) continue;
      const relative = path.relative(docsDir, file).split(path.sep).join("/");
      if (!/\.mdx?$/.test(relative)) {
        // An image or other file a guide uses: render the guides that use it again.
        for (const [id, entry] of this.memo.entries) if (entry.images.has(file)) this.memo.entries.delete(id), edited.add(id), actual.add(file);
        continue;
      }
      if (relative.split("/").some((part) => part.startsWith("_") || part === "node_modules")) continue;
      const before = this.docs.get(relative);
      if (!existsSync(file)) {
        if (before) this.docs.delete(relative), (structure = true), actual.add(file);
        continue;
      }
      const doc = await loadDoc(docsDir, relative);
      const sameFrontMatter = !!before && JSON.stringify(before.frontMatter) === JSON.stringify(doc.frontMatter);
      if (sameFrontMatter && before!.body === doc.body && before!.bodyLine === doc.bodyLine) continue;
      this.docs.set(relative, doc);
      edited.add(doc.id);
      actual.add(file);
      if (!sameFrontMatter) structure = true;
    }

    const warnings = new Warnings();
    const previousPermalinks = this.model ? [...this.model.info.values()].map((i) => i.permalink).join("\n") : "";
    const docs = [...this.docs.values()];
    const model = buildContentModel(docs, this.loaded.config, this.loaded.file, warnings);
    const permalinksChanged = [...model.info.values()].map((i) => i.permalink).join("\n") !== previousPermalinks;
    if (structure) this.memo.forgetStructure(permalinksChanged);
    const rendered = renderDocs(model, this.loaded.config, docsDir, this.markdown, (cards) => renderFragment(this.templates.CardList, { cards }), warnings, this.memo);
    await this.code.highlightPending();
    for (const page of rendered.pages) page.html = this.code.fill(page.html);

    // Which pages to render: all of them after a structural change; else the edited docs' pages
    // and, when a description changed, the tag pages that list it.
    const previous = new Map(this.pages.map((p) => [p.id, p]));
    const jobs = pageJobs(this.site, model, rendered.pages, homeCardsOf(model), this.templates);
    const affected = structure || staticChanged ? jobs : this.affectedJobs(jobs, rendered.pages, previous, edited);
    this.model = model;
    this.pages = rendered.pages;
    this.images = rendered.images;
    this.linkOrigins = rendered.linkOrigins;

    this.early = null;
    const routes: string[] = [];
    for (const job of affected) {
      const html = job.render();
      this.links.set(job.route, collectPageLinks(job.route, html));
      if (await this.write(job.file, injectHead(html, this.options.headHtml))) routes.push(job.route);
    }
    const liveRoutes = new Set(jobs.map((j) => j.route));
    for (const route of this.links.keys()) if (!liveRoutes.has(route)) this.links.delete(route);
    if (structure) await this.removeGone(jobs);

    let reloadAll = false;
    for (const file of [...this.clientFiles, ...this.images, ...(structure ? sitemapAndRobots(jobs, this.loaded.config) : [])]) {
      if ((await this.write(file.path, file.contents)) && file.path.startsWith("assets/") && !file.path.startsWith("assets/images/")) reloadAll = true;
    }
    if (staticChanged || configChanged) reloadAll = (await this.copyStatic()) || reloadAll || configChanged;
    // llms.txt and the docs' Markdown copies; a copy whose doc is gone goes too.
    const llms = new Map(llmsFiles(model, this.loaded.config).map((f) => [f.path, f.contents]));
    for (const [file, contents] of llms) await this.write(file, contents);
    for (const gone of [...this.written.keys()].filter((f) => f.endsWith(".md") && !llms.has(f))) {
      this.written.delete(gone);
      await rm(path.join(this.options.outDir, gone), { force: true });
    }

    const sources = [...actual].map((f) => path.relative(process.cwd(), f)).sort();
    const update: DevUpdate = { scope: configChanged || templatesChanged ? "site" : structure ? "structure" : "page", sources, routes, reloadAll, ms: Math.round(performance.now() - started), warnings: warnings.list };
    this.validate(jobs, model, update);
    return update;
  }

  /** The search files, built after the browsers have reloaded (they take longer than a page). */
  async writeSearchFiles(): Promise<void> {
    if (!this.model) return;
    // Only the records of docs that changed since the last update are made again.
    this.records.next();
    for (const file of searchFiles(this.pages, this.model.sidebar, this.loaded.config, undefined, this.records)) await this.write(file.path, file.contents);
  }

  private affectedJobs(jobs: PageJob[], pages: DocPageData[], previous: Map<string, DocPageData>, edited: Set<string>): PageJob[] {
    const routes = new Set<string>();
    for (const page of pages) {
      if (!edited.has(page.id)) continue;
      routes.add(page.permalink);
      const before = previous.get(page.id);
      if (before && before.description !== page.description) for (const tag of page.tags) routes.add(tag.permalink);
    }
    return jobs.filter((j) => routes.has(j.route) || (j.docId !== null && edited.has(j.docId)));
  }

  private validate(jobs: PageJob[], model: ContentModel, update: DevUpdate): void {
    const known = new Set([...jobs.map((j) => j.file), ...this.written.keys(), ...this.staticFiles]);
    const broken = findBrokenLinks([...this.links.values()], known, this.loaded.config.baseUrl, this.linkOrigins);
    if (!broken.length) return;
    const first = brokenLinkLocation(broken[0], model);
    throw new DevBrokenLinksError(formatBrokenLinks(broken), first, update);
  }

  /** Writes a file if its contents changed (to a temporary name, then renamed: never half-written). */
  private async write(relative: string, contents: string | Uint8Array): Promise<boolean> {
    const hash = hashOf(contents);
    if (this.written.get(relative) === hash) return false;
    const target = path.join(this.options.outDir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    await writeFile(temp, contents);
    await rename(temp, target);
    this.written.set(relative, hash);
    return true;
  }

  private async removeGone(jobs: PageJob[]): Promise<void> {
    const live = new Set(jobs.map((j) => j.file));
    for (const file of [...this.written.keys()]) {
      if (file.endsWith(".html") && !live.has(file)) {
        this.written.delete(file);
        await rm(path.join(this.options.outDir, file), { force: true });
      }
    }
  }

  /** Copies the static folder over; true when a file changed. */
  private async copyStatic(): Promise<boolean> {
    const dir = this.loaded.staticDir;
    if (!dir || !existsSync(dir)) return false;
    this.staticFiles = listFiles(dir, { hidden: true, followFolderLinks: true });
    await cp(dir, this.options.outDir, { recursive: true, force: true });
    return true;
  }
}

function isInside(dir: string, file: string): boolean {
  return file.startsWith(dir + path.sep);
}

/** Adds `headHtml` before `</head>`. */
export function injectHead(html: string, headHtml: string): string {
  if (!headHtml) return html;
  const at = html.indexOf("</head>");
  return at < 0 ? html + headHtml : html.slice(0, at) + headHtml + html.slice(at);
}
