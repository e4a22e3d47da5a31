// Writes a build into a fresh temporary folder beside the output folder and swaps it in only
// when everything is written, so a failed or interrupted build never leaves a half-written site.
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "./render/assets.ts";

const TEMP_PREFIX = ".build-";

function tempName(outDir: string, kind: string): string {
  return path.join(path.dirname(outDir), `${TEMP_PREFIX}${path.basename(outDir)}-${kind}-${process.pid}-${Date.now().toString(36)}`);
}

/** Removes temporary folders left behind by builds that were killed. */
export async function removeStaleTemps(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const prefix = `${TEMP_PREFIX}${path.basename(outDir)}-`;
  let names: string[] = [];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  await Promise.all(names.filter((n) => n.startsWith(prefix)).map((n) => rm(path.join(parent, n), { recursive: true, force: true })));
}

export async function writeFiles(dir: string, files: OutputFile[]): Promise<void> {
  const dirs = new Set(files.map((f) => path.dirname(path.join(dir, f.path))));
  await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
  // Bounded parallelism keeps open file handles in check on large sites.
  const queue = [...files];
  const worker = async () => {
    for (let f = queue.pop(); f; f = queue.pop()) await writeFile(path.join(dir, f.path), f.contents);
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

export async function writeSiteAtomically(outDir: string, files: OutputFile[], staticDir: string | null): Promise<void> {
  await removeStaleTemps(outDir);
  const temp = tempName(outDir, "new");
  try {
    await mkdir(temp, { recursive: true });
    if (staticDir && existsSync(staticDir)) await cp(staticDir, temp, { recursive: true });
    await writeFiles(temp, files);
    const old = existsSync(outDir) ? tempName(outDir, "old") : null;
    if (old) await rename(outDir, old);
    await rename(temp, outDir);
    if (old) await rm(old, { recursive: true, force: true });
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}
