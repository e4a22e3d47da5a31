// Imports a module and everything it imports from the project again, as it is on disk now.
// Node caches ES modules for the life of the process, so watch mode bundles the module with
// esbuild (packages stay external) into a new file and imports that. Each file's own
// `import.meta.url`, `import.meta.dirname` and `import.meta.filename` are kept.
import { readFile, rm, writeFile } from "node:fs/promises";
import { createRequire, isBuiltin } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { SsodocsError } from "../errors.ts";
import type { ModuleImporter } from "../import-module.ts";

export interface FreshModule<T> {
  module: T;
  /** The project files it was made from, to watch. */
  inputs: string[];
}

let serial = 0;

const metaOf = (file: string) => ({
  url: JSON.stringify(pathToFileURL(file).href),
  dirname: JSON.stringify(path.dirname(file)),
  filename: JSON.stringify(file),
});

/** Replaces `import.meta.{url,dirname,filename}` of each bundled file by its original value. */
const keepImportMeta: esbuild.Plugin = {
  name: "keep-import-meta",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta")) return undefined;
      const meta = metaOf(args.path);
      const contents = source
        .replace(/\bimport\.meta\.url\b/g, meta.url)
        .replace(/\bimport\.meta\.dirname\b/g, meta.dirname)
        .replace(/\bimport\.meta\.filename\b/g, meta.filename);
      const ext = path.extname(args.path).slice(1);
      const loader = (ext === "mts" || ext === "cts" ? "ts" : ext === "mjs" || ext === "cjs" ? "js" : ext) as esbuild.Loader;
      return { contents, loader, resolveDir: path.dirname(args.path) };
    });
  },
};

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

/** Bundles `entry` into a new file in `outDir` and imports it. */
export async function importFresh<T>(entry: string, outDir: string): Promise<FreshModule<T>> {
  const file = path.join(outDir, `.ssodocs-fresh-${process.pid}-${++serial}.mjs`);
  let result: esbuild.BuildResult & { outputFiles: esbuild.OutputFile[]; metafile: esbuild.Metafile };
  try {
    result = await bundle(entry, file);
  } catch (error) {
    const first = (error as esbuild.BuildFailure).errors?.[0];
    if (!first) throw error;
    const where = first.location;
    throw new SsodocsError(first.text, where ? { file: path.resolve(where.file), line: where.line } : { file: entry });
  }
  await writeFile(file, result.outputFiles[0].contents);
  try {
    const module = (await import(pathToFileURL(file).href)) as T;
    const inputs = Object.keys(result.metafile.inputs)
      .filter((f) => !f.includes("node_modules/"))
      .map((f) => path.resolve(f));
    return { module, inputs };
  } finally {
    await rm(file, { force: true });
  }
}

/** `outfile` is where the bundle will be, so its source map points back at the sources. */
function bundle(entry: string, outfile: string) {
  return esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    target: "node20",
    jsx: "automatic",
    sourcemap: "inline",
    metafile: true,
    logLevel: "silent",
    plugins: [packagesByPath, keepImportMeta],
  });
}

/** An importer for loadConfig and loadTemplates that sees edits; `inputs` collects the files imported. */
export function freshImporter(outDir: string, inputs: Set<string>): ModuleImporter {
  return async (file) => {
    const fresh = await importFresh<{ default?: unknown }>(file, outDir);
    for (const f of fresh.inputs) inputs.add(f);
    return fresh.module;
  };
}
