// Where a link stands in the sources: the doc of the page (or the static file it is), the first
// line that holds the link as the author wrote it and the column where the link starts; a link
// broken on many pages comes from the layout, and is placed where the config writes it.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { LoadedConfig } from "../config.ts";
import { routeKey } from "../content/routes.ts";
import type { ContentModel } from "../content/site.ts";
import { columnIn, type Diagnostic, positionOf, type SourceLocation, wholeIndexOf } from "../errors.ts";
import type { InputFiles } from "../input-files.ts";
import type { BrokenLink } from "./links.ts";

/** A link broken on this many pages or more comes from the layout (navbar or footer): it is said once. */
const LAYOUT_PAGES = 5;

/**
 * A source's lines, with the first line each link target written in it stands on (Markdown links
 * and references, `href`/`src` attributes, autolinks): a doc of many broken links is searched
 * once, not once per link. A target written some other way is looked for line by line, a few
 * hundred times per file at most.
 */
interface SourceIndex {
  lines: string[];
  targets: Map<string, number>;
  searches: number;
}

const TARGET =
  /\]\(\s*<?([^)\s>]+)|^\s*\[[^\]]+\]:\s*<?([^\s>]+)|(?:href|src)\s*=\s*["']([^"']+)["']|<((?:https?:|\/)[^>\s]+)>/gm;

/** How many links of one file not found among its targets are looked for line by line. */
const MAX_LINE_SEARCHES = 200;

function indexSource(text: string): SourceIndex {
  const lines = text.split("\n");
  const starts: number[] = [];
  for (let i = 0, at = 0; i < lines.length; at += lines[i].length + 1, i++) starts.push(at);
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const targets = new Map<string, number>();
  for (const m of text.matchAll(TARGET)) {
    const target = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (!targets.has(target)) targets.set(target, lineAt(m.index + m[0].indexOf(target)));
  }
  return { lines, targets, searches: 0 };
}

/** The place in a source's text of the first line holding one of `forms` (the link as written), or just the file. */
function placeIn(
  file: string,
  read: () => string,
  forms: string[],
  memo: Map<string, SourceIndex | null>,
): Partial<SourceLocation> {
  if (!memo.has(file)) {
    try {
      memo.set(file, indexSource(read()));
    } catch {
      memo.set(file, null);
    }
  }
  const source = memo.get(file);
  if (!source) return { file };
  const { lines } = source;
  for (const form of forms) {
    const at = source.targets.get(form);
    if (at !== undefined && lines[at].includes(form)) return { file, line: at + 1, column: columnIn(lines[at], form) };
  }
  for (const form of forms) {
    if (source.searches >= MAX_LINE_SEARCHES) break;
    source.searches++;
    // As a whole address: a link `x` is not in a line that says `index`.
    const at = lines.findIndex((l) => wholeIndexOf(l, form) >= 0);
    if (at >= 0) return { file, line: at + 1, column: columnIn(lines[at], form) };
  }
  return { file };
}

/** Where the sources of a site are, to find a link in. */
export interface LinkSources {
  model: ContentModel;
  inputFiles: InputFiles;
  staticDirs?: string[];
  /** The config: the layout's links (navbar, footer) and the edit URL are written there. */
  configFile?: string;
  /** The project's other files the config was made from (a sidebars file, whose `html` items hold links). */
  layoutFiles?: string[];
  /** The config's `links.rewrites`: a link found rewritten was written with its `from`. */
  rewrites?: { from: string; to: string }[];
  /** The sources read so far, indexed (made by linkSourcesOf: one set of sources is one look at the files). */
  read?: Map<string, SourceIndex | null>;
  /** The doc of each route, looked up once. */
  docsByRoute?: Map<string, ContentModel["docs"][number]>;
}

/** The sources of a loaded site. */
export function linkSourcesOf(model: ContentModel, loaded: LoadedConfig): LinkSources {
  const { inputFiles, staticDirs, file: configFile } = loaded;
  const layoutFiles = loaded.inputs
    .map(([file]) => file)
    .filter((file) => file !== configFile && !file.split(path.sep).includes("node_modules"))
    .filter((file) => path.basename(file) !== "package.json");
  const rewrites = loaded.config.links.rewrites;
  return { model, inputFiles, staticDirs, configFile, layoutFiles, rewrites, read: new Map() };
}

/** The link as the author may have written it: as it is, and before a rewrite. */
function writtenForms(href: string, rewrites: LinkSources["rewrites"] = []): string[] {
  return [href, ...rewrites.filter((r) => href.startsWith(r.to)).map((r) => r.from + href.slice(r.to.length))];
}

/**
 * The file a page is made from (its doc, or for a page of a static folder that file) and the
 * place of `href` in it; a link no such file holds is looked for in the config.
 */
export function sourceOfRoute(route: string, href: string, sources: LinkSources): Partial<SourceLocation> {
  const { model, inputFiles } = sources;
  const forms = writtenForms(href, sources.rewrites);
  const pathname = route.split(/[?#]/)[0];
  const key = routeKey(pathname);
  if (!sources.docsByRoute) {
    sources.docsByRoute = new Map();
    for (const d of model.docs) {
      const route = routeKey(model.info.get(d.id)?.permalink ?? "");
      if (!sources.docsByRoute.has(route)) sources.docsByRoute.set(route, d);
    }
  }
  const doc = sources.docsByRoute.get(key);
  let found: Partial<SourceLocation> = {};
  const memo = sources.read ?? new Map();
  if (doc) found = placeIn(doc.file, () => inputFiles.readText(doc.file, "doc"), forms, memo);
  else if (/\.html?$/.test(pathname)) {
    for (const dir of sources.staticDirs ?? []) {
      const file = path.join(dir, ...pathname.split("/").filter(Boolean));
      if ("why" in inputFiles.inspect(file, "static")) continue;
      found = placeIn(file, () => inputFiles.readText(file, "static"), forms, memo);
      break;
    }
  }
  if (found.line || !sources.configFile) return found;
  const inConfig = placeInConfig(sources.configFile, href);
  if (inConfig.line) return inConfig;
  for (const file of sources.layoutFiles ?? []) {
    const inLayout = placeIn(file, () => readFileSync(file, "utf8"), forms, memo);
    if (inLayout.line) return inLayout;
  }
  return found;
}

/**
 * Where the config writes an address (a navbar or footer link), quoted: the line and column of the
 * address itself; for an absolute URL not written whole, the longest address it starts with
 * (the edit URL of the docs).
 */
function placeInConfig(configFile: string, href: string): Partial<SourceLocation> {
  let text: string;
  try {
    // The config is the maintainers' code, read already to be run.
    text = readFileSync(configFile, "utf8");
  } catch {
    return {};
  }
  for (const quote of ['"', "'", "`"]) {
    const at = text.indexOf(`${quote}${href}${quote}`);
    if (at >= 0) return { file: configFile, ...positionOf(text, at + 1) };
  }
  if (!/^https?:\/\//.test(href)) return { file: configFile };
  let best: { at: number; length: number } | null = null;
  for (const m of text.matchAll(/(["'`])(https?:\/\/[^"'`\s]+\/)\1/g)) {
    if (href.startsWith(m[2]) && m[2].length > (best?.length ?? 0)) best = { at: m.index + 1, length: m[2].length };
  }
  return best ? { file: configFile, ...positionOf(text, best.at) } : { file: configFile };
}

/**
 * Each broken link or anchor as a diagnostic placed in its source, with the nearest route or id;
 * a link broken on many pages once, placed in the config.
 */
export function brokenLinkDiagnostics<Link extends BrokenLink>(
  broken: Link[],
  locate: (link: Link) => SourceLocation | undefined,
  configFile: string,
): Diagnostic[] {
  const pagesOf = new Map<string, number>();
  for (const b of broken) pagesOf.set(b.href, (pagesOf.get(b.href) ?? 0) + 1);
  const out: Diagnostic[] = [];
  for (const b of broken) {
    if (pagesOf.get(b.href)! >= LAYOUT_PAGES) continue;
    const where = locate(b);
    out.push({ ...where, message: brokenLinkMessage(b, !where?.file) });
  }
  for (const [href, n] of pagesOf) {
    if (n < LAYOUT_PAGES) continue;
    const kind = broken.find((b) => b.href === href)!.kind;
    const message = `broken ${kind} ${href} on ${n} pages; it probably comes from the layout (navbar or footer)`;
    out.push({ file: configFile, ...placeInConfig(configFile, href), message });
  }
  return out;
}

/** `broken link <href> (resolved as ...); did you mean ...?`, naming the page when no source holds the link. */
function brokenLinkMessage(b: BrokenLink, namePage: boolean): string {
  const resolved = b.resolved !== b.href ? ` (resolved as ${b.resolved})` : "";
  const page = namePage ? ` on page ${b.source}` : "";
  return `broken ${b.kind} ${b.href}${resolved}${page}${b.suggestion ? `; did you mean ${b.suggestion}?` : ""}`;
}

export function brokenLinkLocation(link: BrokenLink, sources: LinkSources): SourceLocation | undefined {
  const where = sourceOfRoute(link.source, link.href, sources);
  return where.file ? { file: where.file, line: where.line, column: where.column } : undefined;
}
