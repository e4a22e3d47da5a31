// How the config file and the page templates are imported: bundled by esbuild and imported from
// a temporary folder (bundled-import.ts), so a build needs no TypeScript loader. Watch mode
// passes an importer of its own, which also collects the files each import read.
import os from "node:os";
import { freshImporter } from "./bundled-import.ts";

export type ModuleImporter = (file: string) => Promise<{ default?: unknown }>;

let shared: ModuleImporter | undefined;

export const importModule: ModuleImporter = (file) => (shared ??= freshImporter(os.tmpdir(), new Set()))(file);
