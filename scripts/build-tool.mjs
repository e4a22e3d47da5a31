#!/usr/bin/env node
// `npm run build:tool`: compiles ssodocs into dist/, the package's runnable form. Everything that
// depends only on ssodocs's own sources is made here, never during a site's build:
//   dist/cli.mjs (+ chunks), dist/highlight-worker.mjs  the command line (src/node), plain JavaScript packages bundled in;
//   dist/search-worker.mjs                              watch mode's search files
//   dist/index.mjs                                      what config files import (`import { defineConfig } from "ssodocs"`)
//   dist/markdown.mjs                                   the Markdown plugins ssodocs ships (`ssodocs/markdown`)
//   dist/templates/                                     the default page templates, compiled; theme.mjs is `ssodocs/theme`
//   dist/client/                                        the browser's scripts and stylesheet, the inline head scripts
//   dist/manifest.json                                  the tool stamp (a hash of every input), the client files and their hashes
// Run by `prepare` (so `npm ci` and `npm install` of the package have it), by `npm start`, `npm run
// build`, and the tests; bin/ssodocs.mjs refuses to run a dist/ older than the sources it was made from.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { nodeBundleOptions } from "../src/node/esbuild-node.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(ROOT, "dist");
/**
 * Every compilation names its inputs from the package root, through its node_modules as found
 * there. esbuild's hashed chunk names (and source maps) include each input's path relative to the
 * root: a node_modules that is a link (a worktree's, a CI cache's) would otherwise be named by
 * where it really lies, `../../elsewhere/node_modules/...`, and dist/ (so every site's asset
 * names) would change with the checkout's path.
 */
const AT_ROOT = { absWorkingDir: ROOT, preserveSymlinks: true };
/** Packages left outside the bundle: React (templates share its instance), packages with native or WebAssembly parts, and those only some commands load. */
const EXTERNAL = [
  "react",
  "react/*",
  "react-dom",
  "react-dom/*",
  "esbuild",
  "shiki",
  "shiki/*",
  "@shikijs/*",
  "tsx",
  "tsx/*",
  "linkinator",
  "algoliasearch",
  "chokidar",
  "mermaid",
  "yaml",
];
/** The page templates a site renders with (templates/), each compiled on its own. */
const TEMPLATES = ["DocPage", "HomePage", "TagsPage", "TagPage", "SearchPage", "NotFound", "components/CardList"];
/** Packages a CommonJS dependency may require() once bundled. */
const REQUIRE_BANNER =
  'import { createRequire as __ssodocsRequire } from "node:module"; const require = __ssodocsRequire(import.meta.url);';

const inputsOf = (result) =>
  Object.keys(result.metafile.inputs).filter((f) => !f.includes("node_modules/") && !f.startsWith("ssodocs:"));

/**
 * gray-matter is bundled without the YAML engine it requires: ssodocs hands it engines of its own
 * (the `yaml` package reads the front matter, src/node/content/frontmatter.ts), so js-yaml would
 * never read a line, yet loading it and the esprima it requires (for `!!js/function`) cost every
 * build 15-25 ms. In its place, one that refuses.
 */
const withoutJsYaml = {
  name: "without-js-yaml",
  setup(build) {
    build.onResolve({ filter: /^js-yaml$/ }, () => ({ path: "js-yaml", namespace: "ssodocs" }));
    build.onLoad({ filter: /^js-yaml$/, namespace: "ssodocs" }, () => ({
      loader: "js",
      contents: `const refused = () => { throw new Error("js-yaml is left out of ssodocs: front matter is read with the yaml package"); };
module.exports = { safeLoad: refused, safeDump: refused };`,
    }));
  },
};

async function compileCli(out) {
  const result = await esbuild.build({
    ...nodeBundleOptions,
    ...AT_ROOT,
    entryPoints: {
      cli: "src/node/cli.ts",
      "highlight-worker": "src/node/markdown/highlight-worker.ts",
      "search-worker": "src/node/search/search-worker.ts",
      index: "src/index.ts",
      markdown: "src/markdown.ts",
    },
    // Paths are worked out from where the compiled files are (src/node/paths.ts).
    define: { __SSODOCS_DIST__: "true" },
    outdir: out,
    external: EXTERNAL,
    banner: { js: REQUIRE_BANNER },
    sourcemap: "linked",
    plugins: [withoutJsYaml],
  });
  return inputsOf(result);
}

async function compileTemplates(out) {
  const result = await esbuild.build({
    ...nodeBundleOptions,
    ...AT_ROOT,
    // theme.ts: the default components a site's overrides import (`ssodocs/theme`), sharing the templates' chunks.
    entryPoints: {
      ...Object.fromEntries(TEMPLATES.map((t) => [t, `templates/${t}.tsx`])),
      theme: "templates/theme.ts",
    },
    outdir: path.join(out, "templates"),
    external: EXTERNAL,
    sourcemap: "linked",
  });
  return inputsOf(result);
}

/**
 * The stylesheet's part made from ssodocs's own tables (src/node/render/tool-css.ts: icons, code
 * colour classes): that module is compiled, run once, and removed.
 */
async function compileToolCss(out) {
  const dir = path.join(out, ".tool-css");
  const result = await esbuild.build({
    ...nodeBundleOptions,
    ...AT_ROOT,
    entryPoints: { "tool-css": "src/node/render/tool-css.ts" },
    outdir: dir,
    external: EXTERNAL,
    banner: { js: REQUIRE_BANNER },
  });
  try {
    const { toolCss } = await import(pathToFileURL(path.join(dir, "tool-css.mjs")).href);
    return { css: await toolCss(), inputs: inputsOf(result) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Resolves the stylesheet's `@import "ssodocs:tool-css"` to the CSS made by compileToolCss. */
const toolCssPlugin = (css) => ({
  name: "ssodocs-tool-css",
  setup(build) {
    build.onResolve({ filter: /^ssodocs:tool-css$/ }, () => ({ path: "tool-css", namespace: "ssodocs" }));
    build.onLoad({ filter: /.*/, namespace: "ssodocs" }, () => ({ contents: css, loader: "css" }));
  },
});

/** The scripts (ES modules with lazy chunks, mermaid's among them) and the stylesheet, named by content hash. */
async function compileClient(out) {
  const toolCss = await compileToolCss(out);
  const common = {
    ...AT_ROOT,
    bundle: true,
    minify: true,
    write: true,
    metafile: true,
    outdir: path.join(out, "client"),
    logLevel: "silent",
    legalComments: "none",
  };
  const [scripts, styles, beforePaint, siteChecks, liveReload] = await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: ["src/client/main.ts"],
      format: "esm",
      splitting: true,
      target: ["es2022"],
      entryNames: "assets/js/[name]-[hash]",
      chunkNames: "assets/js/[name]-[hash]",
      define: { "process.env.NODE_ENV": '"production"' },
      jsx: "automatic",
    }),
    esbuild.build({
      ...common,
      entryPoints: ["src/client/styles.css"],
      entryNames: "assets/css/[name]-[hash]",
      plugins: [toolCssPlugin(toolCss.css)],
    }),
    esbuild.build({ ...common, write: false, entryPoints: ["src/client/before-paint.ts"], format: "iife" }),
    // Inline after it on the home page and the 404 page.
    esbuild.build({ ...common, write: false, entryPoints: ["src/client/site-checks.ts"], format: "iife" }),
    // Watch mode's live-reload script.
    esbuild.build({ ...common, write: false, entryPoints: ["src/client/dev/live-reload.ts"], format: "iife" }),
  ]);
  const clientDir = path.join(out, "client");
  const files = [...Object.keys(scripts.metafile.outputs), ...Object.keys(styles.metafile.outputs)]
    .map((f) => path.relative(clientDir, path.resolve(ROOT, f)).split(path.sep).join("/"))
    .filter((f) => !f.endsWith(".map"))
    .sort()
    .map((f) => [
      f,
      createHash("sha256")
        .update(readFileSync(path.join(clientDir, f)))
        .update("\0")
        .digest("hex")
        .slice(0, 32),
    ]);
  const entry = (result, name) =>
    path
      .relative(
        clientDir,
        path.resolve(ROOT, Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint?.endsWith(name))[0]),
      )
      .split(path.sep)
      .join("/");
  const text = (result) => result.outputFiles[0].text.trim();
  const client = {
    files,
    js: entry(scripts, "main.ts"),
    css: entry(styles, "styles.css"),
    beforePaint: text(beforePaint),
    siteChecks: text(siteChecks),
    liveReload: text(liveReload),
  };
  return {
    client,
    inputs: [...toolCss.inputs, ...[scripts, styles, beforePaint, siteChecks, liveReload].flatMap(inputsOf)],
  };
}

export async function buildTool() {
  const started = performance.now();
  // An input changed while this runs is newer than the tool: the launcher asks for another build.
  const builtAt = Date.now();
  const temp = `${DIST}.${process.pid}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  try {
    const [cli, templates, { client, inputs: clientInputs }] = await Promise.all([
      compileCli(temp),
      compileTemplates(temp),
      compileClient(temp),
    ]);
    const inputs = [
      ...new Set([
        ...cli,
        ...templates,
        ...clientInputs,
        "scripts/build-tool.mjs",
        "package.json",
        "package-lock.json",
      ]),
    ].sort();
    const hash = createHash("sha256");
    for (const file of inputs)
      hash
        .update(file)
        .update("\0")
        .update(readFileSync(path.join(ROOT, file)))
        .update("\0");
    const manifest = { toolStamp: hash.digest("hex").slice(0, 32), builtAt, inputs, client };
    writeFileSync(path.join(temp, "manifest.json"), `${JSON.stringify(manifest, null, 1)}\n`);
    // Swapped in whole: a running ssodocs keeps the files it loaded.
    const old = `${DIST}.${process.pid}.old`;
    try {
      renameSync(DIST, old);
    } catch {
      // No dist yet.
    }
    renameSync(temp, DIST);
    rmSync(old, { recursive: true, force: true });
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  return performance.now() - started;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const ms = await buildTool();
  console.log(`Compiled ssodocs into dist/ in ${(ms / 1000).toFixed(2)} s`);
}
