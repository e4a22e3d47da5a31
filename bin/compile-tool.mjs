// Compiles ssodocs's own TypeScript (src/node, from cli.ts, and the highlight worker) into ES modules with lazy chunks,
// kept under node_modules/.cache/ssodocs-tool and compiled again when a source changes. Loading
// it takes a fraction of what loading each source through a TypeScript loader takes, and every
// command pays that at start. Returns null when it cannot compile (a read-only install, say):
// the launcher then runs the sources through tsx.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ENTRY = path.join(ROOT, "src/node/cli.ts");
const WORKER = path.join(ROOT, "src/node/markdown/highlight-worker.ts");
// Inside the package's node_modules, so the compiled code finds the packages the sources use.
const DIR = path.join(ROOT, "node_modules/.cache/ssodocs-tool");
const MANIFEST = path.join(DIR, "manifest.json");
const KEPT_OUTSIDE = [
  "react",
  "react/*",
  "react-dom",
  "react-dom/*",
  "esbuild",
  "shiki",
  "shiki/wasm",
  "@shikijs/*",
  "tsx",
  "tsx/*",
  "linkinator",
  "algoliasearch",
  "chokidar",
  "mermaid",
];

/** What a compiled file depends on: the path, size and modification time of each input. */
function stampOf(files) {
  return files.map((file) => {
    const s = statSync(path.join(ROOT, file));
    return [file, s.size, s.mtimeMs];
  });
}

function upToDate(manifest) {
  try {
    return JSON.stringify(stampOf(manifest.inputs.map(([file]) => file))) === JSON.stringify(manifest.inputs);
  } catch {
    return false;
  }
}

async function compile() {
  const esbuild = await import("esbuild");
  const { keepImportMeta, nodeBundleOptions } = await import("../src/node/esbuild-node.mjs");
  const out = path.join(DIR, `build-${process.pid}-${Date.now()}`);
  const result = await esbuild.build({
    entryPoints: { cli: ENTRY, "highlight-worker": WORKER },
    // The worker is started from the compiled copy (highlight-pool.ts), not through tsx.
    define: {
      __SSODOCS_HIGHLIGHT_WORKER__: JSON.stringify(pathToFileURL(path.join(out, "highlight-worker.mjs")).href),
    },
    ...nodeBundleOptions,
    outdir: out,
    // Plain JavaScript packages are bundled in: one file loads much faster than a package's
    // many. These stay outside: React (page templates import the same instance), packages with
    // native or WebAssembly parts (esbuild, shiki), and those only some commands load.
    external: KEPT_OUTSIDE,
    // Packages written as CommonJS call require() for Node's own modules.
    banner: {
      js: 'import { createRequire as __ssodocsRequire } from "node:module"; const require = __ssodocsRequire(import.meta.url);',
    },
    sourcemap: "linked",
    plugins: [keepImportMeta],
  });
  // Bundled packages are covered by the lock file, which also covers esbuild's own version.
  const inputs = Object.keys(result.metafile.inputs)
    .filter((f) => !f.includes("node_modules/"))
    .map((f) => path.relative(ROOT, path.resolve(f)));
  inputs.push("bin/compile-tool.mjs", "package.json", "package-lock.json", "tsconfig.json");
  // A hash of what the tool was compiled from, which its caches are keyed on (see toolStamp in
  // src/node/cache.ts): worked out here once instead of at every start.
  const hash = createHash("sha256");
  for (const file of [...inputs].sort())
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(ROOT, file)))
      .update("\0");
  const manifest = {
    entry: path.relative(DIR, path.join(out, "cli.mjs")),
    inputs: stampOf(inputs),
    toolStamp: hash.digest("hex").slice(0, 32),
  };
  const temp = `${MANIFEST}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(manifest));
  renameSync(temp, MANIFEST);
  return manifest;
}

/** Compiled copies a day old go; a newer one may still be loading chunks in a running process. */
function removeOldBuilds() {
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of readdirSync(DIR)) {
    const dir = path.join(DIR, name);
    if (name.startsWith("build-") && statSync(dir).mtimeMs < dayAgo) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The compiled CLI's URL and the hash of its sources, compiling it first if a source changed;
 * null if that cannot be done.
 */
export async function compiledTool() {
  let previous = null;
  try {
    previous = JSON.parse(readFileSync(MANIFEST, "utf8"));
  } catch {
    // Nothing compiled yet.
  }
  if (previous?.toolStamp && upToDate(previous))
    return { url: pathToFileURL(path.join(DIR, previous.entry)).href, toolStamp: previous.toolStamp };
  try {
    mkdirSync(DIR, { recursive: true });
    const manifest = await compile();
    removeOldBuilds();
    return { url: pathToFileURL(path.join(DIR, manifest.entry)).href, toolStamp: manifest.toolStamp };
  } catch {
    return null;
  }
}
