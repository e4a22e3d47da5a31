// Redirects, as Docusaurus's client-redirects plugin takes them: `redirects: [{ from, to }]`
// (`from` one path or several) and `createRedirects(existingPath)`, called with every route of
// the site, returning the old paths that should lead to it. Paths are written without the base
// URL (`/services/grafana/`), as the plugin takes them. A redirect must lead to a page of the
// site (its `to` may add a `#hash`), and its `from` may not be one: both fail the build.
import type { SiteConfig } from "../../shared/types.ts";
import { SsodocsError } from "../errors.ts";
import { routeKey } from "./routes.ts";

export interface Redirect {
  /** The old path, with the base URL. */
  from: string;
  /** The page it leads to (its route, with the base URL), and the hash or query `to` gave. */
  to: string;
}

const withBase = (p: string, baseUrl: string) => (p.startsWith(baseUrl) ? p : `${baseUrl}${p.replace(/^\/+/, "")}`);
const withoutBase = (p: string, baseUrl: string) => (p.startsWith(baseUrl) ? `/${p.slice(baseUrl.length)}` : p);

function checkPath(p: unknown, what: string, configFile: string): string {
  if (typeof p !== "string" || !p.startsWith("/") || p.startsWith("//") || /[\s?#\\]|(^|\/)\.\.?(\/|$)/.test(p))
    throw new SsodocsError(`${what} must be a path of the site such as "/old/page/" (got ${JSON.stringify(p)})`, {
      file: configFile,
    });
  return p;
}

/** The config's redirects, checked against the site's routes (each with the base URL). */
export function redirectsOf(config: SiteConfig, routes: string[], configFile: string): Redirect[] {
  const { baseUrl } = config;
  const pages = new Map(routes.map((route) => [routeKey(route), route]));
  const wanted: { from: string; to: string; where: string }[] = [];
  config.redirects.forEach((r, i) => {
    for (const from of Array.isArray(r.from) ? r.from : [r.from])
      wanted.push({ from: checkPath(from, `redirects[${i}].from`, configFile), to: r.to, where: `redirects[${i}]` });
  });
  if (config.createRedirects) {
    for (const route of routes) {
      const existing = withoutBase(route, baseUrl);
      const made = config.createRedirects(existing);
      for (const from of made ? (Array.isArray(made) ? made : [made]) : []) {
        const where = `createRedirects("${existing}")`;
        wanted.push({ from: checkPath(from, `the path ${where} returned`, configFile), to: existing, where });
      }
    }
  }
  const byFrom = new Map<string, Redirect>();
  for (const { from, to, where } of wanted) {
    const hashAt = to.search(/[?#]/);
    const target = pages.get(routeKey(withBase(hashAt < 0 ? to : to.slice(0, hashAt), baseUrl)));
    if (!to.startsWith("/") || !target)
      throw new SsodocsError(`${where} leads to "${to}", which is no page of the site`, { file: configFile });
    const fullFrom = withBase(from, baseUrl);
    if (pages.has(routeKey(fullFrom)))
      throw new SsodocsError(`${where} redirects from "${from}", which is a page of the site`, { file: configFile });
    const redirect = { from: fullFrom, to: target + (hashAt < 0 ? "" : to.slice(hashAt)) };
    const earlier = byFrom.get(routeKey(fullFrom));
    if (earlier && earlier.to !== redirect.to)
      throw new SsodocsError(`"${from}" redirects to two pages: ${earlier.to} and ${redirect.to} (${where})`, {
        file: configFile,
      });
    byFrom.set(routeKey(fullFrom), redirect);
  }
  return [...byFrom.values()];
}

/** The script of every redirect page (one text, allowed by its hash): the target keeps the page's `?query` and `#hash`. */
export const REDIRECT_SCRIPT =
  'var t=document.documentElement.getAttribute("data-redirect");' +
  "if(t){var u=new URL(t,location.href);location.replace(u.pathname+(location.search||u.search)+(location.hash||u.hash))}";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A redirect page: the script, a meta refresh for readers without JavaScript, the canonical URL of the target. */
export function redirectPage(redirect: Redirect, config: SiteConfig, cspMeta: string): string {
  const to = escapeHtml(encodeURI(redirect.to));
  return [
    "<!DOCTYPE html>",
    `<html lang="en" data-redirect="${to}">`,
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(cspMeta)}">`,
    `<title>Redirecting to ${to}</title>`,
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${escapeHtml(config.url)}${to}">`,
    `<script>${REDIRECT_SCRIPT}</script>`,
    `<meta http-equiv="refresh" content="0; url=${to}">`,
    "</head>",
    `<body><p>This page has moved to <a href="${to}">${to}</a>.</p></body>`,
    "</html>",
    "",
  ].join("\n");
}

/** `_redirects` lines (Netlify and Cloudflare Pages read them): the same redirects, answered by the host. */
export function redirectsFileLines(redirects: Redirect[]): string {
  if (!redirects.length) return "";
  return `# Redirects from the ssodocs config (each old path also has a page that sends readers on)\n${redirects
    .map((r) => `${encodeURI(r.from)} ${encodeURI(r.to)} 301`)
    .join("\n")}\n`;
}
