// The browser side of the site, compiled with the tool (scripts/build-tool.mjs) into dist/client:
// the client script (with lazily loaded chunks such as mermaid), the stylesheet and the inline
// before-paint script. A build only copies them; the site's settings reach them as data in each
// page (see beforePaintOptions), not by compiling them again.
import path from "node:path";
import type { BeforePaintOptions } from "../../client/before-paint.ts";
import type { SiteConfig } from "../../shared/types.ts";
import { DIST, toolManifest } from "../paths.ts";

/** A file of the output made from bytes in memory. */
export interface OutputFile {
  /** Path below the output folder, with / separators. */
  path: string;
  contents: Uint8Array | string;
}

/** A client file: where it goes in the output, where it is in dist/client, the hash of its bytes. */
export interface ClientFile {
  path: string;
  from: string;
  hash: string;
}

export interface ClientAssets {
  files: ClientFile[];
  /** URLs of the stylesheet and the main script. */
  css: string;
  js: string;
  beforePaintScript: string;
}

/** The settings the before-paint script reads from the page (`data-ssodocs` on <html>). */
export function beforePaintOptions(config: SiteConfig): BeforePaintOptions {
  return {
    baseUrl: config.baseUrl,
    defaultMode: config.colorMode.defaultMode,
    respectPrefersColorScheme: config.colorMode.respectPrefersColorScheme,
    disableSwitch: config.colorMode.disableSwitch,
    announcementId: config.announcementBar?.id ?? null,
    mermaidThemes: config.mermaid.theme,
  };
}

/** The compiled client files, to be copied into the output under the site's base URL. */
export function clientAssets(config: SiteConfig): ClientAssets {
  const { client } = toolManifest();
  return {
    files: client.files.map(([file, hash]) => ({ path: file, from: path.join(DIST, "client", file), hash })),
    css: config.baseUrl + client.css,
    js: config.baseUrl + client.js,
    beforePaintScript: client.beforePaint,
  };
}
