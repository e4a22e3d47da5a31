// Images are images (issue 27, finding 4): a Markdown image is published only when its name says
// it is one of the image types and, for a raster type, its first bytes say so too; an SVG is
// published from a sanitised copy (no script, handler, javascript: address, foreignObject or
// external reference), never as written.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sanitizeSvg } from "../src/node/render/svg.ts";
import { runCli, tempSite } from "./helpers.ts";

function build(files: Record<string, string | Buffer>) {
  const site = tempSite(files);
  const out = path.join(site.dir, "build");
  const r = runCli(["build", "--config", site.config, "--out", out]);
  const images = (): Record<string, string> => {
    const dir = path.join(out, "assets/images");
    return Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name), "latin1")]));
  };
  return { ...r, out, images, cleanup: site.cleanup };
}

const beta = (body: string) => `---\ntitle: Beta\n---\n\n${body}\n`;

const HOSTILE_SVG = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY x "boom">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>
  <rect width="10" height="10" fill="url(#g)" onclick="alert(2)" style="fill: url(https://evil.example/x)"/>
  <a xlink:href="javascript:alert(3)"><circle cx="5" cy="5" r="2"/></a>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">html</div></foreignObject>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <use href="https://evil.example/sprite.svg#icon"/>
  <use href="#g"/>
  <text x="1" y="8">Keep &amp; me</text>
</svg>
`;

describe("images are images", () => {
  it("![x](./page.html) and a .png that holds HTML are refused, naming the file and line", () => {
    const html = build({
      "docs/services/beta/index.md": beta("Text\n\n![x](./page.html)"),
      "docs/services/beta/page.html": "<script>alert(1)</script>",
    });
    try {
      expect(html.code).toBe(1);
      expect(html.stderr).toMatch(/beta\/index\.md:7:\d+: error image "\.\/page\.html" is not an image: .*png, jpg/);
    } finally {
      html.cleanup();
    }
    const fake = build({
      "docs/services/beta/index.md": beta("![x](./shot.png)"),
      "docs/services/beta/shot.png": "<html><script>alert(1)</script></html>",
    });
    try {
      expect(fake.code).toBe(1);
      expect(fake.stderr).toMatch(/beta\/index\.md:5:\d+: error image "\.\/shot\.png" is not a PNG, JPEG, GIF, WebP/);
    } finally {
      fake.cleanup();
    }
  });

  it("a raster image with the right bytes is published as it is", () => {
    const png = readFileSync(path.join(import.meta.dirname, "fixtures/site/docs/services/alpha/alpha-settings.png"));
    const r = build({ "docs/services/beta/index.md": beta("![x](./shot.jpeg)"), "docs/services/beta/shot.jpeg": png });
    try {
      expect(r.code, r.stderr).toBe(0);
      const published = Object.entries(r.images()).find(([name]) => name.startsWith("shot-"));
      expect(published?.[0]).toMatch(/\.jpeg$/);
      expect(Buffer.from(published![1], "latin1").equals(png)).toBe(true);
    } finally {
      r.cleanup();
    }
  });

  it("an SVG with a script is published only from a sanitised copy, with a warning naming the file and line", () => {
    const r = build({
      "docs/services/beta/index.md": beta("![logo](./logo.svg)"),
      "docs/services/beta/logo.svg": HOSTILE_SVG,
    });
    try {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/beta\/index\.md:5:1: warning image "\.\/logo\.svg": removed <script>/);
      const [name, svg] = Object.entries(r.images()).find(([n]) => n.startsWith("logo-"))!;
      expect(name).toMatch(/\.svg$/);
      for (const bad of ["<script", "onload", "onclick", "javascript:", "foreignObject", "evil.example", "ENTITY"])
        expect(svg).not.toContain(bad);
      expect(svg).toContain('fill="url(#g)"');
      expect(svg).toContain('<use href="#g"');
      expect(svg).toContain("Keep &amp; me");
      // Built twice, the sanitised copy and the page are the same bytes (the name holds the copy's hash).
      const again = runCli(["build", "--config", path.join(path.dirname(r.out), "ssodocs.config.ts"), "--out", r.out]);
      expect(again.code).toBe(0);
      expect(r.images()[name]).toBe(svg);
    } finally {
      r.cleanup();
    }
  });

  it("a file named .svg that is no SVG is refused", () => {
    const r = build({
      "docs/services/beta/index.md": beta("![logo](./logo.svg)"),
      "docs/services/beta/logo.svg": "<html><body><script>alert(1)</script></body></html>",
    });
    try {
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/beta\/index\.md:5:\d+: error image "\.\/logo\.svg" is not an SVG image/);
    } finally {
      r.cleanup();
    }
  });
});

describe("sanitizeSvg", () => {
  it("keeps drawing, drops what runs or loads", () => {
    const { svg, removed } = sanitizeSvg(HOSTILE_SVG)!;
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain('viewBox="0 0 10 10"');
    expect(svg).toContain('<stop offset="0" stop-color="#f00"/>');
    expect(svg).toContain('<circle cx="5" cy="5" r="2"/>');
    expect(svg).not.toMatch(/script|onload|onclick|javascript|foreignObject|evil|<a\b/);
    expect(svg).toContain('<image width="1" height="1"/>');
    expect(removed).toEqual(
      expect.arrayContaining([
        "<script>",
        'onload="..." of <svg>',
        "<foreignObject>",
        'href="https://evil.example/track.png" of <image>',
      ]),
    );
    expect(sanitizeSvg("<html><svg/></html>")).toBeNull();
    expect(
      sanitizeSvg('<svg><style>@import url("https://evil.example/x.css");</style><path d="M0 0"/></svg>')!.svg,
    ).toBe('<svg><path d="M0 0"/></svg>');
  });
});
