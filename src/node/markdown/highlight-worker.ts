// A worker thread that highlights batches of code blocks for the main thread (highlight-pool.ts):
// it says "ready" once its highlighter is loaded, then answers each batch with its HTML.
import { parentPort, workerData } from "node:worker_threads";
import { createBlockHighlighter, type PendingBlock } from "./highlight.ts";

export type HighlightBatch = [string, PendingBlock][];
export type HighlightAnswer = "ready" | [string, string][];

const highlighter = await createBlockHighlighter((workerData as { langs: string[] }).langs);
parentPort!.on("message", (batch: HighlightBatch) => {
  parentPort!.postMessage(batch.map(([key, block]) => [key, highlighter.highlight(block)]) satisfies HighlightAnswer);
});
parentPort!.postMessage("ready" satisfies HighlightAnswer);
