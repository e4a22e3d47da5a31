// The site's sidebars: `docs.sidebarPath`, a Docusaurus sidebars module (`.js`, `.mjs`, `.cjs`,
// `.ts`, `.mts` or `.json`) exporting `{ [sidebarId]: items }`, or the grouped `sidebar.json`
// (sidebar-data.ts); else `docs.sidebar`, one sidebar written in the config. A module is bundled
// and imported as the config is (bundled-import.ts, kept in the store while its files are
// unchanged); the files it was made from join the config's inputs, so every page depends on them.
import path from "node:path";
import * as v from "valibot";
import type { SiteConfig } from "../../shared/types.ts";
import { importModule, type ModuleCache, type ModuleInputs } from "../bundled-import.ts";
import { hashOf } from "../util/hash.ts";
import { SsodocsError } from "../errors.ts";
import type { InputFiles } from "../input-files.ts";
import { isGroupedSidebar, sidebarFromGroups } from "../sidebar-data.ts";
import { nearestOf } from "../util/nearest.ts";
import { sidebarsSchema } from "../../shared/schema/sidebar-items.ts";
import { ignoredKeysOf, type NormalItem, normalizeItems } from "./sidebar-items.ts";
import { pathText, schemaIssue } from "../util/schema-issue.ts";

/** One sidebar of the site, its items in normal form. */
export interface NamedSidebar {
  id: string;
  items: NormalItem[];
  /** Whether its categories collapse unless they say otherwise: Docusaurus's default in a module, not in `docs.sidebar`. */
  collapsibleByDefault: boolean;
  /** The file it was written in, and how messages name its items (`docs.sidebar`, or the sidebar's id). */
  file: string;
  where?: string;
  /** Keys of its items that ssodocs ignores (customProps, key, defaultStyle): a warning names them. */
  ignored?: string[];
}

const MODULE = /\.(?:[cm]?js|[cm]?ts)$/;

const ITEM_KEYS = ["type", "id", "label", "href", "value", "items", "link", "dirName", "className", "collapsible"];

/** Checks a module's export against the schema, naming the bad item. */
export function checkSidebars(data: unknown, file: string): Record<string, NormalItem[]> {
  const result = v.safeParse(sidebarsSchema, data);
  if (!result.success) {
    const issue = schemaIssue(sidebarsSchema, data, result.issues);
    if (issue.unknownKey !== null) {
      const nearest = nearestOf(issue.unknownKey, [...ITEM_KEYS, "collapsed", "description", "customProps", "key"]);
      throw new SsodocsError(
        `sidebar item ${pathText(issue.path.slice(0, -1)) || "(top)"} has an unknown key "${issue.unknownKey}"` +
          `${nearest ? ` (did you mean "${nearest}"?)` : ""}`,
        { file },
      );
    }
    const where = issue.path.length ? `"${issue.where}"` : "the export";
    throw new SsodocsError(`sidebars: ${where} ${issue.message} (got ${issue.got})`, { file });
  }
  return Object.fromEntries(Object.entries(result.output).map(([id, items]) => [id, normalizeItems(items)]));
}

async function importSidebarsModule(
  file: string,
  modules: ModuleCache | null,
): Promise<{ data: unknown; inputs: ModuleInputs }> {
  const { module, inputs } = await importModule<{ default?: unknown }>(file, modules);
  return { data: module.default ?? module, inputs };
}

/** Where a site's sidebars file is looked for and how it is read. */
export interface SidebarsContext {
  root: string;
  configFile: string;
  /** Bundles kept from an earlier build: an unchanged sidebars module starts no bundler. */
  modules: ModuleCache | null;
  inputFiles: InputFiles;
}

/** The sidebars of a site, with the files they were read from. */
export async function loadSidebars(
  config: SiteConfig,
  { root, configFile, modules, inputFiles }: SidebarsContext,
): Promise<{ sidebars: NamedSidebar[]; inputs: ModuleInputs }> {
  const { sidebarPath, sidebar } = config.docs;
  if (!sidebarPath) {
    const items = normalizeItems(sidebar);
    const ignored = [...ignoredKeysOf(sidebar)];
    const inline = { id: "docs", items, collapsibleByDefault: false, file: configFile, where: "docs.sidebar", ignored };
    return { sidebars: items.length ? [inline] : [], inputs: [] };
  }
  if (Array.isArray(sidebar) ? sidebar.length : Object.keys(sidebar).length)
    throw new SsodocsError("docs.sidebar and docs.sidebarPath are both set: keep one", { file: configFile });
  const file = path.resolve(root, sidebarPath);
  // Read only through the gate, like every input file.
  const found = inputFiles.inspect(file, "sidebars");
  if ("why" in found)
    throw new SsodocsError(found.missing ? "the sidebars file could not be loaded: file not found" : found.why, {
      file,
    });
  let data: unknown;
  let inputs: ModuleInputs;
  try {
    if (file.endsWith(".json")) {
      const text = inputFiles.readText(file, "sidebars");
      data = JSON.parse(text);
      inputs = [[file, hashOf(text)]];
    } else if (MODULE.test(file)) {
      ({ data, inputs } = await importSidebarsModule(file, modules));
    } else {
      throw new SsodocsError("docs.sidebarPath must name a .js, .mjs, .cjs, .ts, .mts or .json file", { file });
    }
  } catch (error) {
    if (error instanceof SsodocsError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "file not found" : (error as Error).message.split("\n")[0];
    throw new SsodocsError(`the sidebars file could not be loaded: ${reason}`, { file });
  }
  if (isGroupedSidebar(data)) {
    const items = normalizeItems(sidebarFromGroups(data));
    return { sidebars: [{ id: "docs", items, collapsibleByDefault: false, file }], inputs };
  }
  const checked = checkSidebars(data, file);
  const ignored = [...ignoredKeysOf(data)];
  const sidebars = Object.entries(checked).map(([id, items], i) => ({
    id,
    items,
    collapsibleByDefault: true,
    file,
    ...(i === 0 ? { ignored } : {}),
  }));
  return { sidebars, inputs };
}
