// `ssodocs new <service>`: a new guide from the template guide, with its front matter filled
// in, in its category: listed in the grouped sidebar file (`services/<service>/index.md`; the
// entry put in its place, every other byte of the file left as it is), or put in the category's
// folder where the sidebar is made from folders (`<category>/<service>/index.md`). Its
// description is a placeholder that `ssodocs check` fails on until it is written.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readSiteInputs } from "./pipeline/inputs.ts";
import type { LoadedConfig } from "./config.ts";
import { docSlugOf } from "./content/doc-ids.ts";
import { docPermalink } from "./content/routes.ts";
import { buildContentModel } from "./content/site.ts";
import { positionOf, SsodocsError, Warnings } from "./errors.ts";
import { DEFAULT_GUIDES_DIR, type GroupedSidebar, guidesDirOf, isGroupedSidebar } from "./sidebar-data.ts";
import { insertIntoArray, jsonAt, jsonTree } from "./util/json-places.ts";

const SERVICE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TEMPLATE = "template/service.md";
const PLACEHOLDER_NAME = "Service Name";
/** The description a new guide starts with: search results and link previews show a description, and `check` fails on this one. */
export const DESCRIPTION_PLACEHOLDER =
  "TODO: say in one sentence what this guide sets up (search results and link previews show it)";

export interface NewGuideOptions {
  service: string;
  name?: string;
  category?: string;
  /** The grouped sidebar file (`sidebar.json` beside the config unless given). */
  sidebarFile?: string;
}

export interface NewGuide {
  file: string;
  route: string;
  category: string | null;
  sidebarFile: string | null;
}

/** `grafana` -> `Grafana`, `home-assistant` -> `Home Assistant`. */
function displayNameOf(slug: string): string {
  return slug
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

const yamlString = (s: string) => (/^[\w .()/+-]+$/.test(s) && !/^[\d.]+$/.test(s) ? s : JSON.stringify(s));

/** The name as Markdown text: HTML's and Markdown's special characters shown as themselves. */
function markdownText(text: string): string {
  return text
    .replace(/[\\`*_{}[\]()#+!|~]/g, (c) => `\\${c}`)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** The name inside a code span that held the placeholder: as it is, with delimiters longer than any run of backticks in it. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = "`".repeat(longest + 1);
  return longest ? `${ticks} ${text} ${ticks}` : `${ticks}${text}${ticks}`;
}

/** Puts the service's name where the template says "Service Name": raw in code spans, escaped elsewhere. */
function withName(body: string, name: string): string {
  return body
    .split(/(`[^`\n]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? part === `\`${PLACEHOLDER_NAME}\``
          ? codeSpan(name)
          : part.replaceAll(PLACEHOLDER_NAME, name)
        : part.replaceAll(PLACEHOLDER_NAME, markdownText(name)),
    )
    .join("");
}

/** The template guide with the service's name, host name and front matter. */
function guideFromTemplate(template: string, slug: string, name: string): string {
  const match = /^---\n[\s\S]*?\n---\n/.exec(template);
  const body = (match ? template.slice(match[0].length) : template)
    .replace(/^<!-- Replace "Service Name"[^\n]*-->\n\n?/m, "")
    .replaceAll("service.company", `${slug}.company`);
  const frontMatter = [
    `title: ${yamlString(`Integrate with ${name}`)}`,
    `sidebar_label: ${yamlString(name)}`,
    `description: ${JSON.stringify(DESCRIPTION_PLACEHOLDER)}`,
    "support_level: community",
  ];
  return `---\n${frontMatter.join("\n")}\n---\n\n${withName(body, name).replace(/^\n+/, "")}`;
}

/** Where the new guide goes: a category's folder, and the grouped sidebar file to list it in (none for folders). */
interface Placement {
  dir: string;
  category: string | null;
  sidebarFile: string | null;
  /** Lists the guide in the grouped sidebar file (called once the guide is written). */
  list(): void;
}

/** The grouped `sidebar.json`: the guide goes in its category's folder and is listed in the file. */
function groupedPlacement(loaded: LoadedConfig, file: string, options: NewGuideOptions, slug: string): Placement {
  const { data, text } = readJson(file, loaded) as { data: GroupedSidebar; text: string };
  const tree = jsonTree(text);
  const categories = data.applications.categories;
  const names = categories.map((c) => `"${c.label}"`).join(", ");
  // Problems with the category point at the file's list of categories.
  const at = jsonAt(tree, ["applications", "categories"]);
  const where = { file, ...(at ? positionOf(text, at.keyStart) : {}) };
  if (!options.category)
    throw new SsodocsError(`say which sidebar category the guide belongs to with --category; one of ${names}`, where);
  const wanted = options.category.trim().toLowerCase();
  const index = categories.findIndex((c) => c.label.toLowerCase() === wanted);
  if (index < 0) throw new SsodocsError(`no sidebar category "${options.category}"; one of ${names}`, where);
  const found = categories[index];
  return {
    dir: guidesDirOf(data, found),
    category: found.label,
    sidebarFile: file,
    list() {
      // In its place: before the first entry that sorts after it (the list is kept sorted), the rest as it was.
      const services = jsonAt(tree, ["applications", "categories", index, "services"])!.node;
      const before = found.services.findIndex((s) => s > slug);
      writeFileSync(
        file,
        insertIntoArray(text, services, before < 0 ? found.services.length : before, JSON.stringify(slug)),
      );
    },
  };
}

/**
 * Category folders (a sidebars module whose categories are autogenerated from folders): the
 * guide goes in its category's folder as `<folder>/<service>/index.md`, which the sidebar lists
 * by itself.
 */
function folderPlacement(loaded: LoadedConfig, options: NewGuideOptions): Placement | null {
  const inputs = readSiteInputs(loaded);
  const model = buildContentModel(inputs, loaded, new Warnings(), { drafts: true });
  const folders = [...model.sidebar.dirs].filter(([, dir]) => dir);
  if (!folders.length) return null;
  const names = [...new Set(folders.map(([node]) => `"${node.label}"`))].join(", ");
  const file = loaded.sidebars[0]?.file ?? loaded.file;
  if (!options.category)
    throw new SsodocsError(`say which sidebar category the guide belongs to with --category; one of ${names}`, {
      file,
    });
  const wanted = options.category.trim().toLowerCase();
  const found = folders.find(([node, dir]) => node.label.toLowerCase() === wanted || dir.toLowerCase() === wanted);
  if (!found) throw new SsodocsError(`no sidebar category "${options.category}"; one of ${names}`, { file });
  return { dir: found[1], category: found[0].label, sidebarFile: null, list() {} };
}

export function createGuide(loaded: LoadedConfig, options: NewGuideOptions): NewGuide {
  const slug = options.service;
  if (!SERVICE_SLUG.test(slug)) {
    throw new SsodocsError(
      `"${slug}" is not a valid service slug: use lower-case letters, digits and single hyphens, such as "home-assistant"`,
    );
  }
  const templateFile = path.join(loaded.docsDir, TEMPLATE);
  if (!existsSync(templateFile))
    throw new SsodocsError(`the template guide ${TEMPLATE} is missing from the docs folder`, { file: templateFile });
  if (options.name !== undefined && /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(options.name)) {
    throw new SsodocsError("--name may not contain control characters or line breaks");
  }
  const name = options.name?.trim() || displayNameOf(slug);

  // The category first: a bad one changes nothing.
  const groupedFile = path.resolve(
    loaded.root,
    options.sidebarFile ?? loaded.config.docs.sidebarPath ?? "sidebar.json",
  );
  // Read, and written back, only through the input gate: a link must not lead the write elsewhere.
  const grouped = existsSync(groupedFile) && isGroupedSidebar(readJson(groupedFile, loaded).data);
  if (options.sidebarFile && !existsSync(groupedFile))
    throw new SsodocsError("sidebar file not found", { file: groupedFile });
  const placement = grouped
    ? groupedPlacement(loaded, groupedFile, options, slug)
    : (folderPlacement(loaded, options) ?? {
        dir: DEFAULT_GUIDES_DIR,
        category: null,
        sidebarFile: null,
        list() {},
      });
  const dir = path.join(loaded.docsDir, placement.dir, slug);
  for (const ext of ["md", "mdx"]) {
    const existing = path.join(dir, `index.${ext}`);
    if (existsSync(existing)) throw new SsodocsError(`a guide for "${slug}" exists already`, { file: existing });
  }
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "index.md");
  writeFileSync(file, guideFromTemplate(loaded.inputFiles.readText(templateFile, "doc"), slug, name));
  placement.list();
  // The new guide has no slug: its route is the one its path gives.
  const relativePath = path.posix.join(placement.dir, slug, "index.md");
  const route = docPermalink({ slug: docSlugOf({ relativePath, frontMatter: {} }) }, loaded.config);
  return { file, route, category: placement.category, sidebarFile: placement.sidebarFile };
}

function readJson(file: string, loaded: LoadedConfig): { data: unknown; text: string } {
  const text = loaded.inputFiles.readText(file, "sidebars");
  try {
    return { data: JSON.parse(text), text };
  } catch {
    return { data: null, text };
  }
}
