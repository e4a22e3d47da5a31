// The browser side of the site, bundled with esbuild: the client script (with lazily loaded
// chunks such as mermaid), the stylesheet, and the inline before-paint script.
import path from "node:path";
import * as esbuild from "esbuild";
import { hashOf, hashOfFiles, readCache, writeCache } from "../cache.ts";
import type { SiteConfig } from "../../shared/types.ts";
import type { BeforePaintOptions } from "../../client/before-paint.ts";

const CLIENT_DIR = path.resolve(import.meta.dirname, "../../client");

export interface OutputFile {
  /** Path below the output folder, with / separators. */
  path: string;
  contents: Uint8Array | string;
}

export interface ClientAssets {
  files: OutputFile[];
  css: string;
  js: string;
  beforePaintScript: string;
}

function collect(result: esbuild.BuildResult, outdir: string, baseUrl: string): { files: OutputFile[]; url(entry: string): string } {
  const files = (result.outputFiles ?? []).map((f) => ({ path: path.relative(outdir, f.path).split(path.sep).join("/"), contents: f.contents }));
  const outputs = result.metafile!.outputs;
  return {
    files,
    url(entry: string) {
      const out = Object.entries(outputs).find(([, o]) => o.entryPoint && path.resolve(o.entryPoint) === path.resolve(entry));
      if (!out) throw new Error(`esbuild produced no output for ${entry}`);
      return baseUrl + path.relative(outdir, path.resolve(out[0])).split(path.sep).join("/");
    },
  };
}

export function beforePaintOptions(config: SiteConfig): BeforePaintOptions {
  return {
    baseUrl: config.baseUrl,
    defaultMode: config.colorMode.defaultMode,
    respectPrefersColorScheme: config.colorMode.respectPrefersColorScheme,
    disableSwitch: config.colorMode.disableSwitch,
    announcementId: config.announcementBar?.id ?? null,
    mermaidThemes: config.mermaid.theme,
  };
}

interface CachedBundle {
  files: { path: string; base64: string }[];
  js: string;
  css: string;
}

/** Hash of everything the client bundle is made from: its sources and the bundled packages' versions. */
function clientKey(baseUrl: string): string {
  return hashOf(esbuild.version, baseUrl, hashOfFiles(path.resolve(CLIENT_DIR, "../.."), ["src/client/**/*", "package-lock.json"]));
}

export async function buildClientAssets(config: SiteConfig): Promise<ClientAssets> {
  const key = clientKey(config.baseUrl);
  const [bundle, beforePaintScript] = await Promise.all([
    (async () => {
      const cached = readCache<CachedBundle>("client", key, { tool: true });
      if (cached) return cached;
      const fresh = await bundleClient(config.baseUrl);
      writeCache("client", key, fresh, { tool: true, keep: 4 });
      return fresh;
    })(),
    buildBeforePaintScript(config),
  ]);
  return {
    files: bundle.files.map((f) => ({ path: f.path, contents: Buffer.from(f.base64, "base64") })),
    js: bundle.js,
    css: bundle.css,
    beforePaintScript,
  };
}

async function buildBeforePaintScript(config: SiteConfig): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(CLIENT_DIR, "before-paint.ts")],
    bundle: true,
    minify: true,
    write: false,
    format: "iife",
    logLevel: "silent",
    define: { __BEFORE_PAINT_OPTIONS__: JSON.stringify(beforePaintOptions(config)) },
  });
  return result.outputFiles[0].text.trim();
}

async function bundleClient(baseUrl: string): Promise<CachedBundle> {
  const outdir = path.resolve("/ssodocs-out");
  const js = path.join(CLIENT_DIR, "main.ts");
  const css = path.join(CLIENT_DIR, "styles.css");
  const common: esbuild.BuildOptions = {
    bundle: true,
    minify: true,
    write: false,
    metafile: true,
    outdir,
    logLevel: "silent",
    legalComments: "none",
  };
  const [scripts, styles] = await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: [js],
      format: "esm",
      splitting: true,
      target: ["es2022"],
      entryNames: "assets/js/[name]-[hash]",
      chunkNames: "assets/js/[name]-[hash]",
      define: { "process.env.NODE_ENV": '"production"' },
      jsx: "automatic",
    }),
    esbuild.build({ ...common, entryPoints: [css], entryNames: "assets/css/[name]-[hash]" }),
  ]);
  const s = collect(scripts, outdir, baseUrl);
  const c = collect(styles, outdir, baseUrl);
  return {
    files: [...s.files, ...c.files].map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString("base64") })),
    js: s.url(js),
    css: c.url(css),
  };
}
