// Code colours as classes (src/node/markdown/token-classes.ts): a token of the palette gets short
// classes, one in the block's default colours is plain text, neighbours of the same colours are
// one span, and anything the table does not hold keeps shiki's inline style.
import { describe, expect, it } from "vitest";
import { compactTokens, paletteOf, tokenClassesCss, type TokenPalette } from "../src/node/markdown/token-classes.ts";

const palette: TokenPalette = { light: ["#24292e", "#d73a49", "#6f42c1"], dark: ["#e1e4e8", "#f97583", "#b392f0"] };
const PRE =
  '<pre class="shiki shiki-themes github-light github-dark" style="--shiki-light:#24292e;--shiki-dark:#e1e4e8;' +
  '--shiki-light-bg:#fff;--shiki-dark-bg:#24292e" tabindex="0"><code>';
const token = (light: string, dark: string, text: string) =>
  `<span style="--shiki-light:${light};--shiki-dark:${dark}">${text}</span>`;

describe("code colour classes", () => {
  it("names palette colours by class, drops default ones and merges neighbours", () => {
    const html = `${PRE}<span class="line">${token("#D73A49", "#F97583", "if")}${token("#D73A49", "#F97583", " not")}${token(
      "#24292E",
      "#E1E4E8",
      " x",
    )}${token("#6F42C1", "#F97583", " f")}</span></code></pre>`;
    expect(compactTokens(html, palette)).toBe(
      '<pre class="shiki" tabindex="0"><code><span class="line"><span class="c1">if not</span> x' +
        '<span class="l2 d1"> f</span></span></code></pre>',
    );
  });

  it("keeps the inline style of a colour the table lacks, and a block not in the default colours as it is", () => {
    const unknown = `${PRE}<span class="line">${token("#123456", "#F97583", "x")}</span></code></pre>`;
    expect(compactTokens(unknown, palette)).toContain(token("#123456", "#F97583", "x"));
    const other = unknown.replace("--shiki-light:#24292e", "--shiki-light:#000000");
    expect(compactTokens(other, palette)).toBe(other);
  });

  it("never merges two lines, and the stylesheet holds every class", () => {
    const html = `${PRE}<span class="line">${token("#D73A49", "#F97583", "a")}</span><span class="line">b</span></code></pre>`;
    expect(compactTokens(html, palette)).toContain(
      '<span class="line"><span class="c1">a</span></span><span class="line">b',
    );
    const css = tokenClassesCss(palette);
    expect(css).toContain(".shiki{--shiki-light:#24292e;--shiki-dark:#e1e4e8}");
    for (const rule of [".shiki .l2{--shiki-light:#6f42c1}", ".shiki .d2{--shiki-dark:#b392f0}", ".shiki .c1{"])
      expect(css).toContain(rule);
  });

  it("takes a theme's colours as shown: replaced, lowercase, each once, the default first", () => {
    expect(paletteOf(["#24292E", "#6A737D", "#24292e", "bold"], { "#6a737d": "#5e666f" })).toEqual([
      "#24292e",
      "#5e666f",
    ]);
  });
});
