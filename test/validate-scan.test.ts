// What link validation reads of a page (src/node/render/read-page.ts): every href and src and every
// id and anchor name as the page's elements carry them (the first of a repeated attribute, as a
// browser reads it), decoded, each once, and nothing from text that only looks like an attribute
// (a code block showing HTML, say).
import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { readPage } from "../src/node/render/read-page.ts";

const read = (html: string) => {
  const { targets, ids } = readPage(html);
  return { targets, ids };
};

/** The same, read from the page's document tree: the elements in order, their attributes. */
function fromTree(html: string): { targets: string[]; ids: string[] } {
  const elements = DomUtils.findAll(() => true, parseDocument(html).children);
  const values = (pick: (e: (typeof elements)[number]) => string | undefined) =>
    elements.flatMap((e) => {
      const v = pick(e);
      return v === undefined ? [] : [v];
    });
  const hrefs = values((e) => e.attribs.href);
  const srcs = values((e) => e.attribs.src);
  const idValues = values((e) => e.attribs.id || undefined);
  const names = values((e) => (e.name === "a" ? e.attribs.name || undefined : undefined));
  return { targets: [...new Set([...hrefs, ...srcs])], ids: [...new Set([...idValues, ...names])] };
}

describe("the links and anchors of a page", () => {
  it("are its elements' attributes, decoded, each once, hrefs before srcs and ids before names", () => {
    expect(
      read('<a href="/a/">x</a><a\nhref="/b/#c" id="d">y</a><img src="/i.png" alt=""><a href="/a/">again</a>'),
    ).toEqual({
      targets: ["/a/", "/b/#c", "/i.png"],
      ids: ["d"],
    });
    expect(read('<a href="/q?x=1&amp;y=2" id="&quot;q&quot;">q</a><img src="/p&#x27;s.png">')).toEqual({
      targets: ["/q?x=1&y=2", "/p's.png"],
      ids: ['"q"'],
    });
    expect(read('<a name="top"></a><a id="x" name="n1" name="n2"><a data-name="dn"><abbr name="no">')).toEqual({
      targets: [],
      ids: ["x", "top", "n1"],
    });
    expect(read('<p id="">empty</p><p id="z">z</p><a name="">none</a><a title="x > y" name="a>b" href="/k">')).toEqual({
      targets: ["/k"],
      ids: ["z", "a>b"],
    });
  });

  it("take nothing from text, however much it looks like an attribute", () => {
    const code =
      '<pre class="shiki"><code><span class="line"><span>&lt;a href="/in-code" id="code-id" name="n"&gt;</span></span>' +
      '<span class="line"><span>  &lt;img src="/img.png"&gt;</span></span></code></pre>';
    expect(read(`${code} <span>src="/no-space"</span> x\u2028src="/ls" href="/start"`)).toEqual({
      targets: [],
      ids: [],
    });
    expect(read('<a name="unclosed')).toEqual({ targets: [], ids: [] });
  });

  it("are the same when a page's sidebar was read before (the sidebar is read once per build)", () => {
    const page = (current: string, extra = "") =>
      `<html><head><title>T</title></head><body><div class="page" id="page"><aside><nav class="sidebar">` +
      ["a", "b", "c"]
        .map((p) => `<li><a href="/${p}/"${p === current ? ' aria-current="page"' : ""} id="s-${p}">${p}</a></li>`)
        .join("") +
      `${extra}</nav></aside><main id="main-content"><a href="/${current}/#x" id="x">x</a></main></div></body></html>`;
    for (const html of [page("a"), page("b"), page("c"), page("b", "</div>"), page("b", "</div>"), page("c", "<br>")]) {
      const reading = readPage(html);
      expect({ targets: reading.targets, ids: reading.ids }, html).toEqual(fromTree(html));
      const nav = html.indexOf('<nav class="sidebar">');
      expect(reading.sidebar?.start).toBe(nav);
    }
    // Its end is where the parser sees it end: at its closing tag, or where its content closes what is around it.
    const closing = readPage(page("b")).sidebar!;
    expect(page("b").slice(closing.end - 6, closing.end)).toBe("</nav>");
    const broken = page("a", "</div>");
    expect(readPage(broken).sidebar!.end).toBe(broken.indexOf("</div></nav>"));
  });

  it("agree with the page's document tree on random markup", () => {
    const pieces = [
      "<a",
      "<img",
      "<p",
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
      "</a>",
      "#",
      "é",
      "&amp;",
      "&quot;",
      "<!--",
      "-->",
    ];
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 3000; n++) {
      const html = Array.from(
        { length: 5 + Math.floor(rnd() * 40) },
        () => pieces[Math.floor(rnd() * pieces.length)],
      ).join("");
      expect(read(html), html).toEqual(fromTree(html));
    }
  });
});
