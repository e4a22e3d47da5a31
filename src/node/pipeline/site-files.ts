// The output files besides the pages: scripts and styles, images the pages show, the static
// folders, `_headers` and `_redirects`, the sitemap and robots.txt, and the search files (kept in
// the store under the keys of the doc pages they are made from). A `_headers` or `_redirects` of
// a static folder is merged with ssodocs's own: its lines first, then ssodocs's.

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { hashOf } from "../util/hash.ts";
import { redirectsFileLines } from "../content/redirects.ts";
import { routeKey } from "../content/routes.ts";
import { SsodocsError } from "../errors.ts";
import { headersFile } from "../render/csp.ts";
import { isSvg, publishedImage } from "../render/image-files.ts";
import { sitemapAndRobots } from "../render/pages.ts";
import { EMBEDDED_INDEX_FILE, EMBEDDED_TEXTS_FILE, RECORDS_FILE, SearchFiles, searchFiles } from "../search/files.ts";
import { LLMS_FILE, llmsTxt } from "../search/llms.ts";
import { docsInRecordOrder } from "../search/order.ts";
import type { PageStore } from "../store/page-store.ts";
import { type OutputItem, outputOf } from "./output-item.ts";
import type { PreparedSite } from "./prepare.ts";
import type { ProducedPage } from "./produce.ts";
import type { Spool } from "./spool.ts";

/** Reads one of ssodocs's own files (the client's scripts and styles), naming it if it cannot be read. */
function readToolFile(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new SsodocsError(`cannot read file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
      file,
    });
  }
}

/** A file copied from the sources (`source`, named when its copy cannot be written) or from ssodocs: read when written (by `read`), its hash worked out now unless given. */
function copyOf(read: () => Buffer, outputPath: string, hash?: string, source?: string): OutputItem {
  let bytes: Buffer | undefined;
  const once = () => (bytes ??= read());
  return { path: outputPath, hash: hash ?? hashOf(once()), bytes: once, ...(source ? { source } : {}) };
}

/**
 * An image a doc shows: its bytes as read (the hash given is theirs), or an SVG's sanitised copy,
 * whose hash is worked out now. Checked again: the file may have changed since its page was made.
 */
function imageCopyOf(site: PreparedSite, file: string, output: string, hash: string): OutputItem {
  const read = () => {
    const published = publishedImage(file, site.loaded.inputFiles.read(file, "image"));
    if ("why" in published) throw new SsodocsError(`this image ${published.why}`, { file });
    return published.bytes;
  };
  return copyOf(read, output, isSvg(file) ? undefined : hash, file);
}

const ROBOTS_FILE = "robots.txt";

/** A file of a static folder, read through the input gate. */
const staticFile = (site: PreparedSite, file: string) => () => site.loaded.inputFiles.read(file, "static");

/**
 * The search files: from the store when the doc pages they are made from are the same, else made
 * (by `make`: watch mode's makes them on a thread of its own) and kept. With the run's `spool`,
 * records.json is written piece by piece to its entry (or to a file of the spool), a doc page's
 * records read one at a time: a large site's would not fit in memory at once.
 */
export async function searchOutputs(
  site: PreparedSite,
  store: PageStore,
  pages: ProducedPage[],
  {
    make = async (...args) => searchFiles(...args),
    spool,
  }: {
    make?: (...args: Parameters<typeof searchFiles>) => Promise<ReturnType<typeof searchFiles>>;
    spool?: Spool;
  } = {},
): Promise<OutputItem[]> {
  // Unlisted docs are left out of search.
  const docs = docsInRecordOrder(
    pages
      .filter((p) => p.plan.kind === "doc" && !p.plan.doc!.frontMatter.unlisted)
      .map((p) => ({ id: p.plan.doc!.id, page: p })),
    site.model.sidebar,
  );
  const key = hashOf(
    "search-v2",
    site.stamps.tool,
    site.stamps.site,
    site.stamps.structure,
    ...docs.map((d) => d.page.plan.key),
  );
  const names = [RECORDS_FILE, EMBEDDED_INDEX_FILE, EMBEDDED_TEXTS_FILE];
  const keys = names.map((name) => hashOf(key, name));
  const infos = keys.map((k) => store.info(k));
  const kept = infos.every((info) => info) ? keys.map((k) => store.read(k)) : [];
  if (kept.length && kept.every((entry) => entry))
    return kept.map((entry, i) => ({ path: names[i], hash: entry!.info.hash, bytes: () => entry!.body }));
  const fill = async (write: (piece: string) => void) => {
    const files = new SearchFiles(site.config.url, site.config.search.synonyms, write);
    for (const doc of docs) {
      const json = await doc.page.records();
      if (json) files.add(json);
    }
    return files.finish();
  };
  if (!spool) {
    // Watch mode: the records in memory.
    const records = (await Promise.all(docs.map((d) => d.page.records()))).filter((r) => r !== null);
    return (await make(records, site.config.url, site.config.search.synonyms)).map((file, i) => {
      const entry = store.write(keys[i], null, file.contents, { warnings: [], images: [] });
      return { path: file.path, hash: entry.info.hash, bytes: () => file.contents };
    });
  }
  /** The index's two parts, kept in the store. */
  const parts = ({ index, texts }: { index: Buffer; texts: Buffer }): OutputItem[] =>
    [index, texts].map((bytes, i) => {
      const entry = store.write(keys[i + 1], null, bytes, { warnings: [], images: [] });
      return { path: names[i + 1], hash: entry.info.hash, bytes: () => bytes };
    });
  const large = await store.writeLarge(keys[0], fill, spool.newFile());
  const stored = { file: large.file, offset: large.offset };
  const records: OutputItem = {
    path: RECORDS_FILE,
    hash: large.info.hash,
    stored,
    bytes: async () => (await readFile(stored.file)).subarray(stored.offset),
  };
  return [records, ...parts(large.filled)];
}

/** The text of the static folders' own `_headers` or `_redirects` (a later folder's replaces an earlier one's), if any. */
function staticText(site: PreparedSite, name: string): string | null {
  const dir = staticFolderWith(site, name);
  return dir ? staticFile(site, path.join(dir, name))().toString("utf8") : null;
}

/** The static folder whose `_headers` or `_redirects` is used (a later folder's replaces an earlier one's), if any. */
const staticFolderWith = (site: PreparedSite, name: string) =>
  site.inputs.statics.filter((s) => s.files.includes(name)).pop()?.dir;

/**
 * A rule of the static folders' `_redirects` may not start at a page of the site: a host that
 * reads the file would send that page's readers elsewhere. Rules with a splat or a placeholder
 * are left as written.
 */
function checkStaticRedirects(site: PreparedSite, text: string, pages: ProducedPage[]): void {
  const routes = new Set(
    pages.filter((p) => p.plan.kind !== "redirect" && p.plan.kind !== "notFound").map((p) => routeKey(p.plan.route)),
  );
  text.split(/\r?\n/).forEach((line, i) => {
    const from = line.trim().split(/\s+/)[0];
    if (!from?.startsWith("/") || /[*:]/.test(from)) return;
    let target = from.split("?")[0];
    try {
      target = decodeURI(target);
    } catch {
      return;
    }
    if (routes.has(routeKey(target)))
      throw new SsodocsError(
        `this rule redirects ${from}, which is a page of the site: a host reading _redirects would send its readers elsewhere`,
        { file: path.join(staticFolderWith(site, "_redirects")!, "_redirects"), line: i + 1 },
      );
  });
}

/** A host file: the static folders' text, then ssodocs's own lines. */
function merged(name: string, theirs: string | null, own: string): OutputItem | null {
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
  const files = new Map(site.client.files.map((f) => [f.path, () => readToolFile(f.from)]));
  for (const file of site.styles.files) files.set(file.path, () => file.bytes());
  for (const { dir, files: names } of site.inputs.statics)
    for (const name of names)
      if (!files.has(name) && name !== "_headers" && name !== "_redirects")
        files.set(name, staticFile(site, path.join(dir, name)));
  return files;
}

/**
 * Every output file but the pages. A static file at the path of a file the build makes is an
 * error (but `_headers` and `_redirects`, which are merged); of the static folders, a later one's
 * file replaces an earlier one's (they are copied in order).
 */
export async function siteFiles(
  site: PreparedSite,
  store: PageStore,
  pages: ProducedPage[],
  { search = true, spool }: { search?: boolean; spool?: Spool } = {},
): Promise<OutputItem[]> {
  const redirects = pages.flatMap((p) => (p.plan.redirect ? [p.plan.redirect] : []));
  const theirRedirects = staticText(site, "_redirects");
  if (theirRedirects !== null) checkStaticRedirects(site, theirRedirects, pages);
  // A site's own robots.txt (Docusaurus sites ship one in static/) is theirs to keep.
  const ownRobots = site.inputs.statics.some((s) => s.files.includes(ROBOTS_FILE));
  const made: OutputItem[] = [
    merged("_headers", staticText(site, "_headers"), String(headersFile(site.csp).contents))!,
    ...[merged("_redirects", theirRedirects, redirectsFileLines(redirects))].filter((f): f is OutputItem => f !== null),
    ...sitemapAndRobots(
      pages.map((p) => p.plan),
      site.config,
    )
      .filter((f) => !(ownRobots && f.path === ROBOTS_FILE))
      .map((f) => outputOf(f.path, f.contents)),
    ...site.client.files.map((f) => copyOf(() => readToolFile(f.from), f.path, f.hash)),
    // The site's stylesheets after ssodocs's, with the files their url()s load.
    ...site.styles.files,
    ...(search ? await searchOutputs(site, store, pages, { spool }) : []),
    // llms.txt (each doc's Markdown copy is part of its page).
    outputOf(LLMS_FILE, llmsTxt(site.model, site.config)),
  ];
  const images = new Map<string, OutputItem>();
  for (const page of pages)
    for (const [file, hash, output] of page.images)
      if (!images.has(output)) images.set(output, imageCopyOf(site, file, output, hash));
  const taken = new Set([
    ...pages.flatMap((p) => [p.plan.file, ...p.attachments.map((a) => a.path)]),
    ...made.map((f) => f.path),
    // Made by every build, though watch mode writes them later.
    RECORDS_FILE,
    EMBEDDED_INDEX_FILE,
    EMBEDDED_TEXTS_FILE,
    ...images.keys(),
  ]);
  const statics = new Map<string, OutputItem>();
  for (const { dir, files } of site.inputs.statics)
    for (const file of files) {
      if (file === "_headers" || file === "_redirects") continue;
      // A static file never replaces a file the build makes, nor silently loses to it.
      if (taken.has(file))
        throw new SsodocsError(`this static file would replace ${file}, which ssodocs makes; remove or rename it`, {
          file: path.join(dir, file),
        });
      statics.set(file, copyOf(staticFile(site, path.join(dir, file)), file, undefined, path.join(dir, file)));
    }
  return [...made, ...images.values(), ...statics.values()];
}
