import { overridable } from "../src/shared/overridable.ts";
import type { NotFoundContentProps, NotFoundProps } from "../src/shared/template-props.ts";
import Layout from "./Layout.tsx";

export function DefaultNotFoundContent({ site }: NotFoundContentProps) {
  return (
    <main id="main-content" className="narrow-main" tabIndex={-1}>
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>
        Try the <a href={site.docsHome}>list of integrations</a> or <a href={site.searchPath}>search the guides</a>. If
        a link on this site brought you here, please let us know so we can fix it.
      </p>
    </main>
  );
}

const NotFoundContent = overridable("NotFoundContent", DefaultNotFoundContent);

export default function NotFound({ site }: NotFoundProps) {
  const head = {
    title: "Page Not Found",
    description: "The page you asked for does not exist.",
    canonical: `${site.config.url}${site.config.baseUrl}404.html`,
    noindex: true,
  };
  return (
    <Layout site={site} head={head} path="/404.html" pageClass="not-found-page" notFound>
      <NotFoundContent site={site} />
    </Layout>
  );
}
