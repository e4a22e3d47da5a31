import type { TagPageProps } from "../src/shared/template-props.ts";
import Layout from "./Layout.tsx";

export default function TagPage({ site, tag, docs }: TagPageProps) {
  const heading = `${docs.length === 1 ? "One doc" : `${docs.length} docs`} tagged with "${tag.label}"`;
  const head = {
    title: heading,
    description: `Guides tagged ${tag.label}`,
    canonical: `${site.config.url}${tag.permalink}`,
  };
  return (
    <Layout site={site} head={head} path={tag.permalink} pageClass="tag-page">
      <main id="main-content" className="narrow-main" tabIndex={-1}>
        <h1>{heading}</h1>
        <a href={site.tagsPath}>View all tags</a>
        <ul className="tag-docs">
          {docs.map((d) => (
            <li key={d.href}>
              <h2>
                <a href={d.href}>{d.title}</a>
              </h2>
              {d.description ? <p>{d.description}</p> : null}
            </li>
          ))}
        </ul>
      </main>
    </Layout>
  );
}
