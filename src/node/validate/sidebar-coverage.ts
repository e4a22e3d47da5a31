// Sidebar coverage for `ssodocs check`: every doc is in a sidebar, unless it is unlisted (built
// for readers with its link only); a doc that is not warns, or fails with `docs.requireSidebar`.
// Drafts are not built at all. (A sidebar entry naming a missing doc already fails the build.)
import type { ContentModel } from "../content/site.ts";
import type { SourceLocation } from "../errors.ts";

/** What is said of a doc in no sidebar. */
export const notInSidebarMessage = (id: string) => `the doc ${id} is in no sidebar`;

export function docsMissingFromSidebar(model: ContentModel): (SourceLocation & { id: string })[] {
  return model.docs
    .filter((doc) => !doc.frontMatter.unlisted && !model.sidebar.sidebarOf.has(doc.id))
    .map((doc) => ({ id: doc.id, file: doc.file }));
}
