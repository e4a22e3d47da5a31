// Where ssodocs's own files are. The command line runs compiled, from dist/ (scripts/build-tool.mjs
// sets __SSODOCS_DIST__ there); the tests also import the sources directly. Either way, what depends
// only on ssodocs (the client scripts, the default templates, the tool stamp) is read from dist/.
import { readFileSync } from "node:fs";
import path from "node:path";
import { SsodocsError } from "./errors.ts";

declare const __SSODOCS_DIST__: boolean | undefined;

/** Whether this code runs compiled (from dist/) rather than from its sources. */
export const COMPILED = typeof __SSODOCS_DIST__ !== "undefined";

/** ssodocs's own folder: the package root. dist/ chunks sit in dist/, the sources in src/node/. */
export const PACKAGE_ROOT = path.resolve(import.meta.dirname, COMPILED ? ".." : "../..");
export const DIST = path.join(PACKAGE_ROOT, "dist");

/** What scripts/build-tool.mjs wrote into dist/manifest.json. */
export interface ToolManifest {
  toolStamp: string;
  builtAt: number;
  inputs: string[];
  client: {
    /** Each file below dist/client (assets/js/..., assets/css/...) with the hash of its bytes. */
    files: [string, string][];
    js: string;
    css: string;
    beforePaint: string;
    /** The inline script of the home page and the 404 page (site-checks.ts), run after the before-paint one. */
    siteChecks: string;
    liveReload: string;
  };
}

let manifest: ToolManifest | undefined;

export function toolManifest(): ToolManifest {
  if (manifest) return manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(DIST, "manifest.json"), "utf8")) as ToolManifest;
  } catch {
    throw new SsodocsError(`ssodocs is not compiled (no ${path.join(DIST, "manifest.json")}): run npm run build:tool`);
  }
  return manifest;
}

/**
 * A hash of ssodocs's own sources and locked package versions (React, shiki, markdown-it...), made
 * when the tool was compiled (dist/manifest.json): whatever is kept from a site's content is keyed
 * on it, so any change of the tool makes it anew.
 */
export function toolStamp(): string {
  return toolManifest().toolStamp;
}
