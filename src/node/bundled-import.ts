// Imports TypeScript modules of the site (its config, its page templates) with everything they
// import from the project: esbuild bundles them (packages stay external, imported by their
// resolved path) into a fresh folder, which is imported and removed. Node caches ES modules for
// the life of the process and a new folder is a new module, so watch mode sees every edit. Each
// import reports the files it was made from with the hash of their content: what the pages made
// with these modules depend on. Each file's own `import.meta.url`, `.dirname` and `.filename` are kept,
// and a CommonJS config (a Docusaurus one) finds `require`, `__dirname` and `__filename`.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire, isBuiltin } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type * as esbuild from "esbuild";
import { hashOf, hashOfAll } from "./util/hash.ts";
import { SsodocsError } from "./errors.ts";
import { keepImportMeta, nodeBundleOptions } from "./esbuild-node.mjs";
import { tempFolderName } from "./util/temp-folders.ts";

let serial = 0;

/** The files a bundle was made from (project files and each package's package.json) and the hash of each. */
export type ModuleInputs = [file: string, hash: string][];

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
 * folder, else from ssodocs's own (a site without node_modules still finds React). The same file
 * means the same module instance, so templates share React with the renderer.
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
          try {
            resolved = own.resolve(args.path);
          } catch {
            const text = `the package "${args.path}" is not installed here: install the site's packages (npm install)`;
            return { errors: [{ text }] };
          }
        }
        const manifest = packageJsonOf(resolved);
        if (manifest) packageFiles.add(manifest);
        // require() takes a path; import takes a URL.
        const required = args.kind === "require-call" || args.kind === "require-resolve";
        return { path: required ? resolved : pathToFileURL(resolved).href, external: true };
      });
    },
  };
}

/** One hash standing for a module's inputs. */
export const hashOfInputs = (inputs: ModuleInputs): string => hashOfAll(inputs.flat());

/** Whether every input still has the content it had (false when one is gone). */
export function inputsUnchanged(inputs: ModuleInputs): boolean {
  try {
    return inputs.every(([file, hash]) => hashOf(readFileSync(file)) === hash);
  } catch {
    return false;
  }
}

/** A module as bundled: one text, and the files it was made from. */
export interface ModuleBundle {
  code: string;
  inputs: ModuleInputs;
}

/** Where bundles are kept from one build to the next (a driver hands in the build shortcuts, store/shortcuts.ts). */
export interface ModuleCache {
  get(file: string): ModuleBundle | null;
  set(file: string, bundle: ModuleBundle): void;
}

/** Imports a module of the site: bundled anew unless `cache` holds it with every input unchanged. */
export async function importModule<T>(
  file: string,
  cache: ModuleCache | null,
): Promise<{ module: T; inputs: ModuleInputs }> {
  const kept = cache?.get(file);
  const unchanged = kept && inputsUnchanged(kept.inputs);
  const bundled = unchanged ? kept : await bundleModule(file);
  // One that loaded before, unchanged, is known to finish; it is kept only once it has.
  if (!unchanged) await loadsInTime(bundled.code, file);
  const module = await importCode<T>(bundled.code);
  cache?.set(file, bundled);
  return { module, inputs: bundled.inputs };
}

/**
 * What a CommonJS module finds in its scope, which the bundled ES module lacks: `require` (of
 * the packages it leaves out, and `require.resolve`, as Docusaurus configs use it) and the entry's
 * `__filename` and `__dirname`. (esbuild renames a module's own top-level `require`.)
 */
function commonJsScope(entry: string): string {
  const file = JSON.stringify(entry);
  return `import { createRequire as __ssodocsRequire } from "node:module"; var require = __ssodocsRequire(${file}), __filename = ${file}, __dirname = ${JSON.stringify(path.dirname(entry))};`;
}

/** Bundles one module into one text (its imports of the project inlined), with the files it was made from. */
async function bundleModule(entry: string): Promise<ModuleBundle> {
  const esbuild = await import("esbuild");
  const packageFiles = new Set<string>();
  const result = await runEsbuild(esbuild, [entry], {
    ...nodeBundleOptions,
    banner: { js: commonJsScope(entry) },
    splitting: false,
    entryPoints: [entry],
    outdir: path.dirname(entry),
    write: false,
    sourcemap: "inline",
    metafile: true,
    plugins: [packagesByPath(packageFiles), keepImportMeta],
  });
  return { code: result.outputFiles[0].text, inputs: inputsOf(result.metafile, packageFiles) };
}

const dataUrl = (code: string) => `data:text/javascript;base64,${Buffer.from(code, "utf8").toString("base64")}`;

/** Imports a module from its text (a data: URL: no file is written). */
async function importCode<T>(code: string): Promise<T> {
  return (await import(dataUrl(code))) as T;
}

/** How long a module's first load may take: SSODOCS_MODULE_TIMEOUT seconds (for slow machines), else 10. */
function moduleTimeoutMs(): number {
  const seconds = Number(process.env.SSODOCS_MODULE_TIMEOUT);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 10) * 1000;
}

/**
 * Loads a freshly bundled module (the config, a sidebars module) once in a worker thread, with a
 * time limit, before it is imported here: a loop that never ends would hang the build for ever,
 * and only a thread of its own can be stopped. Whatever else goes wrong there is left to the real
 * import to report. Its output is dropped: the real import prints it.
 */
async function loadsInTime(code: string, file: string): Promise<void> {
  const ms = moduleTimeoutMs();
  const boot = `import(${JSON.stringify(dataUrl(code))}).then(
    () => require("node:worker_threads").parentPort.postMessage("loaded"),
    () => require("node:worker_threads").parentPort.postMessage("failed"));`;
  const worker = new Worker(boot, { eval: true, stdout: true, stderr: true });
  worker.stdout.resume();
  worker.stderr.resume();
  const outcome = await new Promise<"settled" | "timeout" | "unsettled">((resolve) => {
    const timer = setTimeout(() => resolve("timeout"), ms);
    const end = (how: "settled" | "unsettled") => () => {
      clearTimeout(timer);
      resolve(how);
    };
    worker.once("message", end("settled"));
    worker.once("error", end("settled"));
    // Gone without a word: its loading waited on a promise nothing was left to settle (the import
    // here would wait for ever, and Node end the process with code 13 and no message).
    worker.once("exit", end("unsettled"));
  });
  await worker.terminate();
  if (outcome === "timeout")
    throw new SsodocsError(
      `the module did not finish loading within ${ms / 1000} s (a loop that never ends?); set SSODOCS_MODULE_TIMEOUT to more seconds if it needs them`,
      { file },
    );
  if (outcome === "unsettled")
    throw new SsodocsError("the module never finishes loading: it awaits a promise that nothing settles", { file });
}

type Esbuild = typeof import("esbuild");
type BuildOutput = esbuild.BuildResult & { outputFiles: esbuild.OutputFile[]; metafile: esbuild.Metafile };

/** Runs esbuild; its first error becomes an SsodocsError naming the file and line. */
async function runEsbuild(esbuild: Esbuild, entries: string[], options: esbuild.BuildOptions): Promise<BuildOutput> {
  try {
    return (await esbuild.build({ ...options, write: false, metafile: true })) as BuildOutput;
  } catch (error) {
    const first = (error as esbuild.BuildFailure).errors?.[0];
    if (!first) throw error;
    const where = first.location;
    throw new SsodocsError(
      first.text,
      where ? { file: path.resolve(where.file), line: where.line } : { file: entries[0] },
    );
  }
}

/** The project files a bundle was made from and the packages' package.json files, each with the hash of its content. */
function inputsOf(metafile: esbuild.Metafile, packageFiles: Set<string>): ModuleInputs {
  const files = [
    ...Object.keys(metafile.inputs)
      .filter((f) => !f.includes("node_modules/"))
      .map((f) => path.resolve(f)),
    ...packageFiles,
  ];
  return [...new Set(files)].sort().map((f) => [f, hashOf(readFileSync(f))]);
}

/**
 * Bundles the entries together (what they share is bundled once), imports each, and removes the
 * bundle; `plugins` resolve imports before the packages are (a site's overrides: render/overrides.ts).
 */
export async function importBundled<T>(
  entries: string[],
  plugins: esbuild.Plugin[] = [],
): Promise<{ modules: T[]; inputs: ModuleInputs }> {
  const esbuild = await import("esbuild");
  const dir = tempFolderName("modules", `${++serial}-${Date.now().toString(36)}`);
  const packageFiles = new Set<string>();
  const result = await runEsbuild(esbuild, entries, {
    ...nodeBundleOptions,
    entryPoints: entries,
    outdir: dir,
    entryNames: "[dir]/[name]",
    sourcemap: "inline",
    plugins: [...plugins, packagesByPath(packageFiles), keepImportMeta],
  });
  try {
    for (const folder of new Set(result.outputFiles.map((f) => path.dirname(f.path))))
      await mkdir(folder, { recursive: true });
    await Promise.all(result.outputFiles.map((f) => writeFile(f.path, f.contents)));
    const outputs = Object.entries(result.metafile.outputs);
    const entryFiles = entries.map((entry) =>
      path.resolve(outputs.find(([, o]) => o.entryPoint && path.resolve(o.entryPoint) === path.resolve(entry))![0]),
    );
    const modules = await Promise.all(entryFiles.map((file) => import(pathToFileURL(file).href) as Promise<T>));
    return { modules, inputs: inputsOf(result.metafile, packageFiles) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
