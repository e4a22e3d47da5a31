#!/usr/bin/env node
// The ssodocs launcher: TypeScript sources (generator, templates, the site's config) load through tsx.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// React renders several times faster in its production build; templates never need the dev checks.
process.env.NODE_ENV ??= "production";
// ssodocs's own tsconfig (the automatic JSX runtime for the templates), wherever it runs from.
register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
const { main } = await import("../src/node/cli.ts");
process.exitCode = await main(process.argv);
