// Fenced code in Markdown source (src/node/markdown/fences.ts) is found where markdown-it finds it,
// and every consumer agrees with markdown-it's own tokens: the languages a build loads
// (fenceLanguages), the code highlighted ahead (fencesOf, as code.ts's prefetch takes it), the lines
// a Markdown copy keeps as written (llms.ts) and the `:::name` lines that warn (admonitions.ts).
import { describe, expect, it } from "vitest";
import type { SourceDoc } from "../src/node/content/load.ts";
import type { ContentModel } from "../src/node/content/site.ts";
import { Warnings } from "../src/node/errors.ts";
import { createCodeRenderer, parseFenceInfo } from "../src/node/markdown/code.ts";
import { type Fence, fencesOf } from "../src/node/markdown/fences.ts";
import { markdownIt } from "../src/node/markdown/instance.ts";
import { fenceLanguages } from "../src/node/markdown/language-context.ts";
import { markdownBody } from "../src/node/search/llms.ts";
import type { SiteConfig } from "../src/shared/types.ts";
import { createTestRenderer } from "./markdown-helpers.ts";

// In the cases, `L` is a line holding a link (a Markdown copy rewrites it outside code) and `U` an
// unknown admonition (it warns outside code); neither changes how the blocks around it are read.
const LINK = "[the docs](/docs/x)";
const UNKNOWN = ":::caveat";
const cases: Record<string, string> = {
  "at the top level": "```js\nL\nU\n```\nL",
  "in a list item": "- Step one:\n\n  ```yaml\n  L\n  ```\n\n- Step two U",
  "opening a list item": "1. ```bash\n   L\n   ```\n2. L",
  "in a nested list": "- a\n  - b\n\n    ```python\n    L\n    ```\n  L",
  "in a block quote": "> ```ini\n> L\n> U\n> ```\n\nL",
  "in a quote in a list": "- > ```toml\n  > L\n  > ```\n- U",
  "indented by 1 to 3 spaces": " ```css\n L\n ```\n\n   ~~~\n   U\n   ~~~",
  "indented by 4 or more spaces": "    ```json\n    L\n    ```\n\n        ~~~sql\n        U\n        ~~~",
  "indented by 4 in a paragraph (text, not a fence)": "Text\n    ```sql\n    U\n    L\n    ```\nL",
  "closed by a longer run, holding a shorter one": "````md\n```js\nL\n```\n````\nL",
  "of tildes, holding backticks": "~~~markdown\n```python\nU\n```\n~~~\nU",
  "not a fence: a backtick in the info": "``` a`b\nL\n```\nL",
  "unclosed, to the end": "L\n```diff\nL\nU",
  "unclosed in a list item, to the item's end": "- ```hcl\n  L\nL\n\nU",
  "unclosed in a block quote, to the quote's end": "> ```php\n> L\n\nU\n```\nL\n```",
  "in an admonition": ":::note\n\n```ruby\nL\n:::\nU\n```\n\n:::\nL",
  "unclosed in an admonition, to its end": ":::tip\nText\n\n  ~~~dotenv\n  L\n:::\nU",
  "in tabs":
    '<Tabs>\n<TabItem value="a">\n\n```powershell\nL\n```\n\n</TabItem>\n<TabItem value="b">\n\n    ```go\n    U\n    ```\n\n</TabItem>\n</Tabs>\nL',
  "in an HTML block (HTML, not a fence)": "<div>\n```js\nU\nL\n```\n</div>\n\nU",
  "with Windows line ends": "```js\r\nL\r\n```\r\nU",
};
const sourceOf = (text: string) => text.replace(/\bL\b/g, LINK).replace(/\bU\b/g, UNKNOWN);

const md = markdownIt(createCodeRenderer([]), "md", { list: [], configFile: null });
const tokensOf = (body: string): Fence[] => {
  const env = {
    file: "/docs/page.md",
    bodyLine: 1,
    permalink: "/",
    warnings: new Warnings(),
    resolveLink: (h: string) => h,
    resolveImage: (s: string) => s,
    categoryCards: () => "",
    headings: [],
  };
  return md
    .parse(body, env)
    .filter((t) => t.type === "fence")
    .map((t) => ({ info: t.info, content: t.content, map: t.map as [number, number] }));
};
/** Whether markdown-it puts line `i` in a fenced block. */
const inFence = (fences: Fence[], i: number) => fences.some(({ map }) => i >= map[0] && i < map[1]);

const doc = { id: "page", relativePath: "page.md", file: "/docs/page.md" } as SourceDoc;
const model = {
  byRelativePath: new Map(),
  info: new Map([["page", { permalink: "/page/" }]]),
} as unknown as ContentModel;
const config = {
  url: "https://site.example",
  links: { rewrites: [{ from: "/docs/", to: "https://docs.example/docs/" }] },
} as SiteConfig;
const render = createTestRenderer();

describe("fenced code in Markdown source", () => {
  for (const [name, text] of Object.entries(cases)) {
    describe(name, () => {
      const body = sourceOf(text);
      const tokens = tokensOf(body);

      it("is found where markdown-it finds it, with its info and code", () => {
        expect(fencesOf(body)).toEqual(tokens);
      });

      it("names the languages markdown-it's fences name", () => {
        const names = tokens.map((t) => parseFenceInfo(t.info).lang.toLowerCase()).filter(Boolean);
        expect(fenceLanguages(body).sort()).toEqual([...new Set(names)].sort());
      });

      it("is kept as written in a Markdown copy, and only it", () => {
        const lines = body.split(/\r\n?|\n/);
        const copy = markdownBody({ ...doc, body }, model, config);
        if (!/^\s*(:::|<Tabs>)/m.test(body)) {
          const expected = lines
            .map((line, i) => (inFence(tokens, i) ? line : line.replace("](/docs/", "](https://docs.example/docs/")))
            .join("\n")
            .replace(/^\s*\n/, "")
            .trimEnd();
          expect(copy).toBe(expected);
          return;
        }
        // Admonitions and tabs become plain Markdown in a copy (a quote, bold labels): the code in
        // them still comes out as written, its links too, and only the links outside it change.
        const unquoted = copy
          .split("\n")
          .map((line) => line.replace(/^> ?/, ""))
          .join("\n");
        for (const fence of tokens) expect(unquoted).toContain(fence.content.trimEnd());
        const linksInCode = lines.filter((line, i) => inFence(tokens, i) && line.includes(LINK)).length;
        expect(unquoted.split("](/docs/").length - 1).toBe(linksInCode);
        expect(unquoted.split("](https://docs.example/docs/").length - 1).toBe(
          lines.filter((line) => line.includes(LINK)).length - linksInCode,
        );
      });

      it("hides the `:::name` lines in it from the unknown-admonition warning", async () => {
        const { warnings } = await render(body);
        const lines = body.split(/\r\n?|\n/);
        const expected = lines.flatMap((line, i) =>
          line.trim().startsWith(UNKNOWN) && !inFence(tokens, i) ? [`/docs/page.md:${5 + i}`] : [],
        );
        expect(warnings.filter((w) => w.includes(":::caveat")).map((w) => /^(\S+?:\d+):\d+: /.exec(w)?.[1])).toEqual(
          expected,
        );
      });
    });
  }

  it("agrees with markdown-it on random mixes of fences, containers and blocks", () => {
    const pieces = [
      "```",
      "```js",
      "````",
      "~~~",
      "~~~ yaml",
      "``` a`b",
      "code",
      "text",
      "",
      "",
      "> ",
      ">",
      "- ",
      "1. ",
      "2) ",
      "* ",
      "  ",
      "    ",
      "\t",
      "   ",
      ":::note",
      ":::",
      ":::tip[T]",
      "<Tabs>",
      "</Tabs>",
      '<TabItem value="a">',
      "</TabItem>",
      "<div>",
      "</div>",
      "<!--",
      "-->",
      "# h",
      "---",
      "===",
      "| a | b |",
      "| - | - |",
      "import x from 'y';",
      "<details>",
      "text ```",
      "<pre>",
      "</pre>",
      "  - ",
      "> - ",
      "- > ",
    ];
    let seed = 28;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = () => pieces[Math.floor(rnd() * pieces.length)];
    for (let n = 0; n < 3000; n++) {
      const lines = Array.from(
        { length: 2 + Math.floor(rnd() * 10) },
        () => pick() + pick() + (rnd() < 0.5 ? pick() : ""),
      );
      const body = lines.join(rnd() < 0.1 ? "\r\n" : "\n") + (rnd() < 0.5 ? "\n" : "");
      expect(fencesOf(body), JSON.stringify(body)).toEqual(tokensOf(body));
    }
  });

  it("reads the docs of content/ as markdown-it does", async () => {
    // A differential check on real guides: lists, tabs, admonitions and quotes as authors write them.
    const { readdirSync, readFileSync } = await import("node:fs");
    const path = await import("node:path");
    const { parseFrontMatter } = await import("../src/node/content/frontmatter.ts");
    const root = path.join(import.meta.dirname, "../content");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => /\.mdx?$/.test(f));
    expect(files.length).toBeGreaterThan(100);
    let fences = 0;
    for (const file of files) {
      const { body } = parseFrontMatter(readFileSync(path.join(root, file), "utf8"), file);
      const found = fencesOf(body);
      fences += found.length;
      expect(found, file).toEqual(tokensOf(body));
    }
    expect(fences).toBeGreaterThan(100);
  });
});
