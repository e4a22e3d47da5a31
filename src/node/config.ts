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
import { SsodocsError } from "./errors.ts";
import { InputFiles } from "./input-files.ts";
import { filterRawHtml } from "./markdown/raw-html.ts";
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
  /** What the config says that ssodocs leaves out, one warning each (`file:line: ...`). */
  warnings: string[];
}

/** The config's defaults (the schema's, for an empty config). */
export const DEFAULTS: SiteConfig = v.parse(ConfigSchema, {});

type AnySchema = v.GenericSchema & {
  wrapped?: AnySchema;
  item?: AnySchema;
  entries?: Record<string, AnySchema>;
  options?: AnySchema[];
  pipe?: AnySchema[];
  message?: unknown;
};

/** A schema without its optional, nullable and pipe wrappers. */
function unwrap(schema: AnySchema): AnySchema {
  while (schema.wrapped || schema.pipe) schema = (schema.wrapped ?? schema.pipe![0]) as AnySchema;
  return schema;
}

/** The schema at a path of the config (keys and array indexes), if there is one. */
function schemaAt(parts: (string | number)[]): AnySchema | null {
  let schema: AnySchema = ConfigSchema as unknown as AnySchema;
  for (const key of parts) {
    const inner = unwrap(schema);
    // Of a union's options, the first that has the key.
    const candidates = inner.options ? inner.options.flatMap((o) => unwrap(o).options ?? [o]).map(unwrap) : [inner];
    const next = candidates.map((c) => (typeof key === "number" ? c.item : c.entries?.[key])).find(Boolean);
    if (!next) return null;
    schema = next;
  }
  return schema;
}

const keyName = (parts: (string | number)[]) =>
  parts.map((p, i) => (typeof p === "number" ? `[${p}]` : `${i ? "." : ""}${p}`)).join("");

/** Checks a config against the schema and returns it with its defaults; throws naming the bad key. */
export function resolveConfig(user: unknown, file: string): SiteConfig {
  const result = v.safeParse(ConfigSchema, user);
  if (result.success) return result.output;
  // The deepest issue says most: a union's own message stands for its alternatives, the one that got furthest says what is wrong.
  let issue: v.BaseIssue<unknown> = result.issues[0];
  let parts = (issue.path ?? []).map((p) => p.key as string | number);
  for (;;) {
    // The deepest; of equally deep ones, one about a value that is there rather than a missing key.
    const score = (i: v.BaseIssue<unknown>) =>
      (i.path?.length ?? 0) * 4 + (i.received === "undefined" ? 0 : 2) + (i.expected === "never" ? 0 : 1);
    const deepest = [...(issue.issues ?? [])].sort((a, b) => score(b) - score(a))[0];
    if (!deepest?.path?.length) break;
    issue = deepest;
    parts = [...parts, ...deepest.path!.map((p) => p.key as string | number)];
  }
  const isObject = /object$/.test(issue.type);
  // A key that is missing: what it must be is said by its own schema.
  if (isObject && issue.expected !== "never" && issue.received === "undefined" && parts.length) {
    const schema = schemaAt(parts);
    const message = schema ? (schema.message ?? unwrap(schema).message) : null;
    throw new SsodocsError(
      `config key "${keyName(parts)}" ${typeof message === "string" ? message : "is missing"} (got nothing)`,
      { file },
    );
  }
  if (isObject && issue.expected === "never" && parts.length) {
    const key = String(parts[parts.length - 1]);
    const known = Object.keys(
      unwrap(schemaAt(parts.slice(0, -1)) ?? (ConfigSchema as unknown as AnySchema)).entries ?? {},
    );
    const nearest = nearestOf(key, known);
    throw new SsodocsError(
      `unknown config key "${keyName(parts)}"${nearest ? ` (did you mean "${nearest}"?)` : ""}${known.length ? ` (known keys: ${known.join(", ")})` : ""}`,
      { file },
    );
  }
  const got =
    issue.input === undefined
      ? "nothing"
      : typeof issue.input === "function"
        ? "a function"
        : JSON.stringify(issue.input);
  if (!parts.length) throw new SsodocsError(`the config file's default export ${issue.message}`, { file });
  throw new SsodocsError(`config key "${keyName(parts)}" ${issue.message} (got ${got})`, { file });
}

/** The announcement bar's HTML passes the raw-HTML allow-list of docs: anything it would remove is an error. */
function checkAnnouncement(config: SiteConfig, file: string): void {
  const content = config.announcementBar?.content;
  const removed = content ? filterRawHtml(content).removed : [];
  if (removed.length)
    throw new SsodocsError(
      `config key "announcementBar.content" holds HTML outside the allow-list (${removed.join("; ")}); remove it`,
      { file },
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

/** Whether ssodocs's config has a key (a dotted path). */
const hasKey = (key: string) => schemaAt(key.split(".")) !== null;

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
): Promise<{ user: unknown; warnings: string[] }> {
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

function warningsOf(dropped: Dropped[], file: string): string[] {
  if (!dropped.length) return [];
  const source = readFileSync(file, "utf8");
  // In the order of the config's lines (those whose line is not found last).
  return dropped
    .map(({ key, advice, tokens }) => ({ key, advice, line: lineOf(source, tokens) }))
    .sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER))
    .map(({ key, advice, line }) => `${file}${line ? `:${line}` : ""}: ${key} has no effect in ssodocs: ${advice}`);
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
    staticDirs,
    inputs: [...inputs, ...sidebars.inputs],
    sidebars: sidebars.sidebars,
    inputFiles,
    docusaurus,
    warnings,
  };
}
