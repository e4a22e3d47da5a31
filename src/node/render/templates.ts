// Loads the React page templates and checks each has a default export to render.
import path from "node:path";
import { existsSync } from "node:fs";
import type { ComponentType } from "react";
import type { TemplateName } from "../../shared/types.ts";
import type { CardListProps, DocPageProps, HomePageProps, NotFoundProps, SearchPageProps, TagPageProps, TagsPageProps } from "../../shared/template-props.ts";
import { SsodocsError } from "../errors.ts";
import { importModule, type ModuleImporter } from "../import-module.ts";

export interface Templates {
  DocPage: ComponentType<DocPageProps>;
  HomePage: ComponentType<HomePageProps>;
  TagsPage: ComponentType<TagsPageProps>;
  TagPage: ComponentType<TagPageProps>;
  SearchPage: ComponentType<SearchPageProps>;
  NotFound: ComponentType<NotFoundProps>;
  CardList: ComponentType<CardListProps>;
}

const PAGE_TEMPLATES: (Exclude<TemplateName, "Layout"> | "components/CardList")[] = [
  "DocPage",
  "HomePage",
  "TagsPage",
  "TagPage",
  "SearchPage",
  "NotFound",
  "components/CardList",
];

export async function loadTemplate(file: string, importer: ModuleImporter = importModule): Promise<ComponentType<never>> {
  if (!existsSync(file)) throw new SsodocsError("page template not found", { file });
  let mod: { default?: unknown };
  try {
    mod = await importer(file);
  } catch (error) {
    if (error instanceof SsodocsError) throw error;
    throw new SsodocsError(`page template could not be loaded: ${(error as Error).message}`, { file });
  }
  if (typeof mod.default !== "function") {
    throw new SsodocsError("the page component has no default export, so nothing can be rendered; add `export default function ...`", { file });
  }
  return mod.default as ComponentType<never>;
}

export async function loadTemplates(dir: string, importer: ModuleImporter = importModule): Promise<Templates> {
  const entries = await Promise.all(
    PAGE_TEMPLATES.map(async (name) => [name.replace("components/", ""), await loadTemplate(path.join(dir, `${name}.tsx`), importer)] as const),
  );
  return Object.fromEntries(entries) as unknown as Templates;
}
