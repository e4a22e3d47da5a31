// Spreads highlighting over the machine's cores. The blocks wait in one queue of small batches, in
// the order the pages that show them are written; a worker thread takes batches from the front as
// soon as there are any (so the first pages are ready first), the main thread from the back once
// it has nothing else to do and the backlog is large, each when it is free. So no thread idles
// while another has a long list, and each compiles mostly its own grammars (compiling a grammar's
// patterns is much of the cost). Every thread loads the same languages, so a block comes out the
// same whichever thread takes it.
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { COMPILED } from "../paths.ts";
import { type BlockHighlighter, createBlockHighlighter, type PendingBlock } from "./highlight.ts";
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
/**
 * Blocks still queued when the main thread is done with everything else, from which it loads a
 * highlighter of its own and shares the rest: below, the worker alone ends sooner than the main
 * thread can load shiki and its grammars (about 0.4 s here). The real guides (237 blocks) never
 * reach it; a corpus of thousands of pages does.
 */
const MAIN_HELPS_FROM = 400;

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

/**
 * Blocks to highlight, taken as they come: a worker thread starts with the first block and
 * highlights while the main thread renders Markdown and pages; the main thread takes its share
 * only when it waits (`drain`) with a backlog large enough to pay for loading its own
 * highlighter. Every thread loads exactly `langs`, so a block comes out the same whichever takes it. Without a worker (running from the sources) the main thread does it all.
 */
export class HighlightQueue {
  private readonly queue: HighlightBatch[] = [];
  private batch: HighlightBatch = [];
  private readonly queued = new Set<string>();
  /** Highlighted blocks by key (the code renderer hands in its own map, which they then join). */
  readonly results: Map<string, string>;
  private worker: Worker | null = null;
  /** Batches the worker took and has not answered yet, oldest first (given back if it fails). */
  private taken: HighlightBatch[] = [];
  /** Everyone waiting for the worker's next answer (watch mode's first page and its first build may both be). */
  private waiting: (() => void)[] = [];
  private settle = () => {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  };
  private highlighter: Promise<BlockHighlighter> | null = null;
  /** How many callers wait in `drain` (the worker keeps the process alive only while one does). */
  private draining = 0;
  private closed = false;

  constructor(
    private readonly langs: readonly string[],
    private readonly options: { worker: boolean; stats?: HighlightStats; results?: Map<string, string> },
  ) {
    this.results = options.results ?? new Map();
  }

  /** Queues a block (once per key); the worker starts with the first. */
  add(key: string, block: PendingBlock): void {
    if (this.queued.has(key) || this.results.has(key)) return;
    this.queued.add(key);
    this.batch.push([key, block]);
    if (this.batch.length >= BATCH) this.flush();
    if (this.options.worker && !this.worker && !this.closed) this.startWorker();
    this.give();
  }

  private flush(): void {
    if (this.batch.length) this.queue.push(this.batch);
    this.batch = [];
  }

  private startWorker(): void {
    const worker = startWorker(this.langs);
    this.worker = worker;
    worker.on("message", (answer: HighlightAnswer) => {
      if (answer !== "ready") {
        for (const [key, html] of answer) this.results.set(key, html);
        if (this.options.stats) this.options.stats.blocksByWorkers += answer.length;
        this.taken.shift();
      }
      this.give();
      this.settle();
    });
    const fail = () => {
      this.queue.unshift(...this.taken);
      this.taken = [];
      this.worker = null;
      void worker.terminate();
      this.settle();
    };
    worker.on("error", fail);
    worker.on("exit", fail);
    // Only now: a first "message" listener refs the worker's port again, and a worker no one waits
    // for would keep the process alive after a failed build.
    if (!this.draining) worker.unref();
  }

  /** Hands the worker batches from the front of the queue, a few ahead. */
  private give(): void {
    const worker = this.worker;
    if (!worker) return;
    if (!this.queue.length) this.flush();
    while (this.taken.length < AHEAD && this.queue.length) {
      const batch = this.queue.shift()!;
      this.taken.push(batch);
      worker.postMessage(batch);
    }
  }

  /**
   * Moves the queued blocks of `keys` to where the worker takes its next batches from. The queue
   * is in page order, so they are mostly there already: it is read from the front only until all
   * are found, and blocks in its first few batches stay where they are.
   */
  private putFirst(keys: ReadonlySet<string>): void {
    const withWorker = new Set(this.taken.flatMap((batch) => batch.map(([key]) => key)));
    let left = 0;
    for (const key of keys) if (this.queued.has(key) && !this.results.has(key) && !withWorker.has(key)) left++;
    const wanted: HighlightBatch = [];
    for (let b = 0; b < this.queue.length && left > 0; b++) {
      const batch = this.queue[b];
      for (let i = 0; i < batch.length; i++) {
        if (!keys.has(batch[i][0])) continue;
        left--;
        if (b >= AHEAD) wanted.push(...batch.splice(i--, 1));
      }
    }
    if (!wanted.length) return;
    const rest = this.queue.filter((batch) => batch.length);
    this.queue.length = 0;
    for (let i = 0; i < wanted.length; i += BATCH) this.queue.push(wanted.slice(i, i + BATCH));
    // One at a time: a site's batches spread into one call would overflow the call stack.
    for (const batch of rest) this.queue.push(batch);
    this.give();
  }

  private queuedBlocks(): number {
    return this.queue.reduce((n, batch) => n + batch.length, 0);
  }

  /**
   * Waits until every block queued is highlighted, or only the blocks of `keys` (handed to the
   * worker first), taking batches from the front meanwhile.
   */
  async drain(keys?: ReadonlySet<string>): Promise<Map<string, string>> {
    this.draining++;
    this.worker?.ref();
    try {
      return await this.drainOnce(keys);
    } finally {
      // Blocks no one waits for (a fence the quick scan found that Markdown does not render) do
      // not keep the process alive.
      if (--this.draining === 0) this.worker?.unref();
    }
  }

  private async drainOnce(keys?: ReadonlySet<string>): Promise<Map<string, string>> {
    this.flush();
    if (keys) this.putFirst(keys);
    const done = keys
      ? () => [...keys].every((key) => this.results.has(key) || !this.queued.has(key))
      : () => !this.queue.length && !this.taken.length;
    while (!done()) {
      // Closed while waiting (the build or the watch session ended): no answer will come.
      if (this.closed) throw new Error("code highlighting was stopped");
      const helping = !this.worker || this.highlighter || this.queuedBlocks() >= MAIN_HELPS_FROM;
      // Without a worker, in order; beside one, from the back, away from the worker's batches.
      const batch = !helping ? undefined : this.worker ? this.queue.pop() : this.queue.shift();
      if (batch) {
        this.highlighter ??= createBlockHighlighter(this.langs);
        const highlighter = await this.highlighter;
        for (const [key, block] of batch) this.results.set(key, highlighter.highlight(block));
        // Let the worker's answers in (and give it more) between batches.
        await nextTurn();
      } else {
        await new Promise<void>((resolve) => this.waiting.push(resolve));
      }
    }
    return this.results;
  }

  /** Whether nothing is queued, with the worker or waited for. */
  idle(): boolean {
    return !this.queue.length && !this.taken.length && !this.batch.length && !this.draining;
  }

  /** Stops the worker and frees the main thread's highlighter; whoever still waits in `drain` is let go. */
  close(): void {
    this.closed = true;
    if (this.worker) {
      this.worker.removeAllListeners("exit");
      void this.worker.terminate();
      this.worker = null;
    }
    this.settle();
    void this.highlighter?.then((h) => h.dispose());
    this.highlighter = null;
  }
}

/** Highlights the blocks with every thread's highlighter loading exactly `langs` (the site's languages). */
export async function highlightInParallel(
  pending: Map<string, PendingBlock>,
  langs: readonly string[],
  stats?: HighlightStats,
): Promise<Map<string, string>> {
  const queue = new HighlightQueue(langs, { worker: pending.size >= PARALLEL_THRESHOLD, stats });
  // By language, so each thread compiles mostly its own grammars.
  const blocks = [...pending].sort(([ka, a], [kb, b]) =>
    (a.lang ?? "") < (b.lang ?? "") ? -1 : (a.lang ?? "") > (b.lang ?? "") ? 1 : ka < kb ? -1 : 1,
  );
  try {
    for (const [key, block] of blocks) queue.add(key, block);
    return await queue.drain();
  } finally {
    queue.close();
  }
}
