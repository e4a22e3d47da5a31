// The Algolia client's memory of failed hosts, with the retry delay set here rather than left to
// the library: a host that failed or timed out is skipped for 2 minutes, then tried again.
export const HOST_RETRY_MS = 2 * 60 * 1000;

type HostStatus = "up" | "down" | "timed out";
interface HostLike {
  url: string;
  accept: "read" | "readWrite" | "write";
  protocol: "http" | "https";
  port?: number;
}
interface StatefulHostLike extends HostLike {
  status: HostStatus;
  lastUpdate: number;
  isUp(): boolean;
  isTimedOut(): boolean;
}

/** A host's identity: the transporter asks with a plain host and records with a stateful one. */
const keyOf = (key: unknown) => {
  if (typeof key === "string") return key;
  const h = key as Partial<HostLike>;
  return `${h.protocol}://${h.url}:${h.port ?? ""}/${h.accept}`;
};

/** A `hostsCache` for the algoliasearch client (its Cache interface), with `now` replaceable in tests. */
export function createHostsCache(retryMs = HOST_RETRY_MS, now: () => number = Date.now) {
  const entries = new Map<string, { host: HostLike; status: HostStatus; at: number }>();
  const stateful = (host: HostLike, status: HostStatus, at: number): StatefulHostLike => ({
    ...host,
    status,
    lastUpdate: at,
    isUp: () => status === "up" || now() - at > retryMs,
    isTimedOut: () => status === "timed out" && now() - at <= retryMs,
  });
  return {
    get<T>(
      key: unknown,
      defaultValue: () => Promise<T>,
      events?: { miss: (value: T) => Promise<unknown> },
    ): Promise<T> {
      const entry = entries.get(keyOf(key));
      if (entry && now() - entry.at <= retryMs)
        return Promise.resolve(stateful(entry.host, entry.status, entry.at) as T);
      entries.delete(keyOf(key));
      const value = defaultValue();
      return value.then((v) => (events ? events.miss(v) : undefined)).then(() => value);
    },
    set<T>(key: unknown, value: T): Promise<T> {
      const host = value as unknown as StatefulHostLike;
      entries.set(keyOf(key), {
        host: { url: host.url, accept: host.accept, protocol: host.protocol, port: host.port },
        status: host.status,
        at: now(),
      });
      return Promise.resolve(value);
    },
    delete(key: unknown): Promise<void> {
      entries.delete(keyOf(key));
      return Promise.resolve();
    },
    clear(): Promise<void> {
      entries.clear();
      return Promise.resolve();
    },
    /** Hosts currently skipped, for tests. */
    skippedHosts(): string[] {
      return [...entries.values()].filter((e) => e.status !== "up" && now() - e.at <= retryMs).map((e) => e.host.url);
    },
  };
}
