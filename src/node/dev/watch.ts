// `ssodocs serve --watch`: serves the site at once, builds it, then watches the content, the
// templates, the config and the static files. A burst of saves becomes one update; pages that
// changed reload in the browser where the reader is; a bad edit shows over the page and in the
// terminal (once) and never stops the server.
import { statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { watch, type FSWatcher } from "chokidar";
import { formatError, SsodocsError } from "../errors.ts";
import type { Output } from "../output.ts";
import { startStaticServer, type RequestHook } from "../serve/static.ts";
import { LiveChannel, type BuildErrorInfo } from "./live-channel.ts";
import { DevBrokenLinksError, DevSession, type DevUpdate } from "./session.ts";
import { escapeHtml } from "../../shared/escape-html.ts";
import { DEFAULT_TEMPLATES } from "../render/templates.ts";

export interface WatchOptions {
  configFile?: string;
  host: string;
  port: number;
  out: Output;
  /** Quiet time after the last file event before an update starts. */
  debounceMs?: number;
}

export interface WatchServer {
  url: string;
  server: http.Server;
  /** Resolves when the first build is done (or has failed). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Files no update is for: dependencies, version control, editors' temporary files. */
const ignored = (file: string) =>
  /(^|[/\\])(?:node_modules|\.git)(?:[/\\]|$)|\.ssodocs-fresh-|\.tmp$|~$|\.sw[px]$|(^|[/\\])\.#|4913$/.test(file);

function errorInfo(error: unknown): BuildErrorInfo {
  if (error instanceof SsodocsError) return { message: error.message, file: error.file, line: error.line };
  return { message: formatError(error) };
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

export async function startWatchServer(options: WatchOptions): Promise<WatchServer> {
  const { out } = options;
  const temp = await mkdtemp(path.join(os.tmpdir(), "ssodocs-dev-"));
  const outDir = path.join(temp, "site");
  const live = new LiveChannel();
  await live.prepare();
  const session = new DevSession({ configFile: options.configFile, outDir, headHtml: live.headHtml });

  let built = false;
  let resolveReady!: () => void;
  const ready = new Promise<void>((r) => (resolveReady = r));

  // Until the first build is done, a guide or the home page is rendered on request and other
  // requests wait; while the site has never built, pages show its error.
  let prepared: Promise<void> = Promise.resolve();
  const notBuilt: RequestHook = async (req, res) => {
    if (built) return false;
    const accept = req.headers.accept ?? "";
    const wantsPage = accept.includes("text/html") || (req.url ?? "").endsWith("/");
    await prepared;
    if (wantsPage && !built) {
      const html = await session.renderEarly((req.url ?? "/").split("?")[0]).catch(() => null);
      if (html !== null) {
        res
          .writeHead(200, {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": "no-cache",
            "Content-Security-Policy": session.csp,
          })
          .end(req.method === "HEAD" ? undefined : html);
        return true;
      }
    }
    await ready;
    if (built || !wantsPage) return false;
    const error = live.error ?? { message: "The site has not been built." };
    res
      .writeHead(500, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" })
      .end(
        `<!DOCTYPE html><html lang="en" data-ssodocs-error-page><head><meta charset="utf-8"><title>Build failed</title>${live.headHtml}</head>` +
          `<body><h1>Build failed</h1><p>${escapeHtml(error.file ? `${error.file}${error.line ? `:${error.line}` : ""}` : "")}</p><pre>${escapeHtml(error.message)}</pre></body></html>`,
      );
    return true;
  };
  const policy: RequestHook = (_req, res) => {
    if (session.csp) res.setHeader("Content-Security-Policy", session.csp);
    return false;
  };

  const server = await startStaticServer(outDir, options.port, options.host, [live.hook, notBuilt, policy]);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const url = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}/`;

  let lastPrinted = "";
  const fail = (error: unknown) => {
    const info = errorInfo(error);
    const printed = formatError(error);
    if (printed !== lastPrinted) out.error(printed);
    lastPrinted = printed;
    live.send({ type: "error", error: info });
  };
  const succeed = () => {
    lastPrinted = "";
    if (live.error) live.send({ type: "ok" });
  };

  out.info(`Serving at ${url} (Ctrl+C to stop)`);

  // The first build: what renders a page first, then the rest.
  const started = performance.now();
  let firstError: unknown = null;
  prepared = session.prepare().catch((error: unknown) => void (firstError = error));
  await prepared;
  if (!firstError) {
    try {
      const first = await session.start();
      for (const w of first.warnings) out.warn(w);
      built = true;
      out.info(`Built ${first.routes.length} pages in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    } catch (error) {
      firstError = error;
      built = error instanceof DevBrokenLinksError;
    }
  }
  if (firstError) fail(firstError);
  resolveReady();
  // The search files come after: pages are what a browser asks for first.
  const searchWritten = built ? session.writeSearchFiles().catch(fail) : Promise.resolve();

  // Watching: events are gathered; an update starts once they pause, one at a time.
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = searchWritten;
  let searchTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const configFile = path.resolve(options.configFile ?? "ssodocs.config.ts");
  const watched = () => {
    const { loaded } = session;
    if (!loaded) return [configFile];
    return [
      loaded.docsDir,
      loaded.templatesDir ?? DEFAULT_TEMPLATES,
      loaded.file,
      ...session.configInputs,
      ...loaded.staticDirs,
    ];
  };

  const runUpdate = async () => {
    const changed = new Set(pending);
    pending.clear();
    const wasBuilt = built;
    let update: DevUpdate | null = null;
    let failure: unknown = null;
    try {
      update = await session.update(changed);
    } catch (error) {
      failure = error;
      // Broken links: the pages were written all the same, so the edit shows under the error.
      if (error instanceof DevBrokenLinksError) update = error.update;
    }
    // A config edit can move the folders to watch, even one that then fails.
    await watchNew();
    if (update) built = true;
    const hadError = live.error !== null;
    if (failure) {
      if (update) live.send({ type: "reload", routes: update.routes, all: update.reloadAll || !wasBuilt });
      fail(failure);
      return;
    }
    for (const w of update!.warnings) out.warn(w);
    // Saved without a change: nothing to say or reload.
    if (update!.sources.length === 0 && !hadError && wasBuilt) return;
    out.info(describe(update!));
    succeed();
    live.send({ type: "reload", routes: update!.routes, all: update!.reloadAll || hadError || !wasBuilt });
    scheduleSearch(update!.scope === "page" ? 400 : 0);
  };

  const scheduleSearch = (delay: number) => {
    if (searchTimer) clearTimeout(searchTimer);
    searchTimer = setTimeout(() => {
      searchTimer = null;
      void queue(() => session.writeSearchFiles().catch(fail));
    }, delay);
    searchTimer.unref();
  };

  const queue = (job: () => Promise<void>): Promise<void> => {
    const next = (running ?? Promise.resolve()).then(job);
    running = next.finally(() => {
      if (running === next) running = null;
    });
    return next;
  };

  const flush = () => {
    timer = null;
    if (closed || pending.size === 0) return;
    void queue(async () => {
      if (pending.size) await runUpdate();
    });
  };

  const debounce = options.debounceMs ?? 20;
  const watching = new Set(watched());
  // Only paths not watched yet are added: adding a watched folder again would set it up anew.
  const watchNew = async () => {
    const fresh = watched().filter((p) => !watching.has(p));
    if (!fresh.length) return;
    for (const p of fresh) watching.add(p);
    watcher.add(fresh);
    // chokidar sets new paths up in the background; wait (briefly) until it watches them.
    const isWatched = (p: string) => (watcher.getWatched()[path.dirname(p)] ?? []).includes(path.basename(p));
    for (let i = 0; i < 100 && !fresh.every(isWatched); i++) await new Promise((r) => setTimeout(r, 10));
  };
  const watcher: FSWatcher = watch([...watching], {
    ignoreInitial: true,
    ignored,
  });
  const changed = (file: string) => {
    if (ignored(file)) return;
    pending.add(path.resolve(file));
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounce);
  };
  // The modification time of each file seen changing: an event that leaves it as it was
  // (reading a file changes its access time, and that is an event too) is no change.
  const seen = new Map<string, number>();
  const modified = (file: string) => {
    let mtime = -1;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      // Gone: a change.
    }
    if (seen.get(file) === mtime) return false;
    seen.set(file, mtime);
    return true;
  };
  watcher.on("all", (_event, file) => {
    if (modified(path.resolve(file))) changed(file);
  });
  // chokidar drops a change that follows another within a few milliseconds (and, now and
  // then, one whose time stamps it misreads); the file system's own events catch those.
  watcher.on("raw", (_event, name, details) => {
    const at = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if (!at || !name) return;
    const file = path.basename(at) === name ? at : path.join(at, name);
    if (modified(file)) changed(file);
  });
  await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  out.info("Watching for changes");

  return {
    url,
    server,
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (searchTimer) clearTimeout(searchTimer);
      await watcher.close();
      await running?.catch(() => undefined);
      live.close();
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await session.close();
      await rm(temp, { recursive: true, force: true });
    },
  };
}
