// `ssodocs index --push`: uploads the DocSearch records to Algolia with the algoliasearch client,
// replacing the index atomically (records go to a temporary index that is then moved over it).
// Credentials come from the environment only: ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY.
import { algoliasearch } from "algoliasearch";
import type { DocSearchRecord } from "../../shared/types.ts";
import { SsodocsError } from "../errors.ts";

/** Connect 1 s, read 2 s, write 30 s (milliseconds), as the search client uses. */
const PUSH_TIMEOUTS = { connect: 1000, read: 2000, write: 30000 } as const;
const PUSH_BATCH_SIZE = 1000;

export interface PushTarget {
  appId: string;
  adminKey: string;
  indexName: string;
  /** A host to use instead of Algolia's (`http://127.0.0.1:8080`, a proxy). */
  host?: string | null;
}

/** Credentials from the environment; a clear error names what is missing. */
export function pushCredentials(env: NodeJS.ProcessEnv): { appId: string; adminKey: string } {
  const appId = env.ALGOLIA_APP_ID?.trim();
  const adminKey = env.ALGOLIA_ADMIN_KEY?.trim();
  const missing = [!appId && "ALGOLIA_APP_ID", !adminKey && "ALGOLIA_ADMIN_KEY"].filter(Boolean);
  if (missing.length)
    throw new SsodocsError(
      `index --push needs ${missing.join(" and ")} in the environment (the admin key is never read from the config file)`,
    );
  return { appId: appId!, adminKey: adminKey! };
}

function hostsOf(host: string) {
  const url = new URL(host);
  const protocol = url.protocol === "http:" ? ("http" as const) : ("https" as const);
  return [{ url: url.hostname, port: url.port ? Number(url.port) : undefined, protocol, accept: "readWrite" as const }];
}

export async function pushRecords(records: DocSearchRecord[], target: PushTarget): Promise<{ count: number }> {
  const client = algoliasearch(target.appId, target.adminKey, {
    timeouts: { ...PUSH_TIMEOUTS },
    ...(target.host ? { hosts: hostsOf(target.host) } : {}),
  });
  try {
    await client.replaceAllObjects({
      indexName: target.indexName,
      objects: records as unknown as Record<string, unknown>[],
      batchSize: PUSH_BATCH_SIZE,
    });
  } catch (error) {
    const e = error as Error & { status?: number };
    if (e.status === 401 || e.status === 403) {
      throw new SsodocsError(
        `Algolia refused the key in ALGOLIA_ADMIN_KEY for application ${target.appId} (${e.message}); use an admin key with write access to "${target.indexName}"`,
      );
    }
    if (e.name === "RetryError" || /unreachable hosts/i.test(e.message)) {
      throw new SsodocsError(
        `could not reach Algolia for application ${target.appId}${target.host ? ` at ${target.host}` : ""}: check the network and ALGOLIA_APP_ID`,
      );
    }
    throw new SsodocsError(`pushing to Algolia index "${target.indexName}" failed: ${e.message}`);
  }
  return { count: records.length };
}
