// `ssodocs/theme`: ssodocs's own components, each by the name a site's override takes (`ssodocs
// components` lists them), for an override that wraps or reuses the default rather than copying it:
//   import { Footer as DefaultFooter } from "ssodocs/theme";
// Each is the default itself, so a wrapper never renders itself; the components it renders in
// turn (a sidebar's items, a doc page's parts) are the site's overrides where it has them.
export { default as DocPage } from "./DocPage.tsx";
export { default as HomePage } from "./HomePage.tsx";
export { default as TagsPage } from "./TagsPage.tsx";
export { default as TagPage } from "./TagPage.tsx";
export { default as SearchPage } from "./SearchPage.tsx";
export { default as NotFound, DefaultNotFoundContent as NotFoundContent } from "./NotFound.tsx";
export { DefaultLayout as Layout } from "./Layout.tsx";
export { DefaultAnnouncementBar as AnnouncementBar } from "./components/AnnouncementBar.tsx";
export { DefaultNavbar as Navbar } from "./components/Navbar.tsx";
export { DefaultFooter as Footer } from "./components/Footer.tsx";
export {
  Sidebar as DocSidebar,
  SidebarItems as DocSidebarItems,
  SidebarItem as DocSidebarItem,
  SidebarLink as DocSidebarItemLink,
  Category as DocSidebarItemCategory,
  SidebarHtml as DocSidebarItemHtml,
} from "./components/Sidebar.tsx";
export {
  Breadcrumbs as DocBreadcrumbs,
  Badges as DocBadges,
  DefaultSupportBadge as SupportBadge,
  TableOfContents as TOC,
  MobileTableOfContents as TOCCollapsible,
  TagsList as TagsListInline,
  DefaultLastUpdated as LastUpdated,
  HelpBox as DocHelpBox,
  Paginator as DocPaginator,
} from "./components/DocParts.tsx";
export { default as DocCardList } from "./components/CardList.tsx";
