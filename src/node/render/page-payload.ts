// A page's payload for client navigation (src/shared/page-payload.ts): the parts of its rendered
// HTML the router swaps, cut out of that HTML as they stand (read-page.ts finds where they are), so
// the payload is the page and a cached build writes what an uncached one writes. The docs sidebar is
// left out: its element stays, empty, and the page's own sidebar gets `data-sidebar`, a stamp of its
// markup without the current entry and the open categories (src/shared/current-page.ts); the router
// keeps the sidebar it shows when the stamps match.
import { hashOf } from "../util/hash.ts";
import { withoutCurrentPage } from "../../shared/current-page.ts";
import { HEAD_PARTS, type PagePayload, SWAPPED_PARTS } from "../../shared/page-payload.ts";
import type { PageReading } from "./read-page.ts";

/** Stamps by sidebar markup (without the current page's marks): the pages of a sidebar share one. */
const stamps = new Map<string, string>();

/** The sidebar's stamp: its markup without what differs from page to page. */
function sidebarStamp(markup: string): string {
  let stamp = stamps.get(markup);
  if (stamp === undefined) {
    if (stamps.size >= 16) stamps.delete(stamps.keys().next().value!);
    stamps.set(markup, (stamp = hashOf("sidebar-v1", markup).slice(0, 12)));
  }
  return stamp;
}

/**
 * The page's HTML (its sidebar stamped) and its payload as JSON; no payload for a page without
 * `#page` (the router loads such a page whole). `page` is the reading of `rendered`.
 */
export function withPayload(rendered: string, page: PageReading): { html: string; payload: string | null } {
  const { sidebar } = page;
  const main = page.parts[0];
  const markup = sidebar && (page.sidebarMarkup ?? withoutCurrentPage(rendered.slice(sidebar.start, sidebar.end)));
  const stamp = main && markup ? sidebarStamp(markup) : null;
  // The stamp goes at the end of the sidebar's opening tag; what comes after it moves on.
  const at = sidebar && stamp ? sidebar.openEnd - 1 : rendered.length + 1;
  const inserted = stamp ? ` data-sidebar="${stamp}"` : "";
  const html = stamp ? rendered.slice(0, at) + inserted + rendered.slice(at) : rendered;
  const moved = (position: number) => (position >= at ? position + inserted.length : position);
  const parts: Record<string, string> = {};
  SWAPPED_PARTS.forEach((part, i) => {
    const span = page.parts[i];
    if (!span) return;
    const [start, end] = [moved(span.start), moved(span.end)];
    parts[part.selector] =
      i === 0 && sidebar && stamp
        ? `${html.slice(start, moved(sidebar.openEnd))}</${sidebar.tag}>${html.slice(moved(sidebar.end), end)}`
        : html.slice(start, end);
  });
  if (!main) return { html, payload: null };
  const head = HEAD_PARTS.map((part, i) => {
    const span = page.head[i];
    return span && span.tag === part.tag ? html.slice(moved(span.start), moved(span.end)) : "";
  });
  const payload: PagePayload = {
    title: page.title,
    head: head.join(""),
    bodyClass: page.bodyClass,
    parts,
    ...(stamp ? { sidebar: stamp } : {}),
  };
  return { html, payload: JSON.stringify(payload) };
}
