// Renders Markdown the way a build does (the Markdown pass, then the highlighting pass), for tests.
import { Warnings } from "../src/node/errors.ts";
import { createCodeRenderer } from "../src/node/markdown/code.ts";
import { createMarkdownRenderer, type RenderedMarkdown } from "../src/node/markdown/index.ts";

export type TestRender = (source: string, extra?: { resolveLink?: (h: string) => string; cards?: string }) => Promise<RenderedMarkdown & { warnings: string[] }>;

export function createTestRenderer(): TestRender {
  const code = createCodeRenderer();
  const markdown = createMarkdownRenderer(code);
  return async (source, extra = {}) => {
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
