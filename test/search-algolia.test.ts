// The Algolia backend and `ssodocs index --push`, with the real algoliasearch client against an
// Algolia-protocol stub on 127.0.0.1 that records requests: the payload, time-outs (a stub that
// stalls), the failed-host memory of 2 minutes, a refused key, unreachable hosts.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ALGOLIA_TIMEOUTS,
  algoliaClientOptions,
  createAlgoliaBackend,
  searchRequest,
} from "../src/client/search/algolia.ts";
import { createHostsCache, HOST_RETRY_MS } from "../src/client/search/algolia-hosts.ts";
import { SearchUnavailableError } from "../src/client/search/types.ts";
import { startAlgoliaStub, type AlgoliaStub } from "./fixtures/algolia-stub.ts";
import { cliEnv, ROOT, runCli, tempSite } from "./helpers.ts";
import { spawn } from "./processes.ts";

const CONFIG = { appId: "TESTAPP", apiKey: "search-only-key", indexName: "fixture" };
const OPTIONS = { snippetWords: 10, hitsPerPage: 20, page: 0 };
const hostOf = (stub: AlgoliaStub) => ({ url: "127.0.0.1", port: stub.port, protocol: "http" as const });

describe("Algolia backend", () => {
  let stub: AlgoliaStub;
  let stalled: AlgoliaStub;

  beforeAll(async () => {
    [stub, stalled] = await Promise.all([startAlgoliaStub(), startAlgoliaStub()]);
    stalled.mode = "stall";
  });
  afterAll(async () => {
    await stub?.close();
    await stalled?.close();
  });
  afterEach(() => {
    stub.requests.length = 0;
    stalled.requests.length = 0;
    stub.mode = "ok";
  });

  it("sends one POST to the multi-index queries path with DocSearch's payload", async () => {
    const hit = {
      objectID: "1",
      type: "lvl1",
      url: "https://fixture.example/integrations/services/gamma/",
      hierarchy: { lvl0: "Development", lvl1: "Integrate with Gamma" },
      content: null,
    };
    stub.answers.set("gamma", [hit]);
    const backend = createAlgoliaBackend(CONFIG, { hosts: [hostOf(stub)] });
    const response = await backend.search("gamma", OPTIONS);
    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/1/indexes/*/queries");
    expect(request.headers["x-algolia-application-id"]).toBe("TESTAPP");
    expect(request.headers["x-algolia-api-key"]).toBe("search-only-key");
    expect(request.body).toEqual({
      requests: [
        {
          indexName: "fixture",
          query: "gamma",
          attributesToRetrieve: [
            "hierarchy.lvl0",
            "hierarchy.lvl1",
            "hierarchy.lvl2",
            "hierarchy.lvl3",
            "hierarchy.lvl4",
            "hierarchy.lvl5",
            "hierarchy.lvl6",
            "content",
            "type",
            "url",
          ],
          attributesToSnippet: [
            "hierarchy.lvl1:10",
            "hierarchy.lvl2:10",
            "hierarchy.lvl3:10",
            "hierarchy.lvl4:10",
            "hierarchy.lvl5:10",
            "hierarchy.lvl6:10",
            "content:10",
          ],
          snippetEllipsisText: "…",
          highlightPreTag: "<mark>",
          highlightPostTag: "</mark>",
          hitsPerPage: 20,
          facetFilters: ["language:en", ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]],
        },
      ],
    });
    expect(response.hits).toEqual([hit]);
    expect(response.nbHits).toBe(1);
    expect(response.queryID).toMatch(/^query-0-/);
    expect(backend.sectionNames()).toEqual(["Development"]);
  });

  it("asks for 5-word snippets on narrow screens and for later pages", () => {
    const request = searchRequest("idx", "q", { snippetWords: 5, hitsPerPage: 20, page: 2 });
    expect(request.attributesToSnippet).toContain("content:5");
    expect(request.attributesToSnippet).toContain("hierarchy.lvl1:5");
    expect(request.page).toBe(2);
  });

  it("sets the time-outs and the host memory explicitly", () => {
    expect(ALGOLIA_TIMEOUTS).toEqual({ connect: 1000, read: 2000, write: 30000 });
    const options = algoliaClientOptions();
    expect(options.timeouts).toEqual({ connect: 1000, read: 2000, write: 30000 });
    expect(typeof options.hostsCache.get).toBe("function");
    expect(HOST_RETRY_MS).toBe(120_000);
  });

  it("gives up on a host that does not answer in time, uses the next, and skips the stalled one for 2 minutes", async () => {
    let now = 1_000_000;
    stub.answers.set("retry", []);
    const backend = createAlgoliaBackend(CONFIG, { hosts: [hostOf(stalled), hostOf(stub)], now: () => now });
    await backend.search("retry", OPTIONS);
    expect(stalled.requests).toHaveLength(1);
    expect(stub.requests).toHaveLength(1);
    // Within 2 minutes the stalled host is not tried again.
    now += HOST_RETRY_MS - 1000;
    await backend.search("retry", OPTIONS);
    expect(stalled.requests).toHaveLength(1);
    expect(stub.requests).toHaveLength(2);
    // After 2 minutes it is.
    now += 2000;
    stalled.mode = "ok";
    stalled.answers.set("retry", []);
    await backend.search("retry", OPTIONS);
    expect(stalled.requests).toHaveLength(2);
    expect(stub.requests).toHaveLength(2);
    stalled.mode = "stall";
  }, 30_000);

  it("fails with SearchUnavailableError when every host fails, and not for an empty answer", async () => {
    stub.mode = "fail";
    const backend = createAlgoliaBackend(CONFIG, { hosts: [hostOf(stub)] });
    await expect(backend.search("x", OPTIONS)).rejects.toBeInstanceOf(SearchUnavailableError);
    stub.mode = "ok";
    const empty = await createAlgoliaBackend(CONFIG, { hosts: [hostOf(stub)] }).search("nothing here", OPTIONS);
    expect(empty.hits).toEqual([]);
  });

  it("remembers a failed host as the library would, but with its own delay", async () => {
    let now = 0;
    const cache = createHostsCache(HOST_RETRY_MS, () => now);
    const host = { url: "h", accept: "read" as const, protocol: "https" as const };
    await cache.set(host, { ...host, status: "down", lastUpdate: 0, isUp: () => false, isTimedOut: () => false });
    const fresh = () =>
      cache.get(host, () => Promise.resolve({ ...host, status: "up", isUp: () => true })) as Promise<{
        isUp(): boolean;
      }>;
    expect((await fresh()).isUp()).toBe(false);
    expect(cache.skippedHosts()).toEqual(["h"]);
    now = HOST_RETRY_MS + 1;
    expect((await fresh()).isUp()).toBe(true);
    expect(cache.skippedHosts()).toEqual([]);
  });
});

function runPush(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, "bin/ssodocs.mjs"), "index", "--push", ...args], {
      env: { ...cliEnv(), ALGOLIA_APP_ID: "", ALGOLIA_ADMIN_KEY: "", ...env },
      timeout: 120_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (d) => (stdout += d));
    child.stderr!.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe("ssodocs index --push", () => {
  let stub: AlgoliaStub;
  let site: ReturnType<typeof tempSite>;
  const KEYS = { ALGOLIA_APP_ID: "TESTAPP", ALGOLIA_ADMIN_KEY: "admin-key" };

  beforeAll(async () => {
    stub = await startAlgoliaStub();
    site = tempSite();
    // The config holds only the search-only key; the push must not use it.
    writeFileSync(
      site.config,
      readFileSync(site.config, "utf8").replace(
        "  footer:",
        '  search: { algolia: { appId: "CONFIGAPP", apiKey: "search-only", indexName: "fixture" } },\n  footer:',
      ),
    );
  });
  afterAll(async () => {
    await stub?.close();
    site?.cleanup();
  });
  afterEach(() => {
    stub.mode = "ok";
    stub.requests.length = 0;
  });

  it("replaces the index with the build's records, atomically, with the credentials of the environment", async () => {
    stub.indices.set("fixture", [{ objectID: "stale" }]);
    const r = await runPush(["--config", site.config, "--algolia-host", stub.url], KEYS);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const built = runCli(["build", "--config", site.config, "--out", path.join(site.dir, "build")]);
    expect(built.code).toBe(0);
    const records = JSON.parse(readFileSync(path.join(site.dir, "build/search/records.json"), "utf8")) as {
      objectID: string;
    }[];
    expect(r.stdout).toContain(
      `Pushed ${records.length} search records to Algolia index "fixture" (application TESTAPP)`,
    );
    expect(stub.indices.get("fixture")).toEqual(records);
    // Written to a temporary index, then moved over the live one.
    const batch = stub.requests.find((q) => q.path.endsWith("/batch"))!;
    expect(batch.path).toMatch(/^\/1\/indexes\/fixture_tmp_\d+\/batch$/);
    const move = stub.requests.find((q) => (q.body as { operation?: string })?.operation === "move")!;
    expect(move.path).toBe(batch.path.replace("/batch", "/operation"));
    expect(move.body).toMatchObject({ destination: "fixture" });
    for (const q of stub.requests) {
      expect(q.headers["x-algolia-application-id"]).toBe("TESTAPP");
      expect(q.headers["x-algolia-api-key"]).toBe("admin-key");
    }
  });

  it("needs the credentials in the environment", async () => {
    const r = await runPush(["--config", site.config, "--algolia-host", stub.url], {});
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("index --push needs ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY in the environment");
    expect(stub.requests).toHaveLength(0);
  });

  it("says clearly when the key is refused", async () => {
    stub.mode = "refuse-key";
    const r = await runPush(["--config", site.config, "--algolia-host", stub.url], KEYS);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "Algolia refused the key in ALGOLIA_ADMIN_KEY for application TESTAPP (Invalid Application-ID or API key)",
    );
  });

  it("says clearly when Algolia cannot be reached", async () => {
    stub.mode = "fail";
    const r = await runPush(["--config", site.config, "--algolia-host", stub.url], KEYS);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`could not reach Algolia for application TESTAPP at ${stub.url}`);
  });
});
