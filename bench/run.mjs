#!/usr/bin/env node
// The benchmark suite: `npm run bench` (full) or `npm run bench -- --quick` (CI: 100 synthetic pages).
// Prints a table per part and writes bench/results.json. Timings are printed, never asserted.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { generateCorpus } from "./corpus.mjs";
import { runLoad } from "./load.mjs";
import { CHROMIUM_PATH, measurePageLoad, WINDOW_MS } from "./page-load.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BIN = path.join(ROOT, "bin/ssodocs.mjs");
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
const work = mkdtempSync(path.join(os.tmpdir(), "ssodocs-bench-"));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** One build in a fresh process; returns wall seconds (the whole command), build seconds (as the build reports them), stage timings and peak memory. */
function build(config, out, { cache }) {
  const env = { ...process.env, NO_COLOR: "1" };
  if (!cache) env.SSODOCS_NO_CACHE = "1";
  const started = performance.now();
  const r = spawnSync(process.execPath, [BIN, "build", "--config", config, "--out", out, "--timings"], {
    cwd: ROOT,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const wall = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`build of ${config} failed:\n${r.stderr.slice(-3000)}`);
  const line = r.stdout.split("\n").find((l) => l.includes("peak memory")) ?? "";
  const stages = Object.fromEntries([...line.matchAll(/(\w+) (\d+) ms/g)].map((m) => [m[1], Number(m[2])]));
  const built = /Built (\d+) pages in ([\d.]+) s/.exec(r.stdout);
  return {
    wall,
    seconds: Number(built?.[2] ?? 0),
    stages,
    pages: Number(built?.[1] ?? 0),
    peakMB: Number(/peak memory (\d+) MB/.exec(line)?.[1] ?? 0),
  };
}

function summarise(samples) {
  const stages = {};
  for (const key of Object.keys(samples[0].stages)) stages[key] = median(samples.map((s) => s.stages[key]));
  return {
    wall: median(samples.map((s) => s.wall)),
    seconds: median(samples.map((s) => s.seconds)),
    peakMB: Math.max(...samples.map((s) => s.peakMB)),
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

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const GUIDE = "integrations/services/grafana";
/** Targets of a guide page's first load, gzip: JS, CSS, HTML (no larger than the reference site's), all bytes within 1.5 s. */
const TARGETS = { js: 80 * 1024, css: 25 * 1024, html: 9 * 1024, firstLoad: 60 * 1024 };
const against = (bytes, target) =>
  `${kb(bytes)} gzip (target ${kb(target).replace(".0", "")}: ${bytes <= target ? "met" : "NOT MET"})`;
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
  // The real site: content/ with ssodocs.config.ts.
  const siteConfig = path.join(ROOT, "ssodocs.config.ts");
  const siteOut = path.join(work, "site");
  const cold = [];
  for (let i = 0; i < runs; i++) cold.push(build(siteConfig, siteOut, { cache: false }));
  const coldHash = treeHash(siteOut);
  build(siteConfig, siteOut, { cache: true });
  const warm = [];
  for (let i = 0; i < runs; i++) warm.push(build(siteConfig, siteOut, { cache: true }));
  const cachedOutputIdentical = treeHash(siteOut) === coldHash;

  // An author's loop: the same site with one guide's text edited before each build.
  const edited = [];
  {
    const dir = path.join(work, "edited");
    cpSync(path.join(ROOT, "content"), path.join(dir, "content"), { recursive: true });
    const config = path.join(dir, "ssodocs.config.ts");
    writeFileSync(
      config,
      `import site from ${JSON.stringify(siteConfig)};\nexport default { ...site, docs: { ...site.docs, path: "content" }, templates: ${JSON.stringify(path.join(ROOT, "templates"))}, static: ${JSON.stringify(path.join(ROOT, "static"))} };\n`,
    );
    const guide = path.join(dir, "content/services/grafana/index.md");
    const original = readFileSync(guide, "utf8");
    build(config, path.join(dir, "build"), { cache: true });
    for (let i = 0; i < runs; i++) {
      writeFileSync(guide, `${original}\nEdit number ${i + 1} of this guide.\n`);
      edited.push(build(config, path.join(dir, "build"), { cache: true }));
    }
  }
  results.site = {
    cold: summarise(cold),
    warm: summarise(warm),
    edited: summarise(edited),
    cachedOutputIdentical,
    weight: pageWeight(siteOut, GUIDE),
    // Measured in Chromium: what the page and its prefetching fetch.
    firstLoad: existsSync(CHROMIUM_PATH) ? await measurePageLoad(siteOut, `/${GUIDE}/`) : null,
  };
  console.log(
    `\nReal site (content/), median of ${runs} runs, on ${results.machine.cpus} cores (wall: the whole command; build: as the build reports it, without starting Node and ssodocs)`,
  );
  console.log("build | pages | wall s | build s | peak MB | stages (ms)");
  for (const [name, s] of [
    ["cold (no cache)", results.site.cold],
    ["warm (cache, nothing changed)", results.site.warm],
    ["warm (cache, one guide edited)", results.site.edited],
  ]) {
    console.log(
      `${name} | ${s.pages} | ${s.wall.toFixed(2)} | ${s.seconds.toFixed(2)} | ${s.peakMB} | ${Object.entries(s.stages)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
  }
  console.log(`cached and uncached output byte-identical: ${results.site.cachedOutputIdentical ? "yes" : "NO"}`);
  const w = results.site.weight;
  console.log(`guide page (${w.route}), first load, ${w.files} asset files:`);
  console.log(`  JS ${kb(w.js.raw)} raw, ${against(w.js.gzip, TARGETS.js)}`);
  console.log(`  CSS ${kb(w.css.raw)} raw, ${against(w.css.gzip, TARGETS.css)}`);
  console.log(`  HTML ${kb(w.html.raw)} raw, ${against(w.html.gzip, TARGETS.html)}`);
  const f = results.site.firstLoad;
  if (f)
    console.log(
      `  bytes fetched within ${WINDOW_MS / 1000} s of load, desktop ${f.viewport.width}x${f.viewport.height} ` +
        `(prefetch included): ${against(f.bytes, TARGETS.firstLoad)}; ${f.requests} requests, of them ` +
        `${f.prefetches} prefetches (${kb(f.prefetchBytes)}), at most ${f.prefetchesAtOnce} at a time`,
    );
  else
    console.log(`  bytes fetched within ${WINDOW_MS / 1000} s of load: not measured (no Chromium at ${CHROMIUM_PATH})`);

  // The server under load: 200 connections over every page (5 s in --quick).
  results.load = await runLoad({
    config: siteConfig,
    out: path.join(work, "load"),
    connections: 200,
    seconds: quick ? 5 : 10,
  });
  const l = results.load;
  console.log(
    `\nserve under load (200 connections): ${l.rps} req/s, p99 ${l.p99ms} ms, ${l.errors} errors, memory growth ${l.memoryGrowthMB} MB over ${l.requests} requests`,
  );

  // Synthetic corpora: how cost grows with the page count.
  results.synthetic = [];
  console.log("\nSynthetic corpus, cold build (no cache)");
  console.log("pages | wall s | pages/s | peak MB | stages (ms)");
  for (const n of sizes) {
    const dir = path.join(work, `corpus-${n}`);
    const config = generateCorpus(dir, n);
    const s = build(config, path.join(dir, "build"), { cache: false });
    const row = { pages: s.pages, wall: s.wall, pagesPerSecond: s.pages / s.wall, peakMB: s.peakMB, stages: s.stages };
    results.synthetic.push(row);
    console.log(
      `${row.pages} | ${row.wall.toFixed(2)} | ${row.pagesPerSecond.toFixed(0)} | ${row.peakMB} | ${Object.entries(
        row.stages,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
    rmSync(dir, { recursive: true, force: true });
  }
  writeFileSync(path.join(ROOT, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log("\nwritten to bench/results.json");
} finally {
  rmSync(work, { recursive: true, force: true });
}
