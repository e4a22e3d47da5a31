import { dropdownsOf, navbarLinks, type Dropdown } from "../../src/shared/navbar.ts";
import { overridable } from "../../src/shared/overridable.ts";
import type { NavbarProps, SiteView } from "../../src/shared/template-props.ts";
import { BrandIcon, GlobeIcon, MenuIcon, MoonIcon, SearchIcon, SunIcon } from "./Icons.tsx";
import { NavbarLogo } from "./NavbarLogo.tsx";

function isActive(href: string, path: string): boolean {
  return href.startsWith("/") && href !== "/" && path.startsWith(href);
}

/** Where the search dialog's "Let us know." link files a missing-results report: the issue form of the repository. */
function missingResultsUrl(site: SiteView): string | null {
  const issues = site.config.docs.issuesUrl?.replace(/\/choose\/?$/, "");
  if (issues) return issues;
  const repo = site.config.navbar.iconLinks.find((l) => l.icon === "github")?.href;
  return repo && /^https:\/\/github\.com\/[^/]+\/[^/]+\/?$/.test(repo) ? `${repo.replace(/\/$/, "")}/issues/new` : null;
}

/** The language or version dropdown: opens on hover and focus; its entries are links. */
function NavbarDropdown({ dropdown }: { dropdown: Dropdown }) {
  const locale = dropdown.kind === "locale";
  return (
    <div className="dropdown navbar-dropdown">
      <button
        type="button"
        className="dropdown-button"
        aria-haspopup="true"
        aria-label={`${locale ? "Language" : "Version"}: ${dropdown.label}`}
      >
        {locale ? (
          <>
            <GlobeIcon size={18} /> {dropdown.label}
          </>
        ) : (
          dropdown.label
        )}
      </button>
      <ul className="dropdown-menu">
        {dropdown.entries.map((e) => (
          <li key={`${e.label}\n${e.href}`}>
            <a
              href={e.href}
              lang={e.lang}
              data-version={e.version}
              className={e.current ? "active" : undefined}
              aria-current={e.current ? "true" : undefined}
            >
              {e.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DefaultNavbar({ site, path }: NavbarProps) {
  const { navbar, colorMode } = site.config;
  return (
    <nav className="navbar" aria-label="Main" data-hide-on-scroll={navbar.hideOnScroll ? "" : undefined}>
      <div className="navbar-inner">
        <button
          type="button"
          className="navbar-toggle icon-button"
          aria-label="Open the navigation menu"
          aria-expanded="false"
          aria-controls="mobile-menu"
          data-menu-open
        >
          <MenuIcon />
        </button>
        <a className="navbar-brand" href={navbar.logo?.href ?? site.config.baseUrl}>
          {navbar.logo ? <NavbarLogo logo={navbar.logo} /> : null}
          <b className="navbar-title">{site.config.title}</b>
        </a>
        <ul className="navbar-items">
          {navbarLinks(site.config).map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                className={isActive(item.href, path) ? "active" : undefined}
                aria-current={isActive(item.href, path) ? "page" : undefined}
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="navbar-end">
          {navbar.iconLinks.map((link) => (
            <a
              key={link.href}
              className="icon-button navbar-icon-link"
              href={link.href}
              aria-label={link.label}
              title={link.label}
            >
              <BrandIcon name={link.icon} />
            </a>
          ))}
          {dropdownsOf(site.config, path, site.docsHome).map((d) => (
            <NavbarDropdown key={d.kind} dropdown={d} />
          ))}
          {colorMode.disableSwitch ? null : (
            <button
              type="button"
              className="icon-button color-toggle"
              data-color-toggle
              aria-label="Switch between dark and light mode"
              title="Switch between dark and light mode"
            >
              <SunIcon className="icon-light" />
              <MoonIcon className="icon-dark" />
            </button>
          )}
          <a
            className="search-button"
            href={site.searchPath}
            data-search-button
            data-search-index={`${site.config.baseUrl}search/index.json`}
            data-algolia={site.config.search.algolia ? JSON.stringify(site.config.search.algolia) : undefined}
            data-missing-results-url={missingResultsUrl(site) ?? undefined}
            aria-label="Search (Ctrl+K)"
          >
            <SearchIcon size={16} />
            <span className="search-button-text">Search</span>
            {/* Key names come from CSS (data-key), so the button's visible text stays "Search" as its label says. */}
            <span className="search-button-keys" aria-hidden="true">
              <kbd data-key="Ctrl" data-mod-key />
              <kbd data-key="K" />
            </span>
          </a>
        </div>
      </div>
    </nav>
  );
}

export const Navbar = overridable("Navbar", DefaultNavbar);
