// Walks the docs folder and reads every Markdown file with its front matter.
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FrontMatter } from "../../shared/types.ts";
import { contentCacheEnabled, hashOf, loadKeptStrings, saveKeptStrings, toolStamp } from "../cache.ts";
import { SsodocsError } from "../errors.ts";
import { listFiles } from "../list-files.ts";
import { frontMatterKey, loadFrontMatterParser, parseFrontMatter, type KeptFrontMatter } from "./frontmatter.ts";

export interface SourceDoc {
  /** Path below the docs folder without extension, with / separators: `services/grafana/index`. */
  id: string;
  /** Absolute path of the file. */
  file: string;
  /** Path relative to the docs folder, as shown in messages and edit links. */
  relativePath: string;
  frontMatter: FrontMatter;
  body: string;
  bodyLine: number;
  keyLines: Record<string, number>;
}

/**
 * Markdown files below the docs folder (`.md`, `.mdx`), sorted. Skipped: names starting with
 * `_` or `.`, and node_modules. Folder links are not followed (a link loop cannot hang the walk);
 * a linked file is listed, so a dangling link is reported when it is read.
 */
export async function listDocFiles(docsDir: string): Promise<string[]> {
  return listFiles(docsDir, { skip: (name) => name.startsWith("_") || name === "node_modules", keep: (name) => /\.mdx?$/.test(name) });
}

export function docIdOf(relativePath: string): string {
  return relativePath.replace(/\\/g, "/").replace(/\.mdx?$/, "");
}

function docOf(file: string, relativePath: string, source: string, kept?: KeptFrontMatter): SourceDoc {
  if (source.includes("\u0000")) throw new SsodocsError("the file holds binary data (NUL bytes), not Markdown text", { file });
  const { frontMatter, body, bodyLine, keyLines } = parseFrontMatter(source, file, kept);
  return { id: docIdOf(relativePath), file, relativePath: relativePath.replace(/\\/g, "/"), frontMatter, body, bodyLine, keyLines };
}

function unreadable(error: unknown, file: string): SsodocsError {
  return new SsodocsError(`cannot read file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { file });
}

export async function loadDoc(docsDir: string, relativePath: string): Promise<SourceDoc> {
  const file = path.join(docsDir, relativePath);
  let source: string;
  try {
    source = await readFile(file, "utf8");
  } catch (error) {
    throw unreadable(error, file);
  }
  await loadFrontMatterParser();
  return docOf(file, relativePath, source);
}

const FRONT_MATTER = "front-matter";

/**
 * Every doc, read one after the other: small files read synchronously cost far less than
 * thousands of concurrent asynchronous reads, and the first bad file in order is the one reported.
 * Front matter parsed by an earlier build of the site is taken from the cache; the parser is
 * loaded only for front matter that is not there.
 */
export async function loadDocs(docsDir: string): Promise<SourceDoc[]> {
  const files = await listDocFiles(docsDir);
  const cacheKey = hashOf("front-matter-v1", toolStamp(), docsDir);
  const kept = contentCacheEnabled() ? loadKeptStrings(FRONT_MATTER, cacheKey) : undefined;
  // Read first (an unreadable file is reported when its turn comes), to know whether the parser is needed.
  const read = files.map((relativePath): { relativePath: string; file: string; source: string; key: string } | { file: string; error: unknown } => {
    const file = path.join(docsDir, relativePath);
    try {
      const source = readFileSync(file, "utf8");
      return { relativePath, file, source, key: kept ? frontMatterKey(source) : "" };
    } catch (error) {
      return { file, error };
    }
  });
  if (!kept || read.some((doc) => "key" in doc && kept.get(doc.key) === undefined)) await loadFrontMatterParser();
  const docs = read.map((doc) => {
    if ("error" in doc) throw unreadable(doc.error, doc.file);
    return docOf(doc.file, doc.relativePath, doc.source, kept && { strings: kept, key: doc.key });
  });
  if (kept) saveKeptStrings(FRONT_MATTER, cacheKey, kept, { keep: 8 });
  return docs;
}
