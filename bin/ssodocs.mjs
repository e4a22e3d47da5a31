#!/usr/bin/env node
// The ssodocs launcher: TypeScript sources (generator, templates, the site's config) load through tsx.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/node/cli.ts");
process.exitCode = await main(process.argv);
