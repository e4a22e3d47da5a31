import { navbarLinks } from "../../src/shared/navbar.ts";
import type { SiteView } from "../../src/shared/template-props.ts";
import { CloseIcon } from "./Icons.tsx";

/**
 * The side menu shown at widths up to 996 px, in two levels as on the reference site: the navbar
 * links (primary), and on pages with a docs sidebar "← Back to main menu" above that sidebar
 * (secondary), where the menu opens. The sidebar is not repeated here: the menu's script moves
 * the page's own sidebar in while the menu is open (src/client/menu.ts), which keeps each page's
 * HTML small. The menu needs the script to open at all.
 */
export function MobileMenu({ site, hasSidebar }: { site: SiteView; hasSidebar: boolean }) {
  const { navbar } = site.config;
  return (
    <div className="mobile-menu" id="mobile-menu" hidden data-mobile-menu>
      <div className="mobile-menu-backdrop" data-menu-close />
      <div className="mobile-menu-panel" role="dialog" aria-modal="true" aria-label="Navigation menu">
        <div className="mobile-menu-header">
          <a className="navbar-brand" href={navbar.logo?.href ?? site.config.baseUrl}>
            {navbar.logo ? <img src={navbar.logo.src} alt={navbar.logo.alt} width={28} height={28} /> : null}
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
