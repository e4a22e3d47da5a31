// URLs written into pages and the sitemap, percent-encoded per RFC 3986: a route made from a
// file name may hold spaces, quotes or letters outside ASCII.

/** The URL with every character that may not appear in it raw percent-encoded (a `'` too, for XML and HTML attributes). */
export function encodeUrl(url: string): string {
  return encodeURI(url).replace(/'/g, "%27");
}
