// GitHub-style heading slugs: lower case, punctuation dropped, spaces to hyphens.
// Repeats get -1, -2, ... from markdown-it-anchor's unique-slug logic.

const PUNCTUATION = /[\u2000-\u206F\u2E00-\u2E7F\\'!"#$%&()*+,./:;<=>?@[\]^`{|}~\u00A0-\u00BF\u00D7\u00F7]/g;

export function slugify(text: string): string {
  return text.trim().toLowerCase().replace(PUNCTUATION, "").replace(/\s/g, "-");
}
