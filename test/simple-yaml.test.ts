// The fast reader of simple front matter reads what the `yaml` package reads (core schema), and
// leaves to it whatever it does not read.
import fc from "fast-check";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { readSimpleYaml } from "../src/node/content/simple-yaml.ts";

/** What `yaml` makes of the text, or "error". */
function byYaml(text: string): unknown {
  try {
    return parse(text, { schema: "core", uniqueKeys: true }) ?? {};
  } catch {
    return "error";
  }
}

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,8}$/);
const scalarText = fc.oneof(
  fc.constantFrom(
    "true",
    "False",
    "NULL",
    "~",
    "",
    "null",
    "1",
    "-2",
    "+3",
    "0o17",
    "0x1F",
    "1.5",
    ".5",
    "1e5",
    "-.inf",
    ".NaN",
    "2025.2.0",
    "2024-05-01",
    "C#",
    "a # note",
    "x: y",
    "-dash",
    "1_000",
    "0b11",
    "yes",
  ),
  fc.stringMatching(/^[A-Za-z0-9 .,:#'"\\/()&*!?%@`|>{}[\]+-]{0,20}$/),
  fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)),
  fc.string({ maxLength: 12 }).map((s) => `'${s.replace(/'/g, "''")}'`),
);
const line = fc.oneof(
  fc.tuple(word, scalarText).map(([k, v]) => `${k}: ${v}`),
  fc.tuple(word, fc.array(scalarText, { maxLength: 4 })).map(([k, vs]) => `${k}: [${vs.join(", ")}]`),
  fc
    .tuple(word, fc.array(scalarText, { minLength: 1, maxLength: 3 }), fc.constantFrom("  ", "    ", "\t"))
    .map(([k, vs, indent]) => `${k}:\n${vs.map((v) => `${indent}- ${v}`).join("\n")}`),
  fc.constantFrom(
    "# a comment",
    "",
    "  ",
    "nested:\n  key: value",
    "- item",
    "key: value\n  continued",
    "a: &x 1",
    "b: *x",
    "c: |\n  block",
    "...",
    "---",
  ),
);

describe("simple front matter", () => {
  it("reads what yaml reads, for every text it reads at all", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const text = lines.join("\n");
        const simple = readSimpleYaml(text);
        if (simple === null) return;
        expect(simple.data).toEqual(byYaml(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads the front matter of real guides itself", () => {
    const text =
      'title: "Integrate with Grafana"\nsidebar_label: Grafana\nsupport_level: authentik\ntags: [integration, monitoring]\nauthentik_version: "2025.2.0"\nhide_table_of_contents: false\n';
    expect(readSimpleYaml(text)?.data).toEqual(byYaml(text));
    expect(readSimpleYaml(text)?.keyLines).toEqual({
      title: 1,
      sidebar_label: 2,
      support_level: 3,
      tags: 4,
      authentik_version: 5,
      hide_table_of_contents: 6,
    });
  });

  it("leaves anchors, aliases, nested maps, block scalars and duplicate keys to yaml", () => {
    for (const text of [
      "a: &x [1]\nb: *x",
      "a:\n  b: 1",
      "a: |\n  text",
      "a: 1\na: 2",
      "tags:\n- a",
      "a: {b: 1}",
      "a: !tag x",
    ])
      expect(readSimpleYaml(text), text).toBeNull();
  });
});
