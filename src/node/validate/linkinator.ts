// `ssodocs check`: linkinator crawls the built site served on 127.0.0.1.
//
// linkinator starts the check of every link as soon as it finds it (its `concurrency` bounds its
// queue, not its requests) and times each request from that moment. A page whose sidebar lists 500
// pages opens 500 connections at once: past the server's backlog, and on a busy machine past the
// time-out while they wait, so pages that exist came back "status 0". So the crawl's requests go
// through a gate: a few at a time, each timed from when it is sent, a failed one tried again, and
// the server keeps idle connections open for the client to close (no keep-alive race). The site's
// own canonical addresses (`url` + `baseUrl` of the config, in canonical and Open Graph tags) are
// crawled there too, never on the live site: they are no external links.
import type http from "node:http";
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

/** Requests in flight at once (the crawler parses what comes back in this same process). */
const CONCURRENCY = 8;
/** A file of the local server that takes this long is not coming; other hosts get less. */
const LOCAL_TIMEOUT_MS = 60_000;
const EXTERNAL_TIMEOUT_MS = 15_000;

/** A gate letting `limit` tasks run at once, the others waiting in order. */
function gate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** `fetch` through the gate, each request timed from when it is sent (linkinator calls the global `fetch`). */
function gatedFetch(original: typeof fetch, origin: string): typeof fetch {
  const through = gate(CONCURRENCY);
  return (input, init) =>
    through(() => {
      const url = input instanceof Request ? input.url : String(input);
      const timeout = url.startsWith(`${origin}/`) ? LOCAL_TIMEOUT_MS : EXTERNAL_TIMEOUT_MS;
      return original(input, { ...init, signal: AbortSignal.timeout(timeout) });
    });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function crawl(
  origin: string,
  config: Pick<SiteConfig, "url" | "baseUrl">,
  { external, meter }: { external: boolean; meter?: RunMeter },
) {
  const checker = new LinkChecker();
  const label = external ? "Checking links, external ones too" : "Checking links";
  meter?.stage(`${label}: 0 checked`);
  let checked = 0;
  checker.on("link", () => meter?.progress(`${label}: ${++checked} checked`));
  const original = globalThis.fetch;
  globalThis.fetch = gatedFetch(original, origin);
  try {
    return await checker.check({
      path: `${origin}/`,
      recurse: true,
      // No time-out of linkinator's own: it would run while a request waits at the gate.
      timeout: 0,
      // Its queue only tracks the checks (the gate bounds the requests); bounded, it grows with
      // every link of every page and costs three times the time to go through.
      concurrency: Number.MAX_SAFE_INTEGER,
      // A request that failed without an answer (status 0) or with a 5xx is tried again, twice.
      retryErrors: true,
      retryErrorsCount: 2,
      retryErrorsJitter: 500,
      urlRewriteExpressions: [
        { pattern: new RegExp(`^${escapeRegExp(config.url)}(?=${escapeRegExp(config.baseUrl)})`), replacement: origin },
      ],
      linksToSkip: external ? [] : [`^(?!${escapeRegExp(origin)})`],
    });
  } finally {
    globalThis.fetch = original;
  }
}

export async function checkWithLinkinator(
  outDir: string,
  config: Pick<SiteConfig, "url" | "baseUrl">,
  options: { external: boolean; meter?: RunMeter },
): Promise<LinkinatorReport> {
  const server = await startStaticServer(outDir, 0, "127.0.0.1");
  // Idle connections stay open until the client closes them: a server closing one as the client
  // reuses it is a request failed for nothing.
  server.keepAliveTimeout = 0;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  try {
    const result = await crawl(origin, config, options);
    const failures = result.links
      .filter((l) => l.state === "BROKEN")
      .map((l) => ({ url: l.url, status: l.status, parent: l.parent }));
    return { checked: result.links.length, origin, failures };
  } finally {
    await closeServer(server);
  }
}

function closeServer(server: http.Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}
