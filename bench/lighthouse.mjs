#!/usr/bin/env node
// Lighthouse scores of a guide page, mobile and desktop, driving Debian's Chromium.
// Builds the site, serves it on 127.0.0.1 and prints one line per form factor.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS } from "../test/browser/chromium-args.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Usage: npm run lighthouse [-- <guide path> [<config file>]]
const guide = process.argv[2] ?? "/integrations/services/grafana/";
const config = process.argv[3] ?? "ssodocs.config.ts";
const out = path.join(root, "bench/out/lighthouse-site");

// The build's lock file goes beside its output folder: bench/out must exist.
mkdirSync(path.dirname(out), { recursive: true });
const built = spawnSync(
  process.execPath,
  [path.join(root, "bin/ssodocs.mjs"), "build", "--config", config, "--out", out],
  { cwd: root, stdio: "inherit" },
);
if (built.status !== 0) process.exit(1);

const { register } = await import("tsx/esm/api");
register();
const { startStaticServer } = await import("../src/node/serve/static.ts");
const server = await startStaticServer(out, 0, "127.0.0.1");
const url = `http://127.0.0.1:${server.address().port}${guide}`;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: CHROMIUM_ARGS,
});
try {
  console.log(`Lighthouse on ${guide}`);
  console.log("form factor | performance | accessibility | best practices | SEO | CLS | TBT ms | LCP ms");
  for (const formFactor of ["mobile", "desktop"]) {
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    };
    const config =
      formFactor === "desktop" ? (await import("lighthouse/core/config/desktop-config.js")).default : undefined;
    const result = await lighthouse(url, flags, config);
    const c = result.lhr.categories;
    const a = result.lhr.audits;
    const score = (k) => Math.round((c[k].score ?? 0) * 100);
    console.log(
      `${formFactor.padEnd(11)} | ${String(score("performance")).padStart(11)} | ${String(score("accessibility")).padStart(13)} | ${String(score("best-practices")).padStart(14)} | ${String(score("seo")).padStart(3)} | ${a["cumulative-layout-shift"].numericValue.toFixed(3)} | ${Math.round(a["total-blocking-time"].numericValue)} | ${Math.round(a["largest-contentful-paint"].numericValue)}`,
    );
    for (const [k, cat] of Object.entries(c)) {
      if (cat.score === 1) continue;
      const failing = cat.auditRefs.filter((r) => r.weight > 0 && (a[r.id].score ?? 1) < 1).map((r) => r.id);
      console.log(`  ${k} below 100: ${failing.join(", ")}`);
    }
  }
} finally {
  await chrome.kill();
  server.close();
}
