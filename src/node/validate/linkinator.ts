// `ssodocs check`: linkinator crawls the built site served on 127.0.0.1. The site's own canonical
// addresses (`url` + `baseUrl` of the config, in canonical and Open Graph tags) are crawled there
// too, never on the live site: they are no external links.
import { LinkChecker } from "linkinator";
import type { SiteConfig } from "../../shared/types.ts";
import type { RunMeter } from "../pipeline/run.ts";
import { startStaticServer } from "../serve/static.ts";

export interface LinkinatorReport {
  checked: number;
  /** The address the site was served at for the crawl. */
  origin: string;
  failures: { url: string; status?: number; parent?: string }[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export async function checkWithLinkinator(
  outDir: string,
  config: Pick<SiteConfig, "url" | "baseUrl">,
  { external, meter }: { external: boolean; meter?: RunMeter },
): Promise<LinkinatorReport> {
  const server = await startStaticServer(outDir, 0, "127.0.0.1");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  try {
    const checker = new LinkChecker();
    const label = external ? "Checking links, external ones too" : "Checking links";
    meter?.stage(`${label}: 0 checked`);
    let checked = 0;
    checker.on("link", () => meter?.progress(`${label}: ${++checked} checked`));
    const result = await checker.check({
      path: `${origin}/`,
      recurse: true,
      concurrency: 16,
      timeout: 10_000,
      urlRewriteExpressions: [
        { pattern: new RegExp(`^${escapeRegExp(config.url)}(?=${escapeRegExp(config.baseUrl)})`), replacement: origin },
      ],
      linksToSkip: external ? [] : [`^(?!${escapeRegExp(origin)})`],
    });
    const failures = result.links
      .filter((l) => l.state === "BROKEN")
      .map((l) => ({ url: l.url, status: l.status, parent: l.parent }));
    return { checked: result.links.length, origin, failures };
  } finally {
    await new Promise((r) => server.close(r));
  }
}
