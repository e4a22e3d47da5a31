// The site as watch mode keeps it. Every update runs the build's own stages (build/) on the
// files that changed: the docs that changed are read again, every page gets its key, pages whose
// key is new are rendered, and every file whose bytes changed is written to the folder the dev
// server serves. Which pages change falls out of the keys; there are no rules of its own. The
// store is the build's (on disk, with what it reads and writes also in memory), so a restart
// finds the pages of the last session.
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { readSiteInputs, type SiteInputs } from "../build/inputs.ts";
import { type PreparedSite, prepareSite, type RendererCache } from "../build/prepare.ts";
import { producePages } from "../build/produce.ts";
import { earlyFiles, searchOutputs, siteFiles } from "../build/site-files.ts";
import { brokenLinksOf } from "../build.ts";
import { type LoadedConfig, loadConfig } from "../config.ts";
import type { SourceDoc } from "../content/load.ts";
import { routeKey } from "../content/routes.ts";
import { buildContentModel } from "../content/site.ts";
import { type SourceLocation, SsodocsError, Warnings } from "../errors.ts";
import type { PageStore } from "../store.ts";
import { formatBrokenLinks } from "../validate/links.ts";
import { type OutputItem, outputPathIn } from "../write.ts";
import { brokenLinkLocation } from "./link-location.ts";

/** What an update did, for the terminal line and the browsers. */
export interface DevUpdate {
  /** What changed: "page" (a doc's text), "structure" (the sidebar, tags, cards) or "site" (config, templates). */
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
  /** The folder the server serves; it must be empty or new. */
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

/** Adds `headHtml` before `</head>`. */
export function injectHead(html: string, headHtml: string): string {
  if (!headHtml) return html;
  const at = html.indexOf("</head>");
  return at < 0 ? html + headHtml : html.slice(0, at) + headHtml + html.slice(at);
}

export class DevSession {
  loaded!: LoadedConfig;
  csp = "";
  /** Files the config was made from, besides itself (watched too). */
  readonly configInputs = new Set<string>();
  private store!: PageStore;
  private readonly renderers: RendererCache = {};
  private docs = new Map<string, SourceDoc>();
  private current: { site: PreparedSite; inputs: SiteInputs } | null = null;
  /** Output path -> hash of what is in the served folder. */
  private readonly written = new Map<string, string>();
  /** The config failed to load: it is loaded again with the next update, whatever that is for. */
  private configStale = true;

  constructor(private readonly options: DevSessionOptions) {}

  /** Loads the config and works out every page's key: enough to render any page on request (`renderEarly`). */
  async prepare(): Promise<void> {
    await this.loadConfigIfStale(true);
    this.current = await this.plan(new Set());
  }

  /** The first build: everything. */
  async start(): Promise<DevUpdate> {
    if (!this.current) await this.prepare();
    return this.update(new Set());
  }

  private async loadConfigIfStale(force: boolean): Promise<boolean> {
    if (!force && !this.configStale) return false;
    this.configStale = true;
    const loaded = await loadConfig(this.options.configFile);
    this.configStale = false;
    this.store = loaded.store;
    this.store.keepBodies = true;
    this.loaded = loaded;
    this.configInputs.clear();
    for (const [file] of loaded.inputs)
      if (file !== loaded.file && !file.includes(`${path.sep}node_modules${path.sep}`)) this.configInputs.add(file);
    this.docs.clear();
    return true;
  }

  private async plan(changed: Set<string>): Promise<{ site: PreparedSite; inputs: SiteInputs; warnings: Warnings }> {
    const inputs = readSiteInputs(this.loaded, { docs: this.docs, changed });
    this.docs = new Map(inputs.docs.map((doc) => [doc.relativePath, doc]));
    const warnings = new Warnings();
    // Watch mode shows the drafts, as Docusaurus's development server does.
    const model = buildContentModel(inputs, this.loaded, warnings, { drafts: true });
    const site = await prepareSite(this.loaded, inputs, model, this.store, this.renderers);
    this.csp = site.csp;
    return { site, inputs, warnings };
  }

  /**
   * A page rendered on its own before the first build is done (so the first page a browser asks
   * for is served at once); null for a route that is no page.
   */
  async renderEarly(route: string): Promise<string | null> {
    const site = this.current?.site;
    const plan = site?.plans.find((p) => routeKey(p.route) === routeKey(route));
    if (!site || !plan) return null;
    const [page] = await producePages(site, this.store, site.stored(plan) ? [] : [plan], null, [plan]);
    return injectHead((await page.output.bytes()).toString("utf8"), this.options.headHtml);
  }

  /**
   * The client's and the static folders' files, by output path, known as soon as the site is
   * planned: the first page shown gets its styles, scripts and images from memory while the
   * first build still writes the rest.
   */
  private early = new Map<string, () => Buffer>();

  prepareEarlyFiles(): void {
    const site = this.current?.site;
    this.early = site ? earlyFiles(site) : new Map();
  }

  /**
   * One of those files by its URL path (its output path and bytes), until the first build is done
   * (then the output folder has it); null for any other path, or a file that cannot be read now.
   */
  earlyFile(urlPath: string): { path: string; bytes: Buffer } | null {
    const baseUrl = this.current?.site.config.baseUrl ?? "/";
    if (!urlPath.startsWith(baseUrl)) return null;
    try {
      const file = decodeURIComponent(urlPath.slice(baseUrl.length));
      const read = this.early.get(file);
      return read ? { path: file, bytes: read() } : null;
    } catch {
      return null;
    }
  }

  forgetEarlyFiles(): void {
    this.early.clear();
  }

  async close(): Promise<void> {
    this.renderers.code?.code.close();
    await this.store?.finish();
  }

  /**
   * Applies changed files (absolute paths). Throws an SsodocsError on bad input; what was written
   * before stays as it was (a broken link is reported after the pages are written, so the edit shows).
   */
  async update(changed: Set<string>): Promise<DevUpdate> {
    for (const file of this.retry) changed.add(file);
    this.retry.clear();
    try {
      return await this.apply(changed);
    } catch (error) {
      // Read again with the next update, whatever it is for: the last good version stays until then.
      if (!(error instanceof DevBrokenLinksError)) for (const file of changed) this.retry.add(file);
      throw error;
    }
  }

  /** Files of an update that failed. */
  private readonly retry = new Set<string>();

  private async apply(changed: Set<string>): Promise<DevUpdate> {
    const started = performance.now();
    const configChanged = [...changed].some((f) => f === this.loaded?.file || this.configInputs.has(f));
    const reloaded = await this.loadConfigIfStale(configChanged);
    const before = this.current?.site.stamps;
    const { site, inputs, warnings } = await this.plan(reloaded ? new Set() : changed);
    this.current = { site, inputs };
    const misses = site.plans.filter((plan) => !site.stored(plan));
    const pages = await producePages(site, this.store, misses, null);
    for (const page of pages) warnings.list.push(...page.warnings);
    const files = await siteFiles(site, this.store, pages, { search: false });
    const routes: string[] = [];
    for (const page of pages) {
      if (await this.write(page.output, true)) routes.push(page.plan.route);
      for (const attachment of page.attachments) await this.write(attachment, false);
    }
    // A script, style or static file that changed reloads every open page; images, the sitemap and the like do not.
    // So does a new config: the server's headers come from it too.
    const reloading = new Set([
      ...site.client.files.map((f) => f.path),
      ...site.inputs.statics.flatMap((s) => s.files),
    ]);
    let reloadAll = reloaded;
    for (const file of files) if ((await this.write(file, false)) && reloading.has(file.path)) reloadAll = true;
    const live = pages.flatMap((p) => [p.plan.file, ...p.attachments.map((a) => a.path)]);
    await this.removeGone([...live, ...files.map((f) => f.path), ...this.searchPaths]);
    await this.store.finish();
    const scope =
      !before || before.site !== site.stamps.site || before.templates !== site.stamps.templates
        ? "site"
        : before.structure !== site.stamps.structure
          ? "structure"
          : "page";
    const update: DevUpdate = {
      scope,
      sources: [...changed].map((f) => path.relative(process.cwd(), f)).sort(),
      routes,
      reloadAll,
      ms: Math.round(performance.now() - started),
      warnings: warnings.list,
    };
    const broken = await brokenLinksOf(site, this.store, pages, [...files.map((f) => f.path), ...this.searchPaths]);
    if (broken.length)
      throw new DevBrokenLinksError(
        formatBrokenLinks(broken),
        brokenLinkLocation(broken[0], site.model, site.loaded.inputFiles),
        update,
      );
    return update;
  }

  private searchPaths: string[] = [];

  /** The search files, written after the browsers have reloaded (making them takes longer than a page). */
  async writeSearchFiles(): Promise<void> {
    const current = this.current;
    if (!current) return;
    const pages = await producePages(current.site, this.store, [], null);
    const files = await searchOutputs(current.site, this.store, pages);
    this.searchPaths = files.map((f) => f.path);
    for (const file of files) await this.write(file, false);
    await this.store.finish();
  }

  /** Writes a file whose bytes changed (to a temporary name, then renamed: never half-written); true if it did. */
  private async write(item: OutputItem, page: boolean): Promise<boolean> {
    if (this.written.get(item.path) === item.hash) return false;
    const target = outputPathIn(this.options.outDir, item.path);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    const bytes = await item.bytes();
    await writeFile(temp, page ? injectHead(bytes.toString("utf8"), this.options.headHtml) : bytes);
    await rename(temp, target);
    this.written.set(item.path, item.hash);
    return true;
  }

  /** Removes the files an earlier update wrote that are no longer part of the site. */
  private async removeGone(live: string[]): Promise<void> {
    const keep = new Set(live);
    for (const file of [...this.written.keys()]) {
      if (keep.has(file)) continue;
      this.written.delete(file);
      await rm(outputPathIn(this.options.outDir, file), { force: true });
    }
  }
}
