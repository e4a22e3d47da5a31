// The layers of src/ as the code's imports draw them: each rule below is one a change could
// break without any other test noticing (a module reaching into the store, a cycle).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./helpers.ts";
import { listFiles } from "../src/node/util/files.ts";

const SRC = path.join(ROOT, "src");
const files = listFiles(SRC, { keep: (name) => /\.(ts|tsx|mts|mjs)$/.test(name) && !name.endsWith(".d.mts") }).map(
  (f) => `src/${f}`,
);

/** The files of src/ a file imports (type imports too: they are edges a reader follows). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?from\s*["'](\.{1,2}\/[^"']+)["']/g))
    found.add(path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1])));
  for (const m of text.matchAll(/import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g))
    found.add(path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1])));
  return [...found].filter((f) => f.startsWith("src/"));
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));
const under = (prefix: string) => (f: string) => f.startsWith(prefix);

/** Every import from a file `from` matches to a file `to` matches, as "a -> b" lines. */
function edges(from: (f: string) => boolean, to: (f: string) => boolean): string[] {
  return [...graph].flatMap(([file, deps]) => (from(file) ? deps.filter(to).map((d) => `${file} -> ${d}`) : []));
}

describe("the layers of src/", () => {
  it("finds the modules and their imports", () => {
    expect(files).toContain("src/node/pipeline/run.ts");
    expect(graph.get("src/node/pipeline/run.ts")).toContain("src/node/pipeline/produce.ts");
  });

  const rules: [string, (f: string) => boolean, (f: string) => boolean][] = [
    ["content knows no store", under("src/node/content/"), under("src/node/store/")],
    ["config knows no store", (f) => /^src\/node\/config/.test(f), under("src/node/store/")],
    ["markdown knows no cache", under("src/node/markdown/"), under("src/node/store/")],
    ["markdown does not import content", under("src/node/markdown/"), under("src/node/content/")],
    ["check does not import watch mode", (f) => f === "src/node/check.ts", under("src/node/dev/")],
    [
      "reading inputs does not import the writer",
      (f) => f === "src/node/pipeline/inputs.ts" || f.startsWith("src/node/content/"),
      (f) => f === "src/node/pipeline/staging.ts",
    ],
    ["src/shared imports nothing from src/node", under("src/shared/"), under("src/node/")],
    ["the browser's code imports nothing from src/node", under("src/client/"), under("src/node/")],
  ];
  for (const [rule, from, to] of rules) it(rule, () => expect(edges(from, to)).toEqual([]));

  it("has no import cycle", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(" -> "));
        return;
      }
      state.set(file, "open");
      for (const dep of graph.get(file) ?? []) visit(dep, [...trail, file]);
      state.set(file, "done");
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
