// Loads `ssodocs.config.ts`, checks every key, and fills in the defaults.
import { existsSync } from "node:fs";
import path from "node:path";
import type { SiteConfig, SidebarItemConfig } from "../shared/types.ts";
import { checkNavbarItem, checkVersions, DEFAULT_I18N, resolveI18n } from "./config-dropdowns.ts";
import { SsodocsError } from "./errors.ts";
import { importModule, type ModuleImporter } from "./import-module.ts";

type DeepPartial<T> = T extends (infer U)[] ? U[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> | null } : T;

/** What a config file may say: any key may be left out and takes its default. */
export type UserConfig = DeepPartial<Omit<SiteConfig, "docs">> & {
  docs?: DeepPartial<Omit<SiteConfig["docs"], "sidebar">> & { sidebar?: SidebarItemConfig[] };
};

/** Typed helper for config files: `export default defineConfig({ ... })`. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

export const DEFAULT_CONFIG_FILE = "ssodocs.config.ts";

export interface LoadedConfig {
  config: SiteConfig;
  /** Absolute path of the config file. */
  file: string;
  /** Folder the config's relative paths start from. */
  root: string;
  /** Absolute path of the docs folder. */
  docsDir: string;
  templatesDir: string;
  staticDir: string | null;
}

const PACKAGE_ROOT = path.resolve(import.meta.dirname, "../..");

export const DEFAULTS: SiteConfig = {
  title: "authentik",
  tagline: "Bring all of your authentication into a unified platform.",
  url: "https://integrations.goauthentik.io",
  baseUrl: "/",
  titleDelimiter: "|",
  navbar: {
    logo: { alt: "authentik logo", src: "/img/icon.svg", href: "https://goauthentik.io/" },
    items: [],
    iconLinks: [],
    hideOnScroll: false,
  },
  footer: { copyright: "" },
  announcementBar: null,
  i18n: DEFAULT_I18N,
  colorMode: { defaultMode: "light", disableSwitch: false, respectPrefersColorScheme: true },
  docs: {
    path: "content",
    routeBasePath: "integrations",
    sidebar: [],
    editUrl: null,
    issuesUrl: null,
    contributorGuideUrl: null,
    supportUrl: null,
    versions: { current: { label: "Next" } },
  },
  toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  links: { rewrites: [] },
  search: { algolia: null },
  mermaid: { theme: { light: "default", dark: "dark" } },
  code: { extraLanguages: ["apacheconf", "diff", "http", "json", "nginx", "python", "bash"] },
  templates: path.join(PACKAGE_ROOT, "templates"),
  static: null,
};

type Check = (value: unknown, key: string) => void;

function fail(key: string, expected: string, value: unknown, file: string): never {
  const shown = value === undefined ? "nothing" : JSON.stringify(value);
  throw new SsodocsError(`config key "${key}" must be ${expected} (got ${shown})`, { file });
}

/** Validates a user config against the defaults' shape and returns the merged SiteConfig. */
export function resolveConfig(user: unknown, file: string): SiteConfig {
  if (typeof user !== "object" || user === null || Array.isArray(user)) {
    throw new SsodocsError("the config file must export an object as its default export (use defineConfig)", { file });
  }
  const u = user as Record<string, unknown>;
  const str: (allowEmpty?: boolean) => Check = (allowEmpty = true) => (v, key) => {
    if (typeof v !== "string" || (!allowEmpty && v.trim() === "")) fail(key, allowEmpty ? "a string" : "a non-empty string", v, file);
  };
  const bool: Check = (v, key) => {
    if (typeof v !== "boolean") fail(key, "true or false", v, file);
  };
  const oneOf = (...options: string[]): Check => (v, key) => {
    if (typeof v !== "string" || !options.includes(v)) fail(key, `one of ${options.map((o) => `"${o}"`).join(", ")}`, v, file);
  };
  const int = (min: number, max: number): Check => (v, key) => {
    if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) fail(key, `a whole number from ${min} to ${max}`, v, file);
  };
  const nullable = (check: Check): Check => (v, key) => {
    if (v !== null) check(v, key);
  };

  const knownTop = new Set([...Object.keys(DEFAULTS)]);
  for (const key of Object.keys(u)) {
    if (!knownTop.has(key)) throw new SsodocsError(`unknown config key "${key}" (known keys: ${[...knownTop].join(", ")})`, { file });
  }

  function section<T extends object>(name: string, defaults: T, checks: { [K in keyof T]?: Check }): T {
    const value = u[name];
    if (value === undefined || value === null) return defaults;
    if (typeof value !== "object" || Array.isArray(value)) fail(name, "an object", value, file);
    const out: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (!(key in defaults)) {
        throw new SsodocsError(`unknown config key "${name}.${key}" (known keys: ${Object.keys(defaults).join(", ")})`, { file });
      }
      if (v === undefined) continue;
      checks[key as keyof T]?.(v, `${name}.${key}`);
      out[key] = v;
    }
    return out as T;
  }

  const top = (key: keyof SiteConfig, check: Check) => {
    const v = u[key];
    if (v === undefined) return DEFAULTS[key];
    check(v, key);
    return v;
  };

  const linkList = (icon: boolean): Check => (v, key) => {
    if (!Array.isArray(v)) fail(key, "an array", v, file);
    v.forEach((item, i) => {
      if (typeof item !== "object" || item === null) fail(`${key}[${i}]`, "an object with label and href", item, file);
      const it = item as Record<string, unknown>;
      str(false)(it.label, `${key}[${i}].label`);
      str(false)(it.href, `${key}[${i}].href`);
      if (icon) oneOf("github", "discord")(it.icon, `${key}[${i}].icon`);
    });
  };

  const navbar = section("navbar", DEFAULTS.navbar, {
    logo: (v, key) => {
      if (typeof v !== "object" || v === null) fail(key, "an object with alt, src and href", v, file);
      const l = v as Record<string, unknown>;
      for (const k of ["alt", "src", "href"]) str(false)(l[k], `${key}.${k}`);
    },
    items: (v, key) => {
      if (!Array.isArray(v)) fail(key, "an array", v, file);
      const failure = (k: string, expected: string, value: unknown) => fail(k, expected, value, file);
      v.forEach((item, i) => checkNavbarItem(item, `${key}[${i}]`, failure));
    },
    iconLinks: linkList(true),
    hideOnScroll: bool,
  });

  let announcementBar: SiteConfig["announcementBar"] = null;
  if (u.announcementBar !== undefined && u.announcementBar !== null) {
    const a = u.announcementBar as Record<string, unknown>;
    if (typeof a !== "object" || Array.isArray(a)) fail("announcementBar", "an object or null", a, file);
    const base = { id: "", content: "", backgroundColor: "#fff", textColor: "#000", isCloseable: true };
    const merged = section("announcementBar", base, {
      id: str(false),
      content: str(false),
      backgroundColor: str(false),
      textColor: str(false),
      isCloseable: bool,
    });
    if (!merged.id) fail("announcementBar.id", "a non-empty string", a.id, file);
    if (!merged.content) fail("announcementBar.content", "a non-empty string", a.content, file);
    announcementBar = merged;
  }

  const docs = section("docs", DEFAULTS.docs, {
    path: str(false),
    routeBasePath: (v, key) => {
      str(false)(v, key);
      if (/^\/|\/$/.test(v as string)) fail(key, "a path without leading or trailing slash, such as \"integrations\"", v, file);
    },
    sidebar: (v, key) => checkSidebar(v, key, file),
    editUrl: nullable(str(false)),
    issuesUrl: nullable(str(false)),
    contributorGuideUrl: nullable(str(false)),
    supportUrl: nullable(str(false)),
    versions: (v, key) => checkVersions(v, key, (k, expected, value) => fail(k, expected, value, file)),
  });

  const toc = section("toc", DEFAULTS.toc, { minHeadingLevel: int(1, 6), maxHeadingLevel: int(1, 6) });
  if (toc.minHeadingLevel > toc.maxHeadingLevel) fail("toc.minHeadingLevel", `at most toc.maxHeadingLevel (${toc.maxHeadingLevel})`, toc.minHeadingLevel, file);

  const links = section("links", DEFAULTS.links, {
    rewrites: (v, key) => {
      if (!Array.isArray(v)) fail(key, "an array of { from, to }", v, file);
      v.forEach((r, i) => {
        const rr = (r ?? {}) as Record<string, unknown>;
        str(false)(rr.from, `${key}[${i}].from`);
        str(false)(rr.to, `${key}[${i}].to`);
      });
    },
  });

  const search = section("search", DEFAULTS.search, {
    algolia: nullable((v, key) => {
      if (typeof v !== "object" || v === null) fail(key, "an object with appId, apiKey and indexName", v, file);
      const a = v as Record<string, unknown>;
      for (const k of ["appId", "apiKey", "indexName"]) str(false)(a[k], `${key}.${k}`);
    }),
  });

  const baseUrl = top("baseUrl", (v, key) => {
    str(false)(v, key);
    if (!(v as string).startsWith("/") || !(v as string).endsWith("/")) fail(key, "a path that starts and ends with /", v, file);
  }) as string;

  const url = top("url", (v, key) => {
    str(false)(v, key);
    if (!/^https?:\/\/[^/]+$/.test(v as string)) fail(key, "an origin such as https://example.com (no path, no trailing slash)", v, file);
  }) as string;

  return {
    title: top("title", str(false)) as string,
    tagline: top("tagline", str()) as string,
    url,
    baseUrl,
    titleDelimiter: top("titleDelimiter", str(false)) as string,
    navbar,
    footer: section("footer", DEFAULTS.footer, { copyright: str() }),
    announcementBar,
    i18n: resolveI18n(u.i18n, (k, expected, value) => fail(k, expected, value, file)),
    colorMode: section("colorMode", DEFAULTS.colorMode, {
      defaultMode: oneOf("light", "dark"),
      disableSwitch: bool,
      respectPrefersColorScheme: bool,
    }),
    docs,
    toc,
    links,
    search,
    mermaid: section("mermaid", DEFAULTS.mermaid, {
      theme: (v, key) => {
        const t = (v ?? {}) as Record<string, unknown>;
        str(false)(t.light, `${key}.light`);
        str(false)(t.dark, `${key}.dark`);
      },
    }),
    code: section("code", DEFAULTS.code, {
      extraLanguages: (v, key) => {
        if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) fail(key, "an array of language names", v, file);
      },
    }),
    templates: top("templates", str(false)) as string,
    static: top("static", nullable(str(false))) as string | null,
  };
}

function checkSidebar(value: unknown, key: string, file: string): void {
  if (!Array.isArray(value)) fail(key, "an array of doc ids and categories", value, file);
  value.forEach((item, i) => {
    const k = `${key}[${i}]`;
    if (typeof item === "string") return;
    if (typeof item !== "object" || item === null) fail(k, "a doc id or an object", item, file);
    const it = item as Record<string, unknown>;
    if (it.type === "doc") {
      if (typeof it.id !== "string" || !it.id) fail(`${k}.id`, "a doc id", it.id, file);
    } else if (it.type === "category") {
      if (typeof it.label !== "string" || !it.label) fail(`${k}.label`, "a non-empty string", it.label, file);
      if (it.link !== undefined && typeof it.link !== "string") fail(`${k}.link`, "a doc id", it.link, file);
      checkSidebar(it.items, `${k}.items`, file);
    } else fail(`${k}.type`, '"doc" or "category"', it.type, file);
  });
}

/** Finds, imports and validates the config file. */
export async function loadConfig(configPath?: string, cwd = process.cwd(), importer: ModuleImporter = importModule): Promise<LoadedConfig> {
  const file = path.resolve(cwd, configPath ?? DEFAULT_CONFIG_FILE);
  if (!existsSync(file)) {
    throw new SsodocsError(
      configPath ? "config file not found" : `no ${DEFAULT_CONFIG_FILE} here; pass --config <file> or run ssodocs from the project root`,
      { file },
    );
  }
  let mod: { default?: unknown };
  try {
    mod = await importer(file);
  } catch (error) {
    if (error instanceof SsodocsError) throw error;
    throw new SsodocsError(`the config file could not be loaded: ${(error as Error).message}`, { file });
  }
  const config = resolveConfig(mod.default, file);
  const root = path.dirname(file);
  const docsDir = path.resolve(root, config.docs.path);
  if (!existsSync(docsDir)) throw new SsodocsError(`docs.path "${config.docs.path}" does not exist (${docsDir})`, { file });
  return {
    config,
    file,
    root,
    docsDir,
    templatesDir: path.resolve(root, config.templates),
    staticDir: config.static ? path.resolve(root, config.static) : null,
  };
}
