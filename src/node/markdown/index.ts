// The Markdown renderer of a build: markdown-it with the Docusaurus-flavoured rules guides are
// written in (instance.ts). markdown-it is imported only when some doc must be rendered: a build
// that finds every doc in the cache never needs it, and loading it was part of every start.
import type { MarkdownIt as MarkdownItInstance } from "markdown-it";
import type { CodeRenderer } from "./code.ts";
import type { MarkdownEnv } from "./env.ts";

export interface RenderedMarkdown {
  html: string;
  headings: MarkdownEnv["headings"];
  hasMermaid: boolean;
  leadingH1: string | null;
}

type MarkdownInput = Pick<
  MarkdownEnv,
  "file" | "bodyLine" | "permalink" | "warnings" | "resolveLink" | "resolveImage" | "categoryCards" | "supportBadge"
>;

export interface MarkdownRenderer {
  (body: string, input: MarkdownInput): RenderedMarkdown;
  /** Imports markdown-it and the language list and sets them up; must be done before the first doc is rendered. */
  load(): Promise<void>;
}

export function createMarkdownRenderer(code: CodeRenderer): MarkdownRenderer {
  let md: MarkdownItInstance | undefined;
  const render = (body: string, input: MarkdownInput): RenderedMarkdown => {
    if (!md) throw new Error("the Markdown renderer is not loaded (load)");
    const env: MarkdownEnv = { ...input, headings: [], hasMermaid: false, leadingH1: null };
    const html = md.render(body, env as unknown as Parameters<typeof md.render>[1]);
    return { html, headings: env.headings, hasMermaid: env.hasMermaid, leadingH1: env.leadingH1 };
  };
  return Object.assign(render, {
    async load() {
      md ??= (await import("./instance.ts")).markdownIt(code);
    },
  });
}
