// The first stage of a build: the site's inputs, read from disk. Docs with their text and its
// hash (front matter parsed), the folders' `_category_` files, the static folders' files, and
// the languages the docs' code fences name. Watch mode hands in the docs it read before and the files that changed since,
// so only those are read again.
import path from "node:path";
import type { LoadedConfig } from "../config.ts";
import { type CategoryMeta, readCategoryMetas } from "../content/category-meta.ts";
import { type DocReadings, listContentFiles, loadDoc, type SourceDoc } from "../content/load.ts";
import { siteLanguages } from "../markdown/language-context.ts";

export interface SiteInputs {
  docs: SourceDoc[];
  /** The folders' `_category_` files, by folder (read anew each time: there are few). */
  categories: Map<string, CategoryMeta>;
  /** The languages the build loads for highlighting. */
  languages: string[];
  /** Each static folder with its files, in the config's order. */
  statics: { dir: string; files: string[] }[];
}

/** Docs read before (by path relative to the docs folder) and the files changed since (absolute paths). */
export interface KnownDocs {
  docs: Map<string, SourceDoc>;
  changed: Set<string>;
}

export function readSiteInputs(loaded: LoadedConfig, known?: KnownDocs, readings?: DocReadings): SiteInputs {
  const { docsDir, inputFiles } = loaded;
  const listed = listContentFiles(docsDir, inputFiles, loaded.config.docs.exclude);
  const docs = listed.docs.map((relativePath) => {
    const before = known?.docs.get(relativePath);
    if (before && !known!.changed.has(path.join(docsDir, relativePath))) return before;
    return loadDoc(docsDir, relativePath, inputFiles, readings);
  });
  const languages = siteLanguages(new Set(docs.flatMap((doc) => doc.languages)), loaded.config.code.extraLanguages);
  const statics = loaded.staticDirs.map((dir) => ({ dir, files: inputFiles.staticFiles(dir) }));
  return { docs, categories: readCategoryMetas(docsDir, listed.categories, inputFiles), languages, statics };
}
