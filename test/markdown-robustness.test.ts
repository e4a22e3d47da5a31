// Hostile Markdown never crashes or hangs the pipeline, and always yields well-formed HTML.
// (Each case has the test time-out as its bound; none asserts a duration.) The 20 MB document is
// in `npm run test:stress` (test/stress/huge-document.test.ts).
import fc from "fast-check";
import { Parser } from "htmlparser2";
import { describe, expect, it, vi } from "vitest";
import { parseFenceInfo } from "../src/node/markdown/code.ts";
import { createTestRenderer } from "./markdown-helpers.ts";

const render = createTestRenderer();

const VOID = new Set([
  "br",
  "hr",
  "img",
  "input",
  "meta",
  "link",
  "wbr",
  "area",
  "base",
  "col",
  "embed",
  "source",
  "track",
  "path",
  "circle",
]);

/** Open and close tags balance (void elements aside) and nothing closes what is not open. */
function assertWellFormed(html: string): void {
  const stack: string[] = [];
  const problems: string[] = [];
  const parser = new Parser(
    {
      onopentagname(name) {
        if (!VOID.has(name)) stack.push(name);
      },
      onclosetag(name, implied) {
        if (VOID.has(name)) return;
        if (implied && stack[stack.length - 1] !== name) return;
        const top = stack.pop();
        if (top !== name) problems.push(`</${name}> closes <${top}>`);
      },
    },
    { recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  expect(problems).toEqual([]);
  expect(stack).toEqual([]);
}

describe("hostile input", () => {
  it("an unclosed admonition and an unclosed fence still render", async () => {
    const a = await render(":::danger\nNever closed\n\n- item\n");
    expect(a.html).toContain("Never closed");
    assertWellFormed(a.html);
    const f = await render("Text\n\n```yaml\nkey: value\nno closing fence\n");
    expect(f.html).toContain("no closing fence");
    assertWellFormed(f.html);
  });

  it("10,000 nested list items and quote levels: cut at 40 markers with a warning, and nothing after is lost", async () => {
    const lists = await render(`Intro\n\n${"- ".repeat(10_000)}deep\n\n## After\n\nThe rest.\n`);
    expect(lists.html).toContain("<p>Intro</p>");
    expect(lists.warnings.join("\n")).toMatch(
      /page\.md:7:\d+: a line opens more than 40 lists or quotes at once; the markers beyond are shown as text/,
    );
    expect(lists.html.match(/<ul>/g)).toHaveLength(40);
    expect(lists.html).toMatch(/<\/ul>\n<h2 id="after">After<a [^>]*>#<\/a><\/h2>\n<p>The rest\.<\/p>/);
    assertWellFormed(lists.html);
    const quotes = await render(`${">".repeat(10_000)} deep\n\nAfter the quotes.\n`);
    expect(quotes.warnings).toHaveLength(1);
    expect(quotes.html).toContain("<p>After the quotes.</p>");
    assertWellFormed(quotes.html);
    const ordered = await render(`${"1. ".repeat(500)}deep\n\nAfter the numbers.\n`);
    expect(ordered.html).toContain("<p>After the numbers.</p>");
    assertWellFormed(ordered.html);
    const indented = await render(Array.from({ length: 2_000 }, (_, i) => `${"  ".repeat(i)}- level ${i}`).join("\n"));
    expect(indented.html).toContain("level 40");
    expect(indented.warnings).toHaveLength(1);
    assertWellFormed(indented.html);
  });

  it("a fence's marked lines cost at most 10,000 steps, however many ranges repeat them (issue 27)", () => {
    const add = vi.spyOn(Set.prototype, "add");
    try {
      const meta = parseFenceInfo(`js {${"1-9999,".repeat(100)}12}`);
      expect(meta.highlightLines.size).toBe(9_999);
      expect(add.mock.calls.length).toBeLessThanOrEqual(10_000);
    } finally {
      add.mockRestore();
    }
    expect([...parseFenceInfo("js {1,3-5}").highlightLines]).toEqual([1, 3, 4, 5]);
  });

  it("control bytes and replacement characters from invalid UTF-8", async () => {
    const bytes = Buffer.from([0x23, 0x20, 0x48, 0x69, 0x0a, 0xff, 0xfe, 0x01, 0x02, 0x1b, 0x5b, 0x0a, 0xc3, 0x28]);
    const out = await render(bytes.toString("utf8"));
    expect(out.html).toContain("\uFFFD");
    assertWellFormed(out.html);
  });

  it("a tab group opened and never closed, and tabs inside admonitions inside lists", async () => {
    const out = await render(
      '1. Step\n\n    :::note\n    <Tabs>\n    <TabItem value="a" label="A">\n\n    inside\n\n    </TabItem>\n    </Tabs>\n    :::\n\n<Tabs>\n<TabItem value="b">\n\ndangling\n',
    );
    expect(out.html).toContain("inside");
    expect(out.html).toContain("dangling");
    assertWellFormed(out.html);
  });
});

describe("random Markdown (fast-check)", () => {
  const word = fc.constantFrom(
    "alpha",
    "beta",
    "SAML",
    "OIDC",
    "`code`",
    "**bold**",
    "_em_",
    "[link](/x/)",
    "<kbd>K</kbd>",
    "https://example.com",
    "{#id}",
    "<",
    ">",
    "&",
    ":::",
    "|",
    "{",
    "}",
  );
  const line = fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(" "));
  const block = fc.oneof(
    line,
    line.map((l) => `## ${l}`),
    line.map((l) => `- ${l}`),
    line.map((l) => `1. ${l}`),
    line.map((l) => `> ${l}`),
    line.map((l) => `    ${l}`),
    fc.tuple(fc.constantFrom("note", "tip", "warning", "danger", "info"), line).map(([t, l]) => `:::${t}\n${l}\n:::`),
    fc.tuple(fc.constantFrom("note", "tip"), line).map(([t, l]) => `:::${t}[${l}]\n${l}`),
    fc
      .tuple(fc.constantFrom("yaml", "bash", "python", "klingon", ""), line)
      .map(([lang, l]) => `\`\`\`${lang}\n${l}\n\`\`\``),
    line.map((l) => `\`\`\`text\n${l}`),
    line.map(
      (l) =>
        `<Tabs>\n<TabItem value="a" label="A">\n\n${l}\n\n</TabItem>\n<TabItem value="b" label="B" default>\n\n${l}\n\n</TabItem>\n</Tabs>`,
    ),
    line.map((l) => `<TabItem value="x">\n\n${l}`),
    line.map((l) => `| a | b |\n| --- | --- |\n| ${l} | x |`),
    line.map((l) => `- [ ] ${l}\n- [x] ${l}`),
    line.map((l) => `<!-- ${l} -->`),
    fc.constant("</Tabs>"),
    fc.constant(":::"),
    fc.constant("---"),
  );
  const documents = fc.array(block, { minLength: 1, maxLength: 25 }).chain((blocks) =>
    fc.array(fc.constantFrom("", "  ", "    "), { minLength: blocks.length, maxLength: blocks.length }).map((indents) =>
      blocks
        .map((b, i) =>
          b
            .split("\n")
            .map((l) => indents[i] + l)
            .join("\n"),
        )
        .join("\n\n"),
    ),
  );

  it("never throws and always yields well-formed HTML", async () => {
    await fc.assert(
      fc.asyncProperty(documents, async (doc) => {
        const { html } = await render(doc);
        assertWellFormed(html);
      }),
      { numRuns: 300, seed: 20261122 },
    );
  });
});
