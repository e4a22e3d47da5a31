#!/usr/bin/env node
// The ssodocs launcher. ssodocs's own sources run compiled (bin/compile-tool.mjs); the site's
// TypeScript (its config and page templates) is bundled by esbuild when it is imported. If the
// sources cannot be compiled (a read-only install), they run through tsx instead.
import { fileURLToPath } from "node:url";
import { compiledTool } from "./compile-tool.mjs";

// React renders several times faster in its production build; templates never need the dev checks.
process.env.NODE_ENV ??= "production";
const compiled = await compiledTool();
let cli = compiled?.url;
// The hash of the compiled sources, for the caches (src/node/cache.ts works it out itself otherwise).
if (compiled) globalThis.__ssodocsToolStamp = compiled.toolStamp;
if (!cli) {
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
  cli = new URL("../src/node/cli.ts", import.meta.url).href;
}
const { main } = await import(cli);
// Stack traces name the TypeScript sources of what is imported from here on: a page template's
// error is reported with its file and line. (Enabled after ssodocs itself is loaded: reading its
// source maps would cost every command time; run with --enable-source-maps to have them too.)
process.setSourceMapsEnabled(true);
process.exitCode = await main(process.argv);
