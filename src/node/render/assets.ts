// The browser side of the site, bundled with esbuild: the client script (with lazily loaded
// chunks such as mermaid), the stylesheet, and the inline before-paint script.
import { mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import type * as esbuild from "esbuild";
import {
  CACHE_DIR,
  fileStampOf,
  filesIn,
  hasFileStamp,
  hashOf,
  hashOfFiles,
  inProgress,
  keepNewest,
  readCache,
  writeCache,
} from "../cache.ts";
import type { SiteConfig } from "../../shared/types.ts";
import type { BeforePaintOptions } from "../../client/before-paint.ts";

const CLIENT_DIR = path.resolve(import.meta.dirname, "../../client");
const ROOT = path.resolve(CLIENT_DIR, "../..");

export interface OutputFile {
  /** Path below the output folder, with / separators. */
  path: string;
  contents: Uint8Array | string;
  /** The cache entry being written with the same bytes: linked into the output instead of writing them twice. */
  kept?: Promise<string | null>;
}

/** An output file whose bytes are kept in a file (of a cache): linked or copied into place. */
export interface StoredFile {
  path: string;
  from: string;
}

export function contentsOf(file: OutputFile | StoredFile): Uint8Array | string {
  return "from" in file ? readFileSync(file.from) : file.contents;
}

export interface ClientAssets {
  files: (OutputFile | StoredFile)[];
  css: string;
  js: string;
  beforePaintScript: string;
}

function collect(
  result: esbuild.BuildResult,
  outdir: string,
  baseUrl: string,
): { files: OutputFile[]; url(entry: string): string } {
  const files = (result.outputFiles ?? []).map((f) => ({
    path: path.relative(outdir, f.path).split(path.sep).join("/"),
    contents: f.contents,
  }));
  const outputs = result.metafile!.outputs;
  return {
    files,
    url(entry: string) {
      const out = Object.entries(outputs).find(
        ([, o]) => o.entryPoint && path.resolve(o.entryPoint) === path.resolve(entry),
      );
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

interface ClientBundle {
  files: OutputFile[];
  js: string;
  css: string;
}

/** What a kept bundle's folder lists besides its files: each file's path, size and modification time. */
interface StoredBundle {
  files: [string, number, number][];
  js: string;
  css: string;
}

/** Hash of everything the client bundle is made from: its sources and the bundled packages' versions (esbuild's too). */
function clientKey(baseUrl: string): string {
  return hashOf(baseUrl, hashOfFiles(ROOT, [...filesIn(ROOT, ["src/client"]), "package-lock.json"]));
}

// Client bundles are kept as folders of files (a tool cache: they depend on ssodocs's sources
// only), so a build links or copies them into its output instead of writing them out again.
const BUNDLES = path.join(CACHE_DIR, "client");
const KEEP_BUNDLES = 4;
const LIST = "bundle.json";

function readBundle(key: string): (StoredBundle & { dir: string }) | null {
  const dir = path.join(BUNDLES, key);
  try {
    const stored = JSON.parse(readFileSync(path.join(dir, LIST), "utf8")) as StoredBundle;
    // A file changed since it was kept (an output folder holds links to these) is not used.
    for (const [file, size, mtimeMs] of stored.files)
      if (!hasFileStamp(path.join(dir, "files", file), size, mtimeMs)) return null;
    const now = new Date();
    utimesSync(dir, now, now);
    return { ...stored, dir };
  } catch {
    return null;
  }
}

/** Keeps a bundle: written to a temporary folder, which is then renamed, so a killed build never leaves half of one. */
function keepBundle(key: string, bundle: ClientBundle): void {
  const temp = path.join(BUNDLES, `${key}.${process.pid}.tmp`);
  try {
    for (const file of bundle.files) {
      const target = path.join(temp, "files", file.path);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, file.contents);
    }
    const files = bundle.files.map((f): StoredBundle["files"][number] => [
      f.path,
      ...fileStampOf(path.join(temp, "files", f.path)),
    ]);
    writeFileSync(
      path.join(temp, LIST),
      JSON.stringify({ files, js: bundle.js, css: bundle.css } satisfies StoredBundle),
    );
    const final = path.join(BUNDLES, key);
    // One found unusable (changed since it was kept) is moved aside and replaced.
    const aside = `${final}.${process.pid}.old.tmp`;
    try {
      renameSync(final, aside);
    } catch {
      // None there.
    }
    renameSync(temp, final);
    rmSync(aside, { recursive: true, force: true });
    keepNewest(BUNDLES, KEEP_BUNDLES, {
      include: (name) => !name.endsWith(".tmp") || !inProgress(path.join(BUNDLES, name)),
    });
  } catch {
    // Another build kept the same bundle first, or the cache cannot be written: only speed is lost.
    rmSync(temp, { recursive: true, force: true });
  }
}

export async function buildClientAssets(config: SiteConfig): Promise<ClientAssets> {
  const key = clientKey(config.baseUrl);
  const [bundle, beforePaintScript] = await Promise.all([
    (async (): Promise<Pick<ClientAssets, "files" | "js" | "css">> => {
      const kept = readBundle(key);
      if (kept)
        return {
          files: kept.files.map(([p]) => ({ path: p, from: path.join(kept.dir, "files", p) })),
          js: kept.js,
          css: kept.css,
        };
      const fresh = await bundleClient(config.baseUrl);
      keepBundle(key, fresh);
      return fresh;
    })(),
    (async () => {
      // Made from the client sources and a few settings of the config.
      const beforePaintKey = hashOf(key, JSON.stringify(beforePaintOptions(config)));
      const cached = readCache<string>("before-paint", beforePaintKey, { tool: true });
      if (cached !== null) return cached;
      const fresh = await buildBeforePaintScript(config);
      writeCache("before-paint", beforePaintKey, fresh, { tool: true, keep: 8 });
      return fresh;
    })(),
  ]);
  return { ...bundle, beforePaintScript };
}

async function buildBeforePaintScript(config: SiteConfig): Promise<string> {
  const esbuild = await import("esbuild");
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

async function bundleClient(baseUrl: string): Promise<ClientBundle> {
  const esbuild = await import("esbuild");
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
    files: [...s.files, ...c.files],
    js: s.url(js),
    css: c.url(css),
  };
}
