// The current-page contract of the docs sidebar. Its HTML is the same on every page that shows it
// but for two marks of the page being shown: `aria-current="page"` on that page's link and `open` on
// the categories (`<details>`) holding it (or that say `collapsed: false`). Everything else the
// template (templates/components/Sidebar.tsx) puts in must be the same on each page, because:
// - the build stamps each page's sidebar with a hash of its markup without those marks
//   (src/node/render/page-payload.ts), the same stamp on every page of one sidebar;
// - the router keeps the sidebar it shows when the next page's stamp is the same, and sets the marks
//   anew for that page (src/client/router.ts).
// A mark added elsewhere (a class on the current link, say) would give each page its own stamp, and
// client navigation would fetch every page whole.

/** The attribute, and its value, that marks the link of the page shown. */
export const CURRENT_ATTRIBUTE = "aria-current";
export const CURRENT_VALUE = "page";
/** The attribute of an open category. */
export const OPEN_ATTRIBUTE = "open";

/** Props of a sidebar link: the current-page mark on the link of the page shown. */
export function currentPageProps(current: boolean): { [CURRENT_ATTRIBUTE]?: typeof CURRENT_VALUE } {
  return current ? { [CURRENT_ATTRIBUTE]: CURRENT_VALUE } : {};
}

/** Props of a category's `<details>`: open or not. */
export function openProps(open: boolean): { [OPEN_ATTRIBUTE]?: true } {
  return open ? { [OPEN_ATTRIBUTE]: true } : {};
}

const CURRENT_MARK = ` ${CURRENT_ATTRIBUTE}="${CURRENT_VALUE}"`;
const OPEN_MARK = ` ${OPEN_ATTRIBUTE}=""`;

/** Sidebar markup (as React renders it) without the marks of the page shown: the same on every page of a sidebar. */
export function withoutCurrentPage(markup: string): string {
  return markup.replaceAll(CURRENT_MARK, "").replaceAll(OPEN_MARK, "");
}
