// Spreads highlighting over the machine's cores. The blocks wait in one queue of small batches,
// sorted by language; the main thread takes batches from the front, worker threads from the
// back, each when it is free. So no thread idles while another has a long list, and each
// compiles mostly its own grammars (compiling a grammar's patterns is much of the cost). Every
// thread loads the same languages, so a block comes out the same whichever thread takes it.
import os from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { COMPILED } from "../paths.ts";
import { createBlockHighlighter, type PendingBlock } from "./highlight.ts";
import type { HighlightAnswer, HighlightBatch } from "./highlight-worker.ts";

/**
 * Below this many blocks a worker's start-up (a thread, shiki, its grammars) costs more than it
 * saves. Measured on this project's 2-core machine, where two busy threads run far from twice
 * as fast as one: the real guides' 237 blocks take 1.05 s on one thread and 1.1 s on two; a
 * 2,000-page corpus (about 6,000 blocks) 3.4 to 4.2 s on one and 3.1 to 3.3 s on two.
 */
const PARALLEL_THRESHOLD = 1000;
/** Blocks per batch: small enough to share the tail of the queue evenly. */
const BATCH = 6;
/**
 * Batches a worker holds at once: it starts the next while its answer waits for the main
 * thread, which reads messages only between its own batches.
 */
const AHEAD = 3;

function startWorker(langs: readonly string[]): Worker {
  // Compiled, the worker is dist/highlight-worker.mjs, beside this chunk.
  if (COMPILED) return new Worker(new URL("./highlight-worker.mjs", import.meta.url), { workerData: { langs } });
  // Running from the sources: the worker loads TypeScript through tsx, with ssodocs's tsconfig.
  const file = new URL("./highlight-worker.ts", import.meta.url).href;
  const tsconfig = fileURLToPath(new URL("../../../tsconfig.json", import.meta.url));
  const boot = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then((m) => { m.register({ tsconfig: ${JSON.stringify(tsconfig)} }); return import(${JSON.stringify(file)}); });`;
  return new Worker(boot, { eval: true, workerData: { langs } });
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How the work was shared (for tests and benchmarks). */
export interface HighlightStats {
  blocksByWorkers: number;
}

/** Highlights the blocks with every thread's highlighter loading exactly `langs` (the site's languages). */
export async function highlightInParallel(
  pending: Map<string, PendingBlock>,
  langs: readonly string[],
  stats?: HighlightStats,
): Promise<Map<string, string>> {
  const blocks = [...pending].sort(([ka, a], [kb, b]) =>
    (a.lang ?? "") < (b.lang ?? "") ? -1 : (a.lang ?? "") > (b.lang ?? "") ? 1 : ka < kb ? -1 : 1,
  );
  const results = new Map<string, string>();
  const threads = Math.min(os.availableParallelism(), 4);
  const queue: HighlightBatch[] = [];
  for (let i = 0; i < blocks.length; i += BATCH) queue.push(blocks.slice(i, i + BATCH));

  // Workers first, so they load while the main thread loads its own highlighter.
  const workers =
    blocks.length < PARALLEL_THRESHOLD || threads < 2
      ? []
      : Array.from({ length: threads - 1 }, () => startWorker(langs));
  /** Batches each worker took and has not answered yet, oldest first (given back to the queue if it fails). */
  const taken = new Map<Worker, HighlightBatch[]>(workers.map((w) => [w, []]));
  const waiting = () => [...taken.values()].some((batches) => batches.length > 0);
  let settle = () => {};
  const give = (worker: Worker) => {
    const held = taken.get(worker)!;
    while (held.length < AHEAD && queue.length) {
      const batch = queue.pop()!;
      held.push(batch);
      worker.postMessage(batch);
    }
  };
  for (const worker of workers) {
    worker.on("message", (answer: HighlightAnswer) => {
      if (answer !== "ready") {
        for (const [key, html] of answer) results.set(key, html);
        if (stats) stats.blocksByWorkers += answer.length;
        taken.get(worker)!.shift();
      }
      give(worker);
      settle();
    });
    const fail = () => {
      queue.push(...taken.get(worker)!.reverse());
      taken.set(worker, []);
      void worker.terminate();
      settle();
    };
    worker.on("error", fail);
    worker.on("exit", fail);
  }

  const highlighter = await createBlockHighlighter(langs);
  try {
    while (queue.length || waiting()) {
      const batch = queue.shift();
      if (batch) {
        for (const [key, block] of batch) results.set(key, highlighter.highlight(block));
        // Let the workers' answers in (and give them more) between batches.
        await nextTurn();
      } else {
        // The rest is with the workers: wait for an answer or a failure.
        await new Promise<void>((resolve) => (settle = resolve));
      }
    }
  } finally {
    highlighter.dispose();
    for (const worker of workers) {
      worker.removeAllListeners("exit");
      void worker.terminate();
    }
  }
  return results;
}
