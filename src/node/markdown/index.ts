// The Markdown renderer of a build: markdown-it with the Docusaurus-flavoured rules guides are
// written in (instance.ts), one instance per format (format.ts), the site's plugins applied to
// each. markdown-it is imported only when some doc must be rendered: a build that finds every doc
// in the cache never needs it, and loading it was part of every start.
import type { MarkdownIt as MarkdownItInstance } from "markdown-it";
import type { CodeRenderer } from "./code.ts";
import type { MarkdownEnv } from "./env.ts";
import type { MarkdownFormat } from "./format.ts";
import type { SitePlugins } from "./plugin-list.ts";

export interface RenderedMarkdown {
  html: string;
  headings: MarkdownEnv["headings"];
  hasMermaid: boolean;
  leadingH1: string | null;
  /** The text of the first paragraph (the meta description of a doc whose front matter gives none). */
  firstParagraph: string;
}

type MarkdownInput = Pick<
  MarkdownEnv,
  "file" | "bodyLine" | "permalink" | "warnings" | "resolveLink" | "resolveImage" | "categoryCards" | "supportBadge"
> & { format: MarkdownFormat };

export interface MarkdownRenderer {
  (body: string, input: MarkdownInput): RenderedMarkdown;
  /** Imports markdown-it and the language list and sets them up; must be done before the first doc is rendered. */
  load(): Promise<void>;
}

export function createMarkdownRenderer(
  code: CodeRenderer,
  plugins: SitePlugins = { list: [], configFile: null },
): MarkdownRenderer {
  let loaded:
    | {
        make: (format: MarkdownFormat) => MarkdownItInstance;
        firstParagraphText: typeof import("./instance.ts").firstParagraphText;
      }
    | undefined;
  const instances = new Map<MarkdownFormat, MarkdownItInstance>();
  const render = (body: string, { format, ...input }: MarkdownInput): RenderedMarkdown => {
    if (!loaded) throw new Error("the Markdown renderer is not loaded (load)");
    const { make, firstParagraphText } = loaded;
    let md = instances.get(format);
    if (!md) instances.set(format, (md = make(format)));
    const env: MarkdownEnv = { ...input, headings: [], hasMermaid: false, leadingH1: null };
    const mdEnv = env as unknown as Parameters<typeof md.parse>[1];
    const tokens = md.parse(body, mdEnv);
    const html = md.renderer.render(tokens, md.options, mdEnv);
    return {
      html,
      headings: env.headings,
      hasMermaid: env.hasMermaid,
      leadingH1: env.leadingH1,
      firstParagraph: firstParagraphText(tokens),
    };
  };
  return Object.assign(render, {
    async load() {
      if (loaded) return;
      const { markdownIt, firstParagraphText } = await import("./instance.ts");
      loaded = { make: (format) => markdownIt(code, format, plugins), firstParagraphText };
    },
  });
}
