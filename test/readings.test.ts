// The readings of docs' texts (src/node/store/readings.ts): a doc read through a reading kept by
// an earlier build is the doc read afresh, whatever its front matter holds; a reading is used by
// its text alone; one from another ssodocs, or a damaged file, counts as none; an error is never kept.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { docOf } from "../src/node/content/load.ts";
import { SsodocsError } from "../src/node/errors.ts";
import { ReadingStore } from "../src/node/store/readings.ts";
import { hashOf } from "../src/node/util/hash.ts";

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-readings-"));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A doc with a BOM, an alias, a `-0` and a `__proto__` key in its front matter, fences of two kinds. */
const TRICKY = `\ufeff---
title: Grafana
sidebar_position: 2
sidebar_custom_props:
  zero: -0
  shared: &a { depth: [1, 2] }
  again: *a
  __proto__: { polluted: true }
tags: [monitoring, oauth]
unknown_key: 1
---

Intro text.

\`\`\`yaml
key: value
\`\`\`

~~~ts title="x.ts"
const a = 1;
~~~
`;

/** Reads `source` as a doc at `relativePath`, through `store`. */
const read = (store: ReadingStore | undefined, source: string, relativePath = "services/grafana/index.md") =>
  docOf(`/site/docs/${relativePath}`, relativePath, source, store);

/** Keeps under the hash of `text` (`---`, a title line, `---`, `Body`) a reading whose title is `title`. */
function plant(store: ReadingStore, text: string, title: string): void {
  store.set(hashOf(text), {
    frontMatter: { title },
    bodyStart: text.indexOf("Body"),
    bodyLine: 4,
    keyLines: { title: 2 },
    unknownKeys: [],
    languages: [],
  });
}

describe("readings of docs' texts", () => {
  it("give a later build the doc a fresh reading gives, every front-matter value as it was", () => {
    const dir = folder();
    const fresh = read(undefined, TRICKY);
    const first = new ReadingStore(dir, "tool-1");
    expect(read(first, TRICKY)).toEqual(fresh);
    first.save();
    // A later build: the reading comes from the file.
    const later = new ReadingStore(dir, "tool-1");
    const again = read(later, TRICKY);
    expect(again).toEqual(fresh);
    expect(again.languages.sort()).toEqual(["ts", "yaml"]);
    expect(again.body).toBe(fresh.body);
    expect(again.title).toBe("Grafana");
    // What toEqual does not tell apart: -0 from 0, one object under two keys from two equal ones.
    const [props, freshProps] = [again, fresh].map(
      (doc) => doc.frontMatter.sidebar_custom_props as Record<string, unknown>,
    );
    expect(Object.is(props.zero, freshProps.zero)).toBe(true);
    expect(props.shared === props.again).toBe(freshProps.shared === freshProps.again);
    expect(Object.hasOwn(props, "__proto__")).toBe(Object.hasOwn(freshProps, "__proto__"));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(again.unknownKeys.map((k) => k.key)).toEqual(["unknown_key"]);
  });

  it("are used by the text alone: the same text at another path gets that path's id, slug and title", () => {
    const dir = folder();
    const store = new ReadingStore(dir, "tool-1");
    const text = "Plain text, no front matter, no heading.\n";
    const one = read(store, text, "a/one.md");
    const other = read(store, text, "b/two.md");
    // Each has its own copy: what one doc's front matter is given is not the other's.
    expect(other.frontMatter).not.toBe(one.frontMatter);
    expect(other.unknownKeys).not.toBe(one.unknownKeys);
    expect(other).toEqual(read(undefined, text, "b/two.md"));
    expect([other.id, other.slug, other.title]).toEqual(["b/two", "/b/two", "two"]);
  });

  it("are taken from the store when kept: a reading planted under a text's hash is the one used", () => {
    const dir = folder();
    const store = new ReadingStore(dir, "tool-1");
    const text = "---\ntitle: Before\n---\nBody\n";
    plant(store, text, "Planted");
    expect(read(undefined, text).title).toBe("Before");
    expect(read(store, text).title).toBe("Planted");
  });

  it("count as none from another version of ssodocs, or when the file is damaged", () => {
    const dir = folder();
    const text = "---\ntitle: Kept\n---\nBody\n";
    const store = new ReadingStore(dir, "tool-1");
    plant(store, text, "Planted");
    store.save();
    expect(read(new ReadingStore(dir, "tool-1"), text).title).toBe("Planted");
    expect(read(new ReadingStore(dir, "tool-2"), text).title).toBe("Kept");
    const file = path.join(dir, "readings.bin");
    const bytes = readFileSync(file);
    bytes[bytes.length - 3] ^= 0xff;
    writeFileSync(file, bytes);
    expect(read(new ReadingStore(dir, "tool-1"), text).title).toBe("Kept");
  });

  it("keep no error: a doc whose front matter is wrong fails on every read", () => {
    const dir = folder();
    const text = "---\nsidebar_position: [1\n---\nBody\n";
    for (let build = 0; build < 2; build++) {
      const store = new ReadingStore(dir, "tool-1");
      expect(() => read(store, text)).toThrow(SsodocsError);
      store.save();
    }
  });

  it("hold only what the last build used: an edited doc's old reading goes", () => {
    const dir = folder();
    const [before, after] = ["---\ntitle: Old\n---\nA\n", "---\ntitle: New\n---\nA\n"];
    const first = new ReadingStore(dir, "tool-1");
    read(first, before);
    first.save();
    const second = new ReadingStore(dir, "tool-1");
    read(second, after);
    second.save();
    const third = new ReadingStore(dir, "tool-1");
    expect(third.get(hashOf(before))).toBeUndefined();
    expect(third.get(hashOf(after))?.frontMatter.title).toBe("New");
  });
});
