// Watch-mode benchmark on a copy of the real guides: the time from starting
// `ssodocs serve --watch` to a guide shown in Chromium (its load event; the browser was started
// before), with the caches a previous run left and with none, then edit-to-reload latency: the
// guide open, its text edited 20 times, each time measured from the write to the new text on
// screen (median and worst).
//
// With a tool that has `serve --timings`, each save is broken down: when the file event came, when
// each stage of the update ended, when the reload reached the page and when the edit showed.
// `--baseline=<checkout>`: another checkout of ssodocs (its tool compiled), measured in turns with
// this one: a start of one, then of the other; an edit of one's copy, then of the other's.
//
// Run: npm run bench:watch [-- --edits 20] [-- --baseline=<dir>] [-- --json: a last line of JSON for bench/run.mjs]
import { execFileSync, spawn } from "node:child_process";
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
const baselineArg = process.argv.find((a) => a.startsWith("--baseline="))?.slice(11);

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

/** A checkout of ssodocs measured, with its own copy of the project and what was measured. */
interface Tool {
  name: string;
  root: string;
  dir: string;
  /** Whether its `serve --watch` has `--timings`. */
  timings: boolean;
  cache: string;
  uncached: number[];
  starts: number[];
  latencies: number[];
  /** Per edit: milestone -> milliseconds after the save. */
  milestones: Record<string, number>[];
  warm?: Started;
  page?: Page;
}

function toolAt(name: string, root: string): Tool {
  const help = execFileSync(process.execPath, [path.join(root, "bin/ssodocs.mjs"), "serve", "--help"], {
    encoding: "utf8",
  });
  const empty = { uncached: [], starts: [], latencies: [], milestones: [] };
  return { name, root, dir: copyProject(), timings: help.includes("--timings"), cache: newCache(), ...empty };
}

interface Started {
  url: string;
  firstPageMs: number;
  /** The terminal output so far. */
  output(): string;
  /** Resolves once the first whole build is done (its caches written). */
  built(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the watch server and opens the guide in `page` until it is shown. */
async function start(tool: Tool, env: NodeJS.ProcessEnv, page: Page): Promise<Started> {
  const t0 = performance.now();
  const timings = tool.timings ? ["--timings"] : [];
  const command = [path.join(tool.root, "bin/ssodocs.mjs"), "serve", "--watch", "--port", "0", ...timings];
  const child = spawn(process.execPath, command, {
    cwd: tool.dir,
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
    output: () => output,
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

const caches: string[] = [];
const newCache = () => {
  caches.push(mkdtempSync(path.join(os.tmpdir(), "ssodocs-watch-bench-cache-")));
  return caches.at(-1)!;
};

/** The last `Timings` line of an update (`serve --watch --timings`): stage -> ms after the first file event. */
function timingsOf(output: string): Record<string, number> {
  const line = output.match(/^Timings \(ms after the first file event\): (.*)$/gm)?.at(-1) ?? "";
  const stages = line.slice(line.indexOf(": ") + 2).split(", ");
  return Object.fromEntries(stages.map((s) => s.split(" ")).map(([k, v]) => [k, Number(v)]));
}

/** Edits the guide once and measures the save until the edit is visible, with its milestones. */
async function measureEdit(tool: Tool, i: number, original: string, anchor: string): Promise<void> {
  const page = tool.page!;
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
  const before = tool.warm!.output().match(/^Timings /gm)?.length ?? 0;
  const wroteAt = Date.now();
  writeFileSync(path.join(tool.dir, GUIDE), original.replace(anchor, `${anchor}\n\n${marker}.`));
  await page.waitForFunction(() => ((window as Window & { __seenAt?: number }).__seenAt ?? 0) > 0, null, {
    timeout: 10_000,
    polling: 10,
  });
  const { seenAt, reloads } = await page.evaluate(() => {
    const w = window as Window & { __seenAt?: number; __reloads?: number[] };
    return { seenAt: w.__seenAt!, reloads: w.__reloads ?? [] };
  });
  tool.latencies.push(seenAt - wroteAt);
  if (tool.timings) {
    while ((tool.warm!.output().match(/^Timings /gm)?.length ?? 0) <= before)
      await new Promise((r) => setTimeout(r, 10));
    const stages = timingsOf(tool.warm!.output());
    const inBrowser = (reloads.find((t) => t >= wroteAt) ?? seenAt) - wroteAt;
    // The reload that reached the page first was sent when the page was shown, or at the end.
    const event = inBrowser - (stages.shown ?? stages.sent);
    const milestones: Record<string, number> = { "file event": event };
    for (const [stage, ms] of Object.entries(stages)) milestones[stage] = event + ms;
    // The page's request for the edited page's data, as the browser timed it.
    const payload = await page.evaluate((since) => {
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const last = entries
        .filter((e) => e.name.includes("page-data") && performance.timeOrigin + e.startTime >= since)
        .at(-1);
      if (!last) return {};
      const origin = performance.timeOrigin - since;
      return {
        "data asked": origin + last.fetchStart,
        "data answered": origin + last.responseStart,
        "data received": origin + last.responseEnd,
      };
    }, wroteAt);
    tool.milestones.push({ ...milestones, "reload in the page": inBrowser, ...payload, visible: seenAt - wroteAt });
  }
  await new Promise((r) => setTimeout(r, 150));
}

/** The median of each milestone of the edits, in the order they come. */
function breakdown(tool: Tool): string {
  const names = [...new Set(tool.milestones.flatMap((m) => Object.keys(m)))];
  const all = tool.milestones.length;
  // A milestone some edits lack (the page fetched its data only when the reload did not bring it) says in how many it came.
  const medians = names.map((n): [string, number, number] => {
    const values = tool.milestones.flatMap((m) => (m[n] === undefined ? [] : [m[n]]));
    return [n, median(values), values.length];
  });
  return medians
    .sort((a, b) => a[1] - b[1])
    .map(([n, ms, count]) => `${n} ${Math.round(ms)}${count < all ? ` (${count} of ${all} edits)` : ""}`)
    .join(", ");
}

const tools = [toolAt("this checkout", ROOT), ...(baselineArg ? [toolAt("baseline", path.resolve(baselineArg))] : [])];
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  // With no cache at all (the highlighter starts), three times; then five times with the caches
  // the first run left. The tools take turns.
  for (let i = 0; i < 3; i++)
    for (const tool of tools) {
      const cold = await start(tool, { SSODOCS_CACHE_DIR: i === 0 ? tool.cache : newCache() }, page);
      tool.uncached.push(cold.firstPageMs);
      await cold.built();
      await cold.stop();
    }
  for (let i = 0; i < WARM_STARTS; i++)
    for (const tool of tools) {
      const warm = await start(tool, { SSODOCS_CACHE_DIR: tool.cache }, page);
      tool.starts.push(warm.firstPageMs);
      await warm.built();
      if (i < WARM_STARTS - 1) await warm.stop();
      else tool.warm = warm;
    }
  for (const tool of tools)
    console.log(
      `${tool.name}: start to the guide shown in Chromium: median ${Math.round(median(tool.starts))} ms of ${WARM_STARTS} starts with the cache of a previous run (${tool.starts.map(Math.round).join(", ")}); median ${Math.round(median(tool.uncached))} ms of 3 with no cache (${tool.uncached.map(Math.round).join(", ")})`,
    );

  for (const tool of tools) {
    tool.page = await browser.newPage();
    await tool.page.goto(`${tool.warm!.url}${ROUTE}`);
    await tool.page.waitForFunction(() => document.documentElement.dataset.ssodocsLive === "open");
    // When each reload event reaches the page (a second listener beside the page's own).
    await tool.page.evaluate(() => {
      const w = window as Window & { __reloads?: number[] };
      w.__reloads = [];
      new EventSource("/__ssodocs/events").onmessage = (e) => {
        if ((JSON.parse(e.data) as { type: string }).type === "reload") w.__reloads!.push(Date.now());
      };
    });
  }
  const original = readFileSync(path.join(tools[0].dir, GUIDE), "utf8");
  const anchor = /^## .+$/m.exec(original)![0];
  for (let i = 0; i < EDITS; i++) for (const tool of tools) await measureEdit(tool, i, original, anchor);
  for (const tool of tools) {
    await tool.warm!.stop();
    const { latencies } = tool;
    console.log(
      `${tool.name}: edit to reload in the browser (${EDITS} edits of one guide): median ${median(latencies)} ms, worst ${Math.max(...latencies)} ms`,
    );
    if (tool.timings) console.log(`  milestones after the save (median ms): ${breakdown(tool)}`);
  }
  const figures = (tool: Tool) => ({
    shownCachedMs: Math.round(median(tool.starts)),
    shownUncachedMs: Math.round(median(tool.uncached)),
    edits: EDITS,
    saveMedianMs: median(tool.latencies),
    saveWorstMs: Math.max(...tool.latencies),
  });
  if (process.argv.includes("--json"))
    console.log(JSON.stringify({ ...figures(tools[0]), ...(tools[1] ? { baseline: figures(tools[1]) } : {}) }));
} finally {
  await browser.close();
  for (const tool of tools) rmSync(tool.dir, { recursive: true, force: true });
  for (const c of caches) rmSync(c, { recursive: true, force: true });
}
