import path from "node:path";
import { defineConfig, readGroupedSidebar } from "ssodocs";

export default defineConfig({
  title: "authentik",
  tagline: "Bring all of your authentication into a unified platform.",
  url: "https://integrations.goauthentik.io",
  baseUrl: "/",
  navbar: {
    logo: { alt: "authentik logo", src: "/img/icon.svg", href: "https://goauthentik.io/", width: 32, height: 32 },
    items: [
      { label: "Features", href: "https://goauthentik.io/features" },
      { label: "Integrations", href: "/integrations/" },
      { label: "Documentation", href: "https://docs.goauthentik.io" },
      { label: "Pricing", href: "https://goauthentik.io/pricing/" },
      { label: "Blog", href: "https://goauthentik.io/blog" },
      // Right side, after the icon links: the site is English only and has one docs version,
      // shown as the reference site shows them (SPEC 2); entries come from i18n and docs.versions.
      { type: "localeDropdown" },
      { type: "docsVersionDropdown" },
    ],
    iconLinks: [
      { label: "GitHub", href: "https://github.com/goauthentik/authentik", icon: "github" },
      { label: "Discord", href: "https://goauthentik.io/discord", icon: "discord" },
    ],
    hideOnScroll: false,
  },
  favicon: "/img/icon.svg",
  footer: { copyright: "Copyright © 2025 Authentik Security Inc." },
  // Colour mode (light by default, switch on, following the system), table of contents (h2-h3),
  // mermaid themes (default/dark), extra code languages and local search are the defaults.
  announcementBar: null,
  i18n: {
    defaultLocale: "en",
    locales: ["en"],
    localeConfigs: { en: { label: "English", htmlLang: "en", direction: "ltr" } },
  },
  docs: {
    path: "content",
    routeBasePath: "integrations",
    sidebar: readGroupedSidebar(path.join(import.meta.dirname, "sidebar.json")),
    editUrl: "https://github.com/goauthentik/authentik/edit/main/website/integrations/",
    issuesUrl: "https://github.com/goauthentik/authentik/issues/new/choose",
    contributorGuideUrl: "https://docs.goauthentik.io/docs/developer-docs/",
    supportUrl: "https://goauthentik.io/pricing/",
    versions: { current: { label: "Next" } },
    // A guide left out of the sidebar fails `ssodocs check` (CI), rather than only warning.
    requireSidebar: true,
  },
  frontMatter: { unknownKeys: "error" },
  links: { rewrites: [{ from: "/docs/", to: "https://docs.goauthentik.io/docs/" }] },
  // Words a reader may type for what the guides call otherwise; each group matches as one word.
  search: {
    synonyms: [
      ["oidc", "oauth", "oauth2", "openid", "openid connect"],
      ["saml", "saml2", "sso", "single sign-on"],
      ["rdp", "remote desktop", "guacamole"],
      ["ldap", "active directory"],
      ["scim", "provisioning"],
      ["redirect uri", "redirect url", "callback url"],
      ["forward auth", "proxy provider"],
      ["vpn", "wireguard"],
      ["k8s", "kubernetes"],
      ["mfa", "2fa", "totp"],
    ],
  },
  static: "static",
});
