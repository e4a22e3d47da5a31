// The search files made on a thread of their own (search-worker.ts), one job at a time: watch
// mode's server and updates go on meanwhile. Only the compiled tool has the worker's file;
// running from the sources, they are made on the main thread.
import { Worker } from "node:worker_threads";
import { COMPILED } from "../paths.ts";
import { searchFiles } from "./files.ts";

export interface SearchJob {
  /** Each doc page's records, as JSON text. */
  records: string[];
  origin: string;
  synonyms: string[][];
}

type Made = { path: string; contents: Buffer }[];

export class SearchThread {
  private worker: Worker | null = null;
  /** The job running, answered by the worker's next message. */
  private waiting: { resolve(files: Made): void; reject(error: unknown): void } | null = null;
  private last: Promise<unknown> = Promise.resolve();

  /** What `searchFiles` gives for these records, made on the worker. */
  make(records: string[], origin: string, synonyms: string[][] = []): Promise<Made> {
    if (!COMPILED) return Promise.resolve(searchFiles(records, origin, synonyms));
    const job = this.last.catch(() => undefined).then(() => this.run({ records, origin, synonyms }));
    this.last = job;
    return job;
  }

  private run(job: SearchJob): Promise<Made> {
    const worker = this.worker ?? this.start();
    return new Promise<Made>((resolve, reject) => {
      this.waiting = { resolve, reject };
      worker.postMessage(job);
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL("./search-worker.mjs", import.meta.url));
    // It never keeps the process alive: watch mode stops it on close.
    worker.unref();
    worker.on("message", (files: { path: string; contents: Uint8Array }[]) => {
      const waiting = this.waiting;
      this.waiting = null;
      // Buffers arrive as plain byte arrays.
      waiting?.resolve(
        files.map((f) => ({
          path: f.path,
          contents: Buffer.from(f.contents.buffer, f.contents.byteOffset, f.contents.byteLength),
        })),
      );
    });
    const failed = (error: unknown) => {
      if (this.worker === worker) this.worker = null;
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.reject(error);
    };
    worker.on("error", failed);
    worker.on("exit", (code) => failed(new Error(`the search files' worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}
