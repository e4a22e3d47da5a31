// The parts of a doc page around its content: breadcrumbs, badges, table of contents, tags,
// the "Help us improve this content" box and previous/next links. Each a site can override is
// exported at the end as pages render it (`overridable`), and by its own name as the default.
import { Fragment } from "react";
import { supportBadgeClass, supportBadgeLabel } from "../../src/shared/badges.ts";
import { ALL_GUIDES_ID, type CategoryGuides } from "../../src/shared/category-guides.ts";
import { overridable } from "../../src/shared/overridable.ts";
import type {
  DocBadgesProps,
  DocBreadcrumbsProps,
  DocHelpBoxProps,
  DocPaginatorProps,
  LastUpdatedProps,
  SupportBadgeProps,
  TagsListInlineProps,
  TOCProps,
} from "../../src/shared/template-props.ts";
import type { TocItem } from "../../src/shared/types.ts";
import { HomeIcon } from "./Icons.tsx";

export function Breadcrumbs({ items, home }: DocBreadcrumbsProps) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <a href={home} aria-label="Home page" className="breadcrumb-home">
            <HomeIcon size={16} />
          </a>
        </li>
        {items.map((item, i) => (
          // Breadcrumbs are a fixed path: a label's place in it is what tells two alike apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <li key={`${item.label}-${i}`}>
            {item.href && i < items.length - 1 ? (
              <a href={item.href}>{item.label}</a>
            ) : (
              <span aria-current={i === items.length - 1 ? "page" : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function DefaultSupportBadge({ level }: SupportBadgeProps) {
  return <span className={supportBadgeClass(level)}>{supportBadgeLabel(level)}</span>;
}

export function Badges({ frontMatter }: DocBadgesProps) {
  const fm = frontMatter;
  if (!fm.support_level && !fm.authentik_preview && !fm.authentik_enterprise && !fm.authentik_version) return null;
  return (
    <div className="badges">
      {fm.support_level ? <SupportBadge level={fm.support_level} /> : null}
      {fm.authentik_version ? <span className="badge badge-version">authentik: {fm.authentik_version}+</span> : null}
      {fm.authentik_enterprise ? <span className="badge badge-enterprise">Enterprise</span> : null}
      {fm.authentik_preview ? <span className="badge badge-preview">Preview</span> : null}
    </div>
  );
}

function nest(items: TocItem[]): { item: TocItem; children: TocItem[] }[] {
  const out: { item: TocItem; children: TocItem[] }[] = [];
  // Not Math.min(...levels): a page of 200,000 headings would overflow the call stack.
  const top = items.reduce((min, i) => Math.min(min, i.level), Number.POSITIVE_INFINITY);
  for (const item of items) {
    if (item.level === top || out.length === 0) out.push({ item, children: [] });
    else out[out.length - 1].children.push(item);
  }
  return out;
}

const countOf = (labels: string[]) => {
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  return counts;
};

/**
 * What each entry adds to its heading's text so that no two entries read the same: the label of
 * the tab holding it when the text repeats ("authentik configuration (OIDC)"), then the section
 * above it, then a number.
 */
export function tocContexts(items: TocItem[]): (string | null)[] {
  const texts = items.map((i) => i.text);
  let counts = countOf(texts);
  const context: (string | null)[] = items.map((i) => (counts.get(i.text)! > 1 && i.tab ? i.tab : null));
  const label = (n: number) => (context[n] ? `${texts[n]} (${context[n]})` : texts[n]);
  counts = countOf(items.map((_, n) => label(n)));
  // Each entry's section: the nearest entry above it of a lower level. The entries above of a
  // lower level than all after them are kept on a stack, so repeated headings are not each
  // searched back to the top (which took minutes for 40,000 of them).
  const above: number[] = [];
  items.forEach((item, n) => {
    while (above.length && items[above[above.length - 1]].level >= item.level) above.pop();
    const parent = above.length ? above[above.length - 1] : -1;
    above.push(n);
    if (counts.get(label(n))! < 2) return;
    if (parent >= 0) context[n] = [context[n], texts[parent]].filter(Boolean).join(", ");
  });
  counts = countOf(items.map((_, n) => label(n)));
  const seen = new Map<string, number>();
  items.forEach((_, n) => {
    const l = label(n);
    if (counts.get(l)! < 2) return;
    const k = (seen.get(l) ?? 0) + 1;
    seen.set(l, k);
    if (k > 1) context[n] = [context[n], String(k)].filter(Boolean).join(", ");
  });
  return context;
}

function TocList({ items }: { items: TocItem[] }) {
  const found = tocContexts(items);
  const contexts = new Map(items.map((item, n) => [item, found[n]] as const));
  const entry = (item: TocItem) => (
    <a href={`#${item.id}`}>
      {item.text}
      {contexts.get(item) ? <span className="toc-context"> ({contexts.get(item)})</span> : null}
    </a>
  );
  return (
    <ul>
      {nest(items).map(({ item, children }) => (
        <li key={item.id}>
          {entry(item)}
          {children.length ? (
            <ul>
              {children.map((c) => (
                <li key={c.id}>{entry(c)}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The table of contents beside the article (wide screens). */
export function TableOfContents({ items }: TOCProps) {
  if (items.length === 0) return null;
  return (
    <nav className="toc" aria-labelledby="toc-title" data-toc>
      <p className="toc-title" id="toc-title">
        On this page
      </p>
      <TocList items={items} />
    </nav>
  );
}

/** The collapsible "On this page" outline above the article, where the side one has no room. */
export function MobileTableOfContents({ items }: TOCProps) {
  if (items.length === 0) return null;
  return (
    <details className="toc-mobile" data-toc-mobile>
      <summary>On this page</summary>
      <nav className="toc" aria-label="On this page" data-toc>
        <TocList items={items} />
      </nav>
    </details>
  );
}

/** On a category's page, each of its categories with its guides (the category cards lead here). */
export function CategoryGuideList({ groups }: { groups: CategoryGuides[] }) {
  if (groups.length === 0) return null;
  return (
    <section className="markdown category-guides" aria-labelledby={ALL_GUIDES_ID}>
      <h2 id={ALL_GUIDES_ID}>All guides by category</h2>
      {groups.map((g) => (
        <Fragment key={g.id}>
          <h3 id={g.id}>{g.label}</h3>
          <ul className="guide-list">
            {g.links.map((l) => (
              <li key={l.href}>
                <a href={l.href}>{l.label}</a>
              </li>
            ))}
          </ul>
        </Fragment>
      ))}
    </section>
  );
}

/** A doc's tags, under it. */
export function TagsList({ tags }: TagsListInlineProps) {
  return (
    <div className="doc-tags">
      <b>Tags:</b>
      <ul>
        {tags.map((t) => (
          <li key={t.permalink}>
            <a className="tag" href={t.permalink} rel="tag">
              {t.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function HelpBox({ links }: DocHelpBoxProps) {
  const entries: [string, string | null][] = [
    ["Edit on GitHub", links.editUrl],
    ["Contributor Guide", links.contributorGuideUrl],
    ["Open an issue", links.issuesUrl],
    ["Get Enterprise Support", links.supportUrl],
  ];
  const shown = entries.filter((e): e is [string, string] => !!e[1]);
  if (shown.length === 0) return null;
  return (
    // Page chrome, not part of the article's outline: its title is no heading (every heading of
    // the article is in the table of contents).
    <section className="help-box" aria-labelledby="help-box-title">
      <p className="help-box-title" id="help-box-title">
        Help us improve this content
      </p>
      <ul>
        {shown.map(([label, href]) => (
          <li key={label}>
            <a href={href}>{label}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Paginator({ previous, next }: DocPaginatorProps) {
  if (!previous && !next) return null;
  return (
    <nav className="paginator" aria-label="Docs pages">
      {previous ? (
        <a className="paginator-link paginator-previous" href={previous.href} rel="prev">
          <span className="paginator-sub">Previous</span>
          <span className="paginator-label">{previous.label}</span>
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a className="paginator-link paginator-next" href={next.href} rel="next">
          <span className="paginator-sub">Next</span>
          <span className="paginator-label">{next.label}</span>
        </a>
      ) : null}
    </nav>
  );
}

/** The doc `ssodocs new` copies into each new guide (`template/service.md` of the docs folder). */
const TEMPLATE_GUIDE_ID = "template/service";

/**
 * Above an unlisted doc (or a draft, which only watch mode shows): what it is and who sees it. The
 * guide template, where contributors are sent, is unlisted too: it says what it is for them,
 * as information rather than a warning.
 */
export function StatusNote({ status, id }: { status: "unlisted" | "draft"; id: string }) {
  if (status === "unlisted" && id === TEMPLATE_GUIDE_ID)
    return (
      <div className="admonition admonition-info" role="note">
        <div className="admonition-heading">
          <span>Guide template</span>
        </div>
        <div className="admonition-content">
          <p>
            This page is the template for writing a new guide: <code>ssodocs new</code> starts each guide from it. It is
            left out of the sidebar and search on purpose.
          </p>
        </div>
      </div>
    );
  return (
    <div className="admonition admonition-caution" role="note">
      <div className="admonition-heading">
        <span>{status === "unlisted" ? "Unlisted page" : "Draft page"}</span>
      </div>
      <div className="admonition-content">
        <p>
          {status === "unlisted"
            ? "This page is in no sidebar, search or sitemap, and search engines are asked not to index it: only readers with its link find it."
            : "This page is a draft: it is shown while you write (ssodocs serve --watch), and left out of the built site."}
        </p>
      </div>
    </div>
  );
}

/** "Last updated on <date> by <author>" (front matter last_update), as Docusaurus shows it. */
export function DefaultLastUpdated({ update }: LastUpdatedProps) {
  return (
    <p className="last-updated">
      {update.date ? "Last updated on " : "Last updated"}
      {update.date ? (
        <b>
          <time dateTime={update.date.iso}>{update.date.text}</time>
        </b>
      ) : null}
      {update.author ? " by " : null}
      {update.author ? <b>{update.author}</b> : null}
    </p>
  );
}

// As pages render them: the site's override of each when it has one.
export const DocBreadcrumbs = overridable("DocBreadcrumbs", Breadcrumbs);
export const DocBadges = overridable("DocBadges", Badges);
const SupportBadge = overridable("SupportBadge", DefaultSupportBadge);
export const TOC = overridable("TOC", TableOfContents);
export const TOCCollapsible = overridable("TOCCollapsible", MobileTableOfContents);
export const TagsListInline = overridable("TagsListInline", TagsList);
export const LastUpdated = overridable("LastUpdated", DefaultLastUpdated);
export const DocHelpBox = overridable("DocHelpBox", HelpBox);
export const DocPaginator = overridable("DocPaginator", Paginator);
