// What a site's config imports from `ssodocs/markdown` to extend the Markdown of its docs
// (`markdown.plugins`), as a Docusaurus config imports remark plugins.
export { githubReferences, type GithubReferencesOptions } from "./node/markdown/github-references.ts";
