// The output files besides the pages: scripts and styles, images the pages show, the static
// folders, `_headers` and `_redirects`, the sitemap and robots.txt, and the search files (kept in
// the store under the keys of the doc pages they are made from). A `_headers` or `_redirects` of
// a static folder is merged with ssodocs's own: its lines first, then ssodocs's.

import { readFileSync } from "node:fs";
import path from "node:path";
import { hashOf } from "../cache.ts";
import { redirectsFileLines } from "../content/redirects.ts";
import { SsodocsError } from "../errors.ts";
import { headersFile } from "../render/csp.ts";
import { sitemapAndRobots } from "../render/pages.ts";
import { EMBEDDED_INDEX_FILE, RECORDS_FILE, searchFiles } from "../search/files.ts";
import { LLMS_FILE, llmsTxt } from "../search/llms.ts";
import { docsInRecordOrder } from "../search/order.ts";
import type { PageStore } from "../store.ts";
import { type OutputItem, outputOf } from "../write.ts";
import type { PreparedSite } from "./prepare.ts";
import type { ProducedPage } from "./produce.ts";

/** Reads a file the output copies (an image, a static file), naming it if it cannot be read. */
function readSourceFile(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new SsodocsError(`cannot read file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
      file,
    });
  }
}

/** A file copied from the sources (named when its copy cannot be written) or from ssodocs: read when written, its hash worked out now. */
function copyOf(file: string, outputPath: string, hash?: string, { ssodocs = false } = {}): OutputItem {
  let bytes: Buffer | undefined;
  const read = () => (bytes ??= readSourceFile(file));
  return { path: outputPath, hash: hash ?? hashOf(read()), bytes: read, ...(ssodocs ? {} : { source: file }) };
}

/** The search files: from the store when the doc pages they are made from are the same, else made and kept. */
export async function searchOutputs(
  site: PreparedSite,
  store: PageStore,
  pages: ProducedPage[],
): Promise<OutputItem[]> {
  // Unlisted docs are left out of search.
  const docs = docsInRecordOrder(
    pages
      .filter((p) => p.plan.kind === "doc" && !p.plan.doc!.frontMatter.unlisted)
      .map((p) => ({ id: p.plan.doc!.id, page: p })),
    site.model.sidebar,
  );
  const key = hashOf(
    "search-v1",
    site.stamps.tool,
    site.stamps.site,
    site.stamps.structure,
    ...docs.map((d) => d.page.plan.key),
  );
  const names = [RECORDS_FILE, EMBEDDED_INDEX_FILE];
  const keys = names.map((name) => hashOf(key, name));
  const infos = keys.map((k) => store.info(k));
  const kept = infos.every((info) => info) ? keys.map((k) => store.read(k)) : [];
  if (kept.length && kept.every((entry) => entry))
    return kept.map((entry, i) => ({ path: names[i], hash: entry!.info.hash, bytes: () => entry!.body }));
  const records = await Promise.all(docs.map(async (d) => (await d.page.records()) ?? []));
  return searchFiles(records, site.config.url, site.config.search.synonyms).map((file, i) => {
    const entry = store.write(keys[i], null, file.contents, { warnings: [], images: [] });
    return { path: file.path, hash: entry.info.hash, bytes: () => file.contents };
  });
}

/** The text of the static folders' own `_headers` or `_redirects` (a later folder's replaces an earlier one's), if any. */
function staticText(site: PreparedSite, name: string): string | null {
  const dir = site.inputs.statics.filter((s) => s.files.includes(name)).pop()?.dir;
  return dir ? readSourceFile(path.join(dir, name)).toString("utf8") : null;
}

/** A host file: the static folders' text, then ssodocs's own lines. */
function merged(site: PreparedSite, name: string, own: string): OutputItem | null {
  const theirs = staticText(site, name);
  if (theirs === null) return own ? outputOf(name, own) : null;
  return outputOf(name, own ? `${theirs.replace(/\s*$/, "\n")}\n${own}` : theirs);
}

/**
 * What a page asks for besides itself, ready before the site is built (watch mode shows the first
 * page asked for at once): the client's files and the static folders' (but `_headers` and
 * `_redirects`, which the build merges with its own).
 */
export function earlyFiles(site: PreparedSite): Map<string, () => Buffer> {
  // Read when asked for, not hashed: the first build reads and hashes them again for the output.
  const files = new Map(site.client.files.map((f) => [f.path, f.from]));
  for (const { dir, files: names } of site.inputs.statics)
    for (const name of names)
      if (!files.has(name) && name !== "_headers" && name !== "_redirects") files.set(name, path.join(dir, name));
  return new Map([...files].map(([output, source]) => [output, () => readSourceFile(source)]));
}

/**
 * Every output file but the pages. A static file never replaces a file the build makes; of the
 * static folders, a later one's file replaces an earlier one's (they are copied in order).
 */
export async function siteFiles(
  site: PreparedSite,
  store: PageStore,
  pages: ProducedPage[],
  { search = true } = {},
): Promise<OutputItem[]> {
  const redirects = pages.flatMap((p) => (p.plan.redirect ? [p.plan.redirect] : []));
  const made: OutputItem[] = [
    merged(site, "_headers", String(headersFile(site.csp).contents))!,
    ...[merged(site, "_redirects", redirectsFileLines(redirects))].filter((f): f is OutputItem => f !== null),
    ...sitemapAndRobots(
      pages.map((p) => p.plan),
      site.config,
    ).map((f) => outputOf(f.path, f.contents)),
    ...site.client.files.map((f) => copyOf(f.from, f.path, f.hash, { ssodocs: true })),
    ...(search ? await searchOutputs(site, store, pages) : []),
    // llms.txt (each doc's Markdown copy is part of its page).
    outputOf(LLMS_FILE, llmsTxt(site.model, site.config)),
  ];
  const images = new Map<string, OutputItem>();
  for (const page of pages)
    for (const [file, hash, output] of page.images)
      if (!images.has(output)) images.set(output, copyOf(file, output, hash));
  const taken = new Set([
    ...pages.flatMap((p) => [p.plan.file, ...p.attachments.map((a) => a.path)]),
    ...made.map((f) => f.path),
    ...images.keys(),
  ]);
  const statics = new Map<string, OutputItem>();
  for (const { dir, files } of site.inputs.statics)
    for (const file of files) if (!taken.has(file)) statics.set(file, copyOf(path.join(dir, file), file));
  return [...made, ...images.values(), ...statics.values()];
}
