// The third stage: every page, from the store when its key is there, else rendered (and kept).
// A page's bytes and data are read from the store only when a later stage asks for them; an
// entry that turns out to be damaged is rendered again on the spot, under the same key.
import path from "node:path";
import type { Diagnostic } from "../errors.ts";
import type { PagePlan } from "./keys.ts";
import type { MadePage, PageMeta, RenderContext, RenderMeter } from "../render/render-pages.ts";
import type { Entry, EntryInfo, PageStore } from "../store/page-store.ts";
import type { PageLinks } from "../validate/links.ts";
import { hashOf } from "../util/hash.ts";
import { docFences } from "../markdown/fences.ts";
import { outputOf, type OutputItem } from "./output-item.ts";
import type { PreparedSite } from "./prepare.ts";
import type { Spool, SpoolSlice } from "./spool.ts";

/** A page of the build, with what the later stages ask of it. */
export interface ProducedPage {
  plan: PagePlan;
  warnings: Diagnostic[];
  /** Images the page shows: [source file, hash of its bytes, output path]. */
  images: [string, string, string][];
  output: OutputItem;
  /** Further output files of the page (a doc's Markdown copy). */
  attachments: OutputItem[];
  links(): Promise<PageLinks & { origins: [string, string][] }>;
  /** A doc page's search records, as JSON text. */
  records(): Promise<string | null>;
}

/** What a stored warning says in place of its doc's file (it names the file where the checkout is when it is shown). */
const DOC_FILE = "\u0000doc";

/**
 * A page's index data as the store keeps it: the same from every checkout at any path (issue
 * 30), so its images are named by their paths in the docs folder and its warnings without the
 * doc's absolute path. `entryInfo` turns it back into this checkout's paths.
 */
function storedInfo(site: PreparedSite, plan: PagePlan, info: MadePage["info"]): MadePage["info"] {
  const docFile = plan.doc?.file;
  const relative = (file: string) => path.relative(site.loaded.docsDir, file).split(path.sep).join("/");
  return {
    warnings: info.warnings.map((w) => (docFile && w.file === docFile ? { ...w, file: DOC_FILE } : w)),
    images: info.images.map(([file, hash, output]) => [relative(file), hash, output]),
  };
}

/** A page's index data with this checkout's paths (see storedInfo). */
function entryInfo(site: PreparedSite, plan: PagePlan, info: EntryInfo): EntryInfo {
  const docFile = plan.doc?.file;
  return {
    ...info,
    warnings: info.warnings.map((w) => (docFile && w.file === DOC_FILE ? { ...w, file: docFile } : w)),
    images: info.images.map(([file, hash, output]) => [path.join(site.loaded.docsDir, file), hash, output]),
  };
}

/** Renders pages with the site's renderers, keeping each in the store; `made` gets each as it is done. */
async function render(
  site: PreparedSite,
  store: PageStore,
  plans: PagePlan[],
  made: (page: MadePage, entry: Entry<PageMeta>) => Promise<void>,
  meter?: RenderMeter,
): Promise<void> {
  // The code of the docs to render starts highlighting first thing, on another thread, while the
  // renderers load and the Markdown is rendered here.
  const code = site.code();
  for (const plan of plans) if (plan.doc) code.prefetch(docFences(plan.doc));
  // Loaded only when something is rendered (with React's server renderer and the HTML parser of search records).
  const [{ templates, markdown }, { renderPages }] = await Promise.all([
    site.renderers(),
    import("../render/render-pages.ts"),
  ]);
  const docPlans = new Map(site.plans.filter((p) => p.doc).map((p) => [p.doc!.id, p]));
  const context: RenderContext = {
    model: site.model,
    config: site.config,
    docsDir: site.loaded.docsDir,
    inputFiles: site.loaded.inputFiles,
    site: site.site,
    templates,
    markdown,
    code,
    storedDescription: (docId) => {
      const plan = docPlans.get(docId);
      return plan ? (store.read<PageMeta>(plan.key)?.meta.description ?? null) : null;
    },
    meter,
  };
  await renderPages(plans, context, (page) => {
    const attachments = (page.meta.attachments ?? []).map(([file, text]): [string, string] => [file, hashOf(text)]);
    const info = { ...storedInfo(site, page.plan, page.info), attachments };
    return made(page, store.write(page.plan.key, page.meta, page.html, info));
  });
  code.save();
}

/**
 * What the later stages ask of a page just rendered, kept instead of its entry: its links and ids,
 * and its search records (in the run's spool when it has one). Not its HTML nor its attachments,
 * which are written as it is rendered: a build of many pages would otherwise hold them all.
 */
interface PageFacts {
  links: Pick<PageMeta, "targets" | "ids" | "origins">;
  records(): string | null;
}

function factsOf({ targets, ids, origins, records }: PageMeta, spool?: Spool): PageFacts {
  const links = { targets, ids, origins };
  if (records === null || !spool) return { links, records: () => records };
  // Made apart, so that the closure holds only where the text is, not the text.
  return spooled(links, spool, spool.add(records));
}

function spooled(links: PageFacts["links"], spool: Spool, slice: SpoolSlice): PageFacts {
  return { links, records: () => spool.read(slice) };
}

/** A page whose bytes and data come from the store (rendered again should its entry be gone or damaged). */
function pageOf(
  site: PreparedSite,
  store: PageStore,
  plan: PagePlan,
  stored: EntryInfo,
  known: PageFacts | null,
): ProducedPage {
  const info = entryInfo(site, plan, stored);
  // Read once for the page's HTML and its attachments, which are written one after the other; held
  // only weakly, so a build of many pages does not keep every entry in memory.
  let last: WeakRef<Entry<PageMeta>> | undefined;
  const entry = async (): Promise<Entry<PageMeta>> => {
    const kept = last?.deref() ?? store.read<PageMeta>(plan.key);
    if (kept) {
      last = new WeakRef(kept);
      return kept;
    }
    let made: Entry<PageMeta> | null = null;
    await render(site, store, [plan], async (_page, entry) => void (made = entry));
    return made!;
  };
  const source = plan.doc?.file;
  return {
    plan,
    warnings: info.warnings,
    images: info.images,
    output: { path: plan.file, hash: info.hash, bytes: async () => (await entry()).body, source },
    attachments: (info.attachments ?? []).map(([file, hash]) => ({
      path: file,
      hash,
      source,
      bytes: async () =>
        Buffer.from(((await entry()).meta.attachments ?? []).find(([f]) => f === file)?.[1] ?? "", "utf8"),
    })),
    links: async () => {
      const { targets, ids, origins } = known?.links ?? (await entry()).meta;
      return { route: plan.route, targets, ids: new Set(ids), origins };
    },
    records: async () => (known ? known.records() : (await entry()).meta.records),
  };
}

/**
 * Every page of the site (or of `only`) in plan order: `misses` rendered (each handed to `emit`
 * as soon as it is done, so pages stream to the sink), the rest from the store.
 */
export async function producePages(
  site: PreparedSite,
  store: PageStore,
  misses: PagePlan[],
  emit: ((items: OutputItem[]) => Promise<void>) | null,
  only = site.plans,
  meter?: RenderMeter,
  spool?: Spool,
): Promise<ProducedPage[]> {
  const rendered = new Map<PagePlan, ProducedPage>();
  if (misses.length) {
    const made = async (page: MadePage, entry: Entry<PageMeta>) => {
      // The HTML goes to the sink now; only the data later stages need stays in memory.
      rendered.set(page.plan, pageOf(site, store, page.plan, entry.info, factsOf(page.meta, spool)));
      const source = page.plan.doc?.file;
      const html = { path: page.plan.file, hash: entry.info.hash, bytes: () => entry.body, source };
      const copies = (page.meta.attachments ?? []).map(([file, text]) => ({ ...outputOf(file, text), source }));
      await emit?.([html, ...copies]);
    };
    await render(site, store, misses, made, meter);
  }
  return only.map((plan) => rendered.get(plan) ?? pageOf(site, store, plan, store.info(plan.key)!, null));
}
