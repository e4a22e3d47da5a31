// A cached build writes what an uncached one writes, byte for byte, after any edit; and watch mode
// serves those bytes. Random sequences of edits (fast-check) to a site with templates of its own,
// and the two stale-output bugs found in the caches this pipeline replaced, as regression tests.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildBothWays, fileHashes, ROOT, tempSite } from "./helpers.ts";
import { buildBothWaysInProcess } from "./in-process-build.ts";
import { startWatchSession, type WatchSession } from "./watch-session.ts";

type Site = ReturnType<typeof tempSite>;

const CARD_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><title>Card</title><circle r="3" cx="4" cy="4"/></svg>\n';

/** A markdown-it plugin of the site's own, in a module the config imports: it marks a word it is given. */
const MARK_PLUGIN = `export function markWord(md, { word }) {
  md.core.ruler.push("mark_word", (state) => {
    for (const token of state.tokens)
      for (const child of token.children ?? [])
        if (child.type === "text") child.content = child.content.replaceAll(word, word + "!");
  });
}
`;

/**
 * The fixture site with the templates copied in (`templates/`), so edits to them are edits of the
 * site's, a Markdown plugin of its own (`plugins/mark.ts`) with options in the config, and a helper
 * for its component overrides (`theme/labels.ts`; the overrides come and go).
 */
function siteWithTemplates(files: Record<string, string> = {}): Site {
  const site = tempSite(
    { "plugins/mark.ts": MARK_PLUGIN, "theme/labels.ts": 'export const HELP = "Help with";\n', ...files },
    { ownStatic: true },
  );
  cpSync(path.join(ROOT, "templates"), path.join(site.dir, "templates"), { recursive: true });
  // The templates import ssodocs's shared helpers by a path relative to the repository.
  symlinkSync(path.join(ROOT, "src"), path.join(site.dir, "src"));
  // A custom stylesheet of its own, which imports another and loads an image (issue 29).
  write(site, "css/custom.css", '@import "./more.css";\n:root { --ifm-color-primary: #2e5aac; }\n');
  write(site, "css/more.css", ".card { background: url(./card.svg) no-repeat; }\n");
  write(site, "css/card.svg", CARD_SVG);
  const config = readFileSync(site.config, "utf8")
    .replace(
      "  footer:",
      '  templates: "templates",\n  customCss: ["css/custom.css"],\n  markdown: { plugins: [[markWord, { word: "Beta" }]] },\n  footer:',
    )
    .replace(/^/, 'import { markWord } from "./plugins/mark.ts";\n');
  writeFileSync(site.config, config);
  return site;
}

const read = (site: Site, rel: string) => readFileSync(path.join(site.dir, rel), "utf8");
const write = (site: Site, rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(site.dir, rel)), { recursive: true });
  writeFileSync(path.join(site.dir, rel), text);
};
/** Swaps `a` for `b` in a file, or back: each call undoes the last. */
const toggle = (site: Site, rel: string, a: string, b: string) => {
  const text = read(site, rel);
  write(site, rel, text.includes(a) ? text.replace(a, b) : text.replace(b, a));
};
/** Appends `block` to a file, or takes it out again. */
const toggleBlock = (site: Site, rel: string, block: string) => {
  const text = read(site, rel);
  write(site, rel, text.includes(block) ? text.replace(block, "") : text + block);
};

/** A site's override of the help box, importing a helper beside it. */
const helpBox = (title: string) => `import type { DocHelpBoxProps } from "ssodocs";
import { HELP } from "./labels.ts";

export default function DocHelpBox({ doc }: DocHelpBoxProps) {
  return <p className="help-override">{HELP} {doc.title} (${title})</p>;
}
`;

/** An edit of a kind an author makes, applied to the site's files. */
type Edit = (site: Site) => void;

const EDITS: Record<string, Edit> = {
  "a doc's text": (site) =>
    write(
      site,
      "docs/services/beta/index.md",
      `${read(site, "docs/services/beta/index.md")}\nOne more line ${Date.now()}.\n`,
    ),
  "a doc's front matter": (site) =>
    toggle(site, "docs/services/alpha/index.md", "sidebar_label: Alpha\n", "sidebar_label: Alpha Two\n"),
  "an added doc": (site) =>
    write(
      site,
      "docs/services/gamma/index.md",
      "---\ntitle: Integrate with Gamma\n---\n\n## What is Gamma\n\nGamma links to [Alpha](../alpha/index.md).\n",
    ),
  "a removed doc": (site) => rmSync(path.join(site.dir, "docs/services/gamma/index.md"), { force: true }),
  "a renamed doc": (site) => {
    const [from, to] = existsSync(path.join(site.dir, "docs/template/service.md"))
      ? ["docs/template/service.md", "docs/template/renamed.md"]
      : ["docs/template/renamed.md", "docs/template/service.md"];
    renameSync(path.join(site.dir, from), path.join(site.dir, to));
  },
  "a code block of a language used nowhere else": (site) =>
    toggleBlock(site, "docs/services/beta/index.md", "\n```ruby\nputs 'only ruby here'\n```\n"),
  "a Markdown block embedding python, while python comes and goes": (site) =>
    toggleBlock(site, "docs/index.md", "\n````md\n```python\nprint('embedded')\n```\n````\n"),
  "a template": (site) => toggle(site, "templates/components/Footer.tsx", "Copyright", "Copyleft"),
  "a component a template imports (the cards)": (site) =>
    toggle(
      site,
      "templates/components/CardList.tsx",
      'className="card-title"',
      'className="card-title card-title-edited"',
    ),
  "a component override (added, edited, removed)": (site) => {
    const file = "theme/DocHelpBox.tsx";
    if (!existsSync(path.join(site.dir, file))) write(site, file, helpBox("first"));
    else if (read(site, file).includes("(first)")) write(site, file, helpBox("second"));
    else rmSync(path.join(site.dir, file));
  },
  "a file a component override imports": (site) =>
    toggle(site, "theme/labels.ts", 'HELP = "Help with"', 'HELP = "Questions about"'),
  "the config": (site) => toggle(site, "ssodocs.config.ts", "A small site for the tests.", "An edited tagline."),
  "the sidebar": (site) => toggle(site, "ssodocs.config.ts", 'label: "Monitoring"', 'label: "Observability"'),
  "a custom stylesheet": (site) => toggle(site, "css/custom.css", "#2e5aac", "#ac2e5a"),
  "a stylesheet it imports": (site) => toggle(site, "css/more.css", "no-repeat", "repeat-x"),
  "an image a stylesheet loads": (site) => toggle(site, "css/card.svg", 'r="3"', 'r="2"'),
  "a Markdown plugin's options": (site) => toggle(site, "ssodocs.config.ts", 'word: "Beta"', 'word: "Alpha"'),
  "a Markdown plugin's module": (site) => toggle(site, "plugins/mark.ts", 'word + "!"', 'word + "?"'),
};

/** What watch mode serves of each file a build wrote (pages without the live-reload script it adds). */
async function servedMatchesBuild(session: WatchSession, built: string): Promise<string | null> {
  for (const [file, hash] of fileHashes(built)) {
    if (file === ".ssodocs-output") continue;
    const url = `${session.url}/${file.split(path.sep).join("/")}`;
    // A socket the server closes as its keep-alive time runs out fails the fetch: ask again later.
    const response = await fetch(url).catch(() => null);
    if (!response) return `${file} (no answer)`;
    let bytes = Buffer.from(await response.arrayBuffer());
    if (file.endsWith(".html"))
      bytes = Buffer.from(bytes.toString("utf8").replace(/<script src="\/__ssodocs\/live\.js" defer><\/script>/, ""));
    const expected = readFileSync(path.join(built, file));
    if (!bytes.equals(expected)) return `${file} (${hash.slice(0, 8)})`;
  }
  return null;
}

/** Waits until watch mode serves what the build wrote (it updates on its own after a save). */
async function waitUntilServed(session: WatchSession, built: string): Promise<void> {
  let differs: string | null = "";
  for (const started = Date.now(); differs !== null && Date.now() - started < 20_000; ) {
    differs = await servedMatchesBuild(session, built);
    if (differs) await new Promise((r) => setTimeout(r, 50));
  }
  expect(differs, `watch mode serves another ${differs}`).toBeNull();
}

const names = Object.keys(EDITS);
/**
 * Every kind of edit at least once, in a random order, with random edits between (repeats undo
 * and redo: a doc added back, a rename reverted, a language gone and back).
 */
const editSequences = fc
  .tuple(
    fc.shuffledSubarray(names, { minLength: names.length, maxLength: names.length }),
    fc.array(fc.constantFrom(...names), { minLength: 6, maxLength: 10 }),
  )
  .map(([every, more]) => every.flatMap((name, i) => (i < more.length ? [name, more[i]] : [name])));

describe("cached builds and watch mode (issue 18)", () => {
  // The builds run in this process, each with fresh modules as a new process would (in-process-build.ts);
  // one watch session follows the whole sequence, as an author's does.
  it("write and serve what an uncached build writes, after any sequence of edits", async () => {
    await fc.assert(
      fc.asyncProperty(editSequences, async (edits) => {
        const site = siteWithTemplates();
        const cache = path.join(site.dir, ".cache");
        const session = await startWatchSession(
          {},
          { SSODOCS_CACHE_DIR: path.join(site.dir, ".watch-cache") },
          { site },
        );
        try {
          await waitUntilServed(session, await buildBothWaysInProcess(site, cache));
          for (const name of edits) {
            EDITS[name](site);
            await waitUntilServed(session, await buildBothWaysInProcess(site, cache));
          }
        } finally {
          await session.stop();
          site.cleanup();
        }
      }),
      { numRuns: 1, endOnFailure: true },
    );
  }, 600_000);

  it("renders again with a Markdown plugin's new options or code (the plugin's module is one of the config's inputs)", () => {
    const site = siteWithTemplates();
    const cache = path.join(site.dir, ".cache");
    try {
      const beta = () => readFileSync(path.join(site.dir, "cached/integrations/services/beta/index.html"), "utf8");
      buildBothWays(site, cache);
      expect(beta()).toContain("<p>Beta! watches services.");
      EDITS["a Markdown plugin's options"](site);
      buildBothWays(site, cache);
      expect(beta()).toContain("<p>Beta watches services. Back to <a");
      expect(beta()).toContain(">Alpha!</a>");
      EDITS["a Markdown plugin's module"](site);
      buildBothWays(site, cache);
      expect(beta()).toContain(">Alpha?</a>");
    } finally {
      site.cleanup();
    }
  });

  it("gives the cards new markup when the card component changes (the Markdown cache left the templates out)", () => {
    const site = siteWithTemplates();
    const cache = path.join(site.dir, ".cache");
    try {
      const index = () => readFileSync(path.join(site.dir, "cached/integrations/services/index.html"), "utf8");
      buildBothWays(site, cache);
      expect(index()).not.toContain("card-title-edited");
      EDITS["a component a template imports (the cards)"](site);
      buildBothWays(site, cache);
      expect(index()).toContain("card-title-edited");
    } finally {
      site.cleanup();
    }
  });

  it("colours python embedded in a Markdown block as a build without a cache does (the code cache left the loaded languages out)", () => {
    // Python is loaded for another page's block; the extra languages are none.
    const site = siteWithTemplates({
      "docs/services/beta/index.md": "---\ntitle: Beta\n---\n\n## Code\n\n```python\nprint('loads python')\n```\n",
    });
    writeFileSync(
      site.config,
      readFileSync(site.config, "utf8").replace("  footer:", "  code: { extraLanguages: [] },\n  footer:"),
    );
    const cache = path.join(site.dir, ".cache");
    try {
      buildBothWays(site, cache);
      // Only the new Markdown block waits to be highlighted now: the cached build must still load python for it.
      write(
        site,
        "docs/index.md",
        `${read(site, "docs/index.md")}\n## Markdown\n\n\`\`\`\`md\n\`\`\`python\nprint('embedded')\n\`\`\`\n\`\`\`\`\n`,
      );
      const built = buildBothWays(site, cache);
      const overview = readFileSync(path.join(built, "integrations/index.html"), "utf8");
      const block = overview.slice(overview.indexOf("embedded") - 400, overview.indexOf("embedded"));
      // `print` in python's colours (a function name), not the plain text of an unknown grammar.
      expect(block).toMatch(/<span class="[lcd][0-9a-z](?: [lcd][0-9a-z])?">print<\/span>/);
    } finally {
      site.cleanup();
    }
  });
});
