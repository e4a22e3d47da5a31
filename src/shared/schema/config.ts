// The schema of `ssodocs.config.ts`: every key, its default and what it must be. The types of the
// resolved config come from here. Keys speak Docusaurus's names where the concept is the same
// (`routeBasePath`, `sidebarPath`, `trailingSlash`, `staticDirectories`, `redirects`,
// `createRedirects`), so a migrant maps their config line by line.
import * as v from "valibot";
import { sidebarSchema } from "./sidebar-items.ts";

const text = (what = "a string") => v.string(`must be ${what}`);
const nonEmpty = v.pipe(text("a non-empty string"), v.trim(), v.minLength(1, "must be a non-empty string"));
const flag = v.boolean("must be true or false");
/** A value that may be left out or null (null by default); the value's own schema says what it must be. */
const orNull = <T extends v.GenericSchema>(schema: T, _what: string) => v.optional(v.nullable(schema), null);
const oneOf = <const T extends readonly string[]>(options: T) =>
  v.picklist(options, `must be one of ${options.map((o) => `"${o}"`).join(", ")}`);
const headingLevel = v.pipe(
  v.number("must be a whole number from 1 to 6"),
  v.integer("must be a whole number from 1 to 6"),
  v.minValue(1, "must be a whole number from 1 to 6"),
  v.maxValue(6, "must be a whole number from 1 to 6"),
);
const link = v.strictObject({ label: nonEmpty, href: nonEmpty }, "must be an object with label and href");

export type { SidebarItemConfig } from "./sidebar-items.ts";

/** Extra entries of a dropdown, after the configured ones (Docusaurus's `dropdownItemsAfter`). */
const dropdownExtras = v.optional(v.array(link, "must be a list of { label, href }"));
const dropdown = <T extends string>(type: T) =>
  v.strictObject({
    type: v.literal(type),
    dropdownItemsAfter: dropdownExtras,
    position: v.optional(oneOf(["left", "right"] as const)),
  });

/**
 * A navbar item: a link (left side), or Docusaurus's locale or docs version dropdown (right
 * side), whose entries come from `i18n` and `docs.versions`.
 */
const navbarItem = v.union(
  [
    link,
    v.variant(
      "type",
      [dropdown("localeDropdown"), dropdown("docsVersionDropdown")],
      'must be "localeDropdown" or "docsVersionDropdown"',
    ),
  ],
  'must be { label, href } or a dropdown item ({ type: "localeDropdown" } or { type: "docsVersionDropdown" })',
);

/** One locale's settings (Docusaurus's `i18n.localeConfigs`); `url`: where a locale other than the built one lives. */
const localeConfig = v.strictObject({
  label: v.optional(nonEmpty),
  htmlLang: v.optional(nonEmpty),
  direction: v.optional(oneOf(["ltr", "rtl"] as const)),
  url: v.optional(nonEmpty),
});

/** `i18n`: the built locale is `defaultLocale`; every other locale is another site, so it needs the `url` it lives at. */
const i18n = v.pipe(
  v.strictObject({
    defaultLocale: v.optional(nonEmpty, "en"),
    locales: v.optional(v.array(nonEmpty, 'must be a list of locales such as ["en"]')),
    localeConfigs: v.optional(v.record(v.string(), localeConfig, "must be an object keyed by locale"), {}),
  }),
  v.transform((i) => ({ ...i, locales: i.locales ?? [i.defaultLocale] })),
  v.forward(
    v.check((i) => i.locales.includes(i.defaultLocale), "must be a list of locales that holds i18n.defaultLocale"),
    ["locales"],
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const i = dataset.value;
    for (const locale of i.locales) {
      if (locale === i.defaultLocale || i.localeConfigs[locale]?.url) continue;
      const step = (input: unknown, key: string, value: unknown) => ({
        type: "object" as const,
        origin: "value" as const,
        input: input as Record<string, unknown>,
        key,
        value,
      });
      const configs = i.localeConfigs as Record<string, unknown>;
      addIssue({
        message: "must be the URL of that locale's site (ssodocs builds one locale, i18n.defaultLocale)",
        path: [
          step(i, "localeConfigs", configs),
          step(configs, locale, configs[locale]),
          step(configs[locale] ?? {}, "url", undefined),
        ],
      });
    }
  }),
);

const redirect = v.strictObject(
  { from: v.union([nonEmpty, v.array(nonEmpty)], "must be a path or a list of paths"), to: nonEmpty },
  "must be an object with from and to",
);

// ---- The site's look (issue 29): theme assets as Docusaurus resolves them, and custom stylesheets.

/** A scheme other than http(s), or a `..` segment: neither is a theme asset's address. */
const NOT_AN_ASSET = /^(?!(?:https?:)?\/\/)[a-z][a-z0-9+.-]*:|(^|\/)\.\.(\/|$)|\\/i;

/**
 * A theme asset (the logo, the favicon, the social card): a path the site serves, relative to
 * `baseUrl` as Docusaurus resolves it (`img/logo.svg` and `/img/logo.svg` are both
 * `<baseUrl>img/logo.svg`), or an http(s) URL taken as it is.
 */
const assetPath = v.pipe(
  nonEmpty,
  v.check((s) => !NOT_AN_ASSET.test(s), "must be a path of the site (such as img/logo.svg) or an http(s) URL"),
);

/** A logo's width or height, in pixels (Docusaurus takes a number or a string). */
const pixels = v.pipe(
  v.union([v.number(), v.string()], "must be a number of pixels"),
  v.check((n) => /^\d+(\.\d+)?$/.test(String(n).trim()) && Number(n) > 0, "must be a number of pixels"),
);

/**
 * What a CSS value of the logo's `style` may not hold: anything that loads something (url(),
 * image(), image-set(), cross-fade(), element(), src(), expression(), paint()), an escape that
 * could spell one, or what ends the declaration or the attribute (`;`, braces, `<`, `>`, `@`, comments).
 */
const LOADS_OR_ESCAPES =
  /(?:^|[^a-z0-9-])(?:url|image|image-set|cross-fade|element|src|expression|paint)\(|[\\;{}<>@]|\/\*/i;

/** The logo's `style` (React's style object, as Docusaurus takes it): CSS properties with values that load nothing. */
const logoStyle = v.record(
  v.pipe(v.string(), v.regex(/^(?:--[\w-]+|-?[a-zA-Z][a-zA-Z0-9-]*)$/, "must be a CSS property name")),
  v.pipe(
    v.union([v.number(), v.string()], "must be a CSS value (a string or a number)"),
    v.check(
      (value) => typeof value === "number" || !LOADS_OR_ESCAPES.test(value.replace(/\s+/g, "")),
      "must be a CSS value that loads nothing (no url(), image-set(), @import, escapes or ;)",
    ),
  ),
  "must be an object of CSS properties, such as { height: 32 }",
);

/** The navbar's logo (Docusaurus's `navbar.logo`), shown before the site's title; `srcDark` in dark mode. */
const navbarLogo = v.strictObject(
  {
    /** Empty by default: the title beside it says what it is. */
    alt: v.optional(text(), ""),
    src: assetPath,
    srcDark: v.optional(assetPath),
    href: v.optional(nonEmpty),
    width: v.optional(pixels),
    height: v.optional(pixels),
    style: v.optional(logoStyle),
  },
  "must be an object with src (and alt, href, srcDark, width, height, style)",
);

/** The top-level keys of the site's look, spread into the config's schema. */
const lookKeys = {
  /** The icon browsers show for the site (Docusaurus's `favicon`). */
  favicon: orNull(assetPath, "a path or URL"),
  /** The social card of pages without an image of their own (Docusaurus's `themeConfig.image`). */
  image: orNull(assetPath, "a path or URL"),
  /** The site's stylesheets (Docusaurus's `theme.customCss`), relative to the config file, bundled after ssodocs's own. */
  customCss: v.optional(
    v.pipe(
      v.union([nonEmpty, v.array(nonEmpty, "must be a list of files")], "must be a file or a list of files"),
      v.transform((files) => (typeof files === "string" ? [files] : files)),
    ),
    [],
  ),
};

/**
 * A markdown-it plugin as `md.use` takes it: called with the instance and its options. Typed
 * loosely so that any plugin's own option type fits.
 */
type MarkdownPluginFunction = (md: never, options: never) => unknown;
const pluginFunction = v.custom<MarkdownPluginFunction>(
  (f) => typeof f === "function",
  "must be a markdown-it plugin (a function) or [plugin, options]",
);

/** `markdown`: how docs are read (Docusaurus's `markdown.format`) and the site's markdown-it plugins. */
const markdown = v.strictObject({
  /** "mdx": every doc is MDX (Docusaurus's default); "md": every doc is CommonMark; "detect": by extension. */
  format: v.optional(oneOf(["mdx", "md", "detect"] as const), "mdx"),
  /** Applied to every doc after ssodocs's own rules, in order: a plugin, or [plugin, options]. */
  plugins: v.optional(
    v.array(
      v.union(
        [pluginFunction, v.strictTuple([pluginFunction]), v.strictTuple([pluginFunction, v.unknown()])],
        "must be a markdown-it plugin (a function) or [plugin, options]",
      ),
      "must be a list of markdown-it plugins, each a function or [plugin, options]",
    ),
    [],
  ),
});

export const ConfigSchema = v.strictObject(
  {
    title: v.optional(nonEmpty, "authentik"),
    tagline: v.optional(text(), "Bring all of your authentication into a unified platform."),
    url: v.optional(
      v.pipe(
        nonEmpty,
        v.regex(/^https?:\/\/[^/]+$/, "must be an origin such as https://example.com (no path, no trailing slash)"),
      ),
      "https://integrations.goauthentik.io",
    ),
    baseUrl: v.optional(v.pipe(nonEmpty, v.regex(/^\/(.*\/)?$/, "must be a path that starts and ends with /")), "/"),
    /** Docusaurus's meaning: true writes `a/b/index.html` and links `/a/b/`; false writes `a/b.html` and links `/a/b`; undefined keeps each link as written. */
    trailingSlash: v.optional(v.boolean("must be true, false or left out")),
    titleDelimiter: v.optional(nonEmpty, "|"),
    navbar: v.optional(
      v.strictObject({
        /** The logo beside the title (an image the site serves, say from its static folder); none by default. */
        logo: orNull(navbarLogo, "a logo"),
        items: v.optional(v.array(navbarItem, "must be a list of links and dropdown items"), []),
        iconLinks: v.optional(
          v.array(
            v.strictObject({ label: nonEmpty, href: nonEmpty, icon: oneOf(["github", "discord"] as const) }),
            "must be a list of { label, href, icon }",
          ),
          [],
        ),
        hideOnScroll: v.optional(flag, false),
      }),
      {},
    ),
    ...lookKeys,
    footer: v.optional(v.strictObject({ copyright: v.optional(text(), "") }), {}),
    announcementBar: orNull(
      v.strictObject({
        id: nonEmpty,
        content: nonEmpty,
        backgroundColor: v.optional(nonEmpty, "#fff"),
        textColor: v.optional(nonEmpty, "#000"),
        isCloseable: v.optional(flag, true),
      }),
      "an object with id and content",
    ),
    i18n: v.optional(i18n, {}),
    colorMode: v.optional(
      v.strictObject({
        defaultMode: v.optional(oneOf(["light", "dark"] as const), "light"),
        disableSwitch: v.optional(flag, false),
        respectPrefersColorScheme: v.optional(flag, true),
      }),
      {},
    ),
    docs: v.optional(
      v.strictObject({
        /** Folder of the docs, relative to the config file. */
        path: v.optional(nonEmpty, "content"),
        /** URL path of the docs below baseUrl; "/" serves them at the site's root. */
        routeBasePath: v.optional(
          v.pipe(
            text(),
            v.transform((s) => s.trim().replace(/^\/+|\/+$/g, "")),
            v.check((s) => !/[?#\\]|(^|\/)\.\.?(\/|$)/.test(s), 'must be a plain path such as "integrations" or "/"'),
          ),
          "integrations",
        ),
        /** Sidebar items as Docusaurus writes them (one sidebar); sidebarPath names a module of several instead. */
        sidebar: v.optional(sidebarSchema, []),
        /** A Docusaurus sidebars module (.js, .mjs, .ts, .json), relative to the config file. */
        sidebarPath: orNull(nonEmpty, "a file"),
        /** Prefix of the "Edit this page" link; the doc's path relative to docs.path is appended. */
        editUrl: orNull(nonEmpty, "a URL"),
        issuesUrl: orNull(nonEmpty, "a URL"),
        contributorGuideUrl: orNull(nonEmpty, "a URL"),
        supportUrl: orNull(nonEmpty, "a URL"),
        /** Docs left out of the build: globs below docs.path (Docusaurus's docs option `exclude`). */
        exclude: v.optional(v.array(nonEmpty, 'must be a list of globs such as ["**/drafts/**"]'), []),
        /** `ssodocs check` fails for a doc in no sidebar (not unlisted); by default it warns, as Docusaurus builds it. */
        requireSidebar: v.optional(flag, false),
        /** Only the current version is built: its label is what the version dropdown shows. */
        versions: v.optional(
          v.strictObject(
            { current: v.optional(v.strictObject({ label: nonEmpty }), { label: "Next" }) },
            "must be { current: { label } }: ssodocs builds the current version only (link others with dropdownItemsAfter)",
          ),
          {},
        ),
      }),
      {},
    ),
    toc: v.optional(
      v.pipe(
        v.strictObject({ minHeadingLevel: v.optional(headingLevel, 2), maxHeadingLevel: v.optional(headingLevel, 3) }),
        v.forward(
          v.check((t) => t.minHeadingLevel <= t.maxHeadingLevel, "must be at most toc.maxHeadingLevel"),
          ["minHeadingLevel"],
        ),
      ),
      {},
    ),
    frontMatter: v.optional(v.strictObject({ unknownKeys: v.optional(oneOf(["warn", "error"] as const), "warn") }), {}),
    links: v.optional(
      v.strictObject({
        rewrites: v.optional(
          v.array(v.strictObject({ from: nonEmpty, to: nonEmpty }), "must be a list of { from, to }"),
          [],
        ),
      }),
      {},
    ),
    search: v.optional(
      v.strictObject({
        algolia: orNull(
          v.strictObject({ appId: nonEmpty, apiKey: nonEmpty, indexName: nonEmpty }),
          "an object with appId, apiKey and indexName",
        ),
        /** Groups of words a search treats as one (`[["oidc", "oauth2", "openid"], ...]`); a member may be a phrase. */
        synonyms: v.optional(
          v.array(
            v.pipe(
              v.array(
                v.pipe(text(), v.regex(/[\p{L}\p{N}]/u, "must hold a letter or digit")),
                'must be a list of at least two words or phrases, such as ["oidc", "openid"]',
              ),
              v.minLength(2, 'must be a list of at least two words or phrases, such as ["oidc", "openid"]'),
            ),
            "must be an array of groups of words or phrases",
          ),
          [],
        ),
      }),
      {},
    ),
    mermaid: v.optional(
      v.strictObject({
        theme: v.optional(v.strictObject({ light: nonEmpty, dark: nonEmpty }), { light: "default", dark: "dark" }),
      }),
      {},
    ),
    code: v.optional(
      v.strictObject({
        extraLanguages: v.optional(v.array(nonEmpty, "must be a list of language names"), [
          "apacheconf",
          "diff",
          "http",
          "json",
          "nginx",
          "python",
          "bash",
        ]),
      }),
      {},
    ),
    markdown: v.optional(markdown, {}),
    /** Folder of the React page templates, relative to the config file (default: ssodocs's own). */
    templates: orNull(nonEmpty, "a folder"),
    /**
     * Folder of the site's component overrides (Docusaurus's swizzled `src/theme/`), relative to the
     * config file: `<Name>.tsx` there replaces the component <Name> (`ssodocs components` lists
     * them). Default: `theme/` beside the config, when there is one.
     */
    themeDir: orNull(nonEmpty, "a folder"),
    /** Folders copied as they are to the output root, in order (Docusaurus's `staticDirectories`). */
    staticDirectories: v.optional(v.array(nonEmpty, "must be a list of folders"), []),
    /** One static folder (the older form of staticDirectories). */
    static: orNull(nonEmpty, "a folder"),
    /** Pages that send readers on: `{ from, to }` as the client-redirects plugin takes them. */
    redirects: v.optional(v.array(redirect, "must be a list of { from, to }"), []),
    /** For each existing route, the old paths that should lead to it (the client-redirects plugin's `createRedirects`). */
    createRedirects: v.optional(
      v.custom<(existingPath: string) => string[] | string | null | undefined>(
        (f) => typeof f === "function",
        "must be a function (existingPath) => string[]",
      ),
    ),
  },
  "must be an object (export default defineConfig({ ... }))",
);

/** What a config file may say. */
export type UserConfig = v.InferInput<typeof ConfigSchema>;
/** The config with every default filled in. */
export type SiteConfig = v.InferOutput<typeof ConfigSchema>;
