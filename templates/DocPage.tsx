import { categoryGuidesOf, categoryGuidesToc } from "../src/shared/category-guides.ts";
import type { DocPageProps } from "../src/shared/template-props.ts";
import { CopyPage } from "./components/CopyPage.tsx";
import {
  CategoryGuideList,
  DocBadges,
  DocBreadcrumbs,
  DocHelpBox,
  DocPaginator,
  LastUpdated,
  StatusNote,
  TagsListInline,
  TOC,
  TOCCollapsible,
} from "./components/DocParts.tsx";
import { DocSidebar } from "./components/Sidebar.tsx";
import Layout from "./Layout.tsx";

export default function DocPage({ site, doc }: DocPageProps) {
  const head = {
    title: doc.title,
    description: doc.description,
    canonical: `${site.config.url}${doc.permalink}`,
    noindex: doc.status !== null,
    keywords: doc.keywords,
    image: doc.image,
  };
  const docs = site.config.docs;
  const guides = categoryGuidesOf(doc.sidebar, doc.permalink);
  const toc = doc.hideToc ? [] : [...doc.toc, ...categoryGuidesToc(guides, doc.tocLevels)];
  return (
    <Layout site={site} head={head} path={doc.permalink} sidebar={doc.sidebar} pageClass="doc-page">
      <div className={`doc-layout${doc.sidebar ? "" : " doc-layout-no-sidebar"}`}>
        {doc.sidebar ? (
          <aside className="doc-sidebar" aria-label="Docs navigation">
            <DocSidebar nodes={doc.sidebar} path={doc.permalink} />
          </aside>
        ) : null}
        <main id="main-content" className="doc-main" tabIndex={-1}>
          <div className="doc-container">
            <article className="doc">
              {doc.breadcrumbs.length ? <DocBreadcrumbs items={doc.breadcrumbs} home={site.docsHome} /> : null}
              {doc.status ? <StatusNote status={doc.status} id={doc.id} /> : null}
              <TOCCollapsible items={toc} />
              <header className="doc-header">
                {doc.hideTitle ? null : <h1>{doc.heading}</h1>}
                <DocBadges frontMatter={doc.frontMatter} />
                <CopyPage permalink={doc.permalink} />
              </header>
              <div className="markdown" dangerouslySetInnerHTML={{ __html: doc.html }} />
              <CategoryGuideList groups={guides} />
              {doc.tags.length ? <TagsListInline tags={doc.tags} /> : null}
              {doc.lastUpdate ? <LastUpdated update={doc.lastUpdate} /> : null}
              <DocHelpBox
                links={{
                  editUrl: doc.editUrl,
                  contributorGuideUrl: docs.contributorGuideUrl,
                  issuesUrl: docs.issuesUrl,
                  supportUrl: docs.supportUrl,
                }}
                doc={doc}
                site={site}
              />
              <DocPaginator previous={doc.previous} next={doc.next} />
            </article>
            {toc.length ? (
              <div className="doc-toc">
                <TOC items={toc} />
              </div>
            ) : null}
          </div>
        </main>
      </div>
    </Layout>
  );
}
