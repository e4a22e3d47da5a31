import path from "node:path";
import { defineConfig, readGroupedSidebar } from "./src/index.ts";

export default defineConfig({
  title: "authentik",
  tagline: "Bring all of your authentication into a unified platform.",
  url: "https://integrations.goauthentik.io",
  baseUrl: "/",
  navbar: {
    logo: { alt: "authentik logo", src: "/img/icon.svg", href: "https://goauthentik.io/" },
    items: [
      { label: "Features", href: "https://goauthentik.io/features" },
      { label: "Integrations", href: "/integrations/" },
      { label: "Documentation", href: "https://docs.goauthentik.io" },
      { label: "Pricing", href: "https://goauthentik.io/pricing/" },
      { label: "Blog", href: "https://goauthentik.io/blog" },
    ],
    iconLinks: [
      { label: "GitHub", href: "https://github.com/goauthentik/authentik", icon: "github" },
      { label: "Discord", href: "https://goauthentik.io/discord", icon: "discord" },
    ],
    hideOnScroll: false,
  },
  footer: { copyright: "Copyright © 2025 Authentik Security Inc." },
  announcementBar: null,
  colorMode: { defaultMode: "light", disableSwitch: false, respectPrefersColorScheme: true },
  docs: {
    path: "content",
    routeBasePath: "integrations",
    sidebarId: "integrations",
    sidebar: readGroupedSidebar(path.join(import.meta.dirname, "sidebar.json")),
    editUrl: "https://github.com/goauthentik/authentik/edit/main/website/integrations/",
    issuesUrl: "https://github.com/goauthentik/authentik/issues/new/choose",
    contributorGuideUrl: "https://docs.goauthentik.io/docs/developer-docs/",
    supportUrl: "https://goauthentik.io/pricing/",
  },
  toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  links: { rewrites: [{ from: "/docs/", to: "https://docs.goauthentik.io/docs/" }] },
  search: { algolia: null },
  mermaid: { theme: { light: "default", dark: "dark" } },
  code: { extraLanguages: ["apacheconf", "diff", "http", "json", "nginx", "python", "bash"] },
  static: "static",
});
