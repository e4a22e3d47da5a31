// Loads the React page templates and checks each has a default export to render; a site's
// overrides of them (render/overrides.ts) take their places.
import path from "node:path";
import { existsSync } from "node:fs";
import type { ComponentType } from "react";
import type { TemplateName } from "../../shared/types.ts";
import type { ComponentOverrides } from "../../shared/overridable.ts";
import type {
  DocCardListProps,
  DocPageProps,
  HomePageProps,
  NotFoundProps,
  SearchPageProps,
  TagPageProps,
  TagsPageProps,
} from "../../shared/template-props.ts";
import { SsodocsError } from "../errors.ts";
import { importBundled, type ModuleInputs } from "../bundled-import.ts";
import { loadOverrides, type OverrideFile } from "./overrides.ts";
import { DIST, PACKAGE_ROOT } from "../paths.ts";
import { toolStamp } from "../paths.ts";
import { hashOf } from "../util/hash.ts";
import { pathToFileURL } from "node:url";

export interface Templates {
  DocPage: ComponentType<DocPageProps>;
  HomePage: ComponentType<HomePageProps>;
  TagsPage: ComponentType<TagsPageProps>;
  TagPage: ComponentType<TagPageProps>;
  SearchPage: ComponentType<SearchPageProps>;
  NotFound: ComponentType<NotFoundProps>;
  CardList: ComponentType<DocCardListProps>;
  /** The site's overrides of the components the templates render (none: ssodocs's own everywhere). */
  overrides: ComponentOverrides;
}

/** The templates a site's override of the same name replaces (its own `DocCardList` stands for the cards). */
const PAGE_OVERRIDES = ["DocPage", "HomePage", "TagsPage", "TagPage", "SearchPage", "NotFound"] as const;

const PAGE_TEMPLATES: (Exclude<TemplateName, "Layout"> | "components/CardList")[] = [
  "DocPage",
  "HomePage",
  "TagsPage",
  "TagPage",
  "SearchPage",
  "NotFound",
  "components/CardList",
];

/** The default templates' sources (watch mode watches them); they run compiled, from dist/templates. */
export const DEFAULT_TEMPLATES = path.join(PACKAGE_ROOT, "templates");

/** The stamp of ssodocs's own templates: they are part of the tool. */
export const defaultTemplatesStamp = () => hashOf("default-templates", toolStamp());

/**
 * Loads the page templates of a site's folder, bundled by esbuild, with the files they were made
 * from; or, for null, ssodocs's own, compiled with the tool (no bundling at build time). The
 * site's overrides are bundled apart and replace the components they name.
 */
export async function loadTemplates(
  dir: string | null,
  overrideFiles: OverrideFile[] = [],
): Promise<{ templates: Templates; inputs: ModuleInputs }> {
  const [own, overridden] = await Promise.all([pageTemplates(dir), loadOverrides(overrideFiles)]);
  const { overrides } = overridden;
  const templates: Templates = { ...own.templates, overrides };
  for (const name of PAGE_OVERRIDES) if (overrides[name]) Object.assign(templates, { [name]: overrides[name] });
  if (overrides.DocCardList) templates.CardList = overrides.DocCardList;
  const inputs = [...own.inputs, ...overridden.inputs];
  return {
    templates,
    inputs: [...new Map(inputs.map((i) => [i[0], i])).values()].sort(([a], [b]) => (a < b ? -1 : 1)),
  };
}

async function pageTemplates(
  dir: string | null,
): Promise<{ templates: Omit<Templates, "overrides">; inputs: ModuleInputs }> {
  const files = dir
    ? PAGE_TEMPLATES.map((name) => path.join(dir, `${name}.tsx`))
    : PAGE_TEMPLATES.map((name) => path.join(DIST, "templates", `${name}.mjs`));
  for (const file of files) if (!existsSync(file)) throw new SsodocsError("page template not found", { file });
  let imported: { modules: { default?: unknown }[]; inputs: ModuleInputs };
  try {
    imported = dir
      ? await importBundled<{ default?: unknown }>(files)
      : { modules: await Promise.all(files.map((f) => import(pathToFileURL(f).href))), inputs: [] };
  } catch (error) {
    if (error instanceof SsodocsError) throw error;
    throw new SsodocsError(`page templates could not be loaded: ${(error as Error).message}`, { file: files[0] });
  }
  const entries = imported.modules.map((mod, i) => {
    if (typeof mod.default !== "function") {
      throw new SsodocsError(
        "the page component has no default export, so nothing can be rendered; add `export default function ...`",
        { file: files[i] },
      );
    }
    return [PAGE_TEMPLATES[i].replace("components/", ""), mod.default] as const;
  });
  return { templates: Object.fromEntries(entries) as unknown as Omit<Templates, "overrides">, inputs: imported.inputs };
}
