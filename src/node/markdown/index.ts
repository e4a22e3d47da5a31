// The markdown-it instance: CommonMark + GFM tables, autolinks and raw HTML, plus the
// Docusaurus-flavoured rules guides are written in (one plugin per file in this folder).
import MarkdownIt from "markdown-it";
import type { MarkdownIt as MarkdownItInstance } from "markdown-it";
import { admonitionsPlugin } from "./admonitions.ts";
import { codePlugin, type CodeRenderer } from "./code.ts";
import type { MarkdownEnv } from "./env.ts";
import { headingsPlugin } from "./headings.ts";
import { linksPlugin } from "./links.ts";
import { mdxPlugin } from "./mdx.ts";
import { nestingLimitPlugin } from "./nesting-limit.ts";
import { tabsPlugin } from "./tabs.ts";
import { taskListsPlugin } from "./task-lists.ts";

export interface RenderedMarkdown {
  html: string;
  headings: MarkdownEnv["headings"];
  hasMermaid: boolean;
  leadingH1: string | null;
}

export type MarkdownInput = Pick<MarkdownEnv, "file" | "bodyLine" | "permalink" | "warnings" | "resolveLink" | "resolveImage" | "categoryCards">;

export type MarkdownRenderer = (body: string, input: MarkdownInput) => RenderedMarkdown;

export function createMarkdownRenderer(code: CodeRenderer): MarkdownRenderer {
  // Made when the first doc is rendered: a build that finds every doc in the cache never needs it.
  let md: MarkdownItInstance | undefined;
  return (body, input) => {
    md ??= markdownIt(code);
    const env: MarkdownEnv = { ...input, headings: [], hasMermaid: false, leadingH1: null };
    const html = md.render(body, env as unknown as Parameters<typeof md.render>[1]);
    return { html, headings: env.headings, hasMermaid: env.hasMermaid, leadingH1: env.leadingH1 };
  };
}

function markdownIt(code: CodeRenderer): MarkdownItInstance {
  const md = new MarkdownIt({ html: true, linkify: true, typographer: false });
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false });
  md.use(codePlugin, code);
  md.use(admonitionsPlugin);
  md.use(tabsPlugin);
  md.use(mdxPlugin);
  md.use(taskListsPlugin);
  md.use(headingsPlugin);
  md.use(linksPlugin);
  md.use(nestingLimitPlugin);
  return md;
}
