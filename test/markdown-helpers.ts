// Renders Markdown the way a build does (the Markdown pass, then the highlighting pass), for tests.
import { Warnings } from "../src/node/errors.ts";
import { createCodeRenderer } from "../src/node/markdown/code.ts";
import { createMarkdownRenderer, type RenderedMarkdown } from "../src/node/markdown/index.ts";
import { fenceLanguages, siteLanguages } from "../src/node/markdown/language-context.ts";

export type TestRender = (
  source: string,
  extra?: { resolveLink?: (h: string) => string; cards?: string },
) => Promise<RenderedMarkdown & { warnings: string[] }>;

/** A renderer of Markdown as a build renders a doc: with the languages its fences name loaded for highlighting. */
export function createTestRenderer(): TestRender {
  return async (source, extra = {}) => {
    const code = createCodeRenderer(siteLanguages(fenceLanguages(source), []));
    const markdown = createMarkdownRenderer(code);
    const warnings = new Warnings();
    await markdown.load();
    const out = markdown(source, {
      file: "/docs/page.md",
      bodyLine: 5,
      permalink: "/integrations/services/x/",
      warnings,
      resolveLink: extra.resolveLink ?? ((h) => h),
      resolveImage: (s) => `/assets/images/${s}`,
      categoryCards: () => extra.cards ?? "",
    });
    await code.highlightPending();
    return { ...out, html: code.fill(out.html), warnings: warnings.list };
  };
}
