// `ssodocs check`: linkinator crawls the built site served on 127.0.0.1.
import { LinkChecker } from "linkinator";
import { startStaticServer } from "../serve/static.ts";

export interface LinkinatorReport {
  checked: number;
  /** The address the site was served at for the crawl. */
  origin: string;
  failures: { url: string; status?: number; parent?: string }[];
}

export async function checkWithLinkinator(outDir: string, external: boolean): Promise<LinkinatorReport> {
  const server = await startStaticServer(outDir, 0, "127.0.0.1");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  try {
    const checker = new LinkChecker();
    const result = await checker.check({
      path: `${origin}/`,
      recurse: true,
      concurrency: 16,
      timeout: 10_000,
      linksToSkip: external ? [] : [`^(?!${origin.replace(/[.]/g, "\\.")})`],
    });
    const failures = result.links
      .filter((l) => l.state === "BROKEN")
      .map((l) => ({ url: l.url, status: l.status, parent: l.parent }));
    return { checked: result.links.length, origin, failures };
  } finally {
    await new Promise((r) => server.close(r));
  }
}
