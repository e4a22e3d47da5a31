// Renders the pages of a build into the staging folder. A page whose inputs hash as in an
// earlier build is put in place from the output cache (a hard link, no rendering); any other is
// rendered, written and kept. Only what validation needs of each page (its links and ids) is kept.
import { readFileSync } from "node:fs";
import type { Staging } from "../write.ts";
import { hashOf } from "../cache.ts";
import { collectPageLinks, type PageLinks } from "../validate/links.ts";
import type { OutputCache } from "./output-cache.ts";
import type { PageJob } from "./pages.ts";

/** A page's links and ids as the output cache keeps them (null for files that are not pages). */
export type StoredLinks = { targets: string[]; ids: string[] } | null;

/** A page with its cache key, and the cache entry holding it if an earlier build made it. */
export interface PlannedPage {
  job: PageJob;
  key: string;
  kept: { file: string; links: () => PageLinks } | null;
}

/** A page's links and ids, asked for when links are validated. */
export type LinksOf = () => PageLinks;

/** A kept page's links and ids, from the cache's data or, should that be unreadable, from the page itself. */
function keptPageLinks(route: string, cached: { file: string; meta(): StoredLinks }): PageLinks {
  try {
    const meta = cached.meta();
    if (meta) return { route, targets: meta.targets, ids: new Set(meta.ids) };
  } catch {
    // Read from the page below.
  }
  return collectPageLinks(route, readFileSync(cached.file, "utf8"));
}

/**
 * Looks every page up in the output cache. `siteStamp` hashes what every page is made from
 * (ssodocs's code, the templates, the site view); each job adds its own inputs.
 */
export function planPages(jobs: PageJob[], outputs: OutputCache<StoredLinks> | null, siteStamp: string): PlannedPage[] {
  return jobs.map((job) => {
    const key = outputs ? hashOf(siteStamp, job.route, job.inputs()) : "";
    const cached = outputs?.get(key);
    return { job, key, kept: cached ? { file: cached.file, links: () => keptPageLinks(job.route, cached) } : null };
  });
}

/** The pages' links and ids when every page is in the cache (nothing to render), else null. */
export function keptLinks(plan: PlannedPage[]): LinksOf[] | null {
  return plan.every((p) => p.kept) ? plan.map((p) => p.kept!.links) : null;
}

/** Writes the pages; returns their links and ids, in the order of the plan. */
export async function writePages(plan: PlannedPage[], staging: Staging | null, outputs: OutputCache<StoredLinks> | null): Promise<LinksOf[]> {
  const links: LinksOf[] = [];
  const placed: Promise<PageJob | null>[] = [];
  for (const { job, key, kept } of plan) {
    if (kept) {
      links.push(kept.links);
      if (staging) placed.push(staging.place(job.file, kept.file).then(() => null, () => job));
      continue;
    }
    const html = job.render();
    const pageLinks = collectPageLinks(job.route, html);
    links.push(() => pageLinks);
    const stored = outputs?.put(key, html, { targets: pageLinks.targets, ids: [...pageLinks.ids] });
    await staging?.write({ path: job.file, contents: html, kept: stored });
  }
  // A cached page that could not be put in place (another build cleared it out) is rendered after all.
  for (const job of await Promise.all(placed)) if (job) await staging!.write({ path: job.file, contents: job.render() });
  return links;
}
