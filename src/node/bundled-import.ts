// Imports a TypeScript module of the site (its config, its page templates) and everything it
// imports from the project: esbuild bundles it (packages stay external) into a folder, which is
// imported. No TypeScript loader is needed. Two ways:
// - fresh (watch mode, and whenever caching is off): a new bundle on every import, in a folder
//   removed once imported; Node caches ES modules for the life of the process, and a new folder
//   is a new module, so edits are seen;
// - cached (one-off commands): the bundle stays under the cache folder with the content hash of
//   every file it was made from, and is imported from there again while those hashes hold, so a
//   build with nothing changed starts no esbuild at all.
// Each file's own `import.meta.url`, `.dirname` and `.filename` are kept.
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire, isBuiltin } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as esbuild from "esbuild";
import { CACHE_DIR, contentCacheEnabled, fileStampOf, hasFileStamp, hashOf, inProgress, readCache, toolStamp, writeCache } from "./cache.ts";
import { SsodocsError } from "./errors.ts";
import type { ModuleImporter } from "./import-module.ts";
import { keepImportMeta, nodeBundleOptions } from "./esbuild-node.mjs";

let serial = 0;

/** The files a bundle was made from, each with the hash of its content. */
export type BundleInputs = Map<string, string>;

/** The package.json above a resolved file: its version stands for the package's code. */
function packageJsonOf(file: string): string | null {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, "package.json");
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * Packages stay out of the bundle, imported by their resolved path: from the importing file's
 * folder, else from ssodocs's own (a fixture site without node_modules still finds React). The
 * same file means the same module instance, so templates share React with the renderer. Each
 * package's package.json is added to `packageFiles`, so a cached bundle notices an upgrade.
 */
function packagesByPath(packageFiles: Set<string>): esbuild.Plugin {
  return {
    name: "packages-by-path",
    setup(build) {
      const own = createRequire(import.meta.url);
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        let resolved: string;
        try {
          resolved = createRequire(path.join(args.resolveDir, "noop.js")).resolve(args.path);
        } catch {
          resolved = own.resolve(args.path);
        }
        const manifest = packageJsonOf(resolved);
        if (manifest) packageFiles.add(manifest);
        return { path: pathToFileURL(resolved).href, external: true };
      });
    },
  };
}

interface Bundle {
  /** The file each entry became, in the order of the entries. */
  entryFiles: string[];
  inputs: BundleInputs;
  /** Every file written: path, size, modification time. */
  outputs: [string, number, number][];
}

/** Bundles the entries together (what they share is bundled once, in chunks) into `dir`. */
async function bundleInto(entries: string[], dir: string): Promise<Bundle> {
  const esbuild = await import("esbuild");
  const packageFiles = new Set<string>();
  let result: esbuild.BuildResult & { outputFiles: esbuild.OutputFile[]; metafile: esbuild.Metafile };
  try {
    result = await esbuild.build({
      ...nodeBundleOptions,
      entryPoints: entries,
      // Where the bundle will be, so its source maps point back at the sources.
      outdir: dir,
      entryNames: "[dir]/[name]",
      write: false,
      sourcemap: "inline",
      metafile: true,
      plugins: [packagesByPath(packageFiles), keepImportMeta],
    });
  } catch (error) {
    const first = (error as esbuild.BuildFailure).errors?.[0];
    if (!first) throw error;
    const where = first.location;
    throw new SsodocsError(first.text, where ? { file: path.resolve(where.file), line: where.line } : { file: entries[0] });
  }
  for (const folder of new Set(result.outputFiles.map((f) => path.dirname(f.path)))) await mkdir(folder, { recursive: true });
  await Promise.all(result.outputFiles.map((f) => writeFile(f.path, f.contents)));
  const outputs = Object.entries(result.metafile.outputs);
  const entryFiles = entries.map((entry) => path.resolve(outputs.find(([, o]) => o.entryPoint && path.resolve(o.entryPoint) === path.resolve(entry))![0]));
  const files = [...Object.keys(result.metafile.inputs).filter((f) => !f.includes("node_modules/")).map((f) => path.resolve(f)), ...packageFiles];
  const written = result.outputFiles.map((f): Bundle["outputs"][number] => [f.path, ...fileStampOf(f.path)]);
  return { entryFiles, inputs: new Map(files.sort().map((f) => [f, hashOf(readFileSync(f))])), outputs: written };
}

const importAll = <T>(files: string[]) => Promise.all(files.map((file) => import(pathToFileURL(file).href) as Promise<T>));

/** Bundles the entries into a new folder in `outDir`, imports each, and removes the folder. */
export async function importFresh<T>(entries: string[], outDir: string): Promise<{ modules: T[]; inputs: BundleInputs }> {
  const dir = path.join(outDir, `.ssodocs-fresh-${process.pid}-${++serial}`);
  try {
    const bundle = await bundleInto(entries, dir);
    return { modules: await importAll<T>(bundle.entryFiles), inputs: bundle.inputs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const BUNDLES = "bundles";
const BUNDLE_DIR = path.join(CACHE_DIR, "bundled");

interface StoredBundle {
  entryFiles: string[];
  inputs: [string, string][];
  outputs: Bundle["outputs"];
}

/** Whether every file a bundle was made from still has the content it had, and the bundle's own files are as written. */
function unchanged(stored: StoredBundle): boolean {
  try {
    return stored.inputs.every(([file, hash]) => hashOf(readFileSync(file)) === hash) && stored.outputs.every(([file, size, mtimeMs]) => hasFileStamp(file, size, mtimeMs));
  } catch {
    return false;
  }
}

/** Bundle folders no stored bundle names, made more than a minute ago (a running build may still import a newer one). */
function removeUnusedBundles(keep: Set<string>): void {
  try {
    for (const name of readdirSync(BUNDLE_DIR)) {
      const dir = path.join(BUNDLE_DIR, name);
      if (!keep.has(dir) && !inProgress(dir)) rmSync(dir, { recursive: true, force: true });
    }
  } catch {
    // Clearing out only saves space.
  }
}

/**
 * Imports the entries from the bundle kept in the cache when every file it was made from is
 * unchanged; otherwise bundles them anew and keeps that bundle.
 */
export async function importCached<T>(entries: string[]): Promise<{ modules: T[]; inputs: BundleInputs }> {
  const key = hashOf("bundle-v1", toolStamp(), ...entries);
  const stored = readCache<StoredBundle>(BUNDLES, key);
  if (stored && unchanged(stored)) {
    try {
      return { modules: await importAll<T>(stored.entryFiles), inputs: new Map(stored.inputs) };
    } catch {
      // The folder was cleared out meanwhile: bundle again.
    }
  }
  const dir = path.join(BUNDLE_DIR, `${key.slice(0, 12)}-${process.pid}-${++serial}-${Date.now().toString(36)}`);
  const bundle = await bundleInto(entries, dir);
  const modules = await importAll<T>(bundle.entryFiles);
  writeCache(BUNDLES, key, { entryFiles: bundle.entryFiles, inputs: [...bundle.inputs], outputs: bundle.outputs } satisfies StoredBundle, { keep: 16 });
  removeUnusedBundles(new Set(keptBundleDirs()));
  return { modules, inputs: bundle.inputs };
}

/** The folders the stored bundles are in. */
function keptBundleDirs(): string[] {
  try {
    const folder = path.join(CACHE_DIR, BUNDLES);
    return readdirSync(folder)
      .filter((name) => name.endsWith(".json"))
      .flatMap((name) => {
        try {
          const stored = JSON.parse(readFileSync(path.join(folder, name), "utf8")) as StoredBundle;
          return stored.entryFiles.map((f) => path.join(BUNDLE_DIR, path.relative(BUNDLE_DIR, f).split(path.sep)[0]));
        } catch {
          return [];
        }
      });
  } catch {
    return [];
  }
}

type Batch = { file: string; resolve(m: { default?: unknown }): void; reject(e: unknown): void }[];

/** An importer that bundles the files asked for in the same tick (the templates) together. */
function batchingImporter(load: (files: string[]) => Promise<{ modules: { default?: unknown }[]; inputs: BundleInputs }>, inputs: BundleInputs): ModuleImporter {
  let batch: Batch = [];
  const flush = async () => {
    const current = batch;
    batch = [];
    const files = [...new Set(current.map((c) => c.file))];
    try {
      const loaded = await load(files);
      for (const [f, h] of loaded.inputs) inputs.set(f, h);
      for (const c of current) c.resolve(loaded.modules[files.indexOf(c.file)]);
    } catch (error) {
      for (const c of current) c.reject(error);
    }
  };
  return (file) =>
    new Promise((resolve, reject) => {
      if (batch.length === 0) setImmediate(() => void flush());
      batch.push({ file, resolve, reject });
    });
}

/** An importer for watch mode that sees edits; `inputs` collects the project's files imported (not packages). */
export function freshImporter(outDir: string, inputs: Set<string>): ModuleImporter {
  const hashes: BundleInputs = new Map();
  const importer = batchingImporter((files) => importFresh(files, outDir), hashes);
  return async (file) => {
    const mod = await importer(file);
    for (const f of hashes.keys()) if (!f.includes(`${path.sep}node_modules${path.sep}`)) inputs.add(f);
    return mod;
  };
}

/**
 * The importer of one-off commands: bundles kept in the cache (fresh ones in `tmpDir` when
 * caching is off). `inputs` collects the files imported, with their hashes.
 */
export function cachedImporter(tmpDir: string, inputs: BundleInputs = new Map()): ModuleImporter {
  return batchingImporter(async (files) => {
    if (!contentCacheEnabled()) return importFresh(files, tmpDir);
    try {
      return await importCached(files);
    } catch (error) {
      // A cache folder that cannot be written (a full disk, say) costs only speed.
      if (!(error as NodeJS.ErrnoException).code) throw error;
      return importFresh(files, tmpDir);
    }
  }, inputs);
}
