// Checks of the config keys behind the navbar's locale and version dropdowns, with Docusaurus's
// names: `navbar.items` entries `{ type: "localeDropdown" }` / `{ type: "docsVersionDropdown" }`
// (each with optional `dropdownItemsAfter: [{ label, href }]`), `i18n` and `docs.versions`.
import type { I18nConfig } from "../shared/types.ts";

/** Reports a bad value: `key` must be `expected`. */
export type Fail = (key: string, expected: string, value: unknown) => never;

export const DEFAULT_I18N: I18nConfig = { defaultLocale: "en", locales: ["en"], localeConfigs: {} };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";

function checkExtras(value: unknown, key: string, fail: Fail): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) fail(key, "an array of { label, href }", value);
  value.forEach((e, i) => {
    if (!isObject(e) || !nonEmpty(e.label) || !nonEmpty(e.href))
      fail(`${key}[${i}]`, "an object with a label and an href", e);
  });
}

/** One entry of `navbar.items`: a link, or one of the two dropdowns. */
export function checkNavbarItem(item: unknown, key: string, fail: Fail): void {
  if (!isObject(item)) fail(key, "an object with label and href, or a dropdown item", item);
  if (item.type === undefined) {
    if (!nonEmpty(item.label)) fail(`${key}.label`, "a non-empty string", item.label);
    if (!nonEmpty(item.href)) fail(`${key}.href`, "a non-empty string", item.href);
    return;
  }
  if (item.type !== "localeDropdown" && item.type !== "docsVersionDropdown")
    fail(`${key}.type`, '"localeDropdown" or "docsVersionDropdown"', item.type);
  for (const k of Object.keys(item))
    if (k !== "type" && k !== "dropdownItemsAfter" && k !== "position")
      fail(`${key}.${k}`, "left out (unknown key)", item[k]);
  checkExtras(item.dropdownItemsAfter, `${key}.dropdownItemsAfter`, fail);
}

/**
 * `i18n`: the built locale is `defaultLocale`; every other locale of `locales` is another site,
 * so it needs the `url` it lives at (ssodocs builds one locale per site).
 */
export function resolveI18n(value: unknown, fail: Fail): I18nConfig {
  if (value === undefined || value === null) return DEFAULT_I18N;
  if (!isObject(value)) fail("i18n", "an object with defaultLocale, locales and localeConfigs", value);
  for (const k of Object.keys(value))
    if (!["defaultLocale", "locales", "localeConfigs"].includes(k))
      fail(`i18n.${k}`, "left out (unknown key)", value[k]);
  const defaultLocale = value.defaultLocale ?? DEFAULT_I18N.defaultLocale;
  if (!nonEmpty(defaultLocale)) fail("i18n.defaultLocale", 'a locale such as "en"', defaultLocale);
  const locales = value.locales ?? [defaultLocale];
  if (!Array.isArray(locales) || !locales.every(nonEmpty) || !locales.includes(defaultLocale)) {
    fail("i18n.locales", `an array of locales that holds i18n.defaultLocale ("${defaultLocale}")`, locales);
  }
  const configs = value.localeConfigs ?? {};
  if (!isObject(configs)) fail("i18n.localeConfigs", "an object keyed by locale", configs);
  for (const [locale, c] of Object.entries(configs)) {
    const key = `i18n.localeConfigs.${locale}`;
    if (!isObject(c)) fail(key, "an object", c);
    for (const k of ["label", "htmlLang", "url"])
      if (c[k] !== undefined && !nonEmpty(c[k])) fail(`${key}.${k}`, "a non-empty string", c[k]);
    if (c.direction !== undefined && c.direction !== "ltr" && c.direction !== "rtl")
      fail(`${key}.direction`, '"ltr" or "rtl"', c.direction);
  }
  for (const locale of locales as string[]) {
    const c = configs[locale];
    if (locale !== defaultLocale && !(isObject(c) && c.url)) {
      fail(
        `i18n.localeConfigs.${locale}.url`,
        "the URL of that locale's site (ssodocs builds one locale, i18n.defaultLocale)",
        undefined,
      );
    }
  }
  return { defaultLocale, locales: locales as string[], localeConfigs: configs as I18nConfig["localeConfigs"] };
}

/** `docs.versions`: only the current version is built; its label is what the version dropdown shows. */
export function checkVersions(value: unknown, key: string, fail: Fail): void {
  if (!isObject(value)) fail(key, 'an object such as { current: { label: "Next" } }', value);
  for (const [name, v] of Object.entries(value)) {
    if (name !== "current")
      fail(
        `${key}.${name}`,
        "left out: ssodocs builds the current version only (link others with dropdownItemsAfter)",
        v,
      );
    if (!isObject(v) || !nonEmpty(v.label))
      fail(`${key}.current.label`, "a non-empty string", isObject(v) ? v.label : v);
  }
  if (!isObject(value.current)) fail(`${key}.current`, "an object with a label", value.current);
}
