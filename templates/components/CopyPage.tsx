/**
 * "Copy page as Markdown" (the page's Markdown copy, for an AI assistant): the button is shown
 * once the page's script runs (src/client/copy-page.ts), its place kept until then so nothing
 * moves when it appears; without the script, the link opens the copy.
 */
export function CopyPage({ permalink }: { permalink: string }) {
  // As markdownPathOf (src/shared/markdown-copy.ts): templates import no code from src/, so a copied templates folder works.
  const href = permalink.endsWith("/") ? `${permalink}index.md` : `${permalink}.md`;
  return (
    <div className="copy-page">
      <button type="button" className="copy-page-button" data-copy-page={href}>
        Copy page as Markdown
      </button>
      <a className="copy-page-link" href={href} type="text/markdown">
        View as Markdown
      </a>
    </div>
  );
}
