#!/usr/bin/env node
// Load on `ssodocs serve`: 200 connections for 10 s of requests spread over every page,
// all on 127.0.0.1. Prints requests per second, p99 latency, errors and the server's memory growth.
// Usage: node bench/load.mjs [--connections 200] [--seconds 10] [--config file]
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function rssMB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** Starts `ssodocs serve` on a free port and resolves once it answers. */
async function startServer(config, out) {
  const port = 40000 + Math.floor(Math.random() * 20000);
  const child = spawn(
    process.execPath,
    [path.join(ROOT, "bin/ssodocs.mjs"), "serve", "--config", config, "--out", out, "--port", String(port)],
    {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 60_000);
    const onData = (d) => {
      output += d;
      if (output.includes("Serving at")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (d) => (output += d));
    child.once("exit", (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
  return { child, origin: `http://127.0.0.1:${port}` };
}

export async function runLoad({
  config = path.join(ROOT, "ssodocs.config.ts"),
  out,
  connections = 200,
  seconds = 10,
} = {}) {
  const { child, origin } = await startServer(config, out ?? path.join(ROOT, "bench/out/load-site"));
  try {
    const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]);
    paths.push("/no-such-page", "/integrations/tags.html");
    // Warm up at full concurrency, so the measured growth is what the run itself leaves behind.
    await autocannon({
      url: origin,
      connections,
      duration: 2,
      requests: paths.map((p) => ({ method: "GET", path: p })),
    });
    const before = rssMB(child.pid);
    const result = await autocannon({
      url: origin,
      connections,
      duration: seconds,
      requests: paths.map((p) => ({ method: "GET", path: p })),
    });
    const after = rssMB(child.pid);
    const statusOk = Object.entries(result.statusCodeStats ?? {}).every(([code]) => code === "200" || code === "404");
    return {
      pages: paths.length,
      requests: result.requests.total,
      rps: Math.round(result.requests.average),
      p99ms: result.latency.p99,
      errors: result.errors + result.timeouts + (statusOk ? 0 : result.non2xx),
      memoryGrowthMB: Math.round(after - before),
    };
  } finally {
    child.kill("SIGTERM");
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const r = await runLoad({
    config: arg("config", undefined),
    connections: Number(arg("connections", 200)),
    seconds: Number(arg("seconds", 10)),
  });
  console.log(
    `serve under load: ${r.requests} requests over ${r.pages} paths, ${r.rps} req/s, p99 ${r.p99ms} ms, ${r.errors} errors, memory growth ${r.memoryGrowthMB} MB`,
  );
}
