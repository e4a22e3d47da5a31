// What a reader's browser fetches when a guide page loads, measured in Chromium (Debian's, through
// playwright-core, with the tests' flags): every response from the start of navigation until
// WINDOW_MS after the page's load event, prefetches included, each counted as its gzip size (as a
// host compressing its responses sends it). The built site is served as a static host would:
// files, a folder's index.html, else 404.html.
import { existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "../test/browser/chromium-args.mjs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const WINDOW_MS = 1500;

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".md": "text/markdown; charset=utf-8",
};

function staticHost(root) {
  return http.createServer((req, res) => {
    let file = path.join(root, decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, "index.html");
    const found = file.startsWith(root) && existsSync(file) && statSync(file).isFile();
    const served = found ? file : path.join(root, "404.html");
    res.writeHead(found ? 200 : 404, { "Content-Type": TYPES[path.extname(served)] ?? "application/octet-stream" });
    res.end(readFileSync(served));
  });
}

/** The most requests of `list` under way at one moment. */
function mostAtOnce(list) {
  const events = list.flatMap((r) => [
    [r.start, 1],
    [r.end, -1],
  ]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let most = 0;
  for (const [, change] of events) most = Math.max(most, (now += change));
  return most;
}

/**
 * Loads `route` of the site built in `dir` in a fresh browser context (nothing cached) of the
 * given viewport, and sums what arrived within WINDOW_MS of the load event.
 */
export async function measurePageLoad(dir, route, viewport = { width: 1280, height: 800 }) {
  const server = staticHost(path.resolve(dir));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const finished = [];
    page.on("requestfinished", async (request) => {
      const response = await request.response();
      const timing = request.timing();
      const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
      finished.push({
        url: new URL(request.url()).pathname,
        type: request.resourceType(),
        start: timing.startTime,
        end: timing.startTime + Math.max(timing.responseEnd, 0),
        gzip: gzipSync(body).length,
      });
    });
    await page.goto(origin + route, { waitUntil: "load" });
    // Wall-clock milliseconds, as the requests' start times are.
    const loadedAt = await page.evaluate(() => performance.timing.loadEventStart);
    await page.waitForTimeout(WINDOW_MS + 500);
    const within = finished.filter((r) => r.end <= loadedAt + WINDOW_MS);
    const prefetches = within.filter((r) => r.type === "fetch");
    await context.close();
    return {
      route,
      viewport,
      bytes: within.reduce((sum, r) => sum + r.gzip, 0),
      requests: within.length,
      prefetches: prefetches.length,
      prefetchBytes: prefetches.reduce((sum, r) => sum + r.gzip, 0),
      prefetchesAtOnce: mostAtOnce(prefetches),
      files: within.map(({ url, type, gzip }) => ({ url, type, gzip })),
    };
  } finally {
    await browser.close();
    server.close();
  }
}
