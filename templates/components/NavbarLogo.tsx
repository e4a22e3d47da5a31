// The navbar's logo (Docusaurus's `navbar.logo`). With `srcDark`, a second image that the
// stylesheet shows instead in dark mode, as `data-theme` says before the first paint: no script
// picks one, so no logo flashes. Its URLs are resolved against baseUrl (render/site-view.ts).
import type { CSSProperties } from "react";
import type { SiteConfig } from "../../src/shared/types.ts";

type Logo = NonNullable<SiteConfig["navbar"]["logo"]>;

function LogoImage({ logo, src, variant }: { logo: Logo; src: string; variant?: "light" | "dark" }) {
  return (
    <img
      className={variant ? `navbar-logo navbar-logo-${variant}` : "navbar-logo"}
      src={src}
      alt={logo.alt}
      width={logo.width}
      height={logo.height}
      // The config's check let through only CSS properties whose values load nothing.
      style={logo.style as CSSProperties | undefined}
    />
  );
}

export function NavbarLogo({ logo }: { logo: Logo }) {
  if (!logo.srcDark || logo.srcDark === logo.src) return <LogoImage logo={logo} src={logo.src} />;
  return (
    <>
      <LogoImage logo={logo} src={logo.src} variant="light" />
      <LogoImage logo={logo} src={logo.srcDark} variant="dark" />
    </>
  );
}
