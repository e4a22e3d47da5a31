// The site's own icons (24x24 grid, stroke style), drawn by the stylesheet as masks filled with
// the text colour: the CSS is compiled with ssodocs (src/node/render/tool-css.ts) and cached by
// the browser across pages, so a page's HTML holds only an empty <i class="icon i-NAME"> per icon.
// Templates render them through templates/components/Icons.tsx.

export interface IconShape {
  /** The SVG elements inside a 24x24 viewBox, stroked. */
  svg: string;
  /** Width and height in px the stylesheet gives the icon. */
  size: number;
}

export const ICONS = {
  sun: {
    svg:
      '<circle cx="12" cy="12" r="4"/>' +
      '<path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"/>',
    size: 20,
  },
  moon: { svg: '<path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z"/>', size: 20 },
  search: { svg: '<circle cx="11" cy="11" r="7"/><path d="m20 20-4-4"/>', size: 16 },
  menu: { svg: '<path d="M4 6h16M4 12h16M4 18h16"/>', size: 20 },
  close: { svg: '<path d="M6 6l12 12M18 6 6 18"/>', size: 20 },
  home: { svg: '<path d="M3 11 12 3l9 8M5 9.5V21h5v-6h4v6h5V9.5"/>', size: 16 },
  globe: {
    svg: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18"/>',
    size: 18,
  },
} satisfies Record<string, IconShape>;

export type IconName = keyof typeof ICONS;

/** Size in px of the brand logos (simple-icons' GitHub and Discord), also drawn by the stylesheet. */
export const BRAND_ICON_SIZE = 20;

/** The admonitions' icons (filled paths on a 16x16 grid), drawn before each admonition's heading. */
export const ADMONITION_ICONS: Record<string, string> = {
  note: "M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm.75 10.5h-1.5v-4h1.5v4Zm0-5.5h-1.5V4.5h1.5V6Z",
  info: "M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm.75 10.5h-1.5v-4h1.5v4Zm0-5.5h-1.5V4.5h1.5V6Z",
  tip: "M8 1a5 5 0 0 0-3 9v2h6v-2a5 5 0 0 0-3-9Zm-2 12.5h4V15H6v-1.5Z",
  important: "M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm.75 10.5h-1.5V10h1.5v1.5Zm0-3h-1.5v-4h1.5v4Z",
  warning: "M8 1 0.5 14.5h15L8 1Zm.75 11.5h-1.5V11h1.5v1.5Zm0-3h-1.5v-4h1.5v4Z",
  caution: "M8 1 0.5 14.5h15L8 1Zm.75 11.5h-1.5V11h1.5v1.5Zm0-3h-1.5v-4h1.5v4Z",
  danger: "M5 1 1 5v6l4 4h6l4-4V5l-4-4H5Zm3.75 11.5h-1.5V11h1.5v1.5Zm0-3h-1.5v-5h1.5v5Z",
};
