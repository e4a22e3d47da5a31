// ssodocs as a package other sites use: `npm pack` gives a tarball that a site in another folder
// installs; its config imports defineConfig from "ssodocs", and `npx ssodocs build` builds it with
// the default templates, from the compiled tool alone (no TypeScript loader, no sources run).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "./helpers.ts";
import { spawnSync } from "./processes.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-package-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (command: string, args: string[], cwd: string) => {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", npm_config_audit: "false", npm_config_fund: "false" };
  delete env.SSODOCS_CACHE_DIR;
  return spawnSync(command, args, { cwd, env, timeout: 240_000 });
};

describe("the packed package", () => {
  it("installs into another site, whose config imports it, and builds it with the default templates", () => {
    // The global setup compiled dist/ already: without --ignore-scripts, `prepare` would compile it
    // again into the repository while other test files run it.
    const packed = run("npm", ["pack", "--ignore-scripts", "--pack-destination", dir], ROOT);
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = path.join(dir, readdirSync(dir).find((f) => f.endsWith(".tgz"))!);
    const site = path.join(dir, "site");
    mkdirSync(path.join(site, "docs"), { recursive: true });
    writeFileSync(path.join(site, "package.json"), '{ "private": true, "type": "module" }\n');
    writeFileSync(
      path.join(site, "ssodocs.config.ts"),
      `import { defineConfig } from "ssodocs";\n\nexport default defineConfig({\n  title: "Packed",\n  url: "https://packed.example",\n  docs: { path: "docs", routeBasePath: "docs", sidebar: ["index", "guide"] },\n});\n`,
    );
    writeFileSync(
      path.join(site, "docs/index.md"),
      "---\ntitle: Welcome\n---\n\nHello from a site that installed ssodocs.\n\n```yaml\nkey: value\n```\n",
    );
    writeFileSync(
      path.join(site, "docs/guide.md"),
      "---\ntitle: A guide\n---\n\n## Steps\n\nBack to [the welcome page](./index.md).\n",
    );
    const installed = run("npm", ["install", "--prefer-offline", tarball], site);
    expect(installed.status, installed.stderr).toBe(0);
    const built = run("npx", ["ssodocs", "build"], site);
    // npm's own notices (this machine's npm config) aside, ssodocs prints nothing on stderr.
    expect(built.stderr.replace(/^npm warn .*\n/gm, "")).toBe("");
    expect(built.status).toBe(0);
    expect(built.stdout).toMatch(/^Built 6 pages in /);
    const guide = readFileSync(path.join(site, "build/docs/guide/index.html"), "utf8");
    expect(guide).toContain("<title>A guide | Packed</title>");
    expect(guide).toContain('<a href="/docs/">the welcome page</a>');
    expect(readFileSync(path.join(site, "build/docs/index.html"), "utf8")).toContain('class="code-block"');
    // Nothing of ssodocs's sources was needed: the package runs from dist/.
    expect(readdirSync(path.join(site, "node_modules/ssodocs/dist")).some((f) => f === "cli.mjs")).toBe(true);
  }, 300_000);
});
