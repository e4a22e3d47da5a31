// Sidebar coverage for `ssodocs check`: every guide (a `services/<name>/index` doc) is listed in
// the sidebar. (A sidebar entry naming a missing doc already fails the build.)
import { isGuideId, type ContentModel } from "../content/site.ts";
import type { SourceLocation } from "../errors.ts";

export function guidesMissingFromSidebar(model: ContentModel): (SourceLocation & { id: string })[] {
  return model.docs
    .filter((doc) => isGuideId(doc.id) && !model.sidebar.parents.has(doc.id))
    .map((doc) => ({ id: doc.id, file: doc.file }));
}
