// The navbar's links and its locale and version dropdowns, as the config describes them.
import type { DropdownExtra, NavbarItem, NavbarLink, SiteConfig } from "./types.ts";

interface DropdownEntry {
  label: string;
  href: string;
  current: boolean;
  /** The locale of a language entry. */
  lang?: string;
  /** The docs version of a version entry (remembered as the preferred version). */
  version?: string;
}

export interface Dropdown {
  kind: "locale" | "version";
  /** The button's text: the current locale's or version's label. */
  label: string;
  entries: DropdownEntry[];
}

const isNavbarLink = (item: NavbarItem): item is NavbarLink => !("type" in item);

export function navbarLinks(config: SiteConfig): NavbarLink[] {
  return config.navbar.items.filter(isNavbarLink);
}

/** A locale's name in its own language ("English", "Français"), unless the config names it. */
function localeLabel(config: SiteConfig, locale: string): string {
  const configured = config.i18n.localeConfigs[locale]?.label;
  if (configured) return configured;
  try {
    const name = new Intl.DisplayNames([locale], { type: "language" }).of(locale);
    return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : locale;
  } catch {
    return locale;
  }
}

const extras = (list: DropdownExtra[] | undefined): DropdownEntry[] =>
  (list ?? []).map((e) => ({ label: e.label, href: e.href, current: false }));

function localeEntries(config: SiteConfig, path: string): DropdownEntry[] {
  const { defaultLocale, locales, localeConfigs } = config.i18n;
  const rest = path.startsWith(config.baseUrl) ? path.slice(config.baseUrl.length) : path.replace(/^\//, "");
  return locales.map((locale) => ({
    label: localeLabel(config, locale),
    href: locale === defaultLocale ? path : `${(localeConfigs[locale]?.url ?? "").replace(/\/$/, "")}/${rest}`,
    current: locale === defaultLocale,
    lang: localeConfigs[locale]?.htmlLang ?? locale,
  }));
}

/**
 * The dropdowns to show, in the order the config lists them. A dropdown the config places in
 * `navbar.items` is shown as configured, even with one entry (as Docusaurus does, and as the
 * reference site shows "English" and "Next"); without such an item, the language dropdown is
 * added on its own only when there are two locales or more: one or none is left out.
 */
export function dropdownsOf(config: SiteConfig, path: string, docsHome: string): Dropdown[] {
  const out: Dropdown[] = [];
  let locale = false;
  for (const item of config.navbar.items) {
    if (isNavbarLink(item)) continue;
    if (item.type === "localeDropdown") {
      locale = true;
      out.push({
        kind: "locale",
        label: localeLabel(config, config.i18n.defaultLocale),
        entries: [...localeEntries(config, path), ...extras(item.dropdownItemsAfter)],
      });
    } else {
      const current = config.docs.versions.current.label;
      out.push({
        kind: "version",
        label: current,
        entries: [
          { label: current, href: docsHome, current: true, version: "current" },
          ...extras(item.dropdownItemsAfter),
        ],
      });
    }
  }
  if (!locale && config.i18n.locales.length > 1) {
    out.unshift({
      kind: "locale",
      label: localeLabel(config, config.i18n.defaultLocale),
      entries: localeEntries(config, path),
    });
  }
  return out.filter((d) => d.entries.length > 0);
}
