#!/usr/bin/env node
// The ssodocs launcher: TypeScript sources (generator, templates, the site's config) load through tsx.
import { register } from "tsx/esm/api";

// React renders several times faster in its production build; templates never need the dev checks.
process.env.NODE_ENV ??= "production";
register();
const { main } = await import("../src/node/cli.ts");
process.exitCode = await main(process.argv);
