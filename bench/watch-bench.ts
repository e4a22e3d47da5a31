// Watch-mode benchmark on a copy of the real guides: the time from starting
// `ssodocs serve --watch` to the first guide page served (with the caches a previous run left,
// and with none), then edit-to-reload latency: a guide open in Chromium, its text edited 20
// times, each time measured from the write to the new text on screen (median and worst).
//
// Run: npm run bench:watch [-- --edits 20]
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { launchChromium } from "../test/browser/chromium.ts";
import { ROOT } from "../test/helpers.ts";

const GUIDE = "content/services/grafana/index.md";
const ROUTE = "/integrations/services/grafana/";
const editsArg = process.argv.indexOf("--edits");
const EDITS = editsArg > 0 ? Number(process.argv[editsArg + 1]) : 20;
const WARM_STARTS = 5;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A copy of the project's content, sidebar, static files and config, importing ssodocs from here. */
function copyProject(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-watch-bench-"));
  for (const part of ["content", "static", "sidebar.json"])
    cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  writeFileSync(path.join(dir, "ssodocs.config.ts"), readFileSync(path.join(ROOT, "ssodocs.config.ts"), "utf8"));
  return dir;
}

function status(url: string): Promise<number> {
  return new Promise((resolve) => {
    http
      .get(url, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", () => resolve(0));
  });
}

interface Started {
  url: string;
  firstPageMs: number;
  /** Resolves once the first whole build is done (its caches written). */
  built(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the watch server and polls the guide until it is served. */
async function start(dir: string, env: NodeJS.ProcessEnv): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, "bin/ssodocs.mjs"), "serve", "--watch", "--port", "0"], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d));
  child.stderr.on("data", (d: Buffer) => (output += d));
  // The port is printed once the server listens; until then, wait for the line.
  let url = "";
  while (!url) {
    const m = /Serving at (http:\/\/\S+?)\/? /.exec(output);
    if (m) url = m[1];
    else if (child.exitCode !== null) throw new Error(output);
    else await new Promise((r) => setTimeout(r, 5));
  }
  for (let code = 0; code !== 200; ) {
    code = await status(`${url}${ROUTE}`);
    if (code >= 400) throw new Error(`the guide answered ${code}:\n${output}`);
    if (code !== 200) await new Promise((r) => setTimeout(r, 5));
  }
  const firstPageMs = performance.now() - t0;
  return {
    url,
    firstPageMs,
    built: async () => {
      while (!/Built \d+ pages/.test(output)) {
        if (child.exitCode !== null) throw new Error(output);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const dir = copyProject();
const emptyCache = mkdtempSync(path.join(os.tmpdir(), "ssodocs-watch-bench-cache-"));
try {
  // With no cache at all (the highlighter starts), then five times with the caches the first run left.
  const cold = await start(dir, { SSODOCS_CACHE_DIR: emptyCache });
  await cold.built();
  await cold.stop();
  const starts: number[] = [];
  let warm!: Started;
  for (let i = 0; i < WARM_STARTS; i++) {
    warm = await start(dir, { SSODOCS_CACHE_DIR: emptyCache });
    starts.push(warm.firstPageMs);
    await warm.built();
    if (i < WARM_STARTS - 1) await warm.stop();
  }
  console.log(
    `start to first page served: median ${Math.round(median(starts))} ms of ${WARM_STARTS} starts with the cache of a previous run (${starts.map(Math.round).join(", ")}), ${Math.round(cold.firstPageMs)} ms with no cache`,
  );

  const browser = await launchChromium();
  const page = await browser.newPage();
  await page.goto(`${warm.url}${ROUTE}`);
  await page.waitForFunction(() => document.documentElement.dataset.ssodocsLive === "open");
  const original = readFileSync(path.join(dir, GUIDE), "utf8");
  const anchor = /^## .+$/m.exec(original)![0];
  const latencies: number[] = [];
  for (let i = 0; i < EDITS; i++) {
    const marker = `Edit marker ${i} ${Date.now()}`;
    // The page notes the wall-clock time the marker appears; the write is timed with the same clock.
    await page.evaluate((text) => {
      const w = window as Window & { __seenAt?: number };
      w.__seenAt = 0;
      const observer = new MutationObserver(() => {
        if (document.querySelector("main")?.textContent?.includes(text)) {
          w.__seenAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, marker);
    const wroteAt = Date.now();
    writeFileSync(path.join(dir, GUIDE), original.replace(anchor, `${anchor}\n\n${marker}.`));
    await page.waitForFunction(() => ((window as Window & { __seenAt?: number }).__seenAt ?? 0) > 0, null, {
      timeout: 10_000,
      polling: 10,
    });
    const seenAt = await page.evaluate(() => (window as Window & { __seenAt?: number }).__seenAt!);
    latencies.push(seenAt - wroteAt);
    await new Promise((r) => setTimeout(r, 150));
  }
  await browser.close();
  await warm.stop();
  console.log(
    `edit to reload in the browser (${EDITS} edits of one guide): median ${median(latencies)} ms, worst ${Math.max(...latencies)} ms`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
  rmSync(emptyCache, { recursive: true, force: true });
}
