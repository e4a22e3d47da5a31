// The files of a site besides its pages: sitemap.xml and robots.txt.
import type { SiteConfig } from "../../shared/types.ts";
import { encodeUrl } from "../../shared/url.ts";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function sitemapAndRobots(
  pages: { route: string; indexable: boolean }[],
  config: SiteConfig,
): { path: string; contents: string }[] {
  const urls = pages
    .filter((p) => p.indexable)
    .map((p) => `<url><loc>${escapeXml(encodeUrl(config.url + p.route))}</loc></url>`)
    .join("");
  return [
    {
      path: "sitemap.xml",
      contents: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`,
    },
    { path: "robots.txt", contents: `User-agent: *\nAllow: /\n\nSitemap: ${config.url}${config.baseUrl}sitemap.xml\n` },
  ];
}
