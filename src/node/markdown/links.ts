// Links and images in Markdown: hrefs go through the page's link resolver (relative paths,
// links to .md files, rewrites such as /docs/...), image sources become hashed asset URLs.
import type { MarkdownIt } from "markdown-it";
import type { Token } from "markdown-it";
import { envOf, lineOf } from "./env.ts";

export function linksPlugin(md: MarkdownIt): void {
  md.core.ruler.push("resolve_links", (state) => {
    const env = envOf(state.env);
    const visit = (tokens: Token[], map: Token["map"]) => {
      for (const t of tokens) {
        if (t.type === "link_open") {
          const href = t.attrGet("href");
          if (href !== null) t.attrSet("href", env.resolveLink(String(href), lineOf(env, map)));
        } else if (t.type === "image") {
          const src = t.attrGet("src");
          if (src !== null) t.attrSet("src", env.resolveImage(String(src), lineOf(env, map)));
          t.attrSet("loading", "lazy");
        }
        if (t.children) visit(t.children, t.map ?? map);
      }
    };
    visit(state.tokens, null);
  });
}
