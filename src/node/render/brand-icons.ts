// The GitHub and Discord logos of the navbar's icon links: the maintained ones of simple-icons,
// read once per build from the package's single-icon files (its index, 5 MB, takes 0.25 s to
// import), so templates get just the SVG paths. Nothing of the package reaches the browser.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { IconLink } from "../../shared/types.ts";

const paths = new Map<string, string>();

export function brandIconPaths(links: IconLink[]): Partial<Record<IconLink["icon"], string>> {
  const out: Partial<Record<IconLink["icon"], string>> = {};
  for (const { icon } of links) {
    let d = paths.get(icon);
    if (d === undefined) {
      const svg = readFileSync(createRequire(import.meta.url).resolve(`simple-icons/icons/${icon}.svg`), "utf8");
      d = /\sd="([^"]+)"/.exec(svg)?.[1] ?? "";
      paths.set(icon, d);
    }
    out[icon] = d;
  }
  return out;
}
