// `serve --watch`'s driver of the pipeline (pipeline/run.ts): every update runs the same stages
// as a build on the files that changed (the docs that changed are read again, every page gets its
// key, pages whose key is new are rendered) into the folder the dev server serves, where only
// files whose bytes changed are written. Which pages change falls out of the keys; there are no
// rules of its own. The caches are the build's (on disk, the store's entries also kept in
// memory), so a restart finds the pages of the last session.
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { type LoadedConfig, configFileOf, loadConfig } from "../config.ts";
import type { SourceDoc } from "../content/load.ts";
import { routeKey } from "../content/routes.ts";
import { type Diagnostic, SsodocsError, Warnings } from "../errors.ts";
import type { SiteStamps } from "../pipeline/keys.ts";
import type { OutputItem } from "../pipeline/output-item.ts";
import type { PreparedSite, RendererCache } from "../pipeline/prepare.ts";
import { producePages } from "../pipeline/produce.ts";
import { plan, run, type Sink } from "../pipeline/run.ts";
import { earlyFiles, searchOutputs } from "../pipeline/site-files.ts";
import { outputPathIn } from "../pipeline/staging.ts";
import { PAYLOAD_FILE } from "../../shared/page-payload.ts";
import { ProjectPaths } from "../project-paths.ts";
import { BrokenLinksError } from "../pipeline/validate.ts";
import { SearchThread } from "../search/search-thread.ts";
import { type SiteCaches, siteCaches } from "../store/index.ts";
import type { BrokenLink } from "../validate/links.ts";

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
  warnings: Diagnostic[];
  /** When each stage ended, in milliseconds from the update's start (`serve --watch --timings`). */
  timings: Record<string, number>;
}

export interface DevSessionOptions {
  configFile?: string;
  /** The folder the server serves; it must be empty or new. */
  outDir: string;
  /** Added to the <head> of every page (the live-reload script). */
  headHtml: string;
  /**
   * Told each page an update that changes pages' text alone has written, as soon as it is (with
   * its payload and images): a browser showing it can show it before the update is done.
   */
  shown?(pages: ShownPage[]): void;
}

/** A page written early: its route, and its payload's text (what the browser would fetch to show it), if it has one. */
export interface ShownPage {
  route: string;
  payload: string | null;
}

/** Links or anchors are broken; the pages were written all the same, so the edit shows. */
export class DevBrokenLinksError extends SsodocsError {
  private readonly found: Diagnostic[];
  /** The update that wrote the pages. */
  readonly update: DevUpdate;

  constructor(found: Diagnostic[], update: DevUpdate) {
    // The page shows the first one's place, and every message.
    const first = found.find((d) => d.file);
    super(found.map((d) => d.message).join("\n"), first?.file ? { ...first, file: first.file } : undefined);
    this.found = found;
    this.update = update;
  }

  override diagnostics(): Diagnostic[] {
    return this.found;
  }
}

/** What an update changed, from the stamps before and after it. */
function scopeOf(before: SiteStamps | undefined, stamps: SiteStamps): DevUpdate["scope"] {
  if (!before || before.site !== stamps.site || before.templates !== stamps.templates) return "site";
  return before.structure !== stamps.structure ? "structure" : "page";
}

/** Adds `headHtml` before `</head>`. */
function injectHead(html: string, headHtml: string): string {
  if (!headHtml) return html;
  const at = html.indexOf("</head>");
  return at < 0 ? html + headHtml : html.slice(0, at) + headHtml + html.slice(at);
}

/**
 * The folder the dev server serves, as a sink: every file whose bytes changed is written (pages
 * with the live-reload script), files no longer in the site are removed, and links are validated
 * after that, so an edit shows even when it breaks a link.
 */
class ServedFolder implements Sink {
  /** Output path -> hash of what is in the folder. */
  private readonly written = new Map<string, string>();
  /** What the last update changed: routes whose HTML changed, and whether a script, style or static file did. */
  changed = { routes: [] as string[], reloadAll: false };
  /** Notes when a stage of the update ends (see DevUpdate.timings). */
  mark: (stage: string) => void = () => {};
  /** Pages written as they were rendered, until an update's end counts them among the routes it changed. */
  private readonly streamed = new Set<string>();
  /** Told each page written as it is rendered, with its payload's text, while the update may show pages early (DevSession.apply). */
  early: ((file: string, payload: string | null) => void) | null = null;

  constructor(
    private readonly dir: string,
    private readonly headHtml: string,
    /** Files written outside updates (the search files), kept when an update removes what is gone. */
    private readonly kept: () => string[],
  ) {}

  /** A page's files as soon as it is rendered (its HTML first, then its payload and Markdown copy: produce.ts). */
  async rendered([html, ...attachments]: OutputItem[]): Promise<void> {
    this.mark("rendered");
    for (const attachment of attachments) await this.write(attachment, false);
    if (!(await this.write(html, true))) return;
    this.streamed.add(html.path);
    if (!this.early) return;
    const payload = attachments.find((a) => path.posix.basename(a.path) === PAYLOAD_FILE);
    this.early(html.path, payload ? (await payload.bytes()).toString("utf8") : null);
  }

  /** Whether the folder holds a file (by output path). */
  has(file: string): boolean {
    return this.written.has(file);
  }

  async finish({ site, model, pages, files }: Parameters<Sink["finish"]>[0], validate: () => Promise<BrokenLink[]>) {
    this.mark("files");
    const routes: string[] = [];
    for (const page of pages) {
      if ((await this.write(page.output, true)) || this.streamed.has(page.plan.file)) routes.push(page.plan.route);
      for (const attachment of page.attachments) await this.write(attachment, false);
    }
    // A script, style or static file that changed reloads every open page; images, the sitemap and the like do not.
    const reloading = new Set([
      ...site.client.files.map((f) => f.path),
      ...site.styles.files.map((f) => f.path),
      ...site.inputs.statics.flatMap((s) => s.files),
    ]);
    let reloadAll = false;
    for (const file of files) if ((await this.write(file, false)) && reloading.has(file.path)) reloadAll = true;
    const live = pages.flatMap((p) => [p.plan.file, ...p.attachments.map((a) => a.path)]);
    await this.removeGone([...live, ...files.map((f) => f.path), ...this.kept()]);
    this.changed = { routes, reloadAll };
    this.streamed.clear();
    this.mark("written");
    const broken = await validate();
    this.mark("validated");
    if (broken.length) throw new BrokenLinksError(broken, model, site.loaded);
  }

  /**
   * Whether files are written synchronously: once the folder holds the site, an update writes a
   * few, each at once rather than after a turn of the event loop and of the thread pool (busy with
   * the store's entries) per step. The first build writes every file, and the server answers
   * between them (the first page asked for, its styles and scripts: watch.ts's earlyPages).
   */
  synchronous = false;

  /** Writes a file whose bytes changed (to a temporary name, then renamed: never half-written); true if it did. */
  async write(item: OutputItem, page: boolean): Promise<boolean> {
    if (this.written.get(item.path) === item.hash) return false;
    const target = outputPathIn(this.dir, item.path);
    const bytes = await item.bytes();
    const folder = path.dirname(target);
    const temp = `${target}.${process.pid}.tmp`;
    const data = page ? injectHead(bytes.toString("utf8"), this.headHtml) : bytes;
    if (this.synchronous) {
      if (!this.folders.has(folder)) mkdirSync(folder, { recursive: true });
      writeFileSync(temp, data);
      renameSync(temp, target);
    } else {
      if (!this.folders.has(folder)) await mkdir(folder, { recursive: true });
      await writeFile(temp, data);
      await rename(temp, target);
    }
    this.folders.add(folder);
    this.written.set(item.path, item.hash);
    return true;
  }

  /** Folders made in the served folder (files are only ever removed from it, never folders). */
  private readonly folders = new Set<string>();

  /** Removes the files an earlier update wrote that are no longer part of the site. */
  private async removeGone(live: string[]): Promise<void> {
    const keep = new Set(live);
    for (const file of [...this.written.keys()]) {
      if (keep.has(file)) continue;
      this.written.delete(file);
      await rm(outputPathIn(this.dir, file), { force: true });
    }
  }
}

export class DevSession {
  loaded!: LoadedConfig;
  csp = "";
  /** Files the config was made from, besides itself (watched too). */
  readonly configInputs = new Set<string>();
  /** The custom stylesheets and what they import and load, as last bundled (watched too). */
  readonly stylesheetInputs = new Set<string>();
  private caches!: SiteCaches;
  private readonly renderers: RendererCache = {};
  private docs = new Map<string, SourceDoc>();
  private current: PreparedSite | null = null;
  /** The site whose pages the folder holds: the last update's that wrote them (a later one may have failed). */
  private written: PreparedSite | null = null;
  private readonly served: ServedFolder;
  private readonly searchThread = new SearchThread();
  private searchPaths: string[] = [];
  /** An update has written the site (the first build, or a later update once that failed). */
  private built = false;
  /** The config failed to load: it is loaded again with the next update, whatever that is for. */
  private configStale = true;
  /** The config's own warnings (keys ssodocs leaves out) are printed once per load, with the next update. */
  private configWarned = false;

  constructor(private readonly options: DevSessionOptions) {
    this.served = new ServedFolder(options.outDir, options.headHtml, () => this.searchPaths);
  }

  /** Loads the config and works out every page's key: enough to render any page on request (`renderEarly`). */
  async prepare(): Promise<void> {
    await this.loadConfigIfStale(true);
    this.current = await this.plan(new Set(), new Warnings());
  }

  /** The first build: everything. */
  async start(): Promise<DevUpdate> {
    if (!this.current) await this.prepare();
    return this.update(new Set());
  }

  private async loadConfigIfStale(force: boolean): Promise<boolean> {
    if (!force && !this.configStale) return false;
    this.configStale = true;
    const file = configFileOf(this.options.configFile);
    this.caches = siteCaches(file);
    this.caches.pages.keepBodies = true;
    const loaded = await loadConfig(file, { modules: this.caches.shortcuts });
    this.configStale = false;
    this.configWarned = false;
    this.loaded = loaded;
    this.configInputs.clear();
    for (const [input] of loaded.inputs)
      if (input !== loaded.file && !input.includes(`${path.sep}node_modules${path.sep}`)) this.configInputs.add(input);
    this.docs.clear();
    return true;
  }

  /** What a run of this session is given: the docs read before, the drafts shown (as Docusaurus's development server does). */
  private runOptions(changed: Set<string>, warnings: Warnings) {
    const known = { docs: this.docs, changed };
    const previous = this.current ?? undefined;
    return { caches: this.caches, warnings, drafts: true, known, renderers: this.renderers, previous };
  }

  private async plan(changed: Set<string>, warnings: Warnings): Promise<PreparedSite> {
    const site = await plan(this.loaded, this.runOptions(changed, warnings));
    this.planned(site);
    return site;
  }

  /** Keeps a planned site: the next update reads only the docs that changed since, and renders early pages from it. */
  private planned(site: PreparedSite): void {
    this.current = site;
    for (const file of site.styles.inputs) this.stylesheetInputs.add(file);
    this.docs = new Map(site.inputs.docs.map((doc) => [doc.relativePath, doc]));
    this.csp = site.csp;
  }

  /**
   * A page rendered on its own before the first build is done (so the first page a browser asks
   * for is served at once); null for a route that is no page.
   */
  async renderEarly(route: string): Promise<string | null> {
    const site = this.current;
    const plan = site?.plans.find((p) => routeKey(p.route) === routeKey(route));
    if (!site || !plan) return null;
    const [page] = await producePages(site, this.caches.pages, site.stored(plan) ? [] : [plan], null, [plan]);
    return injectHead((await page.output.bytes()).toString("utf8"), this.options.headHtml);
  }

  /**
   * The client's and the static folders' files, by output path, known as soon as the site is
   * planned: the first page shown gets its styles, scripts and images from memory while the
   * first build still writes the rest.
   */
  private early = new Map<string, () => Buffer>();

  prepareEarlyFiles(): void {
    this.early = this.current ? earlyFiles(this.current) : new Map();
  }

  /**
   * One of those files by its URL path (its output path and bytes), until the first build is done
   * (then the output folder has it); null for any other path, or a file that cannot be read now.
   */
  earlyFile(urlPath: string): { path: string; bytes: Buffer } | null {
    const baseUrl = this.current?.config.baseUrl ?? "/";
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
    await this.searchThread.close();
    await this.caches?.finish();
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
    const timings: Record<string, number> = {};
    this.served.mark = (stage) => (timings[stage] ??= Math.round(performance.now() - started));
    const configChanged = [...changed].some((f) => f === this.loaded?.file || this.configInputs.has(f));
    const reloaded = await this.loadConfigIfStale(configChanged);
    const before = this.current?.stamps;
    // An editor's temporary file (sed -i's, a safe write's) is gone by now and was never part of the site: no source.
    const sources = [...changed].filter((f) => existsSync(f) || this.wasInput(f));
    const warnings = new Warnings();
    if (!this.configWarned) warnings.addAll(this.loaded.warnings);
    this.configWarned = true;
    // The search files are made after the browsers have reloaded (writeSearchFiles): making them takes longer than a page.
    const options = {
      ...this.runOptions(reloaded ? new Set() : changed, warnings),
      sink: this.served,
      search: false,
      otherFiles: this.searchPaths,
      planned: (site: PreparedSite) => {
        this.planned(site);
        this.served.mark("planned");
        // Every stamp as it was: docs' text alone changed, so each page rendered can be shown once written.
        if (this.built && JSON.stringify(before) === JSON.stringify(site.stamps))
          this.served.early = (file, payload) => this.showEarly(site, file, payload);
      },
    };
    let broken: BrokenLinksError | null = null;
    try {
      await run(this.loaded, options);
    } catch (error) {
      if (!(error instanceof BrokenLinksError)) throw error;
      broken = error;
    } finally {
      this.served.early = null;
    }
    this.built = true;
    this.served.synchronous = true;
    this.written = this.current;
    const update: DevUpdate = {
      scope: scopeOf(before, this.current!.stamps),
      sources: sources.map((f) => path.relative(process.cwd(), f)).sort(),
      routes: this.served.changed.routes,
      // A new config reloads every page too: the server's headers come from it.
      reloadAll: reloaded || this.served.changed.reloadAll,
      ms: Math.round(performance.now() - started),
      warnings: warnings.items,
      timings,
    };
    if (broken) throw new DevBrokenLinksError(broken.diagnostics(), update);
    return update;
  }

  /** Tells of a page written early, once the images it shows are in the folder too. */
  private showEarly(site: PreparedSite, file: string, payload: string | null): void {
    const plan = site.plans.find((p) => p.file === file);
    const images = plan ? (this.caches.pages.info(plan.key)?.images ?? []) : [];
    if (!plan || !images.every(([, , output]) => this.served.has(output))) return;
    this.served.mark("shown");
    this.options.shown?.([{ route: plan.route, payload }]);
  }

  /** Whether a file was one the site was last planned from (a file now gone was deleted, not an editor's temporary one). */
  private wasInput(file: string): boolean {
    const site = this.current;
    if (!site || file === this.loaded.file || this.configInputs.has(file)) return true;
    const { docs, categories, statics } = site.inputs;
    const paths = new ProjectPaths(this.loaded.file);
    return (
      docs.some((d) => d.file === file) ||
      [...categories.values()].some((c) => c.file === file) ||
      statics.some((s) => s.files.some((f) => path.join(s.dir, f) === file)) ||
      // The shortcut keeps its inputs by their names in the project (project-paths.ts).
      (this.caches.shortcuts.templates?.inputs ?? []).some(([input]) => paths.find(input) === file)
    );
  }

  /**
   * The search files, written after the browsers have reloaded (making them takes longer than a
   * page), for the pages the folder holds: an update that failed since has not replaced them.
   * Made on the main thread: the first build's, as soon as can be (a worker takes a while to start).
   */
  async writeSearchFiles(): Promise<void> {
    await (await this.makeSearchFiles(false))();
  }

  /**
   * Makes the search files of the pages the folder holds, on a thread of their own unless
   * `onThread` is false (an update can run meanwhile); resolves to writing them, which writes
   * nothing and says false if an update has written other pages since (theirs are to be made).
   */
  async makeSearchFiles(onThread = true): Promise<() => Promise<boolean>> {
    const site = this.written;
    if (!site) return async () => true;
    const pages = await producePages(site, this.caches.pages, [], null);
    const make = (...args: Parameters<SearchThread["make"]>) => this.searchThread.make(...args);
    const files = await searchOutputs(site, this.caches.pages, pages, { make: onThread ? make : undefined });
    return async () => {
      if (this.written !== site) return false;
      this.searchPaths = files.map((f) => f.path);
      for (const file of files) await this.served.write(file, false);
      await this.caches.finish();
      return true;
    };
  }
}
