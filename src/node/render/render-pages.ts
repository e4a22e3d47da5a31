// Renders the pages a build did not find in the store: the docs' Markdown first (their code
// blocks queued), then the code highlighted once for all, then each page with React. What each
// page is made from is what its key hashes (plan.ts): the doc, the model, the site view, the
// templates and the code renderer of the site's languages.
import type { ComponentType } from "react";
import type { CategoryCard, SiteView } from "../../shared/template-props.ts";
import type { DocPageData, DocSearchRecord, SiteConfig, SupportLevel } from "../../shared/types.ts";
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
  /** A doc page's search records. */
  records: DocSearchRecord[] | null;
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

/**
 * Renders the pages of `plans` (doc pages first), handing each to `made` as soon as it is done,
 * so pages stream to the store and the output instead of piling up in memory.
 */
export async function renderPages(
  plans: PagePlan[],
  context: RenderContext,
  made: (page: MadePage) => Promise<void>,
): Promise<void> {
  const { model, config, site, templates, code, meter } = context;
  const descriptions = new Map<string, string>();
  const docPlans = plans.filter((p) => p.kind === "doc");
  let done = 0;
  const counted = async (one: MadePage) => {
    await made(one);
    meter?.rendered(++done, plans.length);
  };
  if (docPlans.length) {
    await context.markdown.load();
    const parts = markdownParts(templates);
    const page = pageOf(templates);
    const pause = pauses();
    const rendered: [PagePlan, RenderedDoc][] = [];
    for (const plan of docPlans) {
      rendered.push([plan, timed(meter, "markdown", () => renderDoc(plan.doc!, { ...context, ...parts }))]);
      await pause();
    }
    const waited = performance.now();
    await code.highlightPending(rendered.map(([, doc]) => doc.page.html));
    meter?.time("highlighting", performance.now() - waited);
    for (const [plan, doc] of rendered) {
      await pause();
      const data: DocPageData = { ...doc.page, html: timed(meter, "highlighting", () => code.fill(doc.page.html)) };
      const document = timed(meter, "react", () => page(templates.DocPage, { site, doc: data }, plan.route));
      const finished = finish(plan, document);
      const { html, attachments } = finished;
      const records = recordsOfDoc(data, lvl0Of(model.sidebar, data.id), config.url, finished.page.blocks ?? []);
      descriptions.set(data.id, data.description);
      const copy: [string, string] = [
        markdownFileOf(plan.route, config.baseUrl),
        markdownCopy(plan.doc!, model, config),
      ];
      const meta = metaOf(finished.page, {
        origins: [...doc.origins],
        records,
        description: data.description,
        attachments: [...attachments, copy],
      });
      await counted({
        plan,
        html,
        meta,
        info: { warnings: doc.warnings, images: doc.images.map((i) => [i.file, i.hash, i.path]) },
      });
    }
  }
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
