// Builds the reference site's guides (../shared/upstream, outside this repository) unmodified,
// as a real-world test of the Markdown pipeline. Used by scripts/build-upstream.mjs.
import path from "node:path";
import { defineConfig, readGroupedSidebar } from "ssodocs";
import site from "../ssodocs.config.ts";

const upstream = path.resolve(import.meta.dirname, "../../shared/upstream");

export default defineConfig({
  ...site,
  docs: {
    ...site.docs,
    path: path.join(upstream, "integrations"),
    sidebar: readGroupedSidebar(path.join(upstream, "sidebar.json")),
  },
  static: "../static",
});
