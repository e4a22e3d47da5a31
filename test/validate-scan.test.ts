// The indexOf scanners of validation find exactly what the regular expressions they replace find.
import { describe, expect, it } from "vitest";
import { anchorNames, attributeValues } from "../src/node/validate/scan.ts";

const byRegex = (re: RegExp, html: string) => [...new Set([...html.matchAll(re)].map((m) => m[1]))];
const byScan = (scan: (html: string, into: Set<string>) => void, html: string) => {
  const into = new Set<string>();
  scan(html, into);
  return [...into];
};

const cases = {
  href: [/\shref="([^"]*)"/g, (h: string, s: Set<string>) => attributeValues(h, "href", s)],
  src: [/\ssrc="([^"]*)"/g, (h: string, s: Set<string>) => attributeValues(h, "src", s)],
  id: [/\sid="([^"]+)"/g, (h: string, s: Set<string>) => attributeValues(h, "id", s, true)],
  name: [/<a\s[^>]*?\bname="([^"]+)"/g, anchorNames],
} as const;

const tricky = [
  '<a href="/a/">x</a><a\nhref="/b/#c" id="d">y</a><img src="/i.png" alt="">',
  'href="/start" <a href="">empty</a> <a href="x id="y"> <p\tid="">none</p><p id="z">z</p>',
  '<a name="top"></a><a id="x" name="n1" name="n2"><a data-name="dn"><a aria-name="">q</a><abbr name="no">',
  '<a title="x > y" name="after">t</a><a\u00a0name="nbsp"><a name=""><a name="v">',
  '<a  href="/x"',
  '<code>&lt;a href="/in-code" id="code-id"&gt;</code> <span>src="/no-space"</span> x\u2028src="/ls"',
  '<a name="unclosed',
  '<a name="a>b" href="/k">',
];

describe("attribute scanners", () => {
  for (const [name, [re, scan]] of Object.entries(cases)) {
    it(`${name}: the same values as the regular expression, in the same order`, () => {
      for (const html of tricky) expect(byScan(scan, html), html).toEqual(byRegex(re, html));
    });
  }

  it("agree with the regular expressions on random markup", () => {
    const pieces = [
      "<a",
      " ",
      "\n",
      "href",
      "src",
      "id",
      "name",
      "data-name",
      "=",
      '"',
      '="',
      "x",
      "/",
      ">",
      "<p",
      "#",
      "é",
    ];
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 3000; n++) {
      const html = Array.from(
        { length: 5 + Math.floor(rnd() * 40) },
        () => pieces[Math.floor(rnd() * pieces.length)],
      ).join("");
      for (const [re, scan] of Object.values(cases)) expect(byScan(scan, html), html).toEqual(byRegex(re, html));
    }
  });
});
