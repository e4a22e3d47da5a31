import { type Dropdown, dropdownsOf, navbarLinks } from "../../src/shared/navbar.ts";
import type { SiteView } from "../../src/shared/template-props.ts";
import { CloseIcon, GlobeIcon } from "./Icons.tsx";
import { NavbarLogo } from "./NavbarLogo.tsx";

/**
 * A navbar dropdown in the menu, as Docusaurus's mobile menu shows it: "Languages" or "Versions",
 * opening the same links in place (open where one of its versions is the page shown); a version
 * dropdown of one version is a link to it, labelled with it.
 */
function MenuDropdown({ dropdown, path }: { dropdown: Dropdown; path: string }) {
  const locale = dropdown.kind === "locale";
  const [only] = dropdown.entries;
  if (!locale && dropdown.entries.length === 1)
    return (
      <li>
        <a href={only.href} data-version={only.version}>
          {only.label}
        </a>
      </li>
    );
  return (
    <li>
      <details open={!locale && dropdown.entries.some((e) => e.href === path) ? true : undefined}>
        <summary>
          {locale ? <GlobeIcon size={18} /> : null}
          {locale ? "Languages" : "Versions"}
        </summary>
        <ul>
          {dropdown.entries.map((e) => (
            <li key={`${e.label}\n${e.href}`}>
              <a href={e.href} lang={e.lang} data-version={e.version} aria-current={e.current ? "true" : undefined}>
                {e.label}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

/**
 * The side menu shown at widths up to 996 px, in two levels as on the reference site: the navbar
 * links and dropdowns (primary), and on pages with a docs sidebar "← Back to main menu" above
 * that sidebar (secondary), where the menu opens. The sidebar is not repeated here: the menu's script moves
 * the page's own sidebar in while the menu is open (src/client/menu.ts), which keeps each page's
 * HTML small. The menu needs the script to open at all.
 */
export function MobileMenu({ site, path, hasSidebar }: { site: SiteView; path: string; hasSidebar: boolean }) {
  const { navbar } = site.config;
  return (
    <div className="mobile-menu" id="mobile-menu" hidden data-mobile-menu>
      <div className="mobile-menu-backdrop" data-menu-close />
      <div className="mobile-menu-panel" role="dialog" aria-modal="true" aria-label="Navigation menu">
        <div className="mobile-menu-header">
          <a className="navbar-brand" href={navbar.logo?.href ?? site.config.baseUrl}>
            {navbar.logo ? <NavbarLogo logo={navbar.logo} /> : null}
            <b>{site.config.title}</b>
          </a>
          <button type="button" className="icon-button" aria-label="Close the navigation menu" data-menu-close>
            <CloseIcon />
          </button>
        </div>
        <div className="mobile-menu-levels" data-level={hasSidebar ? "secondary" : "primary"}>
          <ul className="mobile-menu-primary">
            {navbarLinks(site.config).map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
            {dropdownsOf(site.config, path, site.docsHome).map((d) => (
              <MenuDropdown key={d.kind} dropdown={d} path={path} />
            ))}
            {navbar.iconLinks.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
          </ul>
          {hasSidebar ? (
            <div className="mobile-menu-secondary" data-menu-secondary>
              <button type="button" className="mobile-menu-back" data-menu-back>
                ← Back to main menu
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
