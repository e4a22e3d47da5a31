// The browser side of the site, bundled with esbuild: the client script (with lazily loaded
// chunks such as mermaid), the stylesheet, and the inline before-paint script.
import path from "node:path";
import * as esbuild from "esbuild";
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
    defaultMode: config.colorMode.defaultMode,
    respectPrefersColorScheme: config.colorMode.respectPrefersColorScheme,
    disableSwitch: config.colorMode.disableSwitch,
    announcementId: config.announcementBar?.id ?? null,
  };
}

export async function buildClientAssets(config: SiteConfig): Promise<ClientAssets> {
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
  const [scripts, styles, beforePaint] = await Promise.all([
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
    esbuild.build({
      ...common,
      entryPoints: [path.join(CLIENT_DIR, "before-paint.ts")],
      format: "iife",
      metafile: false,
      define: { __BEFORE_PAINT_OPTIONS__: JSON.stringify(beforePaintOptions(config)) },
    }),
  ]);
  const s = collect(scripts, outdir, config.baseUrl);
  const c = collect(styles, outdir, config.baseUrl);
  return {
    files: [...s.files, ...c.files],
    js: s.url(js),
    css: c.url(css),
    beforePaintScript: beforePaint.outputFiles![0].text.trim(),
  };
}
