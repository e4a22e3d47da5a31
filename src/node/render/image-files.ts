// Images are images: a doc's image is published (under /assets/images/) only when its name has an
// image type's extension and, for a raster type, its first bytes are an image's. Anything else
// (`![x](./page.html)`, HTML named `.png`) would be served from the docs' origin under a
// predictable name, where a host that does not send the Content-Security-Policy runs its script.
// An SVG is published from its sanitised copy (svg.ts). A static folder's files are the site's
// own assets and are copied as they are.
import path from "node:path";
import { sanitizeSvg } from "./svg.ts";

/** The image types a doc may show, by extension. */
const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "webp", "avif", "ico", "bmp", "svg"] as const;

const ascii = (bytes: Buffer, at: number, text: string) => bytes.toString("latin1", at, at + text.length) === text;

/** The raster formats by their first bytes (a file may have another raster type's extension: browsers read it all the same). */
const SIGNATURES: ((bytes: Buffer) => boolean)[] = [
  (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), // PNG
  (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff, // JPEG
  (b) => ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a"),
  (b) => ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP"),
  // AVIF: an ISO media file whose brands name avif (or an AVIF sequence).
  (b) => ascii(b, 4, "ftyp") && /avi[fs]/.test(b.toString("latin1", 8, Math.min(b.length, 8 + 64))),
  (b) => b[0] === 0 && b[1] === 0 && (b[2] === 1 || b[2] === 2) && b[3] === 0, // ICO, CUR
  (b) => ascii(b, 0, "BM"),
];

const extensionOf = (file: string) => path.extname(file).slice(1).toLowerCase();

/** Why a file may not be shown as an image by its name, or null. */
export function notAnImageName(file: string): string | null {
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file))) return null;
  return `is not an image: only ${IMAGE_EXTENSIONS.join(", ")} files are published as images`;
}

export const isSvg = (file: string) => extensionOf(file) === "svg";

/** What an image file publishes: its bytes (an SVG's sanitised copy, with what was removed), or why it is refused. */
export function publishedImage(file: string, bytes: Buffer): { bytes: Buffer; removed: string[] } | { why: string } {
  if (isSvg(file)) {
    const clean = sanitizeSvg(bytes.toString("utf8"));
    if (!clean) return { why: "is not an SVG image (its first element is not <svg>)" };
    return { bytes: Buffer.from(clean.svg, "utf8"), removed: clean.removed };
  }
  if (!SIGNATURES.some((matches) => matches(bytes)))
    return { why: "is not a PNG, JPEG, GIF, WebP, AVIF, ICO or BMP image (its first bytes are not an image's)" };
  return { bytes, removed: [] };
}
