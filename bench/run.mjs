#!/usr/bin/env node
// The benchmark suite: `npm run bench` (full) or `npm run bench -- --quick` (CI: 100 synthetic pages).
// Prints a table per part and writes bench/results.json. Timings are printed, never asserted.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { generateCorpus } from "./corpus.mjs";
import { runLoad } from "./load.mjs";
import { CHROMIUM_PATH, measurePageLoad, WINDOW_MS } from "./page-load.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const sizes = quick
  ? [100]
  : (args
      .find((a) => a.startsWith("--pages="))
      ?.slice(8)
      .split(",")
      .map(Number) ?? [100, 1000, 10000]);
const runs = quick ? 1 : 5;
/** --baseline <folder>: another checkout of ssodocs (npm ci done), its cold and warm builds interleaved with ours. */
const baselineArg = args.find((a) => a.startsWith("--baseline="))?.slice(11);
const BASELINE = baselineArg ? path.resolve(baselineArg) : null;
const skip = new Set(
  args
    .find((a) => a.startsWith("--skip="))
    ?.slice(7)
    .split(",") ?? [],
);
const work = mkdtempSync(path.join(os.tmpdir(), "ssodocs-bench-"));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** Every process of the tree rooted at `pid` (the build, esbuild's service, ...), from /proc. */
function treeOf(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${pids[i]}/task`))
        for (const child of readFileSync(`/proc/${pids[i]}/task/${task}/children`, "utf8").split(" "))
          if (child.trim()) pids.push(Number(child));
    } catch {
      // The process ended between two reads.
    }
  }
  return pids;
}

/** Resident memory of the process tree rooted at `pid`, in bytes (0 once it has ended). */
function treeRss(pid) {
  let sum = 0;
  for (const p of treeOf(pid)) {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, "utf8"));
      if (kb) sum += Number(kb[1]) * 1024;
    } catch {
      // Ended.
    }
  }
  return sum;
}

/**
 * One build in a fresh process of the tool at `tool` (this checkout, or --baseline's), in that
 * checkout's folder. `cacheDir`: the cache folder to keep between builds; none means a new empty
 * one, removed after (a cold build: nothing of an earlier build to reuse). Returns wall seconds
 * (the whole command), build seconds (as the build reports them), stage timings, the build's own
 * peak memory and the process tree's (its resident memory summed, sampled every 5 ms).
 */
async function build(config, out, { cacheDir, tool = ROOT } = {}) {
  const cache = cacheDir ?? mkdtempSync(path.join(os.tmpdir(), "ssodocs-bench-cache-"));
  const env = { ...process.env, NO_COLOR: "1", SSODOCS_CACHE_DIR: cache };
  delete env.SSODOCS_NO_CACHE;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(tool, "bin/ssodocs.mjs"), "build", "--config", config, "--out", out, "--timings"],
    {
      cwd: tool,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  let treePeak = 0;
  const sampler = setInterval(() => (treePeak = Math.max(treePeak, treeRss(child.pid))), 5);
  const status = await new Promise((resolve) => child.on("close", resolve));
  clearInterval(sampler);
  const wall = (performance.now() - started) / 1000;
  if (!cacheDir) rmSync(cache, { recursive: true, force: true });
  if (status !== 0) throw new Error(`build of ${config} failed:\n${stderr.slice(-3000)}`);
  const line = stdout.split("\n").find((l) => l.includes("peak memory")) ?? "";
  const stages = Object.fromEntries([...line.matchAll(/(\w+) (\d+) ms/g)].map((m) => [m[1], Number(m[2])]));
  const built = /Built (\d+) pages in ([\d.]+) s/.exec(stdout);
  return {
    wall,
    seconds: Number(built?.[2] ?? 0),
    stages,
    pages: Number(built?.[1] ?? 0),
    peakMB: Number(/peak memory (\d+) MB/.exec(line)?.[1] ?? 0),
    treePeakMB: Math.round(treePeak / 2 ** 20),
  };
}

function summarise(samples) {
  const stages = {};
  for (const key of Object.keys(samples[0].stages)) stages[key] = median(samples.map((s) => s.stages[key]));
  return {
    wall: median(samples.map((s) => s.wall)),
    seconds: median(samples.map((s) => s.seconds)),
    peakMB: Math.max(...samples.map((s) => s.peakMB)),
    treePeakMB: median(samples.map((s) => s.treePeakMB)),
    pages: samples[0].pages,
    stages,
  };
}

function treeHash(dir) {
  const h = createHash("sha256");
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(path.relative(dir, p)).update(readFileSync(p));
    }
  };
  walk(dir);
  return h.digest("hex");
}

/** JavaScript, CSS and HTML a guide page loads first (static imports followed), raw and gzip. */
function pageWeight(out, route) {
  const html = readFileSync(path.join(out, route, "index.html"));
  const css = [...html.toString().matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const queue = [...html.toString().matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
  const js = new Set();
  while (queue.length) {
    const url = queue.pop();
    if (js.has(url)) continue;
    js.add(url);
    const code = readFileSync(path.join(out, url)).toString();
    for (const m of code.matchAll(/(?:import|from)\s*"(\.\/[^"]+\.js)"/g))
      queue.push(path.posix.join(path.posix.dirname(url), m[1]));
  }
  const size = (files) => {
    const buffers = files.map((f) => readFileSync(path.join(out, f)));
    return {
      raw: buffers.reduce((a, b) => a + b.length, 0),
      gzip: buffers.reduce((a, b) => a + gzipSync(b).length, 0),
    };
  };
  return {
    route,
    js: size([...js]),
    css: size(css),
    html: { raw: html.length, gzip: gzipSync(html).length },
    files: js.size + css.length,
  };
}

/**
 * Milliseconds for a fixed loop of arithmetic, best of 3: how fast this machine is right now
 * (shared virtual machines vary from hour to hour), to read the other figures against.
 */
function cpuCheck() {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    let x = 0;
    for (let i = 0; i < 1e8; i++) x += i % 7;
    if (x < 0) throw new Error("unreachable");
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
}

/** The files of a checkout of ssodocs and its site; node_modules is linked, dist/ compiled in the copy. */
const CHECKOUT_PARTS = ["bin", "src", "templates", "scripts", "package.json", "package-lock.json"];
const SITE_PARTS = ["content", "static", "sidebar.json", "ssodocs.config.ts"];

/** A copy of this checkout at `dir` (a `.git` folder marks the project root), with its own dist/. */
function checkoutAt(dir) {
  for (const part of [...CHECKOUT_PARTS, ...SITE_PARTS])
    cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  symlinkSync(realpathSync(path.join(ROOT, "node_modules")), path.join(dir, "node_modules"));
  mkdirSync(path.join(dir, ".git"));
  const r = spawnSync(process.execPath, ["scripts/build-tool.mjs"], { cwd: dir, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`compiling the checkout at ${dir} failed:\n${r.stderr}`);
  return { dir, config: path.join(dir, "ssodocs.config.ts") };
}

/** Whether the cache holds one store, whose index lists one build: a build with a copy of it used the keys of the build that filled it. */
function oneBuildListed(cacheDir) {
  const stores = readdirSync(path.join(cacheDir, "pages"));
  if (stores.length !== 1) return false;
  return JSON.parse(readFileSync(path.join(cacheDir, "pages", stores[0], "index.json"), "utf8")).builds.length === 1;
}

const stagesText = (s) =>
  Object.entries(s.stages)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");

/**
 * Two checkouts of this commit at different paths and depths, each compiled: the output of each
 * (cold, no cache) compared byte for byte. Then, in turns: the second's build with a copy of the
 * cache the first filled, into a new output folder (a CI runner's workspace); the first's build
 * with a copy of that cache into a new output folder (the same work at the first path); and the
 * first's warm build with nothing changed (its output folder already holds the site).
 */
async function twoCheckouts() {
  const [a, b] = [path.join(work, "checkout-a/ssodocs"), path.join(work, "checkout-b/x/y/ssodocs")].map(checkoutAt);
  await build(a.config, path.join(a.dir, "cold"), { tool: a.dir });
  await build(b.config, path.join(b.dir, "cold"), { tool: b.dir });
  const chunks = (c) => readdirSync(path.join(c.dir, "cold/assets/js")).sort().join("\n");
  const cache = path.join(work, "cache-checkouts");
  await build(a.config, path.join(a.dir, "build"), { tool: a.dir, cacheDir: cache });
  const copy = (name) => {
    cpSync(cache, path.join(work, name), { recursive: true });
    return path.join(work, name);
  };
  const [second, newOut, warm] = [[], [], []];
  let stored = true;
  for (let i = 0; i < runs; i++) {
    second.push(await build(b.config, path.join(b.dir, `out-${i}`), { tool: b.dir, cacheDir: copy(`cache-b-${i}`) }));
    stored &&= oneBuildListed(path.join(work, `cache-b-${i}`));
    newOut.push(await build(a.config, path.join(a.dir, `out-${i}`), { tool: a.dir, cacheDir: copy(`cache-a-${i}`) }));
    warm.push(await build(a.config, path.join(a.dir, "build"), { tool: a.dir, cacheDir: cache }));
  }
  const hashes = [a, b].map((c) => treeHash(path.join(c.dir, "cold")));
  hashes.push(treeHash(path.join(b.dir, "out-0")));
  const r = {
    secondCheckout: summarise(second),
    firstNewOutput: summarise(newOut),
    firstWarm: summarise(warm),
    allPagesStored: stored,
    outputIdentical: hashes.every((h) => h === hashes[0]),
    chunkNamesIdentical: chunks(a) === chunks(b),
  };
  const [likeForLike, toWarm] = [r.firstNewOutput, r.firstWarm].map((s) => r.secondCheckout.wall / s.wall);
  console.log(`\nTwo checkouts of this commit at different paths, median of ${runs} runs in turns`);
  console.log("build | wall s | build s | stages (ms)");
  for (const [name, s] of [
    ["second checkout, the first's cache, new output folder", r.secondCheckout],
    ["first checkout, warm cache, new output folder", r.firstNewOutput],
    ["first checkout, warm cache, nothing changed", r.firstWarm],
  ])
    console.log(`${name} | ${s.wall.toFixed(2)} | ${s.seconds.toFixed(2)} | ${stagesText(s)}`);
  console.log(
    `second checkout: every page from the store: ${stored ? "yes" : "NO"}; ${likeForLike.toFixed(2)}x the first's build into a new output folder, ${toWarm.toFixed(2)}x its warm build`,
  );
  console.log(
    `output of the two checkouts byte-identical: ${r.outputIdentical ? "yes" : "NO"} (chunk names: ${r.chunkNamesIdentical ? "same" : "DIFFER"})`,
  );
  verdict(
    "second checkout, same cache, new output folder, wall",
    `${r.secondCheckout.wall.toFixed(2)} s: ${likeForLike.toFixed(2)}x the first checkout's (${r.firstNewOutput.wall.toFixed(2)} s)`,
    "1.5x",
    stored && likeForLike <= 1.5,
  );
  verdict(
    "second checkout against the warm build with nothing to write",
    `${toWarm.toFixed(2)}x (warm ${r.firstWarm.wall.toFixed(2)} s)`,
    "1.5x",
    stored && toWarm <= 1.5,
  );
  verdict(
    "output of one commit built in two checkouts",
    r.outputIdentical ? "byte-identical" : "differs",
    "byte-identical",
    r.outputIdentical,
  );
  return r;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const GUIDE = "integrations/services/grafana";
/** Targets of a guide page's first load, gzip: JS, CSS, HTML (no larger than the reference site's), all bytes within 1.5 s. */
const TARGETS = { js: 80 * 1024, css: 25 * 1024, html: 9 * 1024, firstLoad: 60 * 1024 };
const against = (bytes, target) =>
  `${kb(bytes)} gzip (target ${kb(target).replace(".0", "")}: ${bytes <= target ? "met" : "NOT MET"})`;
/** Every figure with a target, printed together at the end: [what, figure, target, met]. */
const verdicts = [];
const verdict = (what, figure, target, met) => verdicts.push([what, figure, target, met]);
const results = {
  machine: {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    cpuCheckMs: cpuCheck(),
  },
  date: new Date().toISOString(),
};
console.log(`CPU check: 1e8 additions in ${results.machine.cpuCheckMs} ms (lower is faster; compare runs by it)`);

try {
  // The real site: content/ with ssodocs.config.ts; with --baseline, that checkout's own site too.
  const tools = [
    { name: "this checkout", dir: ROOT },
    ...(BASELINE ? [{ name: `baseline (${BASELINE})`, dir: BASELINE }] : []),
  ];
  for (const tool of tools) {
    tool.config = path.join(tool.dir, "ssodocs.config.ts");
    tool.out = path.join(work, `site-${tools.indexOf(tool)}`);
    tool.cacheDir = path.join(work, `cache-${tools.indexOf(tool)}`);
    tool.cold = [];
    tool.warm = [];
  }
  // Interleaved, so a machine getting faster or slower meanwhile affects both alike.
  for (let i = 0; i < runs; i++)
    for (const tool of tools) tool.cold.push(await build(tool.config, tool.out, { tool: tool.dir }));
  const coldHash = treeHash(tools[0].out);
  for (const tool of tools) await build(tool.config, tool.out, { tool: tool.dir, cacheDir: tool.cacheDir });
  for (let i = 0; i < runs; i++)
    for (const tool of tools)
      tool.warm.push(await build(tool.config, tool.out, { tool: tool.dir, cacheDir: tool.cacheDir }));
  const siteOut = tools[0].out;
  const cachedOutputIdentical = treeHash(siteOut) === coldHash;

  // An author's loop: the same site with one guide's text edited before each build.
  const edited = [];
  {
    const dir = path.join(work, "edited");
    cpSync(path.join(ROOT, "content"), path.join(dir, "content"), { recursive: true });
    const config = path.join(dir, "ssodocs.config.ts");
    writeFileSync(
      config,
      `import site from ${JSON.stringify(tools[0].config)};\nexport default { ...site, docs: { ...site.docs, path: "content" }, templates: ${JSON.stringify(path.join(ROOT, "templates"))}, static: ${JSON.stringify(path.join(ROOT, "static"))} };\n`,
    );
    const guide = path.join(dir, "content/services/grafana/index.md");
    const original = readFileSync(guide, "utf8");
    const cacheDir = path.join(work, "cache-edited");
    await build(config, path.join(dir, "build"), { cacheDir });
    for (let i = 0; i < runs; i++) {
      writeFileSync(guide, `${original}\nEdit number ${i + 1} of this guide.\n`);
      edited.push(await build(config, path.join(dir, "build"), { cacheDir }));
    }
  }
  results.site = {
    cold: summarise(tools[0].cold),
    warm: summarise(tools[0].warm),
    edited: summarise(edited),
    cachedOutputIdentical,
    weight: pageWeight(siteOut, GUIDE),
    // Measured in Chromium: what the page and its prefetching fetch.
    firstLoad: existsSync(CHROMIUM_PATH) ? await measurePageLoad(siteOut, `/${GUIDE}/`) : null,
  };
  if (BASELINE) results.baseline = { dir: BASELINE, cold: summarise(tools[1].cold), warm: summarise(tools[1].warm) };
  console.log(
    `\nReal site (content/), median of ${runs} runs, on ${results.machine.cpus} cores (wall: the whole command; build: as the build reports it, without starting Node and ssodocs; peak MB: the build process / the process tree, esbuild included)`,
  );
  console.log("tool | build | pages | wall s | build s | peak MB | tree MB | stages (ms)");
  const rows = [
    ["this checkout", "cold (no cache of any kind)", results.site.cold],
    ["this checkout", "warm (cache, nothing changed)", results.site.warm],
    ["this checkout", "warm (cache, one guide edited)", results.site.edited],
    ...(results.baseline
      ? [
          ["baseline", "cold (no cache of any kind)", results.baseline.cold],
          ["baseline", "warm (cache, nothing changed)", results.baseline.warm],
        ]
      : []),
  ];
  for (const [tool, name, s] of rows) {
    console.log(
      `${tool} | ${name} | ${s.pages} | ${s.wall.toFixed(2)} | ${s.seconds.toFixed(2)} | ${s.peakMB} | ${s.treePeakMB} | ${Object.entries(
        s.stages,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
  }
  const { cold, warm } = results.site;
  verdict("cold build, wall", `${cold.wall.toFixed(2)} s`, "1.2 s", cold.wall <= 1.2);
  verdict("cold build, process tree peak", `${cold.treePeakMB} MB`, "300 MB", cold.treePeakMB <= 300);
  verdict("warm build, nothing changed, wall", `${warm.wall.toFixed(2)} s`, "0.3 s", warm.wall <= 0.3);
  if (results.baseline)
    verdict(
      "cold build against the baseline",
      `${cold.wall.toFixed(2)} s against ${results.baseline.cold.wall.toFixed(2)} s`,
      "no slower",
      cold.wall <= results.baseline.cold.wall,
    );
  console.log(`cached and uncached output byte-identical: ${results.site.cachedOutputIdentical ? "yes" : "NO"}`);
  verdict(
    "cached output equals uncached",
    results.site.cachedOutputIdentical ? "yes" : "no",
    "yes",
    results.site.cachedOutputIdentical,
  );
  const w = results.site.weight;
  console.log(`guide page (${w.route}), first load, ${w.files} asset files:`);
  console.log(`  JS ${kb(w.js.raw)} raw, ${against(w.js.gzip, TARGETS.js)}`);
  console.log(`  CSS ${kb(w.css.raw)} raw, ${against(w.css.gzip, TARGETS.css)}`);
  console.log(`  HTML ${kb(w.html.raw)} raw, ${against(w.html.gzip, TARGETS.html)}`);
  verdict("guide page JS, gzip", kb(w.js.gzip), "80 KB", w.js.gzip <= TARGETS.js);
  verdict("guide page CSS, gzip", kb(w.css.gzip), "25 KB", w.css.gzip <= TARGETS.css);
  verdict("guide page HTML (Grafana), gzip", kb(w.html.gzip), "9 KB", w.html.gzip <= TARGETS.html);
  const f = results.site.firstLoad;
  if (f) {
    console.log(
      `  bytes fetched within ${WINDOW_MS / 1000} s of load, desktop ${f.viewport.width}x${f.viewport.height} ` +
        `(prefetch included): ${against(f.bytes, TARGETS.firstLoad)}; ${f.requests} requests, of them ` +
        `${f.prefetches} prefetches (${kb(f.prefetchBytes)}), at most ${f.prefetchesAtOnce} at a time`,
    );
    verdict("bytes within 1.5 s of load, desktop, gzip", kb(f.bytes), "60 KB", f.bytes <= TARGETS.firstLoad);
  } else
    console.log(`  bytes fetched within ${WINDOW_MS / 1000} s of load: not measured (no Chromium at ${CHROMIUM_PATH})`);

  // Two checkouts of this commit at different paths (issue 30): the second builds from the cache
  // the first filled, into a new output folder (a CI runner restoring the cache into another workspace).
  if (!skip.has("checkouts")) results.checkouts = await twoCheckouts();

  // Watch mode: spawn to the guide shown, and save to edit visible (bench/watch-bench.ts).
  if (!skip.has("watch") && existsSync(CHROMIUM_PATH)) {
    console.log("\nWatch mode (bench/watch-bench.ts)");
    const r = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/watch-bench.ts"), "--json"], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    const lines = r.stdout.trim().split("\n");
    for (const l of lines.slice(0, -1)) console.log(l);
    if (r.status !== 0) throw new Error(`the watch benchmark failed:\n${r.stdout}`);
    const watch = JSON.parse(lines.at(-1));
    results.watch = watch;
    verdict(
      "watch: spawn to guide shown, cache kept",
      `${watch.shownCachedMs} ms`,
      "500 ms",
      watch.shownCachedMs <= 500,
    );
    verdict(
      "watch: spawn to guide shown, no cache",
      `${watch.shownUncachedMs} ms`,
      "1500 ms",
      watch.shownUncachedMs <= 1500,
    );
    verdict(
      `watch: save to edit visible, median of ${watch.edits}`,
      `${watch.saveMedianMs} ms`,
      "50 ms",
      watch.saveMedianMs <= 50,
    );
  }

  // Lighthouse on the Grafana guide (bench/lighthouse.mjs).
  if (!skip.has("lighthouse") && !quick && existsSync(CHROMIUM_PATH)) {
    console.log("");
    const r = spawnSync(process.execPath, [path.join(ROOT, "bench/lighthouse.mjs")], { cwd: ROOT, encoding: "utf8" });
    process.stdout.write(r.stdout);
    const mobile = /^mobile\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(\d+)/m.exec(r.stdout);
    results.lighthouseMobile = mobile ? mobile.slice(1).map(Number) : null;
    const scores = results.lighthouseMobile;
    verdict(
      "Lighthouse mobile (perf, a11y, best practices, SEO)",
      scores ? scores.join(", ") : "failed",
      "100 each",
      !!scores && scores.every((x) => x === 100),
    );
  }

  // The server under load: 200 connections over every page (5 s in --quick).
  if (!skip.has("load")) {
    results.load = await runLoad({
      config: tools[0].config,
      out: path.join(work, "load"),
      connections: 200,
      seconds: quick ? 5 : 10,
    });
    const l = results.load;
    console.log(
      `\nserve under load (200 connections): ${l.rps} req/s, p99 ${l.p99ms} ms, ${l.errors} errors, memory growth ${l.memoryGrowthMB} MB over ${l.requests} requests`,
    );
  }

  // Synthetic corpora: how cost grows with the page count.
  results.synthetic = [];
  console.log("\nSynthetic corpus, cold build (no cache of any kind)");
  console.log("pages | wall s | pages/s | peak MB | tree MB | stages (ms)");
  for (const n of sizes) {
    const dir = path.join(work, `corpus-${n}`);
    const config = generateCorpus(dir, n);
    const s = await build(config, path.join(dir, "build"));
    const row = {
      pages: s.pages,
      wall: s.wall,
      pagesPerSecond: s.pages / s.wall,
      peakMB: s.peakMB,
      treePeakMB: s.treePeakMB,
      stages: s.stages,
    };
    results.synthetic.push(row);
    console.log(
      `${row.pages} | ${row.wall.toFixed(2)} | ${row.pagesPerSecond.toFixed(0)} | ${row.peakMB} | ${row.treePeakMB} | ${Object.entries(
        row.stages,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
    if (n === 10000) {
      verdict("10,000 synthetic pages, cold, wall", `${row.wall.toFixed(1)} s`, "30 s", row.wall <= 30);
      verdict("10,000 synthetic pages, process tree peak", `${row.treePeakMB} MB`, "1536 MB", row.treePeakMB <= 1536);
    }
    rmSync(dir, { recursive: true, force: true });
  }

  console.log("\nFigures against their targets (issue 23; timings are this run's, on this machine)");
  console.log("figure | measured | target | met");
  for (const [what, figure, target, met] of verdicts)
    console.log(`${what} | ${figure} | ${target} | ${met ? "yes" : "NO"}`);
  results.verdicts = verdicts.map(([what, figure, target, met]) => ({ what, figure, target, met }));
  writeFileSync(path.join(ROOT, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log("\nwritten to bench/results.json");
} finally {
  rmSync(work, { recursive: true, force: true });
}
