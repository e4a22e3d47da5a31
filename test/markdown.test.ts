import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIST, toolManifest } from "../src/node/paths.ts";
import { createTestRenderer } from "./markdown-helpers.ts";

const render = createTestRenderer();

describe("headings", () => {
  it("gives GitHub-style ids, numbers repeats and honours {#custom-id}", async () => {
    const { html, headings } = await render(
      "## What is GitLab?\n\n## Setup\n\n## Setup\n\n### Step 1: `gitlab.rb` file\n\n## Custom heading {#my-id}\n",
    );
    expect(html).toContain('<h2 id="what-is-gitlab">');
    expect(html).toContain('<h2 id="setup">');
    expect(html).toContain('<h2 id="setup-1">');
    expect(html).toContain('<h3 id="step-1-gitlabrb-file">');
    expect(html).toContain('<h2 id="my-id">Custom heading<a class="hash-link"');
    expect(html).not.toContain("{#my-id}");
    expect(headings.map((h) => [h.level, h.id])).toEqual([
      [2, "what-is-gitlab"],
      [2, "setup"],
      [2, "setup-1"],
      [3, "step-1-gitlabrb-file"],
      [2, "my-id"],
    ]);
  });

  it("numbers repeats past ids other headings took, and refuses a custom id given twice, naming the line", async () => {
    const { headings } = await render(
      "## Same\n\n## Same 1\n\n## Same\n\n## Same\n\n## X {#same-4}\n\n## Same\n\n## Same 1\n",
    );
    expect(headings.map((h) => h.id)).toEqual(["same", "same-1", "same-2", "same-3", "same-4", "same-5", "same-1-1"]);
    await expect(render("## A {#x}\n\nText.\n\n## B {#x}\n")).rejects.toThrow(
      expect.objectContaining({ message: expect.stringContaining('heading id "x" is given twice'), line: 9 }),
    );
  });

  it("notes the label of the tabs a heading sits in, for the table of contents", async () => {
    const tab = (label: string, body: string) =>
      `<TabItem value="${label.toLowerCase()}" label="${label}">\n\n${body}\n\n</TabItem>`;
    const inner = `## Setup\n\n<Tabs>\n${tab("Docker", "### Run")}\n</Tabs>`;
    const source = `## Intro\n\n<Tabs>\n${tab("OIDC", inner)}\n${tab("SAML", "## Setup")}\n</Tabs>\n\n## After\n`;
    const { headings } = await render(source);
    expect(headings.map((h) => [h.text, h.tab])).toEqual([
      ["Intro", undefined],
      ["Setup", "OIDC"],
      ["Run", "OIDC › Docker"],
      ["Setup", "SAML"],
      ["After", undefined],
    ]);
  });

  it("lifts an H1 that opens the body out of the content", async () => {
    const out = await render('import X from "y";\n\n# Applications\n\nText.\n');
    expect(out.leadingH1).toBe("Applications");
    expect(out.html).not.toContain("<h1");
    expect(out.html).not.toContain("import");
  });
});

describe("admonitions", () => {
  it("renders each type with its default or given title", async () => {
    for (const type of ["note", "tip", "info", "warning", "danger", "caution", "important"]) {
      const { html } = await render(`:::${type}\nBody **text**.\n:::\n`);
      expect(html).toContain(`class="admonition admonition-${type}"`);
      expect(html).toContain("<strong>text</strong>");
    }
    expect((await render(":::warning[Mind the gap]\nx\n:::\n")).html).toContain("<span>Mind the gap</span>");
    expect((await render(":::tip Legacy title\nx\n:::\n")).html).toContain("<span>Legacy title</span>");
    expect((await render(":::note\nx\n:::\n")).html).toContain("<span>Note</span>");
  });

  it("nests and sits inside list items", async () => {
    const nested = (await render("::::info\nOuter\n\n:::danger\nInner\n:::\n\nAfter\n::::\n")).html;
    expect(nested.indexOf("admonition-info")).toBeLessThan(nested.indexOf("admonition-danger"));
    expect(nested).toMatch(/Inner<\/p>\n<\/div><\/div>\n<p>After<\/p>/);
    const inList = (await render("1. Step one\n\n    :::note\n    Inside the step.\n    :::\n\n2. Step two\n")).html;
    expect(inList).toMatch(/<li>[\s\S]*admonition-note[\s\S]*Inside the step[\s\S]*<\/li>\n<li>/);
  });

  it("ignores ::: lines inside fenced code and warns about an unclosed one", async () => {
    const fenced = (await render(":::note\n```text\n:::\n```\nstill inside\n:::\n")).html;
    expect(fenced).toContain("still inside</p>\n</div></div>");
    const unclosed = await render("Before\n\n:::warning\nNever closed\n");
    expect(unclosed.html).toContain("Never closed");
    expect(unclosed.warnings[0]).toMatch(/page\.md:7:\d+: admonition ":::warning" is never closed/);
  });
});

describe("tabs", () => {
  const tabs = `
<Tabs
    defaultValue="oidc"
    values={[
        { label: "SAML", value: "saml" },
        { label: "OpenID Connect", value: "oidc" },
    ]}
>
<TabItem value="saml">

SAML **steps**.

</TabItem>
<TabItem value="oidc">

OIDC steps.

</TabItem>
</Tabs>
`;

  it("renders an accessible tab list with the default panel shown without JavaScript", async () => {
    const { html } = await render(tabs);
    expect(html).toContain('role="tablist"');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*data-value="saml">SAML<\/button>/);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*data-value="oidc">OpenID Connect<\/button>/);
    expect(html).toMatch(/role="tabpanel"[^>]*data-value="saml" tabindex="0" hidden>\n<p>SAML <strong>steps<\/strong>/);
    expect(html).toMatch(/role="tabpanel"[^>]*data-value="oidc" tabindex="0">\n<p>OIDC steps/);
  });

  it("takes labels and the default from TabItem props", async () => {
    const { html } = await render(
      '<Tabs groupId="install">\n<TabItem value="docker" label="Docker">\n\nA\n\n</TabItem>\n<TabItem value="k8s" label="Kubernetes" default>\n\nB\n\n</TabItem>\n</Tabs>\n',
    );
    expect(html).toContain('data-group-id="install"');
    expect(html).toMatch(/aria-selected="true"[^>]*data-value="k8s">Kubernetes/);
    expect(html).toMatch(/data-value="docker" tabindex="0" hidden>/);
  });

  it("warns about an unclosed <Tabs> and still closes its markup", async () => {
    const out = await render('<Tabs>\n<TabItem value="a" label="A">\n\nText\n');
    expect(out.warnings.join("\n")).toMatch(/never closed/);
    expect((out.html.match(/<div/g) ?? []).length).toBe((out.html.match(/<\/div>/g) ?? []).length);
  });
});

describe("code", () => {
  it("highlights with both themes as colour classes the stylesheet defines, and adds a copy button", async () => {
    const { html } = await render("```yaml\nkey: value # note\n```\n");
    expect(html).toContain('class="code-block" data-lang="yaml"');
    expect(html).toContain('class="copy-button"');
    expect(html).not.toContain("style=");
    const classes = [...html.matchAll(/<span class="([lcd][0-9a-z](?: [lcd][0-9a-z])?)">/g)].flatMap((m) =>
      m[1].split(" "),
    );
    expect(classes.length).toBeGreaterThanOrEqual(2);
    const { client } = toolManifest();
    const css = readFileSync(path.join(DIST, "client", client.css), "utf8");
    for (const name of classes) expect(css).toMatch(new RegExp(`\\.shiki \\.${name}\\{--shiki-(light|dark):#`));
  });

  it("supports title, showLineNumbers, line ranges and highlight comments", async () => {
    const { html } = await render(
      '```python title="settings.py" showLineNumbers {1,3-4}\na = 1\nb = 2\nc = 3\nd = 4\ne = 5\n```\n',
    );
    expect(html).toContain('<div class="code-title">settings.py</div>');
    expect(html).toContain('<div class="code-block" data-lang="python" data-line-numbers>');
    expect((html.match(/class="line highlighted"/g) ?? []).length).toBe(3);
    const magic = (
      await render(
        "```bash\n# highlight-next-line\necho one\necho two\n# highlight-start\necho three\necho four\n# highlight-end\n```\n",
      )
    ).html;
    expect(magic).not.toContain("highlight-next-line");
    expect(magic).not.toContain("highlight-start");
    expect((magic.match(/class="line highlighted"/g) ?? []).length).toBe(3);
  });

  it("knows the aliases guides use", async () => {
    for (const lang of ["sh", "shell", "py", "yml", "env", "conf", "PowerShell"]) {
      const out = await render(`\`\`\`${lang}\nx = 1\n\`\`\`\n`);
      expect(out.warnings, lang).toEqual([]);
    }
    expect((await render("```text\nplain\n```\n")).warnings).toEqual([]);
  });

  it("renders an unknown language as plain text with a warning", async () => {
    const out = await render("```klingon\nQapla'\n```\n");
    expect(out.html).toContain("Qapla");
    expect(out.warnings[0]).toMatch(/page\.md:5:\d+: unknown code language "klingon"/);
  });

  it("keeps fences indented four or more spaces (no indented code blocks)", async () => {
    const { html } = await render(
      "- Item\n\n        ```yaml\n        a: 1\n        ```\n\n    indented text is a paragraph\n",
    );
    expect(html).toContain('data-lang="yaml"');
    expect(html).not.toContain("<pre><code>");
    expect(html).toContain("<p>indented text is a paragraph</p>");
  });

  it("turns mermaid fences into diagram containers", async () => {
    const out = await render("```mermaid\ngraph TD; A-->B\n```\n");
    expect(out.hasMermaid).toBe(true);
    expect(out.html).toContain(
      '<div class="mermaid-diagram" data-mermaid><pre class="mermaid-source">graph TD; A--&gt;B</pre></div>',
    );
    expect((await render("text")).hasMermaid).toBe(false);
  });
});

describe("GFM and HTML", () => {
  it("renders tables, task lists, bare URLs and inline HTML, and drops comments", async () => {
    const { html } = await render(
      "| a | b |\n|---|---|\n| 1 | 2 |\n\n- [ ] todo\n- [x] done\n\nSee https://example.com now. Press <kbd>Ctrl</kbd>.\n\n<!-- hidden note -->\n\nText <!-- inline hidden --> end\n",
    );
    expect(html).toContain("<table>");
    expect(html).toContain(
      '<li class="task-list-item"><input type="checkbox" class="task-list-checkbox" disabled aria-label="Not done"> todo</li>',
    );
    expect(html).toContain('disabled checked aria-label="Done"> done');
    expect(html).toContain('<a href="https://example.com">https://example.com</a>');
    expect(html).toContain("<kbd>Ctrl</kbd>");
    expect(html).not.toContain("hidden");
  });

  it('renders MDX components and {" "} spacers', async () => {
    const out = await render('- <SupportBadge level="vendor" />: vendor\n\nA{" "}B\n\n<DocCardList />\n', {
      cards: '<ul class="card-grid">CARDS</ul>',
    });
    expect(out.html).toContain('<span class="badge badge-support badge-support-vendor">Support level: Vendor</span>');
    expect(out.html).toContain("A B");
    expect(out.html).toContain('<ul class="card-grid">CARDS</ul>');
  });

  it("sends every link and image through the resolvers", async () => {
    const out = await render("[a](../b/index.md) ![pic](./pic.png)", { resolveLink: (h) => `RESOLVED(${h})` });
    expect(out.html).toContain('href="RESOLVED(../b/index.md)"');
    expect(out.html).toContain('src="/assets/images/./pic.png"');
  });
});
