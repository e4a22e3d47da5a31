// The site's own stylesheets (`customCss`, Docusaurus's `theme.customCss`), bundled by esbuild in
// their order into one file that pages link after ssodocs's stylesheet, named by the hash of its
// content (so a change gives pages a new URL, and a new key). Every file passes the input gate: an
// `@import` of a local file is inlined; a `url()` of a local file is copied beside the bundle under
// a hashed name (a path from the site's root, `/img/x.png`, is a file of the static folders, as
// Docusaurus resolves it); what cannot be read is an error naming the stylesheet and its line. An
// `@import` from another origin is left out with a warning: the site's Content-Security-Policy
// loads styles from the site only. A `url()` to another origin stays as written (the policy loads
// images from https:, fonts from the site only). The bundle is kept in the build shortcuts and used
// again while every file it was made from hashes the same: a warm build starts no esbuild.
import path from "node:path";
import type * as esbuild from "esbuild";
import type { LoadedConfig } from "../config.ts";
import { SsodocsError, type Warnings } from "../errors.ts";
import type { InputKind } from "../input-files.ts";
import { hashOf } from "../util/hash.ts";
import { isWithin } from "../util/paths.ts";

/** An output file of the bundle (an OutputItem whose bytes are at hand). */
interface StyleFile {
  path: string;
  hash: string;
  bytes(): Buffer;
}

export interface SiteStylesheet {
  /** URL of the bundle (below baseUrl), or null for a site without customCss. */
  url: string | null;
  /** The bundle and the files its url()s load, as output files (bytes at hand: watch mode serves them early too). */
  files: StyleFile[];
  /** Every file it was made from (absolute): what `serve --watch` watches besides the config. */
  inputs: string[];
}

/** A warning of the bundler, where it points. */
interface KeptWarning {
  message: string;
  file: string;
  line?: number;
}

/** A bundle as the build shortcuts keep it (store/shortcuts.ts). */
export interface KeptStylesheet {
  /** The customCss files (absolute), in order. */
  entries: string[];
  /** Every file read, with the hash of its bytes and how it was read. */
  inputs: [file: string, hash: string, kind: InputKind][];
  /** Each path from the site's root a url() names, and the static folders' file it was (which a new file can change). */
  lookups: [urlPath: string, file: string][];
  /** The bundle: its path below the output folder and its text. */
  path: string;
  css: string;
  /** The files its url()s load: path below the output folder, source file, hash of its bytes. */
  assets: [output: string, file: string, hash: string][];
  warnings: KeptWarning[];
}

/** Where a bundle is kept from one build to the next (the build shortcuts). */
export interface StylesheetShortcut {
  stylesheet: KeptStylesheet | null;
}

/** How the bundle's entry imports each customCss file, by its index. */
const ENTRY = "ssodocs-custom-css:";
/** The namespace of an `@import` left out (from another origin). */
const LEFT_OUT = "ssodocs-left-out";
/** A URL with a scheme, or one that starts with `//`. */
const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

const kindOf = (css: boolean): InputKind => (css ? "stylesheet" : "static");

/** The customCss files must exist and pass the gate: an error names the config and the file. */
function checkEntries(loaded: LoadedConfig, entries: string[]): void {
  for (const entry of entries) {
    const found = loaded.inputFiles.inspect(entry, "stylesheet");
    if (!("why" in found)) continue;
    const which = path.relative(loaded.root, entry).split(path.sep).join("/");
    throw new SsodocsError(
      `customCss names ${which}, which ${found.missing ? "does not exist" : `cannot be read: ${found.why}`}`,
      { file: loaded.file },
    );
  }
}

/** A path from the site's root (`/img/x.png`): the file the static folders publish there (a later folder's wins). */
function staticFileAt(loaded: LoadedConfig, urlPath: string): string | null {
  for (const dir of [...loaded.staticDirs].reverse()) {
    const file = path.join(dir, urlPath);
    if (isWithin(dir, file) && !("why" in loaded.inputFiles.inspect(file, "static"))) return file;
  }
  return null;
}

/** Splits `a.woff2?v=1#iefix` into the file's path and what follows it (kept on the copy's URL). */
function splitSuffix(target: string): [string, string] {
  const at = target.search(/[?#]/);
  return at < 0 ? [target, ""] : [target.slice(0, at), target.slice(at)];
}

/** What a bundling saw: each file read (hash and kind) and each path looked up in the static folders. */
interface Seen {
  read: Map<string, [hash: string, kind: InputKind]>;
  lookups: Map<string, string>;
}

/** Where an `@import` or `url()` leads: a file read through the gate, left as it is, or left out. */
function resolveInput(
  loaded: LoadedConfig,
  entries: string[],
  seen: Seen,
  args: esbuild.OnResolveArgs,
): esbuild.OnResolveResult {
  const target = args.path.trim();
  if (target.startsWith(ENTRY)) return { path: entries[Number(target.slice(ENTRY.length))], pluginData: true };
  if (target.startsWith("#") || /^data:/i.test(target)) return { path: target, external: true };
  const css = args.kind === "import-rule";
  if (ABSOLUTE.test(target)) {
    if (!css) return { path: target, external: true };
    const why =
      "the site's Content-Security-Policy loads styles from the site only; save it in the project and import that";
    return { path: target, namespace: LEFT_OUT, warnings: [{ text: `@import of ${target} left out: ${why}` }] };
  }
  const [name, suffix] = splitSuffix(target);
  let decoded: string;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    return { errors: [{ text: `${target} is not a valid address (bad percent-encoding)` }] };
  }
  const file = decoded.startsWith("/") ? staticFileAt(loaded, decoded) : path.resolve(args.resolveDir, decoded);
  if (!file) return { errors: [{ text: `${target} is no file of the static folders` }] };
  if (decoded.startsWith("/")) seen.lookups.set(decoded, file);
  const found = loaded.inputFiles.inspect(file, kindOf(css));
  if (!("why" in found)) return { path: file, suffix, pluginData: css };
  const packaged = target.startsWith("~") ? "; packages are not read (node_modules never is): copy the file in" : "";
  return {
    errors: [{ text: `${target}: ${found.missing ? `not found (looked for ${file})` : found.why}${packaged}` }],
  };
}

/** esbuild reads nothing itself: every file comes through the input gate, and what it read is noted in `seen`. */
function inputGate(loaded: LoadedConfig, entries: string[], seen: Seen): esbuild.Plugin {
  return {
    name: "ssodocs-input-gate",
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => resolveInput(loaded, entries, seen, args));
      build.onLoad({ filter: /.*/, namespace: LEFT_OUT }, () => ({ contents: "", loader: "css" }));
      build.onLoad({ filter: /.*/, namespace: "file" }, (args) => {
        const css = args.pluginData === true;
        const bytes = loaded.inputFiles.read(args.path, kindOf(css));
        seen.read.set(args.path, [hashOf(bytes), kindOf(css)]);
        return css ? { contents: bytes.toString("utf8"), loader: "css" } : { contents: bytes, loader: "file" };
      });
    },
  };
}

/** Where a message of esbuild points: its file (relative to the project) and line; the config for the entry. */
function locationOf(loaded: LoadedConfig, message: esbuild.Message): { file: string; line?: number } {
  const where = message.location;
  if (!where || where.file === path.basename(loaded.file)) return { file: loaded.file };
  return { file: path.resolve(loaded.root, where.file), line: where.line };
}

type BuildOutput = esbuild.BuildResult & { outputFiles: esbuild.OutputFile[]; metafile: esbuild.Metafile };

/** Bundles the customCss files; the first error becomes an SsodocsError naming the file and line. */
async function bundle(loaded: LoadedConfig, entries: string[]): Promise<KeptStylesheet> {
  const esbuild = await import("esbuild");
  const seen: Seen = { read: new Map(), lookups: new Map() };
  let result: BuildOutput;
  try {
    result = (await esbuild.build({
      stdin: {
        contents: entries.map((_, i) => `@import "${ENTRY}${i}";`).join("\n"),
        resolveDir: loaded.root,
        sourcefile: path.basename(loaded.file),
        loader: "css",
      },
      absWorkingDir: loaded.root,
      bundle: true,
      minify: true,
      write: false,
      metafile: true,
      logLevel: "silent",
      // Never written there: the files come back in memory.
      outdir: loaded.root,
      entryNames: "assets/css/custom-[hash]",
      assetNames: "assets/media/[name]-[hash]",
      plugins: [inputGate(loaded, entries, seen)],
    })) as BuildOutput;
  } catch (error) {
    const first = (error as esbuild.BuildFailure).errors?.[0];
    if (!first) throw error;
    throw new SsodocsError(first.text, locationOf(loaded, first));
  }
  return keptOf(loaded, entries, result, seen);
}

/** The bundle's text, its copies (each with the file it comes from) and the files it was made from. */
function keptOf(loaded: LoadedConfig, entries: string[], result: BuildOutput, seen: Seen): KeptStylesheet {
  const relative = (file: string) => path.relative(loaded.root, file).split(path.sep).join("/");
  const sheet = result.outputFiles.find((f) => relative(f.path).startsWith("assets/css/custom-"))!;
  const assets = Object.entries(result.metafile.outputs)
    .filter(([output]) => output !== relative(sheet.path))
    .map(([output, { inputs }]): [string, string, string] => {
      const file = path.resolve(loaded.root, splitSuffix(Object.keys(inputs)[0])[0]);
      return [output, file, seen.read.get(file)![0]];
    });
  const byName = <T extends [string, ...unknown[]]>(a: T, b: T) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return {
    entries,
    inputs: [...seen.read].map(([file, [hash, kind]]): [string, string, InputKind] => [file, hash, kind]).sort(byName),
    lookups: [...seen.lookups].sort(byName),
    path: relative(sheet.path),
    css: sheet.text,
    assets,
    warnings: result.warnings.map((w) => ({ message: w.text, ...locationOf(loaded, w) })),
  };
}

/** Whether every file a kept bundle was made from still has the bytes it had, and each root path leads where it led. */
function unchanged(loaded: LoadedConfig, kept: KeptStylesheet, entries: string[]): boolean {
  if (kept.entries.join("\n") !== entries.join("\n")) return false;
  if (!kept.lookups.every(([urlPath, file]) => staticFileAt(loaded, urlPath) === file)) return false;
  try {
    return kept.inputs.every(([file, hash, kind]) => hashOf(loaded.inputFiles.read(file, kind)) === hash);
  } catch {
    return false;
  }
}

/** A copied file, read when written and checked to be the bytes the bundle was made from. */
function copyOf(loaded: LoadedConfig, [output, file, hash]: [string, string, string]): StyleFile {
  const bytes = () => {
    const read = loaded.inputFiles.read(file, "static");
    if (hashOf(read) !== hash)
      throw new SsodocsError("this file changed while the site was being built; build again", { file });
    return read;
  };
  return { path: output, hash, bytes };
}

function cssOf(sheet: KeptStylesheet): StyleFile {
  const bytes = Buffer.from(sheet.css);
  return { path: sheet.path, hash: hashOf(bytes), bytes: () => bytes };
}

/** The site's stylesheet bundle: kept from the last build while its files are unchanged, else bundled anew. */
export async function siteStylesheet(
  loaded: LoadedConfig,
  shortcuts: StylesheetShortcut,
  warnings: Warnings,
): Promise<SiteStylesheet> {
  const entries = loaded.config.customCss.map((file) => path.resolve(loaded.root, file));
  if (!entries.length) return { url: null, files: [], inputs: [] };
  checkEntries(loaded, entries);
  const kept = shortcuts.stylesheet;
  const sheet = kept && unchanged(loaded, kept, entries) ? kept : await bundle(loaded, entries);
  shortcuts.stylesheet = sheet;
  for (const { message, ...where } of sheet.warnings) warnings.add(message, where);
  return {
    url: loaded.config.baseUrl + sheet.path,
    files: [cssOf(sheet), ...sheet.assets.map((asset) => copyOf(loaded, asset))],
    inputs: sheet.inputs.map(([file]) => file),
  };
}
