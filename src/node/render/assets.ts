// The browser side of the site, compiled with the tool (scripts/build-tool.mjs) into dist/client:
// the client script (with lazily loaded chunks such as mermaid), the stylesheet and the inline
// before-paint script. A build only copies them; the site's settings reach them as data in each
// page (see beforePaintOptions), not by compiling them again.
import path from "node:path";
import { type BeforePaintOptions, ownBeforePaintOptions } from "../../shared/before-paint-options.ts";
import type { SiteConfig } from "../../shared/types.ts";
import { DIST, toolManifest } from "../paths.ts";

/** A file of the output made from bytes in memory. */
export interface OutputFile {
  /** Path below the output folder, with / separators. */
  path: string;
  contents: Uint8Array | string;
}

/** A client file: where it goes in the output, where it is in dist/client, the hash of its bytes. */
interface ClientFile {
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
  /** The inline script of the home page and the 404 page: the before-paint script, then the site checks. */
  siteChecksScript: string;
}

/** The settings the inline scripts read from the page (`data-ssodocs` on <html>): those that are not the default. */
export function beforePaintOptions(config: SiteConfig): Partial<BeforePaintOptions> {
  return ownBeforePaintOptions({
    baseUrl: config.baseUrl,
    defaultMode: config.colorMode.defaultMode,
    respectPrefersColorScheme: config.colorMode.respectPrefersColorScheme,
    disableSwitch: config.colorMode.disableSwitch,
    announcementId: config.announcementBar?.id ?? null,
    mermaidThemes: config.mermaid.theme,
  });
}

/** The compiled client files, to be copied into the output under the site's base URL. */
export function clientAssets(config: SiteConfig): ClientAssets {
  const { client } = toolManifest();
  return {
    files: client.files.map(([file, hash]) => ({ path: file, from: path.join(DIST, "client", file), hash })),
    css: config.baseUrl + client.css,
    js: config.baseUrl + client.js,
    beforePaintScript: client.beforePaint,
    siteChecksScript: `${client.beforePaint}\n${client.siteChecks}`,
  };
}
