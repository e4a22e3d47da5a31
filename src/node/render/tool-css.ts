// The part of the stylesheet made when ssodocs is compiled (scripts/build-tool.mjs imports it into
// src/client/styles.css as "ssodocs:tool-css"), from tables that live in code: the icons as masks
// (src/shared/icons.ts, simple-icons' brand logos) and the code colour classes of both themes
// (token-classes.ts). The stylesheet is cached across pages; each page's HTML then names icons
// and colours with short classes instead of carrying SVG and inline styles.
import { ADMONITION_ICONS, BRAND_ICON_SIZE, ICONS, type IconShape } from "../../shared/icons.ts";
import type { IconLink } from "../../shared/types.ts";
import { tokenPalette } from "../markdown/highlight.ts";
import { tokenClassesCss } from "../markdown/token-classes.ts";
import { brandIconPaths } from "./brand-icons.ts";

/** Every brand logo an icon link may name (the type makes a new name fail here until it is added). */
const BRANDS: Record<IconLink["icon"], true> = { github: true, discord: true };
const DEFAULT_SIZE = 20;

/** An SVG as a CSS url(): double quotes made single, and the characters a data URL may not hold escaped. */
function svgUrl(viewBox: string, attributes: string, body: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"${attributes}>${body}</svg>`;
  return `url("data:image/svg+xml,${svg.replace(/"/g, "'").replace(/[%#<>]/g, encodeURIComponent)}")`;
}

const STROKED = ' fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

function iconRule(name: string, url: string, size: number): string {
  const box = size === DEFAULT_SIZE ? "" : `--icon-size:${size}px;`;
  return `.i-${name}{${box}--icon:${url}}`;
}

export function iconsCss(): string {
  const rules = Object.entries(ICONS as Record<string, IconShape>).map(([name, { svg, size }]) =>
    iconRule(name, svgUrl("0 0 24 24", STROKED, svg), size),
  );
  const names = Object.keys(BRANDS) as IconLink["icon"][];
  const brands = brandIconPaths(names.map((icon) => ({ icon, label: icon, href: "" })));
  for (const [name, d] of Object.entries(brands))
    rules.push(iconRule(name, svgUrl("0 0 24 24", "", `<path d="${d}"/>`), BRAND_ICON_SIZE));
  for (const [type, d] of Object.entries(ADMONITION_ICONS))
    rules.push(`.admonition-${type}{--admonition-icon:${svgUrl("0 0 16 16", "", `<path d="${d}"/>`)}}`);
  return rules.join("\n");
}

export async function toolCss(): Promise<string> {
  return `${iconsCss()}\n${tokenClassesCss(await tokenPalette())}\n`;
}
