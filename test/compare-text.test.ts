import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareText } from "../src/node/content/compare-text.ts";

const sign = (n: number) => Math.sign(n);
// Strings made to collide often: few letters in both cases, spaces, punctuation and digits.
const printable = fc.string({ unit: fc.constantFrom(..." -_.()/&+0129aAbBzZ:'"), maxLength: 8 });
const anyAscii = fc.string({
  unit: fc.integer({ min: 32, max: 126 }).map((c) => String.fromCharCode(c)),
  maxLength: 12,
});

describe("compareText", () => {
  it("orders plain ASCII as English collation does", () => {
    for (const strings of [printable, anyAscii]) {
      fc.assert(
        fc.property(strings, strings, (a, b) => {
          expect(sign(compareText(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(
            sign(a.localeCompare(b, "en")),
          );
        }),
        { numRuns: 20_000 },
      );
    }
  });

  it("sorts titles with accents or other scripts as English collation does", () => {
    const titles = [
      "Zammad",
      "Écrit",
      "ecrit",
      "Ecrit",
      "Ōmori",
      "apache",
      "Apache Guacamole™",
      "Argo CD",
      "AWS",
      "argocd",
      "Wiki.js",
      "1Password",
      "Äpfel",
      "zulip",
    ];
    expect([...titles].sort(compareText)).toEqual([...titles].sort((a, b) => a.localeCompare(b, "en")));
  });
});
