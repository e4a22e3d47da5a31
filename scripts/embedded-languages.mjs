#!/usr/bin/env node
// Writes src/node/markdown/embedded-languages.json from shiki's grammars: every language id, each
// alias's id, and for each language that embeds others (always or when they are loaded), the ids it embeds, and each alias's language id.
// How a block is highlighted depends on which of those are loaded, so the highlight cache and the
// page keys take them into account (src/node/markdown/language-context.ts). A test checks the file
// against the installed shiki; run this after upgrading shiki.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export async function embeddedLanguages() {
  const { bundledLanguagesInfo } = await import("shiki/langs");
  const embeds = {};
  const aliases = {};
  for (const info of bundledLanguagesInfo) {
    for (const alias of info.aliases ?? []) aliases[alias] = info.id;
    const grammars = (await info.import()).default;
    const own = grammars.find((g) => g.name === info.id) ?? grammars[grammars.length - 1];
    const list = [...new Set([...(own.embeddedLangs ?? []), ...(own.embeddedLangsLazy ?? [])])].sort();
    if (list.length) embeds[info.id] = list;
  }
  const ids = bundledLanguagesInfo.map((info) => info.id).sort();
  return { ids, embeds, aliases: Object.fromEntries(Object.entries(aliases).sort()) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = fileURLToPath(new URL("../src/node/markdown/embedded-languages.json", import.meta.url));
  writeFileSync(target, `${JSON.stringify(await embeddedLanguages(), null, 1)}\n`);
  console.log(`wrote ${target}`);
}
