// Minimal Docusaurus site for the side-by-side build benchmark (not in CI).
// Docusaurus 3.10: the Faster option is `future.faster` (`future.experimental_faster` is rejected as renamed);
// `faster: true` turns on all of its parts, ssgWorkerThreads included, which requires the v4 flag
// `removeLegacyPostBuildHeadAttribute`. Only that v4 flag is set: `v4: true` would also turn off the MDX 1
// compatibility (HTML comments, admonition titles, heading ids) that these guides, written for Docusaurus 3.7, rely on.
module.exports = {
  title: "authentik integrations (bench)",
  url: "https://integrations.example.org",
  baseUrl: "/",
  onBrokenLinks: "warn",
  markdown: { hooks: { onBrokenMarkdownLinks: "warn" } },
  future: { faster: true, v4: { removeLegacyPostBuildHeadAttribute: true } },
  presets: [
    [
      "classic",
      {
        docs: {
          path: "integrations",
          routeBasePath: "integrations",
          sidebarPath: require.resolve("./sidebars.js"),
        },
        blog: false,
        pages: false,
        theme: {},
      },
    ],
  ],
};
