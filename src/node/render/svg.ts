// An SVG image is a document that can run script when it is opened on its own (any host that does
// not send the Content-Security-Policy: GitHub Pages, S3, plain nginx), so an SVG a doc shows is
// published only as rebuilt here from an allow-list of drawing elements and attributes: no
// script, no event handler, no `javascript:` address, no foreignObject (HTML inside the SVG), no
// reference to anything outside the file (`href`s and CSS `url()`s point only inside it, or at an
// embedded raster image). What is removed is reported; editors' own data (Inkscape's, Sodipodi's,
// `<metadata>`) is dropped without a word. The copy is written element by element as it is
// parsed (htmlparser2 in XML mode), so nesting depth costs no stack.
import { Parser } from "htmlparser2";

/** Drawing elements kept, with what they hold. */
const ELEMENTS = new Set(
  (
    "svg g defs symbol use path rect circle ellipse line polyline polygon text tspan textPath title desc " +
    "linearGradient radialGradient stop clipPath mask pattern marker filter switch image style " +
    "feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting " +
    "feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur " +
    "feImage feMerge feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence"
  ).split(" "),
);

/** Attributes kept (SVG is case-sensitive); `aria-*` too. Others are editors' data, dropped quietly. */
const ATTRIBUTES = new Set(
  (
    "id class style lang xml:lang xml:space role version baseProfile xmlns xmlns:xlink viewBox " +
    "preserveAspectRatio width height x y x1 x2 y1 y2 cx cy r rx ry fx fy fr d points pathLength offset " +
    "gradientUnits gradientTransform spreadMethod patternUnits patternContentUnits patternTransform " +
    "clipPathUnits maskUnits maskContentUnits markerUnits markerWidth markerHeight refX refY orient " +
    "filterUnits primitiveUnits in in2 result stdDeviation dx dy rotate textLength lengthAdjust startOffset " +
    "method spacing side values type tableValues slope intercept amplitude exponent mode operator k1 k2 k3 " +
    "k4 radius baseFrequency numOctaves seed stitchTiles scale xChannelSelector yChannelSelector " +
    "kernelMatrix order divisor bias targetX targetY edgeMode kernelUnitLength preserveAlpha surfaceScale " +
    "specularConstant specularExponent diffuseConstant azimuth elevation pointsAtX pointsAtY pointsAtZ " +
    "limitingConeAngle z transform alignment-baseline baseline-shift clip clip-path clip-rule color " +
    "color-interpolation color-interpolation-filters color-rendering cursor direction display " +
    "dominant-baseline enable-background fill fill-opacity fill-rule filter flood-color flood-opacity " +
    "font-family font-size font-size-adjust font-stretch font-style font-variant font-weight " +
    "image-rendering isolation kerning letter-spacing lighting-color marker-end marker-mid marker-start " +
    "mask mix-blend-mode opacity overflow paint-order pointer-events shape-rendering stop-color stop-opacity " +
    "stroke stroke-dasharray stroke-dashoffset stroke-linecap stroke-linejoin stroke-miterlimit " +
    "stroke-opacity stroke-width text-anchor text-decoration text-rendering transform-box transform-origin " +
    "unicode-bidi vector-effect visibility word-spacing writing-mode"
  ).split(" "),
);

/** Editors' elements, dropped with their content and no warning. */
const quiet = (name: string) => name === "metadata" || name.includes(":");

/** A raster image embedded in the file: the only address an `<image>` may have besides a fragment. */
const EMBEDDED_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,/i;

/** CSS (or any attribute value) that loads or runs something: an import, a url() leaving the file, a script address. */
function unsafeCss(value: string): boolean {
  const compact = value.replace(/[\u0000-\u0020\u007f]+/g, "").toLowerCase();
  if (/javascript:|vbscript:|data:text|@import|expression\(|-moz-binding|behavior:/.test(compact)) return true;
  for (const match of compact.matchAll(/url\(\s*['"]?(.)/g)) if (match[1] !== "#") return true;
  return false;
}

/** Whether an `href` stays inside the file (or, on an image, is an embedded raster image). */
function safeReference(element: string, value: string): boolean {
  const target = value.trim();
  if (target.startsWith("#")) return true;
  return (element === "image" || element === "feImage") && EMBEDDED_IMAGE.test(target);
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, "&quot;");
const shortly = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}...` : s);

/** The attributes of a kept element, as written into the copy; what is removed is added to `removed`. */
function attributesOf(element: string, attributes: Record<string, string>, removed: string[]): string {
  let written = "";
  for (const [name, value] of Object.entries(attributes)) {
    const lower = name.toLowerCase();
    if (lower.startsWith("on")) {
      removed.push(`${name}="..." of <${element}>`);
      continue;
    }
    const reference = lower === "href" || lower === "xlink:href";
    if (!reference && !ATTRIBUTES.has(name) && !lower.startsWith("aria-")) continue;
    if ((reference && !safeReference(element, value)) || unsafeCss(value)) {
      removed.push(`${name}="${shortly(value)}" of <${element}>`);
      continue;
    }
    written += ` ${name}="${escapeAttribute(value)}"`;
  }
  return written;
}

/** The sanitised copy of an SVG and what was removed from it; null when the file is no SVG (its root is not `<svg>`). */
export function sanitizeSvg(source: string): { svg: string; removed: string[] } | null {
  let out = "";
  const removed: string[] = [];
  /** The open elements: each written, or not (an `<a>`, whose content is kept), and a `<style>`'s text. */
  const stack: { name: string; written: boolean; css?: string }[] = [];
  let skipping = 0;
  let root = "none" as "none" | "svg" | "other";
  let done = false;
  /** The last start tag written still lacks its `>` (it becomes `/>` if nothing comes inside). */
  let pending = false;
  const flush = () => {
    if (pending) out += ">";
    pending = false;
  };
  const open = (name: string, attributes: Record<string, string>) => {
    if (root === "none") root = name === "svg" ? "svg" : "other";
    if (root === "other") done = true;
    else if (name === "a") {
      removed.push("<a> (its link)");
      stack.push({ name, written: false });
    } else if (name === "style") stack.push({ name, written: false, css: "" });
    else if (!ELEMENTS.has(name)) {
      if (!quiet(name)) removed.push(`<${name}>`);
      skipping = 1;
    } else {
      flush();
      out += `<${name}${attributesOf(name, attributes, removed)}`;
      pending = true;
      stack.push({ name, written: true });
    }
  };
  const close = () => {
    const element = stack.pop();
    if (element?.css !== undefined) {
      if (unsafeCss(element.css)) removed.push("<style> (it loads or runs something)");
      else if (element.css.trim()) {
        flush();
        out += `<style>${escapeText(element.css)}</style>`;
      }
    } else if (element?.written) {
      out += pending ? "/>" : `</${element.name}>`;
      pending = false;
    }
    if (!stack.length) done = true;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (skipping) skipping++;
        else open(name, attributes);
      },
      ontext(text) {
        if (done || skipping || !stack.length) return;
        const top = stack[stack.length - 1];
        if (top.css !== undefined) top.css += text;
        else {
          flush();
          out += escapeText(text);
        }
      },
      onclosetag() {
        if (done) return;
        if (skipping) skipping--;
        else close();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(source);
  return root === "svg" ? { svg: out, removed } : null;
}
