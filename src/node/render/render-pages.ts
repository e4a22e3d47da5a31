// Renders the pages a build did not find in the store: each doc's Markdown (its code blocks queued
// to be highlighted on another thread), then, once its blocks are highlighted, the page with
// React, in order, the Markdown running a bounded number of pages ahead. What each page is made
// from is what its key hashes (plan.ts): the doc, the model, the site view, the templates and the
// code renderer of the site's languages.
import type { ComponentType } from "react";
import type { CategoryCard, SiteView } from "../../shared/template-props.ts";
import type { DocPageData, SiteConfig, SupportLevel } from "../../shared/types.ts";
import { redirectPage } from "../content/redirects.ts";
import type { ContentModel } from "../content/site.ts";
import type { CodeRenderer } from "../markdown/code.ts";
import type { InputFiles } from "../input-files.ts";
import type { MarkdownRenderer } from "../markdown/index.ts";
import { lvl0Of } from "../search/order.ts";
import { categoryCopy, markdownCopy, markdownFileOf } from "../search/llms.ts";
import { recordsOfDoc } from "../search/records.ts";
import type { EntryInfo } from "../store/page-store.ts";
import { categoryPageData, type RenderedDoc, renderDoc } from "./docs.ts";
import { renderDocument, renderFragment } from "./page.ts";
import { withPayload } from "./page-payload.ts";
import { type PageReading, readPage } from "./read-page.ts";
import { guideCountOf, type PagePlan, tagDocsOf } from "../pipeline/keys.ts";
import { homeCardsOf } from "./site-view.ts";
import type { Templates } from "./templates.ts";

/** What a page's store entry holds besides its HTML. */
export interface PageMeta {
  /** Every href and src of the page, and its ids, for link validation. */
  targets: string[];
  ids: string[];
  /** Rewritten href -> href as written in the Markdown, for reports. */
  origins: [string, string][];
  /** A doc page's search records, as JSON text (as records.json holds them). */
  records: string | null;
  /** A doc page's description (tag pages list it). */
  description: string | null;
  /** Further output files of the page: [output path, contents] (its payload, a doc's Markdown copy). */
  attachments?: [string, string][];
}

/** A page made: its HTML, its entry data and the index's part of it. */
export interface MadePage {
  plan: PagePlan;
  html: string;
  meta: PageMeta;
  info: Omit<EntryInfo, "hash" | "metaHash">;
}

/** Everything rendering reads: the model, config and site view, and the renderers (loaded when first needed). */
export interface RenderContext {
  model: ContentModel;
  config: SiteConfig;
  docsDir: string;
  /** The gate the images docs show are read through. */
  inputFiles: InputFiles;
  site: SiteView;
  templates: Templates;
  markdown: MarkdownRenderer;
  code: CodeRenderer;
  /** The description of a doc whose page is not rendered in this run (from the store). */
  storedDescription(docId: string): string | null;
  /** Told each page rendered and the time each part of rendering takes. */
  meter?: RenderMeter;
}

/** The parts rendering spends its time in (`build --timings` shows them). */
export type RenderPart = "markdown" | "highlighting" | "react";

export interface RenderMeter {
  rendered(done: number, total: number): void;
  time(part: RenderPart, ms: number): void;
}

/** Runs `work`, adding the time it takes to `part`. */
function timed<T>(meter: RenderMeter | undefined, part: RenderPart, work: () => T): T {
  if (!meter) return work();
  const started = performance.now();
  try {
    return work();
  } finally {
    meter.time(part, performance.now() - started);
  }
}

function metaOf(page: PageReading | null, extra: Partial<PageMeta> = {}): PageMeta {
  return {
    targets: page?.targets ?? [],
    ids: page?.ids ?? [],
    origins: [],
    records: null,
    description: null,
    ...extra,
  };
}

/**
 * Lets the event loop run every few milliseconds of rendering: the highlighting worker's answers
 * come in (and it is given more) while the main thread renders, instead of it idling until then.
 */
function pauses(every = 10): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < every) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    last = performance.now();
  };
}

/** A page rendered by its template, with the site's overrides. */
const pageOf =
  (templates: Templates) =>
  <P extends object>(component: ComponentType<P>, props: P, route: string) =>
    renderDocument(component, props, route, templates.overrides);

/** What a doc's Markdown renders with React: the category cards and, when the site overrides it, the support badge. */
function markdownParts(templates: Templates) {
  const { overrides } = templates;
  const badge = overrides.SupportBadge;
  return {
    cardsHtml: (cards: CategoryCard[]) => renderFragment(templates.CardList, { cards }, overrides),
    badgeHtml: badge ? (level: SupportLevel) => renderFragment(badge, { level }, overrides) : null,
  };
}

/**
 * The page's HTML as written (its sidebar stamped), its reading (read once: its links and ids, a doc
 * page's search blocks) and its payload for client navigation, when it has one.
 */
function finish(
  plan: PagePlan,
  rendered: string,
): { html: string; page: PageReading; attachments: [string, string][] } {
  const page = readPage(rendered, { blocks: plan.kind === "doc" });
  const { html, payload } = withPayload(rendered, page);
  return { html, page, attachments: plan.payload && payload !== null ? [[plan.payload, payload]] : [] };
}

/** Doc pages rendered from Markdown and waiting for the code they show, at most this many. */
const MAX_WAITING = 256;

/** A doc page rendered from Markdown, waiting for its code blocks. */
interface WaitingDoc {
  plan: PagePlan;
  doc: RenderedDoc;
  /** Its blocks not highlighted when last looked at. */
  missing: string[];
}

/**
 * Renders the doc pages of `plans`: each page's Markdown first (its code blocks queued to be
 * highlighted on another thread), then, as soon as its blocks and those of the pages before it
 * are highlighted, the page itself. The Markdown runs ahead of highlighting by a bounded number of
 * pages, so a page waits for its blocks only where it is written, and pages stream out in the
 * order they come.
 */
async function renderDocPages(
  plans: PagePlan[],
  context: RenderContext,
  descriptions: Map<string, string>,
  made: (page: MadePage) => Promise<void>,
): Promise<void> {
  const { code, templates } = context;
  await context.markdown.load();
  const parts = markdownParts(templates);
  const page = pageOf(templates);
  const pause = pauses();
  const waiting: WaitingDoc[] = [];
  /** Writes the waiting pages, first to last, up to the first whose blocks are not all highlighted. */
  const writeReady = async () => {
    while (waiting.length) {
      const w = waiting[0];
      w.missing = w.missing.filter((key) => !code.highlighted(key));
      if (w.missing.length) return;
      waiting.shift();
      await made(finishDoc(w, context, page, descriptions));
    }
  };
  /**
   * Waits for the blocks of the first waiting page (the time counts as highlighting's). Then it is
   * ready: a placeholder no block was queued for (one the author wrote) is never highlighted, and
   * is filled with nothing.
   */
  const waitForFirst = async () => {
    const w = waiting[0];
    const waited = performance.now();
    await code.highlightPending([w.doc.page.html]);
    context.meter?.time("highlighting", performance.now() - waited);
    w.missing = [];
  };
  for (const plan of plans) {
    const doc = timed(context.meter, "markdown", () => renderDoc(plan.doc!, { ...context, ...parts }));
    waiting.push({ plan, doc, missing: code.missing(doc.page.html) });
    await writeReady();
    if (waiting.length >= MAX_WAITING) {
      await waitForFirst();
      await writeReady();
    }
    await pause();
  }
  while (waiting.length) {
    await waitForFirst();
    await writeReady();
  }
}

/** A doc page whose code is highlighted, with its search records and Markdown copy. */
function finishDoc(
  { plan, doc }: WaitingDoc,
  context: RenderContext,
  page: ReturnType<typeof pageOf>,
  descriptions: Map<string, string>,
): MadePage {
  const { model, config, site, templates, code, meter } = context;
  const data: DocPageData = { ...doc.page, html: timed(meter, "highlighting", () => code.fill(doc.page.html)) };
  const document = timed(meter, "react", () => page(templates.DocPage, { site, doc: data }, plan.route));
  const finished = finish(plan, document);
  const { html, attachments } = finished;
  const records = JSON.stringify(
    recordsOfDoc(data, lvl0Of(model.sidebar, data.id), config.url, finished.page.blocks ?? []),
  );
  descriptions.set(data.id, data.description);
  const copy: [string, string] = [markdownFileOf(plan.route, config.baseUrl), markdownCopy(plan.doc!, model, config)];
  const meta = metaOf(finished.page, {
    origins: [...doc.origins],
    records,
    description: data.description,
    attachments: [...attachments, copy],
  });
  return {
    plan,
    html,
    meta,
    info: { warnings: doc.warnings, images: doc.images.map((i) => [i.file, i.hash, i.path]) },
  };
}

/**
 * Renders the pages of `plans` (doc pages first), handing each to `made` as soon as it is done,
 * so pages stream to the store and the output instead of piling up in memory.
 */
export async function renderPages(
  plans: PagePlan[],
  context: RenderContext,
  made: (page: MadePage) => Promise<void>,
): Promise<void> {
  const { model, config, meter } = context;
  const descriptions = new Map<string, string>();
  const docPlans = plans.filter((p) => p.kind === "doc");
  let done = 0;
  const counted = async (one: MadePage) => {
    await made(one);
    meter?.rendered(++done, plans.length);
  };
  if (docPlans.length) await renderDocPages(docPlans, context, descriptions, counted);
  const describe = (id: string) => descriptions.get(id) ?? context.storedDescription(id) ?? "";
  for (const plan of plans) {
    if (plan.kind === "doc") continue;
    const {
      html,
      page: reading,
      attachments,
    } = finish(
      plan,
      timed(meter, "react", () => renderOther(plan, context, describe)),
    );
    // A redirect page's only link is its target, checked against the routes when it was planned.
    // A category's generated page has a Markdown copy listing its items, as a doc has.
    if (plan.category)
      attachments.push([markdownFileOf(plan.route, config.baseUrl), categoryCopy(plan.category, model, config)]);
    const meta = plan.kind === "redirect" ? metaOf(null) : metaOf(reading, attachments.length ? { attachments } : {});
    await counted({ plan, html, meta, info: { warnings: [], images: [] } });
  }
}

function renderOther(
  plan: PagePlan,
  { model, site, templates, config }: RenderContext,
  describe: (id: string) => string,
): string {
  const page = pageOf(templates);
  switch (plan.kind) {
    case "category": {
      const doc = categoryPageData(plan.category!, model, config, markdownParts(templates).cardsHtml);
      return page(templates.DocPage, { site, doc }, plan.route);
    }
    case "redirect":
      return redirectPage(plan.redirect!, config, site.cspMeta);
    case "home":
      return page(
        templates.HomePage,
        { site, categories: homeCardsOf(model), guideCount: guideCountOf(model) },
        plan.route,
      );
    case "tags":
      return page(templates.TagsPage, { site, tags: [...model.tags.values()].map((t) => t.summary) }, plan.route);
    case "tag": {
      const docs = tagDocsOf(model, plan.tag!).map((d) => ({
        title: d.title,
        href: model.info.get(d.id)!.permalink,
        description: describe(d.id),
      }));
      return page(templates.TagPage, { site, tag: model.tags.get(plan.tag!)!.summary, docs }, plan.route);
    }
    case "search":
      return page(templates.SearchPage, { site }, plan.route);
    case "notFound":
      return page(templates.NotFound, { site }, plan.route);
    default:
      throw new Error(`no template for ${plan.kind} pages`);
  }
}
