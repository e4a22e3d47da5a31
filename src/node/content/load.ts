// Walks the docs folder and reads every Markdown file with its front matter (through the input
// gate, input-files.ts). What a doc's text gives whatever its path (its front matter checked, the
// languages of its code) may come from a cache of readings by the text's hash (store/readings.ts).
import path from "node:path";
import type { FrontMatter } from "../../shared/types.ts";
import { hashOf } from "../util/hash.ts";
import { SsodocsError } from "../errors.ts";
import type { InputFiles } from "../input-files.ts";
import { docIdOf, docSlugOf } from "./doc-ids.ts";
import { unsafeRoutePart } from "../../shared/schema/route-part.ts";
import { docFenceLanguages } from "../markdown/language-context.ts";
import { parseFrontMatter, type ParsedSource, type UnknownKey } from "./frontmatter.ts";

export interface SourceDoc {
  /**
   * The doc's id as Docusaurus makes it: its folder path, then its front matter `id` or file name,
   * number prefixes stripped (`services/grafana/index`, `guides/intro` for `02-guides/01-intro.md`).
   */
  id: string;
  /** Its route below the docs root, starting with "/" (doc-ids.ts): `/services/grafana/`. */
  slug: string;
  /** Absolute path of the file. */
  file: string;
  /** Path relative to the docs folder, as shown in messages and edit links. */
  relativePath: string;
  /** A hash of the file's text. */
  hash: string;
  frontMatter: FrontMatter;
  /** The front-matter title, else the body's leading `# heading`, else the file's name. */
  title: string;
  body: string;
  bodyLine: number;
  keyLines: Record<string, number>;
  unknownKeys: UnknownKey[];
  /** The language names its code fences give, as the Markdown renderer finds them. */
  languages: string[];
}

/**
 * What reading a doc's text gives, whatever the file's path or name: its front matter (checked),
 * where its body starts, and the languages its fences name. A pure function of the text (and of
 * ssodocs): a cache keeps it under the text's hash, and a build that finds it there neither
 * parses the front matter nor scans the body.
 */
export interface DocReading extends Omit<ParsedSource, "body"> {
  /** Where the body starts in the text (it runs to the end). */
  bodyStart: number;
  languages: string[];
}

/** Readings of docs' texts kept from earlier builds, by the hash of the text. */
export interface DocReadings {
  get(textHash: string): DocReading | undefined;
  set(textHash: string, reading: DocReading): void;
}

/** A folder's sidebar metadata, as Docusaurus names it (category-meta.ts reads it). */
const CATEGORY_FILE = /^_category_\.(?:json|ya?ml)$/;

/**
 * Markdown files below the docs folder (`.md`, `.mdx`) and the folders' `_category_` files, each
 * sorted. Skipped: other names starting with `_` or `.`, and node_modules. Links to folders are
 * followed once the gate lets them (a link loop ends the walk down that path); a linked file is
 * listed, and the gate says what is wrong with it when it is read.
 */
export function listContentFiles(
  docsDir: string,
  inputs: InputFiles,
  exclude: readonly string[] = [],
): { docs: string[]; categories: string[] } {
  const files = inputs.list(docsDir, {
    hidden: false,
    // Folders starting with `_` hold what is not a page (partials, drafts of their own); `exclude`: the config's.
    ignore: ["**/_*/**", ...exclude],
    keep: (name) => (/\.mdx?$/.test(name) && !name.startsWith("_")) || CATEGORY_FILE.test(name),
  });
  const docs: string[] = [];
  const categories: string[] = [];
  for (const relativePath of files) {
    if (CATEGORY_FILE.test(path.posix.basename(relativePath))) {
      categories.push(relativePath);
      continue;
    }
    const bad = unsafeRoutePart(relativePath);
    if (bad)
      throw new SsodocsError(`a file or folder name may not contain ${bad}: it becomes part of a page's address`, {
        file: path.join(docsDir, relativePath),
      });
    docs.push(relativePath);
  }
  return { docs, categories };
}

/** The text of a `# heading` opening the body (after MDX import lines), if any. */
function leadingH1Of(body: string): string | null {
  for (const line of body.split("\n", 40)) {
    if (line.trim() === "" || /^\s*(import|export)\s/.test(line)) continue;
    return /^#\s+(.+?)\s*#*\s*$/.exec(line)?.[1] ?? null;
  }
  return null;
}

function fileTitle(relativePath: string): string {
  const parts = relativePath
    .replace(/\\/g, "/")
    .replace(/\.mdx?$/, "")
    .split("/");
  const last = parts.pop()!;
  return last === "index" && parts.length ? parts.pop()! : last;
}

export function docOf(file: string, relativePath: string, source: string, readings?: DocReadings): SourceDoc {
  if (source.includes("\u0000"))
    throw new SsodocsError("the file holds binary data (NUL bytes), not Markdown text", { file });
  const hash = hashOf(source);
  const kept = readings?.get(hash);
  const { frontMatter, body, bodyLine, keyLines, unknownKeys } = kept
    ? { ...kept, body: source.slice(kept.bodyStart) }
    : parseFrontMatter(source, file);
  const title = frontMatter.title ?? leadingH1Of(body) ?? fileTitle(relativePath);
  const relative = relativePath.replace(/\\/g, "/");
  if (frontMatter.id?.includes("/"))
    throw new SsodocsError(`front matter "id" may not contain "/" (got "${frontMatter.id}"): use slug for the route`, {
      file,
      line: keyLines.id,
    });
  const ids = { relativePath: relative, frontMatter };
  const doc: SourceDoc = {
    id: docIdOf(ids),
    slug: docSlugOf(ids),
    file,
    relativePath: relative,
    hash,
    frontMatter,
    title,
    body,
    bodyLine,
    keyLines,
    unknownKeys,
    languages: kept?.languages ?? [],
  };
  if (!kept) {
    // Its fences are found with their code, which a build highlights ahead (fences.ts, docFences).
    doc.languages = docFenceLanguages(doc);
    const bodyStart = source.length - body.length;
    readings?.set(hash, { frontMatter, bodyStart, bodyLine, keyLines, unknownKeys, languages: doc.languages });
  }
  return doc;
}

/**
 * A doc, read synchronously: small files read one after the other cost far less than thousands of
 * concurrent asynchronous reads, and the first bad file in order is the one reported.
 */
export function loadDoc(docsDir: string, relativePath: string, inputs: InputFiles, readings?: DocReadings): SourceDoc {
  const file = path.join(docsDir, relativePath);
  return docOf(file, relativePath, inputs.readText(file, "doc"), readings);
}
