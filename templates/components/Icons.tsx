// Icons drawn by the stylesheet (src/shared/icons.ts): each is an empty <i> filled with the text
// colour, so no SVG is repeated in every page's HTML and no icon font is loaded. Brand logos
// (GitHub, Discord) are simple-icons' own, drawn the same way.
import { BRAND_ICON_SIZE, ICONS, type IconName } from "../../src/shared/icons.ts";
import type { IconLink } from "../../src/shared/types.ts";

type IconProps = { className?: string; size?: number };

function Icon({ name, className, size, base }: IconProps & { name: string; base: number }) {
  return (
    <i
      className={`icon i-${name}${className ? ` ${className}` : ""}`}
      style={size && size !== base ? { width: size, height: size } : undefined}
    />
  );
}

const icon = (name: IconName) => (p: IconProps) => <Icon name={name} base={ICONS[name].size} {...p} />;

/** A brand logo (GitHub, Discord), filled with the text colour. */
export function BrandIcon({ name, size }: { name: IconLink["icon"]; size?: number }) {
  return <Icon name={name} base={BRAND_ICON_SIZE} size={size} />;
}
export const SunIcon = icon("sun");
export const MoonIcon = icon("moon");
export const SearchIcon = icon("search");
export const MenuIcon = icon("menu");
export const CloseIcon = icon("close");
export const HomeIcon = icon("home");
export const GlobeIcon = icon("globe");
