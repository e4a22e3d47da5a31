// A built copy of the fixture site with pages for the browser tests, served on 127.0.0.1.
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import http, { type Server } from "node:http";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { startStaticServer, type RequestHook } from "../../src/node/serve/static.ts";
import { launchChromium } from "./chromium.ts";
import { runCli, tempSite } from "../helpers.ts";

const long = Array.from(
  { length: 12 },
  (_, i) => `## Section ${i + 1}\n\n${"Filler text for scrolling. ".repeat(60)}\n`,
).join("\n");

export const BROWSER_PAGES: Record<string, string> = {
  "docs/services/beta/index.md": `---
title: Integrate with Beta
sidebar_label: Beta
support_level: community
tags: [integration]
---

## What is Beta

Beta watches services.

<Tabs groupId="method">
<TabItem value="oidc" label="OIDC" default>

OIDC steps for Beta.

</TabItem>
<TabItem value="saml" label="SAML">

SAML steps for Beta.

</TabItem>
<TabItem value="ldap" label="LDAP">

LDAP steps for Beta.

</TabItem>
</Tabs>

<Tabs groupId="method">
<TabItem value="oidc" label="OIDC" default>

Second OIDC block.

</TabItem>
<TabItem value="saml" label="SAML">

Second SAML block.

</TabItem>
</Tabs>

\`\`\`yaml
beta: copied-value
\`\`\`

<details>
<summary>More about Beta</summary>

${"A detail line that makes this box tall. ".repeat(40)}

</details>

\`\`\`mermaid
graph TD; Reader-->Guide
\`\`\`

${long}
`,
};

/** Two code-heavy guides of the real site (Grafana, Nextcloud: many code blocks, tabs, headings repeated per tab). */
export const CODE_HEAVY_PAGES: Record<string, string> = Object.fromEntries(
  ["grafana", "nextcloud"].map((s) => {
    const source = readFileSync(path.join(import.meta.dirname, `../../content/services/${s}/index.md`), "utf8");
    return [`docs/services/${s}/index.md`, source];
  }),
);

export interface ServedSite {
  origin: string;
  csp: string;
  dir: string;
  /** Milliseconds to hold back responses whose path matches, set by a test. */
  delay: { pattern: RegExp | null; ms: number };
  close(): Promise<void>;
}

export async function serveBrowserSite(
  configEdit: (config: string) => string = (c) => c,
  extraPages: Record<string, string> = {},
): Promise<ServedSite> {
  const site = tempSite({ ...BROWSER_PAGES, ...extraPages });
  writeFileSync(site.config, configEdit(readFileSync(site.config, "utf8")));
  const out = path.join(site.dir, "build");
  const built = runCli(["build", "--config", site.config, "--out", out]);
  if (built.code !== 0) throw new Error(`fixture build failed:\n${built.stderr}`);
  const delay: ServedSite["delay"] = { pattern: null, ms: 0 };
  const hook: RequestHook = async (req) => {
    if (delay.pattern?.test(req.url ?? "")) await new Promise((r) => setTimeout(r, delay.ms));
    return false;
  };
  // Served under the Content-Security-Policy the build publishes in _headers, as a host would.
  const csp = /Content-Security-Policy: (.+)/.exec(readFileSync(path.join(out, "_headers"), "utf8"))![1];
  const server: Server = await startStaticServer(out, 0, "127.0.0.1", [hook], { "Content-Security-Policy": csp });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    csp,
    dir: site.dir,
    delay,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      site.cleanup();
    },
  };
}

/**
 * The fixture config with its Development and Monitoring categories collapsible, and Monitoring
 * listing `monitoring` (doc ids) instead of its one guide when given.
 */
export function collapsibleCategories(config: string, monitoring?: string[]): string {
  const listed = monitoring ? `items: [${monitoring.map((id) => JSON.stringify(id)).join(", ")}] }` : "items";
  return config
    .replace(
      '{ type: "category", label: "Development", items',
      '{ type: "category", label: "Development", collapsible: true, items',
    )
    .replace(
      monitoring
        ? '{ type: "category", label: "Monitoring", items: ["services/beta/index"] }'
        : '{ type: "category", label: "Monitoring", items',
      `{ type: "category", label: "Monitoring", collapsible: true, ${listed}`,
    );
}

/**
 * Starts Chromium and serves the browser fixture site for the calling describe block; the
 * returned object's fields are set before its tests run.
 */
export function useBrowserAndSite(
  configEdit?: (config: string) => string,
  extraPages?: Record<string, string>,
): { browser: Browser; site: ServedSite } {
  const env = {} as { browser: Browser; site: ServedSite };
  beforeAll(async () => {
    [env.browser, env.site] = await Promise.all([launchChromium(), serveBrowserSite(configEdit, extraPages)]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.site?.close();
  });
  return env;
}

/** A static host that knows nothing of ssodocs: files, folders' index.html, else 404.html. */
export function plainHost(root: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = path.join(root, urlPath);
    if (existsSync(file) && statSync(file).isDirectory()) {
      if (!urlPath.endsWith("/")) {
        res.writeHead(301, { Location: `${urlPath}/` }).end();
        return;
      }
      if (existsSync(path.join(file, "index.html"))) {
        res.writeHead(200, { "Content-Type": "text/html" }).end(readFileSync(path.join(file, "index.html")));
        return;
      }
    } else if (existsSync(file)) {
      const type = file.endsWith(".html")
        ? "text/html"
        : file.endsWith(".js")
          ? "text/javascript"
          : file.endsWith(".css")
            ? "text/css"
            : "application/octet-stream";
      res.writeHead(200, { "Content-Type": type }).end(readFileSync(file));
      return;
    }
    res.writeHead(404, { "Content-Type": "text/html" }).end(readFileSync(path.join(root, "404.html")));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}
