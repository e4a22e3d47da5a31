// Renders the pages of a build into the staging folder. A page whose inputs hash as in an
// earlier build is put in place from the output cache (a hard link, no rendering); any other is
// rendered, written and kept. Only what validation needs of each page (its links and ids) is kept.
import type { Staging } from "../write.ts";
import { hashOf } from "../cache.ts";
import { collectPageLinks, type PageLinks } from "../validate/links.ts";
import type { OutputCache } from "./output-cache.ts";
import type { PageJob } from "./pages.ts";

/** A page's links and ids as the output cache keeps them (null for files that are not pages). */
export type StoredLinks = { targets: string[]; ids: string[] } | null;

export interface PageWriting {
  staging: Staging | null;
  outputs: OutputCache<StoredLinks> | null;
  /** Hash of what every page is made from: ssodocs's code, the templates, the site view. */
  siteStamp: string;
}

/** Writes the pages; returns their links and ids, in the order of the jobs. */
export async function writePages(jobs: PageJob[], { staging, outputs, siteStamp }: PageWriting): Promise<PageLinks[]> {
  const links: PageLinks[] = [];
  const placed: Promise<PageJob | null>[] = [];
  for (const job of jobs) {
    const key = outputs ? hashOf(siteStamp, job.route, job.inputs()) : "";
    const cached = outputs?.get(key);
    if (cached?.meta) {
      links.push({ route: job.route, targets: cached.meta.targets, ids: new Set(cached.meta.ids) });
      if (staging) placed.push(staging.place(job.file, cached.file).then(() => null, () => job));
      continue;
    }
    const html = job.render();
    const pageLinks = collectPageLinks(job.route, html);
    links.push(pageLinks);
    outputs?.put(key, html, { targets: pageLinks.targets, ids: [...pageLinks.ids] });
    await staging?.write({ path: job.file, contents: html });
  }
  // A cached page that could not be put in place (another build cleared it out) is rendered after all.
  for (const job of await Promise.all(placed)) if (job) await staging!.write({ path: job.file, contents: job.render() });
  return links;
}
