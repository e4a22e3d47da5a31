// The second stage: what every page is made from (the site view, the templates and the site's
// component overrides, the tool), each page's key, and the renderers, loaded only when a page must
// be rendered. The templates are loaded only then too: their stamp comes from the files they were
// last made from, as long as each still hashes the same.
import type { SiteView } from "../../shared/template-props.ts";
import path from "node:path";
import type { SiteConfig } from "../../shared/types.ts";
import { hashOfInputs, inputsUnchanged, type ModuleInputs } from "../bundled-import.ts";
import { toolStamp } from "../paths.ts";
import { ProjectPaths } from "../project-paths.ts";
import { hashOf, hashOfAll } from "../util/hash.ts";
import type { LoadedConfig } from "../config.ts";
import type { ContentModel } from "../content/site.ts";
import { SsodocsError, type Warnings } from "../errors.ts";
import { type CodeRenderer, createCodeRenderer } from "../markdown/code.ts";
import { createMarkdownRenderer, type MarkdownRenderer } from "../markdown/index.ts";
import { markdownStampOf } from "../markdown/plugin-list.ts";
import { clientAssets, type ClientAssets } from "../render/assets.ts";
import { contentSecurityPolicy } from "../render/csp.ts";
import { type SiteStylesheet, siteStylesheet } from "../render/site-css.ts";
import { type PagePlan, planPages, type SiteStamps, siteStampOf, structureStampOf } from "./keys.ts";
import { siteViewOf } from "../render/site-view.ts";
import { findOverrides, type OverrideFile } from "../render/overrides.ts";
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
  /** The site's own stylesheets (customCss), bundled: linked by every page, their files part of the output. */
  styles: SiteStylesheet;
  csp: string;
  stamps: SiteStamps;
  plans: PagePlan[];
  /** Whether the store holds the page, with every image it copies unchanged. */
  stored(plan: PagePlan): boolean;
  /** The code renderer of the site's languages (its highlighting starts as soon as blocks are queued). */
  code(): CodeRenderer;
  /** The templates, the Markdown renderer and the code renderer, loaded on first use. */
  renderers(): Promise<{ templates: Templates; markdown: MarkdownRenderer; code: CodeRenderer }>;
  /** A hash of the page keys and output files: links need no validating again when it is the last validated one. */
  validationStamp(pages: { plan: PagePlan }[], files: Set<string>): string;
}

/**
 * Renderers kept from one build to the next (watch mode keeps one): the templates by their stamp,
 * the code renderer by the languages loaded, the Markdown renderer by its code renderer and the
 * site's plugins (the very functions: a config loaded again brings new ones). A build starts with
 * an empty one.
 */
export interface RendererCache {
  templates?: { stamp: string; templates: Templates };
  code?: { languages: string; code: CodeRenderer };
  markdown?: { code: CodeRenderer; plugins: SiteConfig["markdown"]["plugins"]; markdown: MarkdownRenderer };
}

/** Whether two plugin lists name the same functions with the same options. */
function samePlugins(a: SiteConfig["markdown"]["plugins"], b: SiteConfig["markdown"]["plugins"]): boolean {
  const parts = (entry: (typeof a)[number]) => (Array.isArray(entry) ? entry : [entry]);
  return (
    a.length === b.length &&
    a.every((entry, i) => {
      const [x, y] = [parts(entry), parts(b[i])];
      return x.length === y.length && x.every((part, j) => part === y[j]);
    })
  );
}

/**
 * The templates' stamp (the site's own templates and its overrides, with every file they import),
 * from the files they were made from as keys name them (project-paths.ts): from the files they
 * were last made from when all still hash the same (kept by their paths from the project root, so
 * a second checkout finds them), else by loading them. ssodocs's own templates alone are part of the tool.
 */
async function templatesStamp(
  loaded: LoadedConfig,
  overrides: OverrideFile[],
  paths: ProjectPaths,
  shortcuts: BuildShortcuts,
  cache: RendererCache,
): Promise<string> {
  const dir = loaded.templatesDir;
  if (!dir && overrides.length === 0) return defaultTemplatesStamp();
  const stampOf = (inputs: ModuleInputs) => hashOfInputs(paths.inputNames(inputs));
  // The shortcut holds for these very sources: the templates' folder and the override files.
  const sources = JSON.stringify([dir && paths.keep(dir), ...overrides.map((o) => paths.keep(o.file))]);
  const recorded = shortcuts.templates;
  if (recorded?.dir === sources) {
    const inputs = recorded.inputs.map(([file, hash]): [string, string] => [paths.find(file), hash]);
    if (inputsUnchanged(inputs)) return stampOf(inputs);
  }
  const loadedTemplates = await loadTemplates(dir, overrides);
  shortcuts.templates = {
    dir: sources,
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
  warnings: Warnings,
  cache: RendererCache = {},
): Promise<PreparedSite> {
  const { config } = loaded;
  const store = caches.pages;
  const client = clientAssets(config);
  const overrides = findOverrides(loaded.themeDir);
  const paths = new ProjectPaths(loaded.file);
  const templatesHash = await templatesStamp(loaded, overrides, paths, caches.shortcuts, cache);
  // Its URL is named by its content's hash: in the site view, so in every page's key.
  const styles = await siteStylesheet(loaded, caches.shortcuts, warnings);
  const site = siteViewOf(config, client, styles.url);
  const stamps: SiteStamps = {
    tool: toolStamp(),
    templates: templatesHash,
    site: siteStampOf(site, loaded.inputs, paths),
    structure: structureStampOf(model, inputs.categories),
    markdown: markdownStampOf(config.markdown),
    languages: inputs.languages,
  };
  const plans = planPages(model, site, stamps, loaded.file);
  let renderers: ReturnType<PreparedSite["renderers"]> | null = null;
  const code = () => {
    const languages = inputs.languages.join(",");
    if (cache.code?.languages !== languages) {
      cache.code?.code.close();
      cache.code = { languages, code: createCodeRenderer(inputs.languages, caches.code) };
    }
    return cache.code.code;
  };
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
    styles,
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
          const fresh = await loadTemplates(loaded.templatesDir, overrides);
          // Changed since the keys were worked out: the keys would not say what the pages are made from.
          if (
            (loaded.templatesDir || overrides.length) &&
            hashOfInputs(paths.inputNames(fresh.inputs)) !== templatesHash
          )
            throw new SsodocsError("the templates changed while the site was being built; build again");
          cache.templates = { stamp: templatesHash, templates: fresh.templates };
        }
        const codeRenderer = code();
        const plugins = config.markdown.plugins;
        if (cache.markdown?.code !== codeRenderer || !samePlugins(cache.markdown.plugins, plugins)) {
          const markdown = createMarkdownRenderer(codeRenderer, { list: plugins, configFile: loaded.file });
          cache.markdown = { code: codeRenderer, plugins, markdown };
        }
        return { templates: cache.templates.templates, markdown: cache.markdown.markdown, code: codeRenderer };
      })();
      return renderers;
    },
    code,
    validationStamp(pages, files) {
      return hashOfAll(["validated-v1", config.baseUrl, ...pages.map((p) => p.plan.key), ...[...files].sort()]);
    },
  };
}
