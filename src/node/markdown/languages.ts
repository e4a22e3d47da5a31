// Code block languages: the grammars shiki bundles, by name, and the other names guides use.
import { bundledLanguages } from "shiki/langs";

/** Names written in guides that shiki knows under another name; `null` means plain text. */
const ALIASES: Record<string, string | null> = {
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
  if (lower in ALIASES) return ALIASES[lower];
  if (lower in bundledLanguages) return lower;
  return undefined;
}
