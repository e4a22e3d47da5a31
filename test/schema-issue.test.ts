// What a rejected config, front matter, category file or sidebars module is told, all said by one
// formatter of valibot issues (src/node/util/schema-issue.ts): the key's path, what it must be
// (its own message, also for a missing key), what was found at that path, and for an unknown key
// the nearest known one.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../src/node/config.ts";
import { InputFiles } from "../src/node/input-files.ts";
import { readCategoryMeta } from "../src/node/content/category-meta.ts";
import { parseFrontMatter } from "../src/node/content/frontmatter.ts";
import { checkSidebars } from "../src/node/content/sidebars-module.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-schema-issue-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const category = (text: string) => {
  const file = path.join(dir, "_category_.json");
  writeFileSync(file, text);
  return () =>
    readCategoryMeta(file, new InputFiles({ configFile: path.join(dir, "x.ts"), docsDir: dir, staticDirs: [] }));
};
const frontMatter = (yaml: string) => () => parseFrontMatter(`---\ntitle: T\n${yaml}\n---\nText.\n`, "/site/doc.md");

describe("messages about rejected settings", () => {
  it("say what a missing key must be, wherever it is", () => {
    expect(() => resolveConfig({ docs: { sidebar: [{ type: "doc" }] } }, "site.config.ts")).toThrow(
      'config key "docs.sidebar[0].id" must be a non-empty string (got nothing)',
    );
    expect(() => checkSidebars({ docs: [{ type: "category", label: "A", items: [{ type: "doc" }] }] }, "s.ts")).toThrow(
      'sidebars: "docs[0].items[0].id" must be a non-empty string (got nothing)',
    );
    expect(category('{"link": {"type": "doc"}}')).toThrow('category file: "link.id" must be a non-empty string');
  });

  it("show the value found at the key, not the object around it", () => {
    expect(() => resolveConfig({ toc: { minHeadingLevel: 4, maxHeadingLevel: 3 } }, "site.config.ts")).toThrow(
      'config key "toc.minHeadingLevel" must be at most toc.maxHeadingLevel (got 4)',
    );
    expect(frontMatter("tags: [a, {label: ''}]")).toThrow(
      'front matter "tags[1].label" must be a non-empty string (got "")',
    );
    expect(frontMatter("last_update: {date: 5}")).toThrow(
      'front matter "last_update.date" must be a date such as 2025-01-31 (got 5)',
    );
    expect(category('{"position": "x"}')).toThrow('category file: "position" must be a number (got "x")');
  });

  it("name an unknown key with the nearest known one", () => {
    expect(() => resolveConfig({ navbar: { itemz: [] } }, "site.config.ts")).toThrow(
      /unknown config key "navbar\.itemz" \(did you mean "items"\?\) \(.*logo, items, iconLinks, hideOnScroll\)/,
    );
    expect(category('{"labl": "x"}')).toThrow('category file: unknown key "labl" (did you mean "label"?)');
    expect(() => checkSidebars({ docs: [{ type: "doc", id: "a", lable: "x" }] }, "s.ts")).toThrow(
      'sidebar item docs[0] has an unknown key "lable" (did you mean "label"?)',
    );
  });

  it("say what the whole value must be when it is wrong as a whole", () => {
    expect(() => resolveConfig(7, "site.config.ts")).toThrow(/^the config file's default export must be an object/);
    expect(() => checkSidebars(5, "s.ts")).toThrow(/^sidebars: the export must be an object of sidebars/);
    expect(category("5")).toThrow(/^category file: must be an object of category settings .* \(got 5\)$/);
  });
});
