// How the config file and the page templates are imported. A build imports them once; watch
// mode passes an importer that picks up edits (see dev/fresh-import.ts).
import { pathToFileURL } from "node:url";

export type ModuleImporter = (file: string) => Promise<{ default?: unknown }>;

export const importModule: ModuleImporter = (file) => import(pathToFileURL(file).href);
