// Heading slugs exactly as Docusaurus makes them: github-slugger's (lower case, punctuation and
// symbols such as "™" dropped, spaces to hyphens). Repeats get -1, -2, ... (headings.ts), numbered
// as github-slugger numbers them.
import { slug } from "github-slugger";

export function slugify(text: string): string {
  return slug(text);
}
