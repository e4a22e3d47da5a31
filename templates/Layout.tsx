// The page shell every template renders into: head, skip link, announcement bar, navbar,
// the mobile menu, main content and footer.
import { overridable } from "../src/shared/overridable.ts";
import type { LayoutProps } from "../src/shared/template-props.ts";
import { encodeUrl } from "../src/shared/url.ts";
import { AnnouncementBar } from "./components/AnnouncementBar.tsx";
import { Footer } from "./components/Footer.tsx";
import { MobileMenu } from "./components/MobileMenu.tsx";
import { Navbar } from "./components/Navbar.tsx";

const ICON_TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  gif: "image/gif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

/** The favicon's type by its extension, so a browser skips one it cannot show; none when the name does not say. */
const iconType = (href: string) => ICON_TYPES[/\.([a-z]+)(?:[?#].*)?$/i.exec(href)?.[1]?.toLowerCase() ?? ""];

export function DefaultLayout(props: LayoutProps) {
  const { site, head, path, sidebar = null, pageClass, notFound = false, children } = props;
  const { config } = site;
  const locale = config.i18n.localeConfigs[config.i18n.defaultLocale];
  const lang = locale?.htmlLang ?? config.i18n.defaultLocale;
  const fullTitle = head.title === config.title ? head.title : `${head.title} ${config.titleDelimiter} ${config.title}`;
  // The home page and the 404 page also check the address the site is served at (base URL, `.html` paths).
  const checks = notFound || path === config.baseUrl;
  // A page's own social card, else the site's (Docusaurus's themeConfig.image).
  const image = head.image ?? config.image;
  return (
    // data-not-found: the before-paint script sends a `.html` path that found no file to the page without that ending.
    <html
      lang={lang}
      dir={locale?.direction ?? "ltr"}
      data-theme={config.colorMode.defaultMode}
      data-not-found={notFound ? "" : undefined}
      data-ssodocs={site.beforePaintOptions === "{}" ? undefined : site.beforePaintOptions}
    >
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={checks ? site.siteChecksCspMeta : site.cspMeta} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={head.description} />
        {head.keywords?.length ? <meta name="keywords" content={head.keywords.join(", ")} /> : null}
        <meta name="generator" content="ssodocs" />
        {head.noindex ? <meta name="robots" content="noindex, follow" /> : null}
        <link rel="canonical" href={encodeUrl(head.canonical)} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={config.title} />
        <meta property="og:title" content={fullTitle} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={encodeUrl(head.canonical)} />
        <meta property="og:locale" content={lang.replace("-", "_")} />
        {image ? <meta property="og:image" content={encodeUrl(image)} /> : null}
        <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
        {image ? <meta name="twitter:image" content={encodeUrl(image)} /> : null}
        {config.favicon ? <link rel="icon" href={config.favicon} type={iconType(config.favicon)} /> : null}
        <script dangerouslySetInnerHTML={{ __html: checks ? site.siteChecksScript : site.beforePaintScript }} />
        <link rel="stylesheet" href={site.assets.css} />
        {/* The site's own stylesheets (customCss), after ssodocs's: theirs win where both say something. */}
        {site.assets.customCss ? <link rel="stylesheet" href={site.assets.customCss} /> : null}
        <script type="module" src={site.assets.js} />
      </head>
      <body className={pageClass}>
        <a className="skip-link" href="#main-content">
          Skip to main content
        </a>
        {config.announcementBar ? <AnnouncementBar bar={config.announcementBar} /> : null}
        <Navbar site={site} path={path} />
        <MobileMenu site={site} path={path} hasSidebar={!!sidebar} />
        <div className="page" id="page">
          {children as never}
        </div>
        <Footer site={site} />
      </body>
    </html>
  );
}

/** The layout as pages render it: the site's `theme/Layout.tsx` when it has one. */
const Layout = overridable("Layout", DefaultLayout);
export default Layout;
