// The parts of a doc page around its content: breadcrumbs, badges, table of contents,
// the "Help us improve this content" box and previous/next links.
import { supportBadgeClass, supportBadgeLabel } from "../../src/shared/badges.ts";
import type { Breadcrumb, FrontMatter, PageLink, TocItem } from "../../src/shared/types.ts";
import { HomeIcon } from "./Icons.tsx";

export function Breadcrumbs({ items, home }: { items: Breadcrumb[]; home: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <a href={home} aria-label="Home page" className="breadcrumb-home">
            <HomeIcon size={16} />
          </a>
        </li>
        {items.map((item, i) => (
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

export function Badges({ frontMatter }: { frontMatter: FrontMatter }) {
  const fm = frontMatter;
  if (!fm.support_level && !fm.authentik_preview && !fm.authentik_enterprise && !fm.authentik_version) return null;
  return (
    <div className="badges">
      {fm.support_level ? <span className={supportBadgeClass(fm.support_level)}>{supportBadgeLabel(fm.support_level)}</span> : null}
      {fm.authentik_version ? <span className="badge badge-version">authentik: {fm.authentik_version}+</span> : null}
      {fm.authentik_enterprise ? <span className="badge badge-enterprise">Enterprise</span> : null}
      {fm.authentik_preview ? <span className="badge badge-preview">Preview</span> : null}
    </div>
  );
}

function nest(items: TocItem[]): { item: TocItem; children: TocItem[] }[] {
  const out: { item: TocItem; children: TocItem[] }[] = [];
  const top = Math.min(...items.map((i) => i.level));
  for (const item of items) {
    if (item.level === top || out.length === 0) out.push({ item, children: [] });
    else out[out.length - 1].children.push(item);
  }
  return out;
}

export function TableOfContents({ items }: { items: TocItem[] }) {
  if (items.length === 0) return null;
  return (
    <nav className="toc" aria-labelledby="toc-title" data-toc>
      <p className="toc-title" id="toc-title">
        On this page
      </p>
      <ul>
        {nest(items).map(({ item, children }) => (
          <li key={item.id}>
            <a href={`#${item.id}`}>{item.text}</a>
            {children.length ? (
              <ul>
                {children.map((c) => (
                  <li key={c.id}>
                    <a href={`#${c.id}`}>{c.text}</a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export interface HelpLinks {
  editUrl: string | null;
  contributorGuideUrl: string | null;
  issuesUrl: string | null;
  supportUrl: string | null;
}

export function HelpBox({ links }: { links: HelpLinks }) {
  const entries: [string, string | null][] = [
    ["Edit on GitHub", links.editUrl],
    ["Contributor Guide", links.contributorGuideUrl],
    ["Open an issue", links.issuesUrl],
    ["Get Enterprise Support", links.supportUrl],
  ];
  const shown = entries.filter((e): e is [string, string] => !!e[1]);
  if (shown.length === 0) return null;
  return (
    <section className="help-box" aria-labelledby="help-box-title">
      <h2 className="help-box-title" id="help-box-title">
        Help us improve this content
      </h2>
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

export function Paginator({ previous, next }: { previous: PageLink | null; next: PageLink | null }) {
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
