// Imports a TypeScript module of the site (its config, its page templates) and everything it
// imports from the project, as it is on disk now: esbuild bundles it (packages stay external)
// into a new folder, which is imported and removed. No TypeScript loader is needed, and since
// every import is a new bundle, watch mode sees edits (Node caches ES modules for the life of
// the process). Each file's own `import.meta.url`, `.dirname` and `.filename` are kept.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire, isBuiltin } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { SsodocsError } from "./errors.ts";
import type { ModuleImporter } from "./import-module.ts";
import { keepImportMeta, nodeBundleOptions } from "./esbuild-node.mjs";

let serial = 0;

/**
 * Packages stay out of the bundle, imported by their resolved path: from the importing file's
 * folder, else from ssodocs's own (a fixture site without node_modules still finds React). The
 * same file means the same module instance, so templates share React with the renderer.
 */
const packagesByPath: esbuild.Plugin = {
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
      return { path: pathToFileURL(resolved).href, external: true };
    });
  },
};

/**
 * Bundles the entries together (what they share is bundled once, in chunks) into a new folder
 * in `outDir`, imports each, and removes the folder.
 */
export async function importFresh<T>(entries: string[], outDir: string): Promise<{ modules: T[]; inputs: string[] }> {
  const dir = path.join(outDir, `.ssodocs-fresh-${process.pid}-${++serial}`);
  let result: esbuild.BuildResult & { outputFiles: esbuild.OutputFile[]; metafile: esbuild.Metafile };
  try {
    result = await bundle(entries, dir);
  } catch (error) {
    const first = (error as esbuild.BuildFailure).errors?.[0];
    if (!first) throw error;
    const where = first.location;
    throw new SsodocsError(first.text, where ? { file: path.resolve(where.file), line: where.line } : { file: entries[0] });
  }
  for (const folder of new Set(result.outputFiles.map((f) => path.dirname(f.path)))) await mkdir(folder, { recursive: true });
  await Promise.all(result.outputFiles.map((f) => writeFile(f.path, f.contents)));
  try {
    const outputs = Object.entries(result.metafile.outputs);
    const modules = await Promise.all(
      entries.map((entry) => {
        const out = outputs.find(([, o]) => o.entryPoint && path.resolve(o.entryPoint) === path.resolve(entry));
        return import(pathToFileURL(path.resolve(out![0])).href) as Promise<T>;
      }),
    );
    const inputs = Object.keys(result.metafile.inputs)
      .filter((f) => !f.includes("node_modules/"))
      .map((f) => path.resolve(f));
    return { modules, inputs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `outdir` is where the bundle will be, so its source maps point back at the sources. */
function bundle(entries: string[], outdir: string) {
  return esbuild.build({
    ...nodeBundleOptions,
    entryPoints: entries,
    outdir,
    entryNames: "[dir]/[name]",
    write: false,
    sourcemap: "inline",
    metafile: true,
    plugins: [packagesByPath, keepImportMeta],
  });
}

/**
 * An importer for loadConfig and loadTemplates that sees edits; `inputs` collects the files
 * imported. Files asked for in the same tick (the templates) are bundled together.
 */
export function freshImporter(outDir: string, inputs: Set<string>): ModuleImporter {
  let batch: { file: string; resolve(m: { default?: unknown }): void; reject(e: unknown): void }[] = [];
  const flush = async () => {
    const current = batch;
    batch = [];
    try {
      const fresh = await importFresh<{ default?: unknown }>([...new Set(current.map((c) => c.file))], outDir);
      for (const f of fresh.inputs) inputs.add(f);
      const byFile = new Map([...new Set(current.map((c) => c.file))].map((f, i) => [f, fresh.modules[i]]));
      for (const c of current) c.resolve(byFile.get(c.file)!);
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
