// Loads `ssodocs.config.ts`, checks every key against the schema (config-schema.ts) and fills in
// the defaults. An error names the key and the config file.
import { existsSync } from "node:fs";
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
import { schemaIssue } from "./util/schema-issue.ts";

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
      { file },
    );
  }
  if (!issue.path.length) throw new SsodocsError(`the config file's default export ${issue.message}`, { file });
  throw new SsodocsError(`config key "${issue.where}" ${issue.message} (got ${issue.got})`, { file });
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
    themeDir: themeDirOf(config, root, file),
    staticDirs,
    inputs: [...inputs, ...sidebars.inputs],
    sidebars: sidebars.sidebars,
    inputFiles,
  };
}
