import type { HomePageProps } from "../src/shared/template-props.ts";
import { DocCardList } from "./components/CardList.tsx";
import Layout from "./Layout.tsx";

export default function HomePage({ site, categories, guideCount }: HomePageProps) {
  const { config } = site;
  const head = { title: config.title, description: config.tagline, canonical: `${config.url}${config.baseUrl}` };
  return (
    <Layout site={site} head={head} path={config.baseUrl} pageClass="home-page">
      <main id="main-content" tabIndex={-1}>
        <header className="hero">
          <h1 className="hero-title">{config.title} integrations</h1>
          <p className="hero-tagline">{config.tagline}</p>
          <p className="hero-text">
            Step-by-step guides for connecting {guideCount} applications to single sign-on with {config.title}.
          </p>
          <div className="hero-actions">
            <a className="button button-primary" href={site.docsHome}>
              Browse the integrations
            </a>
            <a className="button button-secondary" href={site.searchPath}>
              Search the guides
            </a>
          </div>
        </header>
        <section className="home-categories" aria-labelledby="categories-title">
          <h2 id="categories-title">Integration categories</h2>
          <DocCardList cards={categories} />
        </section>
      </main>
    </Layout>
  );
}
