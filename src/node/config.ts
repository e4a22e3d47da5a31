// Loads `ssodocs.config.ts`, checks every key against the schema (config-schema.ts) and fills in
// the defaults. An error names the key and the config file. A folder with no ssodocs config but a
// Docusaurus one is built from that (config-docusaurus.ts maps it); Docusaurus keys ssodocs does
// not have warn, one line each, rather than fail (config-dropped.ts).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import * as v from "valibot";
import type { SiteConfig } from "../shared/types.ts";
import { importModule, type ModuleCache, type ModuleInputs } from "./bundled-import.ts";
import { ConfigSchema } from "../shared/schema/config.ts";
import { nearestOf } from "./util/nearest.ts";
import { loadSidebars, type NamedSidebar } from "./content/sidebars-module.ts";
import { type Diagnostic, positionOf, type SourceLocation, SsodocsError } from "./errors.ts";
import { InputFiles } from "./input-files.ts";
import { filterRawHtml } from "./markdown/raw-html.ts";
import { gotPart, schemaIssue } from "./util/schema-issue.ts";
import { docusaurusConfigIn, isDocusaurusConfig, mapDocusaurusConfig } from "./config-docusaurus.ts";
import { type Dropped, dropDocusaurusKeys, lineOf } from "./config-dropped.ts";

const DEFAULT_CONFIG_FILE = "ssodocs.config.ts";

export interface LoadedConfig {
  config: SiteConfig;
  /** Absolute path of the config file. */
  file: string;
  /** Folder the config's relative paths start from: the project. */
  root: string;
  /** Absolute path of the docs folder. */
  docsDir: string;
  /** The site's own templates folder, or null for ssodocs's default templates. */
  templatesDir: string | null;
  /** The folder of the site's component overrides (`themeDir`, else `theme/` beside the config, which may not exist). */
  themeDir: string;
  /** Folders copied to the output root, in order. */
  staticDirs: string[];
  /** The files the config was made from (itself and what it imports, and the sidebars module) with their hashes. */
  inputs: ModuleInputs;
  /** The site's sidebars (docs.sidebarPath or docs.sidebar), their items in normal form. */
  sidebars: NamedSidebar[];
  /** The gate every input file is read through (input-files.ts). */
  inputFiles: InputFiles;
  /** Whether the config is a Docusaurus one, read as ssodocs's. */
  docusaurus: boolean;
  /** What the config says that ssodocs leaves out, one warning each, at the key's line. */
  warnings: Diagnostic[];
}

/** The overrides' folder: `themeDir`, which must exist, else `theme/` beside the config, which need not. */
function themeDirOf(config: SiteConfig, root: string, file: string): string {
  if (config.themeDir === null) return path.join(root, "theme");
  const dir = path.resolve(root, config.themeDir);
  if (!existsSync(dir)) throw new SsodocsError(`themeDir "${config.themeDir}" does not exist (${dir})`, { file });
  return dir;
}

/** The config's defaults (the schema's, for an empty config). */
export const DEFAULTS: SiteConfig = v.parse(ConfigSchema, {});

/**
 * Where the config file writes a key (`tagline:` or `"tagline":`), looked for after its parents:
 * the file, and the line and column of the deepest key found.
 */
function keyPlace(file: string, parts: (string | number)[]): SourceLocation {
  let text: string;
  try {
    // The config is the maintainers' code, read already to be run.
    text = readFileSync(file, "utf8");
  } catch {
    return { file };
  }
  let from = 0;
  let at = -1;
  for (const part of parts) {
    if (typeof part === "number") continue;
    const name = part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const key = new RegExp(`(?<=^|[\\s{,])(["']?)${name}\\1\\s*:`, "gm");
    key.lastIndex = from;
    const hit = key.exec(text);
    if (!hit) break;
    at = hit.index;
    from = hit.index + hit[0].length;
  }
  return at < 0 ? { file } : { file, ...positionOf(text, at) };
}

/** Checks a config against the schema and returns it with its defaults; throws naming the bad key. */
export function resolveConfig(user: unknown, file: string): SiteConfig {
  const result = v.safeParse(ConfigSchema, user);
  if (result.success) return result.output;
  const issue = schemaIssue(ConfigSchema, user, result.issues);
  if (issue.unknownKey !== null) {
    const nearest = nearestOf(issue.unknownKey, issue.knownKeys);
    const keys = issue.knownKeys.join(", ");
    const known = keys ? (issue.allKnown ? ` (known keys: ${keys})` : ` (keys it takes include: ${keys})`) : "";
    throw new SsodocsError(
      `unknown config key "${issue.where}"${nearest ? ` (did you mean "${nearest}"?)` : ""}${known}`,
      keyPlace(file, issue.path),
    );
  }
  if (!issue.path.length) throw new SsodocsError(`the config file's default export ${issue.message}`, { file });
  throw new SsodocsError(`config key "${issue.where}" ${issue.message}${gotPart(issue)}`, keyPlace(file, issue.path));
}

/** The announcement bar's HTML passes the raw-HTML allow-list of docs: anything it would remove is an error. */
function checkAnnouncement(config: SiteConfig, file: string): void {
  const content = config.announcementBar?.content;
  const removed = content ? filterRawHtml(content).removed : [];
  if (removed.length)
    throw new SsodocsError(
      `config key "announcementBar.content" holds HTML outside the allow-list (${removed.join("; ")}); remove it`,
      keyPlace(file, ["announcementBar", "content"]),
    );
}

/**
 * The absolute path of the config file `--config` names; when it names none, `ssodocs.config.ts`,
 * else the folder's Docusaurus config (when there is one).
 */
export function configFileOf(configPath?: string, cwd = process.cwd()): string {
  const own = path.resolve(cwd, configPath ?? DEFAULT_CONFIG_FILE);
  return configPath || existsSync(own) ? own : (docusaurusConfigIn(cwd) ?? own);
}

/** The line saying which config a command read, for a Docusaurus one (ssodocs's own goes without saying). */
export function configNotice(loaded: LoadedConfig): string | null {
  if (!loaded.docusaurus) return null;
  const shown = path.relative(process.cwd(), loaded.file) || loaded.file;
  return `Read the Docusaurus config ${shown.startsWith("..") ? loaded.file : shown}, mapped to ssodocs's keys`;
}

/**
 * Whether ssodocs's config has a key (a dotted path): a config holding only a value there is not
 * refused for an unknown key at that path (valibot's issues, looked through with their paths).
 */
function hasKey(key: string): boolean {
  const parts = key.split(".");
  const probe = parts.reduceRight<unknown>((value, part) => ({ [part]: value }), "x");
  const result = v.safeParse(ConfigSchema, probe);
  const unknownHere = (issues: readonly v.BaseIssue<unknown>[] | undefined): boolean =>
    (issues ?? []).some(
      (issue) =>
        (issue.expected === "never" && (issue.path ?? []).map((p) => String(p.key)).join(".") === key) ||
        unknownHere(issue.issues),
    );
  return result.success || !unknownHere(result.issues);
}

/** The config's default export; a Docusaurus config may export a function making it, or a promise of it. */
async function exportedConfig(mod: { default?: unknown }, docusaurus: boolean): Promise<unknown> {
  const value = docusaurus ? await mod.default : mod.default;
  return docusaurus && typeof value === "function" ? await value() : value;
}

/** The user's config in ssodocs's terms, and what it says that ssodocs leaves out, each as a warning. */
async function userConfigOf(
  mod: { default?: unknown },
  file: string,
  docusaurus: boolean,
): Promise<{ user: unknown; warnings: Diagnostic[] }> {
  const exported = await exportedConfig(mod, docusaurus);
  const { user, dropped } = docusaurus
    ? mapDocusaurusConfig(exported, hasKey, path.dirname(file), file)
    : dropDocusaurusKeys(exported, hasKey, file);
  return { user, warnings: warningsOf(dropped, file) };
}

/** Imports the config file (running it: a Docusaurus config's function too) and reads it in ssodocs's terms. */
async function importConfig(file: string, modules: ModuleCache | null, docusaurus: boolean) {
  try {
    const { module, inputs } = await importModule<{ default?: unknown }>(file, modules);
    return { ...(await userConfigOf(module, file, docusaurus)), inputs };
  } catch (error) {
    if (error instanceof SsodocsError) throw error;
    throw new SsodocsError(`the config file could not be loaded: ${(error as Error).message}`, { file });
  }
}

function warningsOf(dropped: Dropped[], file: string): Diagnostic[] {
  if (!dropped.length) return [];
  const source = readFileSync(file, "utf8");
  const lines = source.split("\n");
  // In the order of the config's lines (those whose line is not found last).
  return dropped
    .map(({ key, advice, tokens }) => ({ key, advice, line: lineOf(source, tokens) }))
    .sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER))
    .map(({ key, advice, line }) => ({
      message: `${key} has no effect in ssodocs: ${advice}`,
      file,
      // At the line's first character: the key, or the list or call that holds it.
      ...(line ? { line, column: lines[line - 1].search(/\S|$/) + 1 } : {}),
    }));
}

export interface LoadOptions {
  cwd?: string;
  /** Bundles kept from an earlier build (the build shortcuts): an unchanged config or sidebars module starts no bundler. */
  modules?: ModuleCache | null;
}

/** Finds, imports and validates the config file. */
export async function loadConfig(
  configPath?: string,
  { cwd, modules = null }: LoadOptions = {},
): Promise<LoadedConfig> {
  const file = configFileOf(configPath, cwd);
  if (!existsSync(file)) {
    throw new SsodocsError(
      configPath
        ? "config file not found"
        : `no ${DEFAULT_CONFIG_FILE} (nor docusaurus.config.js) here; pass --config <file> or run ssodocs from the project root`,
      { file },
    );
  }
  const docusaurus = isDocusaurusConfig(file);
  const { user, warnings, inputs } = await importConfig(file, modules, docusaurus);
  const config = resolveConfig(user, file);
  checkAnnouncement(config, file);
  const root = path.dirname(file);
  const docsDir = path.resolve(root, config.docs.path);
  if (!existsSync(docsDir))
    throw new SsodocsError(`docs.path "${config.docs.path}" does not exist (${docsDir})`, { file });
  const staticDirs = [...config.staticDirectories, ...(config.static ? [config.static] : [])].map((dir) =>
    path.resolve(root, dir),
  );
  for (const dir of staticDirs)
    if (!existsSync(dir))
      throw new SsodocsError(`the static folder ${path.relative(root, dir) || dir} does not exist`, { file });
  const inputFiles = new InputFiles({ configFile: file, docsDir, staticDirs });
  const sidebars = await loadSidebars(config, { root, configFile: file, modules, inputFiles });
  return {
    config,
    file,
    root,
    docsDir,
    templatesDir: config.templates ? path.resolve(root, config.templates) : null,
    themeDir: themeDirOf(config, root, file),
    staticDirs,
    inputs: [...inputs, ...sidebars.inputs],
    sidebars: sidebars.sidebars,
    inputFiles,
    docusaurus,
    warnings,
  };
}
