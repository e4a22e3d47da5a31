// Which grammars a code block's colours depend on. A block is highlighted by its language's
// grammar, and by the grammars that one embeds when they are loaded (a `markdown` block shows its
// `python` fences in colour only if python is loaded). Every build loads the same languages for
// the same inputs: those its docs' fences name (found as the renderer finds them, fences.ts) and the
// config's extra languages. The language context of a block is the loaded languages it can reach;
// the highlight cache and the page keys include it, so a language appearing or going elsewhere
// changes exactly the blocks whose colours it changes.
import data from "./embedded-languages.json" with { type: "json" };
import { docFences, type Fence, fenceLanguage, fencesOf } from "./fences.ts";

const IDS = new Set<string>(data.ids);
const ALIASES = data.aliases as Record<string, string>;
const EMBEDS = data.embeds as Record<string, string[]>;

/** Names written in guides that shiki knows under another name; `null` means plain text. */
const OWN_ALIASES: Record<string, string | null> = {
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  console: "bash",
  py: "python",
  yml: "yaml",
  env: "dotenv",
  conf: "ini",
  cfg: "ini",
  apacheconf: "apache",
  js: "javascript",
  ts: "typescript",
  ps1: "powershell",
  text: null,
  txt: null,
  plain: null,
  plaintext: null,
  "": null,
};

/** The shiki language for a fence's language name, null for plain text, undefined when unknown. */
export function resolveLanguage(name: string): string | null | undefined {
  const lower = name.toLowerCase();
  if (lower in OWN_ALIASES) return OWN_ALIASES[lower];
  if (IDS.has(lower) || lower in ALIASES) return lower;
  return undefined;
}

/** shiki's own id of a language name or alias. */
const canonical = (lang: string) => ALIASES[lang] ?? lang;

const reach = new Map<string, Set<string>>();
/** Every language a language's grammar embeds, directly or through another. */
function reachable(lang: string): Set<string> {
  let found = reach.get(lang);
  if (!found) {
    found = new Set();
    const pending = [canonical(lang)];
    while (pending.length) {
      for (const next of EMBEDS[pending.pop()!] ?? []) {
        if (found.has(next)) continue;
        found.add(next);
        pending.push(next);
      }
    }
    reach.set(lang, found);
  }
  return found;
}

/** The loaded languages a block of `lang` can show, as one string (empty for most languages). */
export function languageContext(lang: string | null, loaded: readonly string[]): string {
  if (!lang) return "";
  const can = reachable(lang);
  if (!can.size) return "";
  return [...new Set(loaded.map(canonical))]
    .filter((l) => can.has(l))
    .sort()
    .join(",");
}

/** The language names of fences, each once. */
function languagesOf(fences: readonly Fence[]): string[] {
  const names = new Set<string>();
  for (const { info } of fences) {
    const name = fenceLanguage(info).toLowerCase();
    if (name) names.add(name);
  }
  return [...names];
}

/** The language names of the fences in a doc's text (fences.ts finds them as the Markdown renderer will). */
export function fenceLanguages(body: string): string[] {
  return languagesOf(fencesOf(body, false));
}

/** The language names of a doc's fences (every build asks for the site's and for each page's key). */
export function docFenceLanguages(doc: { body: string }): string[] {
  return languagesOf(docFences(doc));
}

/** The languages a build loads: those the docs' fences name that shiki knows, and the extra ones. */
export function siteLanguages(fenceNames: Iterable<string>, extra: readonly string[]): string[] {
  const langs = new Set<string>();
  for (const name of [...fenceNames, ...extra]) {
    // Diagrams are drawn in the browser, not highlighted.
    if (name === "mermaid") continue;
    const lang = resolveLanguage(name);
    if (lang) langs.add(lang);
  }
  return [...langs].sort();
}
