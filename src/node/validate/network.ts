// `check --external` offline: before thousands of external links each wait for their time-out
// (and all come back "status 0"), the most-linked external hosts are asked once; when none answers
// within a few seconds, the network is taken to be unreachable and the external links are skipped.
import net from "node:net";
import type { SiteConfig } from "../../shared/types.ts";
import type { ProducedPage } from "../pipeline/produce.ts";

/** Hosts asked: several, so one host that is down does not pass for the whole network. */
const PROBED_HOSTS = 3;
const PROBE_TIMEOUT_MS = 3000;

/** Whether a URL is one of the site's own addresses (its canonical URLs): those are no external links. */
function isOwnUrl(url: string, config: Pick<SiteConfig, "url" | "baseUrl">): boolean {
  return url.startsWith(config.url + config.baseUrl) || url === config.url;
}

/** The origins (`https://host:port`) of the pages' external links, the most linked first; the site's own are not external. */
export async function externalHosts(pages: ProducedPage[], config: SiteConfig): Promise<string[]> {
  const counts = new Map<string, number>();
  for (const page of pages) {
    for (const target of (await page.links()).targets) {
      if (!/^https?:\/\//i.test(target) || isOwnUrl(target, config)) continue;
      let origin: string;
      try {
        origin = new URL(target).origin;
      } catch {
        continue;
      }
      counts.set(origin, (counts.get(origin) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([origin]) => origin);
}

/** Connects to an origin's host and port (a DNS lookup and a TCP handshake); rejects with why it could not. */
function reach(origin: string): Promise<void> {
  const url = new URL(origin);
  const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port, timeout: PROBE_TIMEOUT_MS });
    socket.once("connect", () => {
      socket.destroy();
      resolve();
    });
    socket.once("timeout", () => {
      socket.destroy();
      reject(new Error(`no answer in ${PROBE_TIMEOUT_MS / 1000} s`));
    });
    socket.once("error", (error: NodeJS.ErrnoException) => reject(new Error(error.code ?? error.message)));
  });
}

/** Null when one of the most-linked hosts answers; else one line saying which did not, and why. */
export async function probeNetwork(origins: string[]): Promise<string | null> {
  const asked = origins.slice(0, PROBED_HOSTS);
  const results = await Promise.allSettled(asked.map(reach));
  if (results.some((r) => r.status === "fulfilled")) return null;
  const why = (results[0] as PromiseRejectedResult).reason as Error;
  const hosts = asked.map((o) => new URL(o).host).join(", ");
  return `external links not checked: ${asked.length === 1 ? "" : "none of "}${hosts} answered (${why.message}); the network looks unreachable`;
}
