// `ssodocs serve` holds 200 concurrent connections for 10 s across all pages with no error and
// without its memory growing by more than 50 MB (rates and latency are printed by the benchmark).
// Part of `npm run test:stress`; the server runs with the test's own cache (test/setup.ts).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runLoad } from "../../bench/load.mjs";
import { tempSite } from "../helpers.ts";

describe("serve under load", () => {
  it("answers 200 connections for 10 s with zero errors and bounded memory", async () => {
    const site = tempSite();
    try {
      const r = await runLoad({
        config: site.config,
        out: path.join(site.dir, "build"),
        connections: 200,
        seconds: 10,
      });
      expect(r.requests).toBeGreaterThan(1000);
      expect(r.errors).toBe(0);
      expect(r.memoryGrowthMB).toBeLessThan(50);
    } finally {
      site.cleanup();
    }
  }, 120_000);
});
