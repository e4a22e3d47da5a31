#!/usr/bin/env node
// The ssodocs launcher: runs the compiled tool (dist/, made by `npm run build:tool`). In a
// checkout of ssodocs's own repository it first makes sure dist/ is not older than any source it
// was made from, so a stale compiled tool cannot run.
import { existsSync, readFileSync, statSync } from "node:fs";

const root = new URL("../", import.meta.url);
const fail = (message) => {
  process.stderr.write(`error ${message}\n`);
  process.exit(1);
};

let manifest;
try {
  manifest = JSON.parse(readFileSync(new URL("dist/manifest.json", root), "utf8"));
} catch {
  fail("ssodocs is not compiled (no dist/manifest.json): run npm run build:tool");
}
if (existsSync(new URL(".git", root))) {
  const changed = manifest.inputs.find((file) => {
    try {
      return statSync(new URL(file, root)).mtimeMs > manifest.builtAt;
    } catch {
      return true;
    }
  });
  if (changed) fail(`ssodocs's sources changed since it was compiled (${changed}): run npm run build:tool`);
}
// React renders several times faster in its production build; templates never need the dev checks.
process.env.NODE_ENV ??= "production";
const { main } = await import(new URL("dist/cli.mjs", root).href);
// Stack traces name the TypeScript sources of what is imported from here on: a page template's
// error is reported with its file and line (read only now: reading source maps costs every start).
process.setSourceMapsEnabled(true);
process.exitCode = await main(process.argv);
// Done: a timer or socket the site's config or templates left open does not keep the command
// running (once what it printed is written out).
process.stdout.write("", () => process.stderr.write("", () => process.exit()));
