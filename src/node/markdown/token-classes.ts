// Short classes for the colours of highlighted code. shiki writes every token of both themes as
// `style="--shiki-light:#6F42C1;--shiki-dark:#c0a5f3"`; the stylesheet (compiled with ssodocs,
// src/node/render/tool-css.ts) holds one class per colour of each theme's palette, so a token is
// `<span class="l3 d5">` (`c3` for light and dark colour 3), a token in the block's default
// colours is plain text, and neighbours of the same colours are one span. A colour missing from
// the table keeps shiki's inline style, so the output is always right; a block whose own colours
// are not the default is left as it is.

/** The colours each theme's tokens can take, the default text colour first. */
export interface TokenPalette {
  light: string[];
  dark: string[];
}

/** A theme's colours as blocks show them (after `replacements`), lowercase, each once, in the order given. */
export function paletteOf(colors: Iterable<string>, replacements: Record<string, string>): string[] {
  const out: string[] = [];
  for (const color of colors) {
    const shown = (replacements[color.toLowerCase()] ?? color).toLowerCase();
    if (/^#[0-9a-f]{3,8}$/.test(shown) && !out.includes(shown)) out.push(shown);
  }
  return out;
}

/** `l3` sets the light colour 3, `d5` the dark colour 5, `c3` both (the themes' tables mostly pair up). */
const className = (kind: "l" | "d" | "c", index: number) => `${kind}${index.toString(36)}`;

function classesOf(light: number, dark: number): string {
  if (light === dark) return light > 0 ? className("c", light) : "";
  return [light > 0 ? className("l", light) : "", dark > 0 ? className("d", dark) : ""].filter(Boolean).join(" ");
}

const PRE = /^<pre class="([^"]*)" style="([^"]*)"/;
const TOKEN = /<span style="--shiki-light:(#[0-9a-fA-F]{3,8});--shiki-dark:(#[0-9a-fA-F]{3,8})">([^<]*)<\/span>/g;
/** Two spans of the same colours side by side (never the lines, whose spans are one per line). */
const SAME_NEIGHBOUR = /(<span class="(?!line\b)([^"]+)">[^<]*)<\/span><span class="\2">/g;

function styleOf(style: string): Map<string, string> {
  return new Map(
    style
      .split(";")
      .map((part) => part.split(":"))
      .filter((kv) => kv.length === 2)
      .map(([k, v]) => [k.trim(), v.trim().toLowerCase()]),
  );
}

/** shiki's HTML of one block with its token colours as classes of `palette` (see above). */
export function compactTokens(html: string, palette: TokenPalette): string {
  const pre = PRE.exec(html);
  if (!pre) return html;
  const own = styleOf(pre[2]);
  if (own.get("--shiki-light") !== palette.light[0] || own.get("--shiki-dark") !== palette.dark[0]) return html;
  // `shiki shiki-themes github-light github-dark`: only the first is styled.
  const preClass = /^shiki shiki-themes \S+ \S+$/.test(pre[1]) ? "shiki" : pre[1];
  let out = `<pre class="${preClass}"${html.slice(pre[0].length)}`.replace(TOKEN, (token, light, dark, text) => {
    const l = palette.light.indexOf(light.toLowerCase());
    const d = palette.dark.indexOf(dark.toLowerCase());
    if (l < 0 || d < 0) return token;
    const classes = classesOf(l, d);
    return classes ? `<span class="${classes}">${text}</span>` : text;
  });
  for (let merged = out.replace(SAME_NEIGHBOUR, "$1"); merged !== out; merged = out.replace(SAME_NEIGHBOUR, "$1"))
    out = merged;
  return out;
}

/** The stylesheet's part: each block's default colours, then one class per colour of each theme. */
export function tokenClassesCss(palette: TokenPalette): string {
  const rules = [`.shiki{--shiki-light:${palette.light[0]};--shiki-dark:${palette.dark[0]}}`];
  const { light, dark } = palette;
  for (let i = 1; i < light.length; i++) rules.push(`.shiki .${className("l", i)}{--shiki-light:${light[i]}}`);
  for (let i = 1; i < dark.length; i++) rules.push(`.shiki .${className("d", i)}{--shiki-dark:${dark[i]}}`);
  for (let i = 1; i < Math.min(light.length, dark.length); i++)
    rules.push(`.shiki .${className("c", i)}{--shiki-light:${light[i]};--shiki-dark:${dark[i]}}`);
  return rules.join("\n");
}
