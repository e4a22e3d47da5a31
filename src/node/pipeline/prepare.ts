// The second stage: what every page is made from (the site view, the templates, the tool), each
// page's key, and the renderers, loaded only when a page must be rendered. The templates are
// loaded only then too: their stamp comes from the files they were last made from, as long as
// each still hashes the same.
import path from "node:path";
import type { SiteView } from "../../shared/template-props.ts";
import type { SiteConfig } from "../../shared/types.ts";
import { hashOfInputs, inputsUnchanged, type ModuleInputs } from "../bundled-import.ts";
import { toolStamp } from "../paths.ts";
import { ProjectPaths } from "../project-paths.ts";
import { hashOf } from "../util/hash.ts";
import type { LoadedConfig } from "../config.ts";
import type { ContentModel } from "../content/site.ts";
import { SsodocsError } from "../errors.ts";
import { type CodeRenderer, createCodeRenderer } from "../markdown/code.ts";
import { createMarkdownRenderer, type MarkdownRenderer } from "../markdown/index.ts";
import { clientAssets, type ClientAssets } from "../render/assets.ts";
import { contentSecurityPolicy } from "../render/csp.ts";
import { type PagePlan, planPages, type SiteStamps, siteStampOf, structureStampOf } from "./keys.ts";
import { siteViewOf } from "../render/site-view.ts";
import { defaultTemplatesStamp, loadTemplates, type Templates } from "../render/templates.ts";
import type { SiteCaches } from "../store/index.ts";
import type { BuildShortcuts } from "../store/shortcuts.ts";
import type { SiteInputs } from "./inputs.ts";

export interface PreparedSite {
  loaded: LoadedConfig;
  config: SiteConfig;
  inputs: SiteInputs;
  model: ContentModel;
  site: SiteView;
  client: ClientAssets;
  csp: string;
  stamps: SiteStamps;
  plans: PagePlan[];
  /** Whether the store holds the page, with every image it copies unchanged. */
  stored(plan: PagePlan): boolean;
  /** The templates, the Markdown renderer and the code renderer, loaded on first use. */
  renderers(): Promise<{ templates: Templates; markdown: MarkdownRenderer; code: CodeRenderer }>;
  /** A hash of the page keys and output files: links need no validating again when it is the last validated one. */
  validationStamp(pages: { plan: PagePlan }[], files: Set<string>): string;
}

/**
 * Renderers kept from one build to the next (watch mode keeps one): the templates by their stamp,
 * the Markdown and code renderers by the languages loaded. A build starts with an empty one.
 */
export interface RendererCache {
  templates?: { stamp: string; templates: Templates };
  code?: { languages: string; code: CodeRenderer; markdown: MarkdownRenderer };
}

/**
 * The templates' stamp, from the files they were made from as keys name them (project-paths.ts):
 * from the files they were last made from when all still hash the same (kept by their paths from
 * the project root, so a second checkout finds them), else by loading them.
 */
async function templatesStamp(
  loaded: LoadedConfig,
  paths: ProjectPaths,
  shortcuts: BuildShortcuts,
  cache: RendererCache,
): Promise<string> {
  const dir = loaded.templatesDir;
  if (!dir) return defaultTemplatesStamp();
  const stampOf = (inputs: ModuleInputs) => hashOfInputs(paths.inputNames(inputs));
  const recorded = shortcuts.templates;
  if (recorded?.dir === paths.keep(dir)) {
    const inputs = recorded.inputs.map(([file, hash]): [string, string] => [paths.find(file), hash]);
    if (inputsUnchanged(inputs)) return stampOf(inputs);
  }
  const loadedTemplates = await loadTemplates(loaded.templatesDir);
  shortcuts.templates = {
    dir: paths.keep(dir),
    inputs: loadedTemplates.inputs.map(([file, hash]) => [paths.keep(file), hash]),
  };
  cache.templates = { stamp: stampOf(loadedTemplates.inputs), templates: loadedTemplates.templates };
  return cache.templates.stamp;
}

export async function prepareSite(
  loaded: LoadedConfig,
  inputs: SiteInputs,
  model: ContentModel,
  caches: SiteCaches,
  cache: RendererCache = {},
): Promise<PreparedSite> {
  const { config } = loaded;
  const store = caches.pages;
  const client = clientAssets(config);
  const paths = new ProjectPaths(loaded.file);
  const templatesHash = await templatesStamp(loaded, paths, caches.shortcuts, cache);
  const site = siteViewOf(config, client);
  const stamps: SiteStamps = {
    tool: toolStamp(),
    templates: templatesHash,
    site: siteStampOf(site, loaded.inputs, paths),
    structure: structureStampOf(model, inputs.categories),
    languages: inputs.languages,
  };
  const plans = planPages(model, site, stamps, loaded.file);
  let renderers: ReturnType<PreparedSite["renderers"]> | null = null;
  const imageHashes = new Map<string, string | null>();
  // The store names an image by its path in the docs folder (produce.ts).
  const imageUnchanged = ([name, hash]: [string, string, string]) => {
    const file = path.join(loaded.docsDir, name);
    if (!imageHashes.has(file)) {
      try {
        imageHashes.set(file, hashOf(loaded.inputFiles.read(file, "image")));
      } catch {
        imageHashes.set(file, null);
      }
    }
    return imageHashes.get(file) === hash;
  };
  return {
    loaded,
    config,
    inputs,
    model,
    site,
    client,
    csp: contentSecurityPolicy([client.beforePaintScript, client.siteChecksScript], config),
    stamps,
    plans,
    stored(plan) {
      const info = store.info(plan.key);
      return !!info && info.images.every(imageUnchanged);
    },
    renderers() {
      renderers ??= (async () => {
        if (cache.templates?.stamp !== templatesHash) {
          const fresh = await loadTemplates(loaded.templatesDir);
          // Changed since the keys were worked out: the keys would not say what the pages are made from.
          if (loaded.templatesDir && hashOfInputs(paths.inputNames(fresh.inputs)) !== templatesHash)
            throw new SsodocsError("the templates changed while the site was being built; build again");
          cache.templates = { stamp: templatesHash, templates: fresh.templates };
        }
        const languages = inputs.languages.join(",");
        if (cache.code?.languages !== languages) {
          const code = createCodeRenderer(inputs.languages, caches.code);
          cache.code = { languages, code, markdown: createMarkdownRenderer(code) };
        }
        return { templates: cache.templates.templates, markdown: cache.code.markdown, code: cache.code.code };
      })();
      return renderers;
    },
    validationStamp(pages, files) {
      return hashOf("validated-v1", config.baseUrl, ...pages.map((p) => p.plan.key), ...[...files].sort());
    },
  };
}
