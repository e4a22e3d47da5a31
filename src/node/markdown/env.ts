// The per-document state the Markdown plugins read and fill in.
import type { SupportLevel, TocItem } from "../../shared/types.ts";
import type { Warnings } from "../errors.ts";

export interface MarkdownEnv {
  [key: string]: unknown;
  /** Absolute path of the source file, for messages. */
  file: string;
  /** Line of the file where the Markdown body starts (front matter comes before). */
  bodyLine: number;
  /** The page's own URL path, for resolving relative links. */
  permalink: string;
  warnings: Warnings;
  /** Rewrites an href found in the Markdown (relative links, .md files, /docs/ rewrites). */
  resolveLink(href: string, line: number): string;
  /** Turns an image src into the URL of its copied, content-hashed file. */
  resolveImage(src: string, line: number): string;
  /** HTML of the cards listing the children of the category whose page this doc is. */
  categoryCards(): string;
  /** HTML of `<SupportBadge level>` when the site overrides the badge (`theme/SupportBadge.tsx`); else ssodocs's own. */
  supportBadge?: ((level: SupportLevel) => string) | null;
  /** Filled in while rendering. */
  headings: TocItem[];
  hasMermaid: boolean;
  /** Text of an H1 at the top of the body, removed from the output. */
  leadingH1: string | null;
}

/** The env markdown-it hands to rules, typed. */
export function envOf(env: unknown): MarkdownEnv {
  return env as MarkdownEnv;
}

/** File line of a token's first source line. */
export function lineOf(env: MarkdownEnv, map: [number, number] | null | undefined): number {
  return env.bodyLine + (map ? map[0] : 0);
}
