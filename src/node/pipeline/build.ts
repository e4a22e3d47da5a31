// The build driver (`build`, `check`, `index`): the pipeline into a staging folder beside the
// output folder, swapped in only when every file is written and every link holds, so a failed or
// interrupted build never leaves a half-written site. An output folder that already holds
// exactly this site is left as it is.
import { existsSync } from "node:fs";
import path from "node:path";
import type { LoadedConfig } from "../config.ts";
import { Warnings } from "../errors.ts";
import { RECORDS_FILE } from "../search/files.ts";
import { type SiteCaches, siteCaches } from "../store/index.ts";
import type { BuildShortcuts } from "../store/shortcuts.ts";
import type { OutputItem } from "./output-item.ts";
import { checkOutputFolder, lockOutputFolder } from "./output-folder.ts";
import { type RunMeter, type RunResult, run, type Sink } from "./run.ts";
import { createStaging, outputIsCurrent, removeDeadStaging, removeStaleTemps, type Staging } from "./staging.ts";
import { removeOrphanTempFolders } from "../util/temp-folders.ts";
import { BrokenLinksError } from "./validate.ts";

export { BrokenLinksError } from "./validate.ts";

export interface BuildOptions {
  /** Output folder; nothing is written when null. */
  outDir: string | null;
  /** Collects warnings; pass one in to print them even when the build fails. */
  warnings?: Warnings;
  /** The site's caches (by default those of its config file). */
  caches?: SiteCaches;
  /** Told each stage and how far it is, for a progress line. */
  meter?: RunMeter;
}

export interface BuildResult extends RunResult {
  warnings: string[];
  /** The Content-Security-Policy the pages are built for (also written to `_headers`). */
  csp: string;
}

/** A sink that only validates: a build in memory. */
const validateOnly: Sink = {
  async finish({ site, model }, validate) {
    const broken = await validate();
    if (broken.length) throw new BrokenLinksError(broken, model, site.loaded);
  },
};

/**
 * The build's sink: pages rendered in this run go to a staging folder as they come; at the end,
 * once links hold, the rest is written and the folder swapped in (none is made when the output
 * folder already holds exactly this site).
 */
function stagingSink(outDir: string, shortcuts: BuildShortcuts): Sink {
  let staging: Staging | null = null;
  const written = new Set<string>();
  return {
    async rendered(items) {
      staging ??= await createStaging(outDir);
      for (const item of items) {
        written.add(item.path);
        await staging.write(item);
      }
    },
    async finish({ site, model, pages, files }, validate) {
      const broken = await validate();
      if (broken.length) throw new BrokenLinksError(broken, model, site.loaded);
      const items: OutputItem[] = [...pages.flatMap((p) => [p.output, ...p.attachments]), ...files];
      if (!staging) {
        if (outputIsCurrent(outDir, items, shortcuts.written(outDir))) return;
        staging = await createStaging(outDir);
      }
      // Pages rendered in this run are there already; a later write of one path replaces an earlier one.
      for (const page of pages)
        for (const item of [page.output, ...page.attachments]) if (!written.has(item.path)) await staging.write(item);
      for (const file of files) await staging.write(file);
      shortcuts.setWritten(outDir, await staging.commit());
      staging = null;
    },
    async discard() {
      await staging?.discard();
      staging = null;
    },
  };
}

/** Builds the site into `options.outDir` (checked and locked first), or only in memory. */
export async function buildSite(loaded: LoadedConfig, options: BuildOptions): Promise<BuildResult> {
  const outDir = options.outDir ? path.resolve(options.outDir) : null;
  const caches = options.caches ?? siteCaches(loaded.file);
  const warnings = options.warnings ?? new Warnings();
  // What the config says that ssodocs leaves out, first.
  warnings.addAll(loaded.warnings);
  const build = async (sink: Sink) => {
    const result = await run(loaded, { caches, sink, warnings, meter: options.meter });
    return { ...result, warnings: warnings.list, csp: result.site.csp };
  };
  if (!outDir) return build(validateOnly);
  const sources = [
    { label: "docs folder", dir: loaded.docsDir },
    ...(loaded.templatesDir ? [{ label: "templates folder", dir: loaded.templatesDir }] : []),
    ...(existsSync(loaded.themeDir) ? [{ label: "theme folder", dir: loaded.themeDir }] : []),
    ...loaded.staticDirs.map((dir) => ({ label: "static folder", dir })),
  ];
  checkOutputFolder(outDir, { root: loaded.root, sources });
  // What killed processes left: temporary folders, and staging folders whose build is gone (after a
  // full disk they hold the space the lock needs).
  await removeOrphanTempFolders();
  await removeDeadStaging(outDir);
  const unlock = lockOutputFolder(outDir);
  try {
    // A build killed earlier may have left its staging folder (or the old output moved aside).
    await removeStaleTemps(outDir);
    return await build(stagingSink(outDir, caches.shortcuts));
  } finally {
    unlock();
  }
}

/** The search records of a build (records.json), for `ssodocs index`. */
export async function searchRecordsOf(result: BuildResult): Promise<unknown[]> {
  const file = result.files.find((f) => f.path === RECORDS_FILE);
  return JSON.parse(file ? (await file.bytes()).toString("utf8") : "[]") as unknown[];
}
