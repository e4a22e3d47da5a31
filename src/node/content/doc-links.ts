// Where a link written in a doc leads: the one resolver of doc links. A doc's page
// (render/docs.ts) and its Markdown copy (search/llms.ts) both ask it, so they lead to the same
// place; each writes the target its own way (the page as a path of the site with `trailingSlash`
// applied, the copy as an absolute URL).
import path from "node:path";
import type { SiteConfig } from "../../shared/types.ts";
import type { SourceDoc } from "./load.ts";
import type { ContentModel } from "./site.ts";

/** An address with a scheme (`https:`, `mailto:`) or protocol-relative (`//host`): it leads elsewhere. */
export const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

type DocLink =
  /** Empty, a fragment of the page itself, or an address elsewhere: kept as written. */
  | { kind: "as-written" }
  /** A `links.rewrites` prefix replaced by its target. */
  | { kind: "rewritten"; href: string }
  /** A relative link to a Markdown file: the permalink of its doc with the fragment, or null when no doc is that file. */
  | { kind: "doc"; href: string | null }
  /** A path of the site, as written (it starts with `/`). */
  | { kind: "site"; href: string }
  /** A path relative to the doc's page: resolved against its permalink (path, query and fragment). */
  | { kind: "relative"; href: string };

const decodedUri = (text: string): string => {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
};

/** What the link `href` of `doc` leads to. */
export function resolveDocLink(
  href: string,
  doc: Pick<SourceDoc, "id" | "relativePath">,
  model: Pick<ContentModel, "byRelativePath" | "info">,
  config: Pick<SiteConfig, "links">,
): DocLink {
  if (href === "" || href.startsWith("#") || EXTERNAL.test(href)) return { kind: "as-written" };
  for (const r of config.links.rewrites)
    if (href.startsWith(r.from)) return { kind: "rewritten", href: r.to + href.slice(r.from.length) };
  const [pathPart, hash = ""] = href.split(/(?=#)/);
  if (/\.mdx?$/.test(pathPart) && !pathPart.startsWith("/")) {
    // A name that is not valid percent-encoding is looked up as written.
    const file = path.posix.normalize(path.posix.join(path.posix.dirname(doc.relativePath), decodedUri(pathPart)));
    const found = model.byRelativePath.get(file);
    return { kind: "doc", href: found ? model.info.get(found.id)!.permalink + hash : null };
  }
  if (href.startsWith("/")) return { kind: "site", href };
  const url = new URL(href, `http://site${model.info.get(doc.id)!.permalink}`);
  return { kind: "relative", href: url.pathname + url.search + url.hash };
}
