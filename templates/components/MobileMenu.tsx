import type { SiteView } from "../../src/shared/template-props.ts";
import type { SidebarNode } from "../../src/shared/types.ts";
import { CloseIcon } from "./Icons.tsx";
import { Sidebar } from "./Sidebar.tsx";

/** The side menu shown at widths up to 996 px: navbar items, then the docs sidebar. */
export function MobileMenu({ site, path, sidebar }: { site: SiteView; path: string; sidebar: SidebarNode[] | null }) {
  return (
    <div className="mobile-menu" id="mobile-menu" hidden data-mobile-menu>
      <div className="mobile-menu-backdrop" data-menu-close />
      <div className="mobile-menu-panel" role="dialog" aria-modal="true" aria-label="Navigation menu">
        <div className="mobile-menu-header">
          <a className="navbar-brand" href={site.config.navbar.logo.href}>
            <img src={site.config.navbar.logo.src} alt={site.config.navbar.logo.alt} width={28} height={28} />
            <b>{site.config.title}</b>
          </a>
          <button type="button" className="icon-button" aria-label="Close the navigation menu" data-menu-close>
            <CloseIcon />
          </button>
        </div>
        <ul className="menu-list mobile-menu-items">
          {site.config.navbar.items.map((item) => (
            <li key={item.href} className="menu-item">
              <a className="menu-link" href={item.href}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        {sidebar ? <Sidebar nodes={sidebar} path={path} /> : null}
      </div>
    </div>
  );
}
