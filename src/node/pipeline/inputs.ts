// The first stage of a build: the site's inputs, read from disk. Docs with their text and its
// hash (front matter parsed), the folders' `_category_` files, the static folders' files, and
// the languages the docs' code fences name. Watch mode hands in the docs it read before and the files that changed since,
// so only those are read again.
import path from "node:path";
import type { LoadedConfig } from "../config.ts";
import { type CategoryMeta, readCategoryMetas } from "../content/category-meta.ts";
import { listContentFiles, loadDoc, type SourceDoc } from "../content/load.ts";
import { fenceLanguages, siteLanguages } from "../markdown/language-context.ts";
import { existsSync } from "node:fs";
import { SsodocsError } from "../errors.ts";
import { listFiles } from "../util/files.ts";
import { isWithin, realPathOf } from "../util/paths.ts";

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

export function readSiteInputs(loaded: LoadedConfig, known?: KnownDocs): SiteInputs {
  const listed = listContentFiles(loaded.docsDir);
  const docs = listed.docs.map((relativePath) => {
    const before = known?.docs.get(relativePath);
    if (before && !known!.changed.has(path.join(loaded.docsDir, relativePath))) return before;
    return loadDoc(loaded.docsDir, relativePath);
  });
  const languages = siteLanguages(
    new Set(docs.flatMap((doc) => fenceLanguages(doc.body))),
    loaded.config.code.extraLanguages,
  );
  const statics = loaded.staticDirs.map((dir) => ({ dir, files: staticFilesOf(dir) }));
  return { docs, categories: readCategoryMetas(loaded.docsDir, listed.categories), languages, statics };
}

/**
 * The files of a static folder (relative paths), each checked: a link that leads nowhere or out
 * of the folder is an error naming it, so nothing outside the site is published.
 */
export function staticFilesOf(staticDir: string): string[] {
  const root = realPathOf(staticDir);
  const files = listFiles(staticDir, { hidden: true, followFolderLinks: true });
  for (const file of files) {
    const full = path.join(staticDir, file);
    if (!existsSync(full))
      throw new SsodocsError("this link in the static folder points at nothing (a dangling symbolic link)", {
        file: full,
      });
    if (!isWithin(root, realPathOf(full)))
      throw new SsodocsError(
        "this file of the static folder is a link to a file outside it; copy the file in instead",
        { file: full },
      );
  }
  return files;
}
