import type { SearchPageProps } from "../src/shared/template-props.ts";
import Layout from "./Layout.tsx";

/** The /search page: the form works without JavaScript (it reloads with ?q=); results are filled in by the client. */
export default function SearchPage({ site }: SearchPageProps) {
  const head = {
    title: "Search the documentation",
    description: `Search the ${site.config.title} integration guides`,
    canonical: `${site.config.url}${site.searchPath}`,
    noindex: true,
  };
  return (
    <Layout site={site} head={head} path={site.searchPath} pageClass="search-page">
      <main id="main-content" className="narrow-main" tabIndex={-1}>
        <h1 data-search-heading>Search the documentation</h1>
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some readers' browsers; a form with role="search" is the landmark they know */}
        <form className="search-page-form" action={site.searchPath} method="get" role="search" data-search-page>
          <input
            type="search"
            name="q"
            className="search-page-input"
            placeholder="Type your search here"
            aria-label="Search"
            maxLength={64}
            autoComplete="off"
          />
        </form>
        <div className="search-page-results" data-search-results aria-live="polite" />
      </main>
    </Layout>
  );
}
