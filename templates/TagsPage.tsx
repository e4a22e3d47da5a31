import type { TagsPageProps } from "../src/shared/template-props.ts";
import Layout from "./Layout.tsx";

export default function TagsPage({ site, tags }: TagsPageProps) {
  const head = {
    title: "Tags",
    description: "All tags used in the integration guides",
    canonical: `${site.config.url}${site.tagsPath}`,
  };
  return (
    <Layout site={site} head={head} path={site.tagsPath} pageClass="tags-page">
      <main id="main-content" className="narrow-main" tabIndex={-1}>
        <h1>Tags</h1>
        <ul className="tag-list">
          {tags.map((t) => (
            <li key={t.permalink}>
              <a className="tag" href={t.permalink}>
                {t.label} <span className="tag-count">{t.count}</span>
              </a>
            </li>
          ))}
        </ul>
      </main>
    </Layout>
  );
}
