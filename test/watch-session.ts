// A real `ssodocs serve --watch` on a temporary copy of the fixture site, for the watch tests:
// the CLI in a child process, its terminal output, and the events it sends to pages.
import http from "node:http";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT, tempSite } from "./helpers.ts";
import { type ChildProcess, spawn } from "./processes.ts";

const BIN = path.join(ROOT, "bin/ssodocs.mjs");

export interface WatchSession {
  dir: string;
  /** The process id of the ssodocs process. */
  pid: number;
  url: string;
  stdout(): string;
  stderr(): string;
  /** Waits until the terminal output (stdout + stderr) matches, after `from` characters. */
  waitForOutput(pattern: RegExp, from?: number, timeoutMs?: number): Promise<string>;
  /** Length of the output so far, to wait for what comes after. */
  mark(): number;
  write(relative: string, contents: string): void;
  get(route: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>;
  /** Sends a signal; resolves with how the process exited, rejects if it is still running after `timeoutMs`. */
  signal(name: NodeJS.Signals, timeoutMs?: number): Promise<{ code: number | null; signal: string | null }>;
  stop(): Promise<void>;
}

export async function startWatchSession(
  files: Record<string, string> = {},
  env: NodeJS.ProcessEnv = {},
  options: { waitForBuild?: boolean; site?: { dir: string; cleanup(): void } } = {},
): Promise<WatchSession> {
  // A site of the caller's is the caller's to remove.
  const site = options.site ? { ...options.site, cleanup: () => undefined } : tempSite(files);
  const child: ChildProcess = spawn(process.execPath, [BIN, "serve", "--watch", "--port", "0"], {
    cwd: site.dir,
    env: { ...process.env, NO_COLOR: "1", SSODOCS_CACHE_DIR: path.join(site.dir, ".cache"), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  let all = "";
  child.stdout!.on("data", (d: Buffer) => {
    out += d;
    all += d;
  });
  child.stderr!.on("data", (d: Buffer) => {
    err += d;
    all += d;
  });

  const waitForOutput = (pattern: RegExp, from = 0, timeoutMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const started = Date.now();
      const poll = () => {
        const m = pattern.exec(all.slice(from));
        if (m) return resolve(m[0]);
        if (child.exitCode !== null) return reject(new Error(`ssodocs exited (${child.exitCode}):\n${all}`));
        if (Date.now() - started > timeoutMs)
          return reject(new Error(`no ${pattern} in the output:\n${all.slice(from)}`));
        setTimeout(poll, 20);
      };
      poll();
    });

  const line = await waitForOutput(/Serving at (http:\/\/\S+) /, 0, 60_000);
  const url = /http:\/\/\S+/.exec(line)![0].replace(/\/$/, "");
  // Edits count once the first build is done and the files are watched.
  if (options.waitForBuild !== false) await waitForOutput(/^Watching for changes$/m, 0, 60_000);

  const signal: WatchSession["signal"] = (name, timeoutMs = 15_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`ssodocs serve --watch still runs ${timeoutMs / 1000} s after ${name}:\n${all}`)),
        timeoutMs,
      );
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal });
      });
      child.kill(name);
    });

  return {
    dir: site.dir,
    pid: child.pid!,
    url,
    stdout: () => out,
    stderr: () => err,
    waitForOutput,
    mark: () => all.length,
    write(relative, contents) {
      writeFileSync(path.join(site.dir, relative), contents);
    },
    get(route) {
      return new Promise((resolve, reject) => {
        http
          .get(`${url}${route}`, { headers: { accept: "text/html" } }, (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (c: string) => (body += c));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
          })
          .on("error", reject);
      });
    },
    signal,
    async stop() {
      try {
        // One that does not stop is killed, and the test fails saying so.
        if (child.exitCode === null && child.signalCode === null) await signal("SIGTERM");
      } catch (error) {
        const killed = new Promise((r) => child.once("exit", r));
        child.kill("SIGKILL");
        await killed;
        throw error;
      } finally {
        site.cleanup();
      }
    },
  };
}

/** The events the dev server sends to pages, as a page would receive them. */
export function listenToEvents(url: string): {
  events: { type: string; [k: string]: unknown }[];
  next(type: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  mark(): void;
  close(): void;
} {
  const events: { type: string; [k: string]: unknown }[] = [];
  let seen = 0;
  let buffer = "";
  const req = http.get(`${url}/__ssodocs/events`, (res) => {
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      buffer += chunk;
      let at: number;
      while ((at = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const data = block.split("\n").find((l) => l.startsWith("data: "));
        if (data) events.push(JSON.parse(data.slice(6)));
      }
    });
  });
  req.on("error", () => undefined);
  return {
    events,
    /**
     * From now on, only events that come later count: a test marks before the edit it waits on,
     * so an event of an earlier edit that arrives late (or was never asked for) is not taken for it.
     */
    mark() {
      seen = events.length;
    },
    /** The next event of this type not returned before. */
    next(type, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = () => {
          const i = events.findIndex((e, n) => n >= seen && e.type === type);
          if (i >= 0) {
            seen = i + 1;
            return resolve(events[i]);
          }
          if (Date.now() - started > timeoutMs)
            return reject(new Error(`no "${type}" event; got ${JSON.stringify(events.slice(seen))}`));
          setTimeout(poll, 20);
        };
        poll();
      });
    },
    close: () => req.destroy(),
  };
}
