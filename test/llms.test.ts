// llms.txt and the Markdown copy of every page: checked for every guide of content/ (built in a
// temporary folder), and on the fixture site for what a copy keeps, drops and resolves, and how
// the copy is served and linked from its page.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStaticServer } from "../src/node/serve/static.ts";
import { ROOT, runCli, tempSite } from "./helpers.ts";

const SITE = "https://integrations.goauthentik.io";

/** Front matter of a guide's source: title and description, as the YAML writes them plainly. */
function frontMatterOf(source: string): { title: string; description: string | null } {
  const matter = /^---\n([\s\S]*?)\n---/.exec(source)![1];
  const field = (key: string) =>
    new RegExp(`^${key}:\\s*(.+)$`, "m")
      .exec(matter)?.[1]
      .trim()
      .replace(/^"(.*)"$/, "$1") ?? null;
  return { title: field("title")!, description: field("description") };
}

describe("llms.txt and Markdown copies of content/", () => {
  let out: string;
  const guides = readdirSync(path.join(ROOT, "content/services"), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(ROOT, "content/services", d.name, "index.md")))
    .map((d) => d.name);

  beforeAll(() => {
    out = mkdtempSync(path.join(os.tmpdir(), "ssodocs-llms-"));
    const built = runCli(["build", "--config", path.join(ROOT, "ssodocs.config.ts"), "--out", path.join(out, "build")]);
    expect(built.code, built.stderr).toBe(0);
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("writes llms.txt with the site's title, its summary and sections of links", () => {
    const text = readFileSync(path.join(out, "build/llms.txt"), "utf8");
    expect(text.startsWith("# authentik\n\n> Bring all of your authentication into a unified platform.\n")).toBe(true);
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections[0]).toBe("Overview");
    expect(sections).toContain("Monitoring");
    // Every doc of content/ is in the sidebar but the template, which is unlisted: no Optional section, no template.
    expect(sections).not.toContain("Optional");
    expect(text).not.toContain("/integrations/template/service");
    // Every line under a section is a link with a description.
    for (const line of text.split("\n").filter((l) => l.startsWith("- ")))
      expect(line).toMatch(/^- \[[^\]]+\]\(https:\/\/\S+\.md\)(: .+)?$/);
  });

  it("checks all guides", () => expect(guides.length).toBeGreaterThan(100));

  it("writes plain Markdown: no component, admonition marker or badge tag is left in any copy", () => {
    const copies = [
      ...guides.map((slug) => `integrations/services/${slug}/index.md`),
      "integrations/services/index.md",
    ];
    for (const file of copies) {
      const copy = readFileSync(path.join(out, "build", file), "utf8").replace(/^(```|~~~)[\s\S]*?^\1/gm, "");
      expect(copy, file).not.toMatch(/<\/?(Tabs|TabItem|SupportBadge|DocCardList)\b|^\s*:::/m);
    }
  });

  it("lists the cards of the services index, each category with its guides", () => {
    const copy = readFileSync(path.join(out, "build/integrations/services/index.md"), "utf8");
    expect(copy).toContain("- Support level: authentik: tested regularly by the authentik team.\n");
    const list = copy.slice(copy.indexOf("## Integration categories"));
    expect(list).toMatch(
      /^## Integration categories\n\n- \[Chat, Communication & Collaboration\]\(https:\/\/integrations\.goauthentik\.io\/integrations\/services\/#chat-communication-collaboration\): \d+ items\n {2}- \[/,
    );
    expect(list).toContain(`  - [Grafana](${SITE}/integrations/services/grafana/index.md): `);
    // Every guide is in the list.
    for (const slug of guides) expect(list, slug).toContain(`(${SITE}/integrations/services/${slug}/index.md)`);
  });

  for (const slug of guides) {
    it(`lists ${slug} in llms.txt and writes its Markdown copy from the same source`, () => {
      const source = readFileSync(path.join(ROOT, "content/services", slug, "index.md"), "utf8");
      const { title, description } = frontMatterOf(source);
      const url = `${SITE}/integrations/services/${slug}/index.md`;
      const llms = readFileSync(path.join(out, "build/llms.txt"), "utf8");
      expect(llms).toContain(`(${url})${description ? `: ${description}` : ""}\n`);
      const copy = readFileSync(path.join(out, "build/integrations/services", slug, "index.md"), "utf8");
      expect(copy.startsWith(`# ${title}\n`)).toBe(true);
      expect(copy).not.toMatch(/^(support_level|sidebar_label):/m);
      // Every heading of the source is in the copy, and every site link is absolute.
      for (const heading of source.match(/^#{2,4} .+$/gm) ?? []) expect(copy).toContain(heading);
      expect(copy).not.toMatch(/\]\(\/(?!\/)/);
      expect(copy).not.toMatch(/\]\((?:\.\.?\/)[^)]*\.mdx?\b/);
      // The HTML page links its copy.
      const html = readFileSync(path.join(out, "build/integrations/services", slug, "index.html"), "utf8");
      expect(html).toContain(`href="/integrations/services/${slug}/index.md"`);
      expect(html).toContain(`data-copy-page="/integrations/services/${slug}/index.md"`);
    });
  }
});

const ALPHA_MDX = `---
title: Integrate with Delta
description: Delta's description.
---

import Tabs from "@theme/Tabs";
import TabItem from "@theme/TabItem";

## What is Delta

Delta is like [Alpha](../alpha/index.md#what-is-alpha), see [the docs](/docs/install/) and [tags](/integrations/tags).

[ref]: ../beta/index.md

\`\`\`js
import x from "y";
[not a link](../alpha/index.md)
\`\`\`

Inline \`[code](../alpha/index.md)\` stays.

## Setup

<SupportBadge level="vendor" /> keeps this part.

<Tabs>
  <TabItem value="saml" label="SAML" default>

Use SAML.

:::info[Metadata]
Download the metadata:

\`\`\`shell
curl https://delta.example/metadata
\`\`\`

:::

  </TabItem>
  <TabItem value="oidc" label="OpenID Connect">

1. Create a provider.
2. Check it:
   :::tip
   Nested in a list.
   :::
3. Done.

  </TabItem>
</Tabs>

<Tabs
  defaultValue="a"
  values={[
    { label: "Docker", value: "a" },
    { label: "Kubernetes", value: "b" },
  ]}>
<TabItem value="a">
Compose.
</TabItem>
<TabItem value="b">
Helm.
</TabItem>
</Tabs>

:::warning
Last.
:::
After the warning.
`;

describe("a Markdown copy on the fixture site", () => {
  let site: ReturnType<typeof tempSite>;
  let out: string;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    site = tempSite({ "docs/services/delta/index.mdx": ALPHA_MDX });
    writeFileSync(
      site.config,
      readFileSync(site.config, "utf8").replace(
        'items: ["services/beta/index"]',
        'items: ["services/beta/index", "services/delta/index"]',
      ),
    );
    out = path.join(site.dir, "build");
    const built = runCli(["build", "--config", site.config, "--out", out]);
    expect(built.code, built.stderr).toBe(0);
    server = await startStaticServer(out, 0, "127.0.0.1");
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    site?.cleanup();
  });

  it("keeps the Markdown as written, without front matter and MDX imports, links absolute, code untouched", () => {
    const copy = readFileSync(path.join(out, "integrations/services/delta/index.md"), "utf8");
    expect(copy).toBe(`# Integrate with Delta

> Delta's description.

## What is Delta

Delta is like [Alpha](https://fixture.example/integrations/services/alpha/#what-is-alpha), see [the docs](https://docs.example.com/docs/install/) and [tags](https://fixture.example/integrations/tags).

[ref]: https://fixture.example/integrations/services/beta/

\`\`\`js
import x from "y";
[not a link](../alpha/index.md)
\`\`\`

Inline \`[code](../alpha/index.md)\` stays.

## Setup

Support level: Vendor keeps this part.

### SAML

Use SAML.

> **Metadata**
>
> Download the metadata:
>
> \`\`\`shell
> curl https://delta.example/metadata
> \`\`\`
>

### OpenID Connect

1. Create a provider.
2. Check it:
   > **Tip**
   >
   > Nested in a list.

3. Done.

### Docker

Compose.

### Kubernetes

Helm.

> **Warning**
>
> Last.

After the warning.
`);
  });

  it("writes the card list of a category's page as links to the copies", () => {
    const copy = readFileSync(path.join(out, "integrations/services/index.md"), "utf8");
    expect(copy).toBe(`# Applications

- Support level: Community: kept by the community.

## Categories

- [Development](https://fixture.example/integrations/services/#development): 1 item
  - [Alpha](https://fixture.example/integrations/services/alpha/index.md): Sign in to Alpha with the fixture identity provider.
- [Monitoring](https://fixture.example/integrations/services/#monitoring): 2 items
  - [Beta](https://fixture.example/integrations/services/beta/index.md)
  - [Integrate with Delta](https://fixture.example/integrations/services/delta/index.md): Delta's description.
`);
  });

  it("writes a copy beside every page: index.md for a route ending in /, <route>.md otherwise", () => {
    expect(existsSync(path.join(out, "integrations/index.md"))).toBe(true);
    expect(existsSync(path.join(out, "integrations/services/index.md"))).toBe(true);
    // The template's route has no trailing slash.
    expect(readFileSync(path.join(out, "integrations/template/service.md"), "utf8")).toMatch(/^# /);
    // A body with its own H1 keeps it as the copy's title.
    expect(readFileSync(path.join(out, "integrations/services/index.md"), "utf8")).toMatch(/^# Applications\n/);
  });

  it("serves the copy and llms.txt as text", async () => {
    const md = await fetch(`${origin}/integrations/services/delta/index.md`);
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await md.text()).toMatch(/^# Integrate with Delta\n/);
    const llms = await fetch(`${origin}/llms.txt`);
    expect(llms.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await llms.text()).toContain(
      "- [Integrate with Delta](https://fixture.example/integrations/services/delta/index.md): Delta's description.",
    );
  });
});
