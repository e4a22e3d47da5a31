// The site's look in the config (issue 29): theme asset paths resolved as Docusaurus's useBaseUrl
// resolves them, the same on every page, and the checks on those keys.
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../src/node/config.ts";
import { siteViewOf } from "../src/node/render/site-view.ts";

const resolve = (user: unknown) => resolveConfig(user, "site.config.ts");

describe("theme assets, resolved as Docusaurus resolves them (issue 29)", () => {
  const client = { files: [], css: "/s.css", js: "/m.js", beforePaintScript: "", siteChecksScript: "" };
  const view = (user: Record<string, unknown>) => siteViewOf(resolve(user), client, null).config;

  it("puts a path below baseUrl, with or without its leading slash, and takes absolute URLs as they are", () => {
    const config = view({
      url: "https://example.com",
      baseUrl: "/docs/",
      navbar: { logo: { src: "img/icon.svg", srcDark: "https://cdn.example.com/dark.svg", href: "/docs/" } },
      favicon: "/img/favicon.ico",
      image: "img/card.png",
    });
    expect(config.navbar.logo?.src).toBe("/docs/img/icon.svg");
    expect(config.navbar.logo?.srcDark).toBe("https://cdn.example.com/dark.svg");
    expect(config.favicon).toBe("/docs/img/favicon.ico");
    expect(config.image).toBe("https://example.com/docs/img/card.png");
    // A path that already starts with baseUrl keeps it once; an absolute social card stays as it is.
    expect(view({ baseUrl: "/docs/", favicon: "/docs/img/f.svg", image: "//cdn.example.com/c.png" })).toMatchObject({
      favicon: "/docs/img/f.svg",
      image: "//cdn.example.com/c.png",
    });
  });

  it("refuses an address that is no path of the site nor an http(s) URL, naming the key", () => {
    expect(() => resolve({ favicon: "javascript:alert(1)" })).toThrow(
      /config key "favicon" must be a path of the site/,
    );
    expect(() => resolve({ navbar: { logo: { src: "../outside.svg" } } })).toThrow(/config key "navbar\.logo\.src"/);
    expect(() => resolve({ navbar: { logo: { src: "img/x.svg", width: "wide" } } })).toThrow(
      /config key "navbar\.logo\.width" must be a number of pixels/,
    );
    expect(() => resolve({ customCss: 3 })).toThrow(/config key "customCss" must be a file or a list of files/);
    expect(resolve({ customCss: "src/css/custom.css" }).customCss).toEqual(["src/css/custom.css"]);
  });
});
