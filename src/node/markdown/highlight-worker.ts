// A worker thread that highlights one shard of the code blocks of a build.
import { parentPort, workerData } from "node:worker_threads";
import { highlightBlocks, type PendingBlock } from "./highlight.ts";

const { blocks, extraLanguages } = workerData as { blocks: [string, PendingBlock][]; extraLanguages: string[] };
parentPort!.postMessage(await highlightBlocks(blocks, extraLanguages));
