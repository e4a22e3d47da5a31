// A worker thread that makes the search files for watch mode (search-thread.ts): making them
// takes several times as long as an update of a page, and on the main thread a save that came
// meanwhile waited for them.
import { parentPort } from "node:worker_threads";
import { searchFiles } from "./files.ts";
import type { SearchJob } from "./search-thread.ts";

parentPort!.on("message", ({ records, origin, synonyms }: SearchJob) => {
  const files = searchFiles(records, origin, synonyms);
  // Copied, not transferred: a small Buffer's bytes lie in a pool the thread's other Buffers share.
  parentPort!.postMessage(files);
});
