// Builds the Docusaurus sidebar from the corpus's sidebar.json (copied next to this file).
// sidebar.json's shape: { overview: "index", applications: { label, link, categories: [{ label, services: [slug, ...] }] } }.
// Result: the Overview doc, then one non-collapsible "Applications" category whose own page is
// services/index, holding one category per entry (sorted by label), each listing services/<slug>/index
// in the given order. A doc's id keeps its file name, so services/aws/index.md has the id "services/aws/index".
const data = require("./sidebar.json");

const apps = data.applications;
const categories = [...apps.categories].sort((a, b) => a.label.localeCompare(b.label));

module.exports = {
  integrations: [
    data.overview,
    {
      type: "category",
      label: apps.label,
      collapsible: false,
      link: { type: "doc", id: apps.link },
      items: categories.map((c) => ({
        type: "category",
        label: c.label,
        items: c.services.map((slug) => `services/${slug}/index`),
      })),
    },
  ],
};
