// Watch-mode benchmark on a copy of the real guides: the time from starting
// `ssodocs serve --watch` to a guide shown in Chromium (its load event; the browser was started
// before), with the caches a previous run left and with none, then edit-to-reload latency: the
// guide open, its text edited 20 times, each time measured from the write to the new text on
// screen (median and worst).
//
// Run: npm run bench:watch [-- --edits 20] [-- --json: a last line of JSON for bench/run.mjs]
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
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

interface Started {
  url: string;
  firstPageMs: number;
  /** Resolves once the first whole build is done (its caches written). */
  built(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the watch server and opens the guide in `page` until it is shown. */
async function start(dir: string, env: NodeJS.ProcessEnv, page: Page): Promise<Started> {
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
  // Until the server answers, the browser's request fails; a page being built is waited for.
  for (let shown = false; !shown; ) {
    const response = await page.goto(`${url}${ROUTE}`, { waitUntil: "load" }).catch(() => null);
    const code = response?.status() ?? 0;
    if (code >= 400 && code !== 503) throw new Error(`the guide answered ${code}:\n${output}`);
    shown = code === 200 && (await page.locator("article h1").count()) > 0;
    if (!shown) await new Promise((r) => setTimeout(r, 5));
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
const caches: string[] = [];
const newCache = () => {
  caches.push(mkdtempSync(path.join(os.tmpdir(), "ssodocs-watch-bench-cache-")));
  return caches.at(-1)!;
};
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  // With no cache at all (the highlighter starts), three times; then five times with the caches
  // the first run left.
  const uncached: number[] = [];
  for (let i = 0; i < 3; i++) {
    const cold = await start(dir, { SSODOCS_CACHE_DIR: newCache() }, page);
    uncached.push(cold.firstPageMs);
    await cold.built();
    await cold.stop();
  }
  const cache = caches[0];
  const starts: number[] = [];
  let warm!: Started;
  for (let i = 0; i < WARM_STARTS; i++) {
    warm = await start(dir, { SSODOCS_CACHE_DIR: cache }, page);
    starts.push(warm.firstPageMs);
    await warm.built();
    if (i < WARM_STARTS - 1) await warm.stop();
  }
  console.log(
    `start to the guide shown in Chromium: median ${Math.round(median(starts))} ms of ${WARM_STARTS} starts with the cache of a previous run (${starts.map(Math.round).join(", ")}); median ${Math.round(median(uncached))} ms of 3 with no cache (${uncached.map(Math.round).join(", ")})`,
  );

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
  await warm.stop();
  console.log(
    `edit to reload in the browser (${EDITS} edits of one guide): median ${median(latencies)} ms, worst ${Math.max(...latencies)} ms`,
  );
  if (process.argv.includes("--json"))
    console.log(
      JSON.stringify({
        shownCachedMs: Math.round(median(starts)),
        shownUncachedMs: Math.round(median(uncached)),
        edits: EDITS,
        saveMedianMs: median(latencies),
        saveWorstMs: Math.max(...latencies),
      }),
    );
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
  for (const c of caches) rmSync(c, { recursive: true, force: true });
}
