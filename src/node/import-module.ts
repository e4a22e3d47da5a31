// How the config file and the page templates are imported: bundled by esbuild and imported from
// the cache (bundled-import.ts), so a build needs no TypeScript loader and, when nothing changed,
// no bundling either. Watch mode passes an importer of its own, which sees every edit.
import os from "node:os";
import { cachedImporter, type BundleInputs } from "./bundled-import.ts";

export type ModuleImporter = (file: string) => Promise<{ default?: unknown }>;

let shared: ModuleImporter | undefined;

export const importModule: ModuleImporter = (file) => (shared ??= cachedImporter(os.tmpdir()))(file);

/** An importer that also collects the files imported, with their hashes (the templates' stamp). */
export const importCollecting = (inputs: BundleInputs): ModuleImporter => cachedImporter(os.tmpdir(), inputs);
