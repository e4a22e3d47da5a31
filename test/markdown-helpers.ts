// Renders Markdown the way a build does (the Markdown pass, then the highlighting pass), for tests.
import { Warnings } from "../src/node/errors.ts";
import { createCodeRenderer } from "../src/node/markdown/code.ts";
import type { MarkdownFormat } from "../src/node/markdown/format.ts";
import { createMarkdownRenderer, type RenderedMarkdown } from "../src/node/markdown/index.ts";
import { fenceLanguages, siteLanguages } from "../src/node/markdown/language-context.ts";
import type { SitePlugins } from "../src/node/markdown/plugin-list.ts";

export type TestRender = (
  source: string,
  extra?: { resolveLink?: (h: string) => string; cards?: string; format?: MarkdownFormat },
) => Promise<RenderedMarkdown & { warnings: string[] }>;

/**
 * A renderer of Markdown as a build renders a doc: with the languages its fences name loaded for
 * highlighting, read as MDX (the default format) unless `format` says otherwise, with `plugins`.
 */
export function createTestRenderer(plugins: SitePlugins["list"] = []): TestRender {
  return async (source, extra = {}) => {
    const code = createCodeRenderer(siteLanguages(fenceLanguages(source), []));
    const markdown = createMarkdownRenderer(code, { list: plugins, configFile: "/site/ssodocs.config.ts" });
    const warnings = new Warnings();
    await markdown.load();
    const out = markdown(source, {
      format: extra.format ?? "mdx",
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
