// Loads `ssodocs.config.ts`, checks every key against the schema (config-schema.ts) and fills in
// the defaults. An error names the key and the config file.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import * as v from "valibot";
import type { SiteConfig } from "../shared/types.ts";
import { importModule, type ModuleCache, type ModuleInputs } from "./bundled-import.ts";
import { ConfigSchema } from "../shared/schema/config.ts";
import { nearestOf } from "./util/nearest.ts";
import { loadSidebars, type NamedSidebar } from "./content/sidebars-module.ts";
import { positionOf, type SourceLocation, SsodocsError } from "./errors.ts";
import { InputFiles } from "./input-files.ts";
import { filterRawHtml } from "./markdown/raw-html.ts";

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
      keyPlace(file, parts.slice(0, -1)),
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
      keyPlace(file, parts),
    );
  }
  const got =
    issue.input === undefined
      ? "nothing"
      : typeof issue.input === "function"
        ? "a function"
        : JSON.stringify(issue.input);
  if (!parts.length) throw new SsodocsError(`the config file's default export ${issue.message}`, { file });
  throw new SsodocsError(`config key "${keyName(parts)}" ${issue.message} (got ${got})`, keyPlace(file, parts));
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

/** The absolute path of the config file `--config` names (the default one when it names none). */
export function configFileOf(configPath?: string, cwd = process.cwd()): string {
  return path.resolve(cwd, configPath ?? DEFAULT_CONFIG_FILE);
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
        : `no ${DEFAULT_CONFIG_FILE} here; pass --config <file> or run ssodocs from the project root`,
      { file },
    );
  }
  let mod: { default?: unknown };
  let inputs: ModuleInputs;
  try {
    ({ module: mod, inputs } = await importModule<{ default?: unknown }>(file, modules));
  } catch (error) {
    if (error instanceof SsodocsError) throw error;
    throw new SsodocsError(`the config file could not be loaded: ${(error as Error).message}`, { file });
  }
  const config = resolveConfig(mod.default, file);
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
  };
}
