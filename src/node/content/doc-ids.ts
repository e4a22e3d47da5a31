// A doc's id and slug, as Docusaurus 3 works them out from its path and front matter, so a site
// moving from Docusaurus keeps its doc ids (which its sidebars name) and its URLs:
// - number prefixes (`01-intro.md`, `2. Setup/`) are stripped from file and folder names, unless
//   the doc says `parse_number_prefixes: false` (then its own file name and folders keep them);
// - the id is the folder path, then the front matter `id` or the file name: `guides/intro`;
// - the slug is the front matter `slug` (absolute, or relative to the doc's folder), else the
//   folder for a category index (`index.md`, `README.md` or `<folder>/<folder>.md`), else the
//   id's last part in its folder.
import path from "node:path";

/** `2021-11-foo` and `7.0-foo` look like dates and versions: Docusaurus reads no prefix in them. */
const IGNORED_PREFIX = /^\d+[-_.]\d+/;
const NUMBER_PREFIX = /^(\d+)\s*[-_.]+\s*([^-_.\s].*)$/;

/** `01-intro` -> { name: "intro", position: 1 }; `intro` -> { name: "intro" }. */
export function parseNumberPrefix(name: string): { name: string; position?: number } {
  if (IGNORED_PREFIX.test(name)) return { name };
  const match = NUMBER_PREFIX.exec(name);
  return match ? { name: match[2], position: Number.parseInt(match[1], 10) } : { name };
}

/** A folder path with the number prefix of each of its folders stripped. */
function stripPathPrefixes(dir: string): string {
  return dir
    .split("/")
    .map((part) => parseNumberPrefix(part).name)
    .join("/");
}

/** What an id and slug are made from: the file's path below the docs folder and a few front-matter keys. */
export interface DocPathInput {
  relativePath: string;
  frontMatter: { id?: string; slug?: string; parse_number_prefixes?: boolean };
}

/** The parts of a doc's path: its folder as written ("." at the root) and its file name without extension. */
export function pathParts(relativePath: string): { dir: string; base: string } {
  const posix = relativePath.replace(/\\/g, "/");
  const dir = path.posix.dirname(posix);
  return { dir, base: path.posix.basename(posix).replace(/\.mdx?$/, "") };
}

/** A category's own doc by Docusaurus's convention: `index`, `README` or the folder's own name (any case). */
export function isCategoryIndex(relativePath: string): boolean {
  const { dir, base } = pathParts(relativePath);
  const name = base.toLowerCase();
  const folder = dir === "." ? null : path.posix.basename(dir).toLowerCase();
  return name === "index" || name === "readme" || name === folder;
}

/** The doc's position among its siblings when a sidebar is made from the folders: front matter, else the file's number prefix. */
export function sidebarPositionOf(
  doc: DocPathInput & { frontMatter: { sidebar_position?: number } },
): number | undefined {
  if (doc.frontMatter.sidebar_position !== undefined) return doc.frontMatter.sidebar_position;
  if (doc.frontMatter.parse_number_prefixes === false) return undefined;
  return parseNumberPrefix(pathParts(doc.relativePath).base).position;
}

/** The last part of the id: front matter `id`, else the file name (its number prefix stripped). */
function baseIdOf({ relativePath, frontMatter }: DocPathInput): string {
  if (frontMatter.id !== undefined) return frontMatter.id;
  const { base } = pathParts(relativePath);
  return frontMatter.parse_number_prefixes === false ? base : parseNumberPrefix(base).name;
}

/** The doc's folder as it appears in its id and route. */
function idDirOf({ relativePath, frontMatter }: DocPathInput): string {
  const { dir } = pathParts(relativePath);
  if (dir === ".") return "";
  return frontMatter.parse_number_prefixes === false ? dir : stripPathPrefixes(dir);
}

/** `services/grafana/index.md` -> `services/grafana/index`; `02-guides/01-intro.md` -> `guides/intro`. */
export function docIdOf(doc: DocPathInput): string {
  const dir = idDirOf(doc);
  return dir ? `${dir}/${baseIdOf(doc)}` : baseIdOf(doc);
}

/**
 * The doc's route below the docs root, starting with "/": `/services/grafana/` for a category
 * index, `/template/service` for another doc, the front matter `slug` resolved against the
 * doc's folder (or taken as it is when it starts with "/").
 */
export function docSlugOf(doc: DocPathInput): string {
  const slug = doc.frontMatter.slug;
  if (slug?.startsWith("/")) return slug;
  const dir = idDirOf(doc);
  const dirSlug = dir ? `/${dir}/` : "/";
  if (slug === undefined && isCategoryIndex(doc.relativePath)) return dirSlug;
  return path.posix.join(dirSlug, slug ?? baseIdOf(doc));
}
