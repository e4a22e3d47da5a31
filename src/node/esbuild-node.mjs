// esbuild settings shared by the launcher (bin/compile-tool.mjs, plain JavaScript: it runs before
// anything can load TypeScript) and the importer of the site's config and templates
// (bundled-import.ts): ES modules for Node with lazy chunks, and a plugin that keeps each file's
// own `import.meta.url`, `.dirname` and `.filename`. Bundled code moves to another folder; with
// those replaced by their original values, paths worked out from them still point at the sources
// (the client entries, the package root, the cache folder).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const LOADERS = { mts: "ts", cts: "ts", mjs: "js", cjs: "js" };

/** @type {import("esbuild").BuildOptions} */
export const nodeBundleOptions = {
  outExtension: { ".js": ".mjs" },
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  jsx: "automatic",
  metafile: true,
  logLevel: "silent",
};

/** @type {import("esbuild").Plugin} */
export const keepImportMeta = {
  name: "keep-import-meta",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta")) return undefined;
      const contents = source
        .replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(args.path).href))
        .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(path.dirname(args.path)))
        .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(args.path));
      const ext = path.extname(args.path).slice(1);
      return { contents, loader: LOADERS[ext] ?? ext, resolveDir: path.dirname(args.path) };
    });
  },
};
