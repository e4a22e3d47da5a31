// The Content-Security-Policy the site is built to work under. Each page has one inline script,
// allowed by its hash: the before-paint script, or on the home page and the 404 page the same
// followed by the site checks (assets.ts); on a site with redirects, the redirect pages' script
// too. There are no inline event handlers. Inline style
// attributes stay allowed: a code colour missing from the stylesheet's classes is one.
import { createHash } from "node:crypto";
import type { SiteConfig } from "../../shared/types.ts";
import { REDIRECT_SCRIPT } from "../content/redirects.ts";
import type { OutputFile } from "./assets.ts";

export function scriptHash(script: string): string {
  return `sha256-${createHash("sha256").update(script, "utf8").digest("base64")}`;
}

/** The policy allowing the inline `scripts` (a page's `<meta>` names its own; `_headers`, every page's). */
export function contentSecurityPolicy(scripts: string[], config: SiteConfig): string {
  const algolia = config.search.algolia
    ? ` https://${config.search.algolia.appId.toLowerCase()}-dsn.algolia.net https://*.algolianet.com https://*.algolia.net`
    : "";
  const redirects = config.redirects.length || config.createRedirects ? ` '${scriptHash(REDIRECT_SCRIPT)}'` : "";
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts.map((s) => `'${scriptHash(s)}'`).join(" ")}${redirects}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self'${algolia}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The policy as a `<meta http-equiv>` tag can carry it: browsers ignore frame-ancestors there. */
export function metaPolicy(csp: string): string {
  return csp
    .split("; ")
    .filter((directive) => !directive.startsWith("frame-ancestors"))
    .join("; ");
}

/** `_headers` (the format Netlify and Cloudflare Pages read) publishing the policy for every path. */
export function headersFile(csp: string): OutputFile {
  return {
    path: "_headers",
    contents: `/*\n  Content-Security-Policy: ${csp}\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n`,
  };
}
