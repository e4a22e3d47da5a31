// `ssodocs serve --watch`: serves the site at once, builds it, then watches the content, the
// templates and the site's component overrides, the config and the static files. A burst of saves becomes one update; pages that
// changed reload in the browser where the reader is; a bad edit shows over the page and in the
// terminal (once) and never stops the server.
import { existsSync, type FSWatcher as FolderWatcher, readdirSync, statSync, watch as watchFolder } from "node:fs";
import { rm } from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { watch, type FSWatcher } from "chokidar";
import { configFileOf, configNotice } from "../config.ts";
import { type Diagnostic, diagnosticsOf, formatDiagnostic, SsodocsError, shownProblems } from "../errors.ts";
import type { Output } from "../output.ts";
import { type RequestHook, sendFile, startStaticServer } from "../serve/static.ts";
import { LiveChannel, type BuildErrorInfo } from "./live-channel.ts";
import { DevBrokenLinksError, DevSession, type DevUpdate, type ShownPage } from "./session.ts";
import { escapeHtml } from "../../shared/escape-html.ts";
import { DEFAULT_TEMPLATES } from "../render/templates.ts";
import { makeTempFolder, removeOrphanTempFolders } from "../util/temp-folders.ts";

export interface WatchOptions {
  configFile?: string;
  host: string;
  port: number;
  out: Output;
  /** Quiet time after the last file event before an update starts. */
  debounceMs?: number;
  /** Print when each stage of an update ended, counted from the first file event it is for. */
  timings?: boolean;
}

export interface WatchServer {
  url: string;
  server: http.Server;
  /** Resolves when the first build is done (or has failed). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Quiet time after the last file event before an update starts: the events of one save (an
 * editor's write and rename) come together. A burst of saves longer than that is one update all
 * the same: an update whose files change again while it runs leaves its report to the next.
 */
const DEBOUNCE_MS = 5;

/**
 * Quiet time after an update of pages' text before the search files are made again: making them
 * takes several times as long as the update, and a save that came meanwhile would wait for them.
 */
const SEARCH_PAUSE_MS = 1000;

/**
 * Files no update is for: dependencies, version control, editors' temporary files (`sed -i`
 * writes `sedXXXXXX` beside the file, then renames it over the file: an update that started in
 * between would name the temporary file).
 */
const ignored = (file: string) =>
  /(^|[/\\])(?:node_modules|\.git)(?:[/\\]|$)|\.ssodocs-fresh-|\.tmp$|~$|\.sw[px]$|(^|[/\\])\.#|4913$|(^|[/\\])sed[A-Za-z0-9]{6}$/.test(
    file,
  );

/**
 * Whether chokidar lists a folder, and each folder below it, as the disk holds them: it names a
 * folder in its parent's list before it has read it, and watches it only once it has.
 */
function listed(dir: string, watched: Record<string, string[]>): boolean {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return true;
  }
  const known = new Set(watched[dir] ?? []);
  return names.every((name) => {
    const entry = path.join(dir, name);
    if (ignored(entry)) return true;
    if (!known.has(name)) return false;
    try {
      return !statSync(entry).isDirectory() || listed(entry, watched);
    } catch {
      return true;
    }
  });
}

function errorInfo(error: unknown): BuildErrorInfo {
  if (error instanceof SsodocsError) return { message: error.message, file: error.file, line: error.line };
  return { message: diagnosticsOf(error)[0].message };
}

function describe(update: DevUpdate): string {
  const what =
    update.sources.length === 0
      ? "site"
      : update.sources.length === 1
        ? update.sources[0]
        : `${update.sources.length} files`;
  const pages = update.routes.length === 1 ? "1 page" : `${update.routes.length} pages`;
  return `Rebuilt ${what} (${update.scope}) in ${update.ms} ms: ${pages} changed${update.reloadAll ? ", assets changed" : ""}`;
}

const SCOPES: DevUpdate["scope"][] = ["page", "structure", "site"];

/** Two updates in a row as one: what either changed, the later one's warnings (each printed as it ended) and timings. */
function merged(a: DevUpdate | null, b: DevUpdate | null): DevUpdate | null {
  if (!a || !b) return a ?? b;
  return {
    scope: SCOPES[Math.max(SCOPES.indexOf(a.scope), SCOPES.indexOf(b.scope))],
    sources: [...new Set([...a.sources, ...b.sources])].sort(),
    routes: [...new Set([...a.routes, ...b.routes])],
    reloadAll: a.reloadAll || b.reloadAll,
    ms: a.ms + b.ms,
    warnings: b.warnings,
    timings: b.timings,
  };
}

/** The page shown for every route while the site has never built: its error. */
function buildFailedPage(live: LiveChannel): string {
  const error = live.error ?? { message: "The site has not been built." };
  const where = error.file ? `${error.file}${error.line ? `:${error.line}` : ""}` : "";
  return (
    `<!DOCTYPE html><html lang="en" data-ssodocs-error-page><head><meta charset="utf-8"><title>Build failed</title>${live.headHtml}</head>` +
    `<body><h1>Build failed</h1><p>${escapeHtml(where)}</p><pre>${escapeHtml(error.message)}</pre></body></html>`
  );
}

/**
 * One `serve --watch`: the dev server, the session that builds, and the file watcher. Updates run
 * one at a time; events that come meanwhile are gathered for the next.
 */
class WatchRun {
  readonly live = new LiveChannel();
  readonly session: DevSession;
  built = false;
  private prepared: Promise<void> = Promise.resolve();
  private resolveReady!: () => void;
  readonly ready = new Promise<void>((resolve) => (this.resolveReady = resolve));
  /** The errors printed since the last update that succeeded: each is printed once, however often it comes back. */
  private readonly printed = new Set<string>();
  /** The warnings of the last update: one printed again only once it has been gone. */
  private shownWarnings = new Set<string>();
  private readonly pending = new Set<string>();
  /** When the first event of the pending files came (performance.now()). */
  private firstEvent = 0;
  private timer: NodeJS.Timeout | null = null;
  private searchTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  private watcher: FSWatcher | null = null;
  private readonly watching = new Set<string>();
  /** The single files watched (the config and the modules it imports), and a watch on each one's folder. */
  private readonly files = new Set<string>();
  private readonly folders = new Map<string, FolderWatcher>();
  /** The modification time of each file seen changing (see `modified`). */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly options: WatchOptions,
    readonly outDir: string,
  ) {
    const { headHtml } = this.live;
    this.session = new DevSession({ configFile: options.configFile, outDir, headHtml, shown: this.showEarly });
  }

  /**
   * Until the first build is done, a page asked for is rendered on its own, the client's and
   * static files are served from memory, and other requests wait; while the site has never
   * built, pages show its error.
   */
  readonly earlyPages: RequestHook = async (req, res) => {
    if (this.built) return false;
    const wantsPage = (req.headers.accept ?? "").includes("text/html") || (req.url ?? "").endsWith("/");
    await this.prepared;
    if (wantsPage && !this.built) {
      const html = await this.session.renderEarly((req.url ?? "/").split("?")[0]).catch(() => null);
      if (html !== null) {
        const headers = {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-cache",
          "Content-Security-Policy": this.session.csp,
        };
        res.writeHead(200, headers).end(req.method === "HEAD" ? undefined : html);
        return true;
      }
    }
    // The client's and static files come from memory meanwhile (the first build fills the disk's queue).
    const readOnly = req.method === "GET" || req.method === "HEAD";
    const early = wantsPage || !readOnly ? null : this.session.earlyFile((req.url ?? "/").split("?")[0]);
    if (early && !this.built) {
      const headers: Record<string, string> = this.session.csp ? { "Content-Security-Policy": this.session.csp } : {};
      await sendFile(req, res, early.path, early.bytes, { headers });
      return true;
    }
    await this.ready;
    if (this.built || !wantsPage) return false;
    res
      .writeHead(500, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" })
      .end(buildFailedPage(this.live));
    return true;
  };

  readonly policy: RequestHook = (_req, res) => {
    if (this.session.csp) res.setHeader("Content-Security-Policy", this.session.csp);
    return false;
  };

  /** An error, printed once however often it comes back (a retried update, the search files), and shown over the open pages. */
  fail = (error: unknown) => {
    for (const problem of shownProblems(diagnosticsOf(error), "error")) {
      const line = formatDiagnostic("error", problem);
      if (!this.printed.has(line)) this.options.out.error(problem);
      this.printed.add(line);
    }
    this.live.send({ type: "error", error: errorInfo(error) });
  };

  /** An update whose files changed again while it ran, reported with the next one (`runUpdate`). */
  private carried: {
    update: DevUpdate | null;
    since: number;
    sentEarly: Set<string>;
    wasBuilt: boolean;
  } | null = null;
  /** Routes of the running update already sent to the pages (`showEarly`). */
  private sentEarly = new Set<string>();

  /**
   * A page an update wrote, shown at once where it is open (but over an error, which a full
   * reload clears). Its payload goes with the reload: the rest of the update keeps this thread
   * busy, and a page that asked for it would wait until the update is done.
   */
  private readonly showEarly = (pages: ShownPage[]) => {
    if (!this.built || this.live.error) return;
    for (const { route } of pages) this.sentEarly.add(route);
    const payloads = Object.fromEntries(pages.flatMap(({ route, payload }) => (payload ? [[route, payload]] : [])));
    this.live.send({ type: "reload", routes: pages.map((p) => p.route), all: false, payloads });
  };

  /** The routes of an update's reload: those its pages were not sent already. */
  private notSent(update: DevUpdate): string[] {
    return update.routes.filter((route) => !this.sentEarly.has(route));
  }

  /** The warnings of an update that were not among the last one's (each is printed once while it lasts). */
  private warn(warnings: Diagnostic[]): void {
    const now = new Set<string>();
    for (const w of shownProblems(warnings, "warning")) {
      const line = formatDiagnostic("warning", w);
      if (!this.shownWarnings.has(line) && !now.has(line)) this.options.out.warn(w);
      now.add(line);
    }
    this.shownWarnings = now;
  }

  /** The first build: the page asked for first (see `earlyPages`), then the rest, then the search files. */
  async firstBuild(): Promise<void> {
    const started = performance.now();
    let firstError: unknown = null;
    this.prepared = this.session
      .prepare()
      .then(() => this.session.prepareEarlyFiles())
      .catch((error: unknown) => void (firstError = error));
    await this.prepared;
    if (!firstError) {
      try {
        const first = await this.session.start();
        const notice = configNotice(this.session.loaded);
        if (notice) this.options.out.info(notice);
        this.warn(first.warnings);
        this.built = true;
        this.session.forgetEarlyFiles();
        this.options.out.info(
          `Built ${first.routes.length} pages in ${((performance.now() - started) / 1000).toFixed(2)} s`,
        );
      } catch (error) {
        firstError = error;
        this.built = error instanceof DevBrokenLinksError;
        if (error instanceof DevBrokenLinksError) this.warn(error.update.warnings);
      }
    }
    if (firstError) this.fail(firstError);
    this.resolveReady();
    // The search files come after: pages are what a browser asks for first.
    if (this.built) this.running = this.session.writeSearchFiles().catch(this.fail);
  }

  /**
   * The folders to watch (the docs, templates, overrides and static folders) and the files (the
   * config and what it imports, the custom stylesheets and what they import and load; the
   * overrides' folder while there is none, so that making one counts).
   */
  private watched(): { folders: string[]; files: string[] } {
    const { loaded } = this.session;
    const configFile = configFileOf(this.options.configFile);
    if (!loaded) return { folders: [], files: [configFile] };
    const templates = loaded.templatesDir ?? DEFAULT_TEMPLATES;
    // The customCss files themselves too: one that failed to bundle is watched for its fix.
    const stylesheets = loaded.config.customCss.map((file) => path.resolve(loaded.root, file));
    const theme = existsSync(loaded.themeDir);
    return {
      folders: [loaded.docsDir, templates, ...(theme ? [loaded.themeDir] : []), ...loaded.staticDirs],
      files: [
        loaded.file,
        ...this.session.configInputs,
        ...stylesheets,
        ...this.session.stylesheetInputs,
        ...(theme ? [] : [loaded.themeDir]),
      ],
    };
  }

  /**
   * Watches a file through its folder: many editors save by renaming a new file over the old one,
   * and a watch on the file itself would go on following the old one (the config's later saves unseen).
   */
  private watchFile(file: string): void {
    this.files.add(file);
    const folder = path.dirname(file);
    if (this.folders.has(folder)) return;
    try {
      const watcher = watchFolder(folder, (_event, name) => {
        const changed = name ? path.join(folder, name.toString()) : null;
        if (changed && this.files.has(changed) && this.modified(changed)) this.changed(changed);
      });
      watcher.on("error", () => this.folders.delete(folder));
      this.folders.set(folder, watcher);
    } catch {
      // A folder that is gone: nothing there to watch.
    }
  }

  /** One update for the files gathered so far. */
  private async runUpdate(): Promise<void> {
    const changed = new Set(this.pending);
    this.pending.clear();
    const carried = this.carried;
    this.carried = null;
    const since = carried?.since ?? this.firstEvent;
    const started = Math.round(performance.now() - since);
    this.sentEarly = carried?.sentEarly ?? new Set();
    const wasBuilt = carried?.wasBuilt ?? this.built;
    let update: DevUpdate | null = null;
    let failure: unknown = null;
    try {
      update = await this.session.update(changed);
    } catch (error) {
      failure = error;
      // Broken links: the pages were written all the same, so the edit shows under the error.
      if (error instanceof DevBrokenLinksError) update = error.update;
    }
    // A config edit can move the folders to watch, even one that then fails.
    await this.watchNew();
    if (update) this.built = true;
    // Printed as each update ends, a carried one's too (the config's warnings come with one update alone).
    if (update) this.warn(update.warnings);
    update = merged(carried?.update ?? null, update);
    // Files changed again meanwhile (a burst of saves): the next update, on its way, reports for both.
    // A failure is left to it too: the files that failed are read again with it.
    if (this.pending.size && !this.closed) {
      this.carried = { update, since, sentEarly: this.sentEarly, wasBuilt };
      return;
    }
    this.report(update, failure, wasBuilt, since, started);
  }

  /** What an update did: a line, the reload of the pages that changed, an error shown over them. */
  private report(update: DevUpdate | null, failure: unknown, wasBuilt: boolean, since: number, started: number): void {
    const hadError = this.live.error !== null;
    if (failure) {
      if (update) this.live.send({ type: "reload", routes: this.notSent(update), all: update.reloadAll || !wasBuilt });
      this.fail(failure);
      return;
    }
    // Saved without a change: nothing to say or reload.
    if (update!.sources.length === 0 && !hadError && wasBuilt) return;
    this.options.out.info(describe(update!));
    this.printed.clear();
    if (hadError) this.live.send({ type: "ok" });
    // Sent even with no route left: the pages forget what they prefetched.
    this.live.send({ type: "reload", routes: this.notSent(update!), all: update!.reloadAll || hadError || !wasBuilt });
    if (this.options.timings) this.printTimings(update!, since, started);
    this.scheduleSearch(update!.scope === "page" ? SEARCH_PAUSE_MS : 0);
  }

  /** Where an update's time went, counted from the first file event it is for (`--timings`). */
  private printTimings(update: DevUpdate, since: number, started: number): void {
    const sent = Math.round(performance.now() - since);
    const stages = Object.entries({ ...update.timings, done: update.ms }).map(([k, v]) => `${k} ${started + v}`);
    this.options.out.info(
      `Timings (ms after the first file event): started ${started}, ${stages.join(", ")}, sent ${sent}`,
    );
  }

  /**
   * The search files, made again once saves pause (they take longer than a page), after any update
   * waiting, on a thread of their own: a save that comes meanwhile is not kept waiting. Written
   * after the update running then, if any, unless it wrote other pages (then made again).
   */
  private scheduleSearch(delay: number): void {
    if (this.searchTimer) clearTimeout(this.searchTimer);
    this.searchTimer = setTimeout(() => {
      this.searchTimer = null;
      void this.queue(async () => {
        // A save came meanwhile: its update goes first, then the search files, once saves pause again.
        if (this.pending.size) return this.scheduleSearch(SEARCH_PAUSE_MS);
        const made = this.session.makeSearchFiles();
        made
          .then((write) =>
            this.queue(async () => {
              if (!this.closed && !(await write())) this.scheduleSearch(SEARCH_PAUSE_MS);
            }),
          )
          .catch((error: unknown) => {
            if (!this.closed) this.fail(error);
          });
      });
    }, delay);
    this.searchTimer.unref();
  }

  private queue(job: () => Promise<void>): Promise<void> {
    const next = (this.running ?? Promise.resolve()).then(job);
    this.running = next.finally(() => {
      if (this.running === next) this.running = null;
    });
    return next;
  }

  /** A file changed: an update starts once events pause. */
  private changed(file: string): void {
    if (ignored(file)) return;
    if (this.pending.size === 0) this.firstEvent = performance.now();
    this.pending.add(path.resolve(file));
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.closed || this.pending.size === 0) return;
      void this.queue(async () => {
        if (this.pending.size) await this.runUpdate();
      });
    }, this.options.debounceMs ?? DEBOUNCE_MS);
  }

  /** Whether an event changed the file: reading a file changes its access time, and that is an event too. */
  private modified(file: string): boolean {
    let mtime = -1;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      // Gone: a change.
    }
    if (this.seen.get(file) === mtime) return false;
    this.seen.set(file, mtime);
    return true;
  }

  /** Adds the paths not watched yet (adding a watched folder again would set it up anew) and waits until they are. */
  private async watchNew(): Promise<void> {
    const watcher = this.watcher;
    if (!watcher) return;
    const { folders, files } = this.watched();
    for (const file of files) this.watchFile(file);
    const fresh = folders.filter((p) => !this.watching.has(p));
    if (!fresh.length) return;
    for (const p of fresh) this.watching.add(p);
    watcher.add(fresh);
    const isWatched = (p: string) => {
      const watched = watcher.getWatched();
      return (watched[path.dirname(p)] ?? []).includes(path.basename(p)) && listed(p, watched);
    };
    // chokidar sets new paths up in the background: wait (up to 5 s on a busy machine) until it
    // has read them and the folders below, then a moment for it to watch the last one read.
    for (let i = 0; i < 500 && !fresh.every(isWatched); i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 10));
  }

  async startWatching(): Promise<void> {
    const { folders, files } = this.watched();
    for (const file of files) this.watchFile(file);
    for (const p of folders) this.watching.add(p);
    const watcher = watch([...this.watching], { ignoreInitial: true, ignored });
    this.watcher = watcher;
    watcher.on("all", (_event, file) => {
      if (this.modified(path.resolve(file))) this.changed(file);
    });
    // chokidar drops a change that follows another within a few milliseconds (and, now and
    // then, one whose time stamps it misreads); the file system's own events catch those.
    watcher.on("raw", (_event, name, details) => {
      const at = (details as { watchedPath?: string } | undefined)?.watchedPath;
      if (!at || !name) return;
      const file = path.basename(at) === name ? at : path.join(at, name);
      if (this.modified(file)) this.changed(file);
    });
    await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.searchTimer) clearTimeout(this.searchTimer);
    await this.watcher?.close();
    for (const folder of this.folders.values()) folder.close();
    await this.running?.catch(() => undefined);
    this.live.close();
    await this.session.close();
  }
}

export async function startWatchServer(options: WatchOptions): Promise<WatchServer> {
  // Those of earlier sessions killed outright, first (an 18 MB folder each, for a small site).
  await removeOrphanTempFolders();
  const temp = await makeTempFolder("dev");
  const run = new WatchRun(options, path.join(temp, "site"));
  await run.live.prepare();
  const server = await startStaticServer(run.outDir, options.port, options.host, [
    run.live.hook,
    run.earlyPages,
    run.policy,
  ]);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const url = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}/`;
  options.out.info(`Serving at ${url} (Ctrl+C to stop)`);
  await run.firstBuild();
  await run.startWatching();
  options.out.info("Watching for changes");
  return {
    url,
    server,
    ready: run.ready,
    async close() {
      await run.close();
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(temp, { recursive: true, force: true });
    },
  };
}
