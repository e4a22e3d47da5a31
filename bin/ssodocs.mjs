#!/usr/bin/env node
// The ssodocs launcher. ssodocs's own sources run compiled (bin/compile-tool.mjs); the site's
// TypeScript (its config and page templates) is bundled by esbuild when it is imported. If the
// sources cannot be compiled (a read-only install), they run through tsx instead.
import { fileURLToPath } from "node:url";
import { compiledTool } from "./compile-tool.mjs";

// React renders several times faster in its production build; templates never need the dev checks.
process.env.NODE_ENV ??= "production";
// Stack traces name the TypeScript sources (template errors are reported with their file and line).
process.setSourceMapsEnabled(true);
const compiled = await compiledTool();
let cli = compiled;
if (!cli) {
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
  cli = new URL("../src/node/cli.ts", import.meta.url).href;
}
const { main } = await import(cli);
process.exitCode = await main(process.argv);
