// Spreads highlighting over the machine's cores: blocks are split into shards by language (so
// each thread compiles only its own grammars), one shard runs here, the others in workers.
import os from "node:os";
import { Worker } from "node:worker_threads";
import { highlightBlocks, type PendingBlock } from "./highlight.ts";

/**
 * Below this many blocks a worker's start-up (tsx, shiki, its grammars) costs more than it saves.
 * Measured on 2 cores: the real site's 237 blocks take 1.3 s on one thread and 1.9 s on two;
 * a 2,000-page corpus (about 6,000 blocks) 4.2 s on one and 3.8 s on two.
 */
const PARALLEL_THRESHOLD = 3000;

/** Groups blocks by language, then deals the groups to `n` shards, largest first. */
export function shardByLanguage(blocks: [string, PendingBlock][], n: number): [string, PendingBlock][][] {
  const byLang = new Map<string, [string, PendingBlock][]>();
  for (const entry of blocks) {
    const k = entry[1].lang ?? "";
    const group = byLang.get(k);
    if (group) group.push(entry);
    else byLang.set(k, [entry]);
  }
  const shards: [string, PendingBlock][][] = Array.from({ length: n }, () => []);
  for (const group of [...byLang.values()].sort((a, b) => b.length - a.length)) {
    shards.reduce((min, s) => (s.length < min.length ? s : min)).push(...group);
  }
  return shards.filter((s) => s.length > 0);
}

function inWorker(blocks: [string, PendingBlock][], extraLanguages: string[]): Promise<[string, string][]> {
  // Workers load TypeScript through tsx, as the main thread does.
  const file = new URL("./highlight-worker.ts", import.meta.url).href;
  const boot = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then((m) => { m.register(); return import(${JSON.stringify(file)}); });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot, { eval: true, workerData: { blocks, extraLanguages } });
    worker.once("message", (result: [string, string][]) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`highlight worker exited with code ${code}`));
    });
  });
}

export async function highlightInParallel(pending: Map<string, PendingBlock>, extraLanguages: string[]): Promise<Map<string, string>> {
  const blocks = [...pending];
  const threads = Math.min(os.availableParallelism(), 4);
  if (blocks.length < PARALLEL_THRESHOLD || threads < 2) return new Map(await highlightBlocks(blocks, extraLanguages));
  const [here, ...elsewhere] = shardByLanguage(blocks, threads);
  const results = await Promise.all([highlightBlocks(here, extraLanguages), ...elsewhere.map((s) => inWorker(s, []))]);
  return new Map(results.flat());
}
