// Where a page's Markdown copy lives (see src/node/search/llms.ts): beside its HTML, `index.md`
// for a route ending in /, else the route with `.md` appended.

/** `/integrations/services/grafana/` -> `/integrations/services/grafana/index.md`; `/a/b` -> `/a/b.md`. */
export function markdownPathOf(permalink: string): string {
  return permalink.endsWith("/") ? `${permalink}index.md` : `${permalink}.md`;
}
