// The keys stage of a watch update that edits docs' text alone: the plan of the last run is kept,
// the docs that changed are read again, and only the keys of the pages made from them are worked
// out again (keys.ts, replanPages). Listing the docs folder, building the model and keying every
// page cost more than rendering the page that changed. Taken only when it gives what planning
// everything gives: the same config, every changed file a doc of that plan still there, each
// with the structure it had (id, title, front matter and its lines) and the same code languages,
// so the site's stamps and every other page's key are as they were. Anything else plans anew.
import { existsSync } from "node:fs";
import path from "node:path";
import type { LoadedConfig } from "../config.ts";
import { loadDoc, type SourceDoc } from "../content/load.ts";
import { withDocs } from "../content/site.ts";
import type { Diagnostic, Warnings } from "../errors.ts";
import { ProjectPaths } from "../project-paths.ts";
import type { SiteCaches } from "../store/index.ts";
import type { BuildShortcuts } from "../store/shortcuts.ts";
import type { KnownDocs } from "./inputs.ts";
import { replanPages } from "./keys.ts";
import type { PreparedSite } from "./prepare.ts";

/** What planning a site warned of (the model's and the stylesheets' warnings): a kept plan warns of them again. */
const planWarnings = new WeakMap<PreparedSite, Diagnostic[]>();

export function keepWarnings(site: PreparedSite, warnings: Diagnostic[]): void {
  planWarnings.set(site, warnings);
}

/** What a doc shows of itself to other pages and to the model, and where its front matter keys are. */
const structureOf = (doc: SourceDoc) =>
  JSON.stringify([doc.id, doc.slug, doc.relativePath, doc.title, doc.frontMatter, doc.keyLines, doc.unknownKeys]);

const languagesOf = (doc: SourceDoc) => [...new Set(doc.languages)].sort().join("\n");

/** Files whose edit changes a stamp, whatever else they are: the config's, the templates', the stylesheets' inputs. */
function stampInputs(previous: PreparedSite, shortcuts: BuildShortcuts): Set<string> {
  // The templates' inputs are kept by their names in the project (project-paths.ts).
  const paths = new ProjectPaths(previous.loaded.file);
  const templates = (shortcuts.templates?.inputs ?? []).map(([file]) => paths.find(file));
  return new Set([...previous.loaded.inputs.map(([file]) => file), ...templates, ...previous.styles.inputs]);
}

/**
 * The site `previous` planned, with the docs of `known.changed` read again and their pages keyed
 * anew; null when planning everything is needed. `previous` comes from a run with the same options.
 */
export function replan(
  previous: PreparedSite | undefined,
  loaded: LoadedConfig,
  known: KnownDocs | undefined,
  caches: Pick<SiteCaches, "shortcuts" | "readings">,
  warnings: Warnings,
): PreparedSite | null {
  const kept = previous && planWarnings.get(previous);
  if (!previous || !kept || !known || previous.loaded !== loaded) return null;
  const fileOf = (doc: SourceDoc) => path.join(loaded.docsDir, doc.relativePath);
  const docs = new Set(previous.inputs.docs.map(fileOf));
  const stamped = stampInputs(previous, caches.shortcuts);
  for (const file of known.changed) if (!docs.has(file) || stamped.has(file) || !existsSync(file)) return null;
  // In the docs' order, as planning reads them: the first bad doc is the one reported.
  const fresh = new Map<string, SourceDoc>();
  for (const before of previous.inputs.docs) {
    if (!known.changed.has(fileOf(before))) continue;
    const doc = loadDoc(loaded.docsDir, before.relativePath, loaded.inputFiles, caches.readings);
    if (structureOf(doc) !== structureOf(before) || languagesOf(doc) !== languagesOf(before)) return null;
    fresh.set(doc.relativePath, doc);
  }
  const model = withDocs(previous.model, fresh);
  const inputs = { ...previous.inputs, docs: previous.inputs.docs.map((doc) => fresh.get(doc.relativePath) ?? doc) };
  const changedIds = new Set([...fresh.values()].map((doc) => doc.id));
  const plans = replanPages(previous.plans, model, previous.site, previous.stamps, changedIds);
  warnings.addAll(kept);
  const site: PreparedSite = { ...previous, inputs, model, plans };
  keepWarnings(site, kept);
  return site;
}
