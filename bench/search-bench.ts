// Search benchmark: builds the guides under content/,
// then prints the size of the embedded index the browser fetches, each of its two parts (raw, gzip
// and brotli: the first part is all the dialog waits for before its first answer), and how long the
// embedded search takes to answer in Chromium: the index code is bundled as it ships and run in a
// page of the built site; each query runs many times and the median is printed. Also prints
// the time from typing in the dialog to the hits on screen, and the time from opening the dialog
// on a page just loaded to its first hits and to its final answer, as is and on a slow network.
//
// Run: npx tsx bench/search-bench.ts [--config file]
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import type { Browser } from "playwright-core";
import { startStaticServer } from "../src/node/serve/static.ts";
import { joinIndex } from "../src/shared/search-index.ts";
import type { EmbeddedIndexFirstPart } from "../src/shared/types.ts";
import { launchChromium } from "../test/browser/chromium.ts";
import { ROOT, runCli } from "../test/helpers.ts";

const QUERIES = [
  "grafana",
  "nextcloud",
  "gitlab saml",
  "redirect uri",
  "proxy provider",
  "ldap",
  "scim",
  "grafanna",
  "nextclod",
  "signing key",
  "home assistant",
  "open webui",
  "oidc",
  "client secret",
  "group",
  "jellyfin",
  "vault oidc",
  "g",
  "gr",
  "gra",
  "graf",
  "role_attribute_path",
  "certificate",
  "forward auth",
  "outpost",
  "saml",
  "synology",
  "docker compose",
  // Queries that need a forgiving search: typos, synonyms, words joined or apart, one word absent.
  "graphana",
  "portainer oidc",
  "windows rdp",
  "uptimekuma",
  "net box",
  "grafana keycloak",
];
const RUNS = 30;
const INDEX_LIMIT_GZIP = 150 * 1024;
const QUERY_LIMIT_MS = 1;

/** Lighthouse's mobile network: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const FIRST_ANSWER_RUNS = 5;

/**
 * A reader who opens the dialog with Ctrl+K on a page just loaded (nothing of search fetched yet)
 * and types a guide's name: milliseconds from the shortcut to the first hits on screen, and to the
 * dialog's final answer (status idle with hits).
 */
async function firstAnswer(browser: Browser, port: number, network: typeof SLOW_4G | null) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    if (network) await (await context.newCDPSession(page)).send("Network.emulateNetworkConditions", network);
    await page.goto(`http://127.0.0.1:${port}/integrations/`);
    await page.waitForFunction(() => document.documentElement.dataset.ssodocsStarted === "true");
    await page.evaluate(() => {
      const w = window as unknown as { __t: Record<string, number> };
      w.__t = { start: performance.now() };
      new MutationObserver(() => {
        const dialog = document.querySelector("[data-search-dialog]");
        const typed = document.querySelector<HTMLInputElement>(".search-input")?.value === "grafana";
        if (!typed || !document.querySelector(".search-hit")) return;
        w.__t.first ??= performance.now();
        if (dialog?.getAttribute("data-status") === "idle") w.__t.whole ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    await page.keyboard.press("Control+k");
    await page.keyboard.type("grafana");
    await page.waitForFunction(() => (window as unknown as { __t: { whole?: number } }).__t.whole !== undefined, null, {
      timeout: 60_000,
    });
    const t = await page.evaluate(() => (window as unknown as { __t: Record<string, number> }).__t);
    return { first: t.first - t.start, whole: t.whole - t.start };
  } finally {
    await context.close();
  }
}

const configArg = process.argv.indexOf("--config");
const config = configArg > 0 ? path.resolve(process.argv[configArg + 1]) : path.join(ROOT, "ssodocs.config.ts");
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const temp = mkdtempSync(path.join(os.tmpdir(), "ssodocs-search-bench-"));
try {
  const out = path.join(temp, "build");
  // The project's own cache folder (the tests' helpers give each test one of its own).
  const built = runCli(["build", "--config", config, "--out", out], ROOT, { ...process.env, NO_COLOR: "1" });
  if (built.code !== 0) throw new Error(`build failed:\n${built.stderr}`);
  console.log(built.stdout.trim());

  const firstFile = readFileSync(path.join(out, "search/index.json"));
  const first = JSON.parse(firstFile.toString("utf8")) as EmbeddedIndexFirstPart;
  const textsFile = readFileSync(path.join(out, "search", first.textsFile));
  const index = joinIndex(first, JSON.parse(textsFile.toString("utf8")));
  const records = JSON.parse(readFileSync(path.join(out, "search/records.json"), "utf8")) as unknown[];
  console.log(
    `records: ${records.length} (${index.pages.length} pages, ${index.sections.length} headings, ${index.contents.length / 2} content blocks holding ${index.texts.length} distinct texts)`,
  );
  const sizes = (bytes: Buffer) =>
    `${kb(bytes.length)} raw, ${kb(gzipSync(bytes).length)} gzip, ${kb(brotliCompressSync(bytes).length)} brotli`;
  const gzip = gzipSync(firstFile).length;
  console.log(
    `embedded index, first part search/index.json (fetched before the first answer): ${sizes(firstFile)} (limit ${kb(INDEX_LIMIT_GZIP)} gzip) ${gzip <= INDEX_LIMIT_GZIP ? "OK" : "OVER"}`,
  );
  console.log(`embedded index, texts search/${first.textsFile} (fetched right after): ${sizes(textsFile)}`);
  console.log(
    `embedded index, both parts: ${kb(firstFile.length + textsFile.length)} raw, ${kb(gzip + gzipSync(textsFile).length)} gzip, ${kb(brotliCompressSync(firstFile).length + brotliCompressSync(textsFile).length)} brotli`,
  );

  const js = readdirSync(path.join(out, "assets/js"));
  const gz = (f: string) => gzipSync(readFileSync(path.join(out, "assets/js", f))).length;
  const main = js.find((f) => f.startsWith("main-"))!;
  const dialog = js.find((f) => f.startsWith("dialog-"))!;
  console.log(
    `first-load script ${main}: ${kb(gz(main))} gzip; dialog chunk (loaded on use) ${dialog}: ${kb(gz(dialog))} gzip`,
  );

  // The embedded index code as the site ships it, as a script for a page of the built site.
  const bundle = await esbuild.build({
    stdin: {
      contents:
        'import { EmbeddedIndex } from "./src/client/search/embedded.ts"; import { joinIndex } from "./src/shared/search-index.ts"; Object.assign(globalThis, { __EmbeddedIndex: EmbeddedIndex, __joinIndex: joinIndex });',
      resolveDir: ROOT,
      loader: "ts",
    },
    bundle: true,
    minify: true,
    write: false,
    format: "iife",
    target: ["es2022"],
  });

  const server = await startStaticServer(out, 0, "127.0.0.1");
  const port = (server.address() as { port: number }).port;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true }); // the bench injects its timing script inline
    await page.goto(`http://127.0.0.1:${port}/integrations/`);
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const result = await page.evaluate(
      async ({ queries, runs }) => {
        const t0 = performance.now();
        const first = await (await fetch("/search/index.json")).json();
        const texts = await (await fetch(`/search/${first.textsFile}`)).json();
        const join = (globalThis as unknown as { __joinIndex(a: unknown, b?: unknown): unknown }).__joinIndex;
        const data = join(first, texts);
        const t1 = performance.now();
        const Index = (
          globalThis as unknown as { __EmbeddedIndex: new (data: unknown) => { query(q: string, o: unknown): unknown } }
        ).__EmbeddedIndex;
        // Long tasks while the index is built in chunks, as the site does it.
        const longest: number[] = [];
        const observer = new PerformanceObserver((list) => longest.push(...list.getEntries().map((e) => e.duration)));
        observer.observe({ type: "longtask", buffered: false });
        const c0 = performance.now();
        await Index.build(data);
        const chunkedMs = performance.now() - c0;
        await new Promise((r) => setTimeout(r, 50));
        observer.disconnect();
        // The first part's index, in chunks: what the dialog's first answer waits for.
        const f0 = performance.now();
        await Index.build(join(first));
        const firstMs = performance.now() - f0;
        const t1b = performance.now();
        const index = new Index(data);
        const t2 = performance.now();
        const perQuery: Record<string, number[]> = {};
        const all: number[] = [];
        for (let r = 0; r < runs; r++) {
          for (const q of queries) {
            const start = performance.now();
            index.query(q, { snippetWords: 10, hitsPerPage: 20, page: 0 });
            const ms = performance.now() - start;
            (perQuery[q] ??= []).push(ms);
            all.push(ms);
          }
        }
        return {
          fetchMs: t1 - t0,
          buildMs: t2 - t1b,
          chunkedMs,
          firstMs,
          longestTaskMs: Math.max(0, ...longest),
          perQuery,
          all,
        };
      },
      { queries: QUERIES, runs: RUNS },
    );
    console.log(
      `in Chromium: fetch and parse ${result.fetchMs.toFixed(1)} ms; index build ${result.buildMs.toFixed(1)} ms at once, ${result.chunkedMs.toFixed(1)} ms in chunks as the site does it (longest task ${result.longestTaskMs.toFixed(0)} ms), once when search is about to be used`,
    );
    console.log(`in Chromium: the first part's index alone built in ${result.firstMs.toFixed(1)} ms in chunks`);
    for (const q of QUERIES)
      console.log(`  ${JSON.stringify(q).padEnd(24)} median ${median(result.perQuery[q]).toFixed(2)} ms`);
    const m = median(result.all);
    const sorted = [...result.all].sort((a, b) => a - b);
    console.log(
      `query time over ${result.all.length} queries: median ${m.toFixed(2)} ms, p90 ${sorted[Math.floor(sorted.length * 0.9)].toFixed(2)} ms (limit median ${QUERY_LIMIT_MS} ms) ${m <= QUERY_LIMIT_MS ? "OK" : "OVER"}`,
    );

    // Typing in the dialog to hits on screen.
    await page.goto(`http://127.0.0.1:${port}/integrations/`);
    await page.locator("[data-search-button]").hover();
    await page.waitForResponse((r) => r.url().endsWith(`/search/${first.textsFile}`));
    await page.keyboard.press("Control+k");
    await page.locator("[data-search-dialog]").waitFor();
    const roundTrips: number[] = [];
    for (const q of QUERIES) {
      const ms = await page.evaluate(async (query) => {
        const input = document.querySelector<HTMLInputElement>(".search-input")!;
        const dialog = document.querySelector("[data-search-dialog]")!;
        const start = performance.now();
        input.value = query;
        input.dispatchEvent(new Event("input", { bubbles: true }));
        while (dialog.getAttribute("data-status") !== "idle") await new Promise((r) => setTimeout(r, 0));
        return performance.now() - start;
      }, q);
      roundTrips.push(ms);
    }
    console.log(
      `dialog, input to hits rendered: median ${median(roundTrips).toFixed(2)} ms over ${roundTrips.length} queries`,
    );
    for (const network of [null, SLOW_4G]) {
      const times = [];
      for (let i = 0; i < FIRST_ANSWER_RUNS; i++) times.push(await firstAnswer(browser, port, network));
      const at = (key: "first" | "whole") => `${median(times.map((t) => t[key])).toFixed(0)} ms`;
      console.log(
        `dialog opened cold (${network ? "slow 4G: 150 ms, 1.6 Mbit/s" : "no throttling"}), "grafana" typed: first hits after ${at("first")}, final answer after ${at("whole")} (medians of ${FIRST_ANSWER_RUNS})`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
