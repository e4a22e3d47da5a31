// Highlighting spread over threads gives every block exactly the HTML one thread gives it.
import { describe, expect, it } from "vitest";
import { createBlockHighlighter, type PendingBlock } from "../src/node/markdown/highlight.ts";
import { HighlightQueue, highlightInParallel } from "../src/node/markdown/highlight-pool.ts";

const samples: [string | null, string][] = [
  ["yaml", "server:\n  url: https://authentik.company\n  port: 9000 # {n}"],
  ["python", "def login(n):\n    return {'user': n, 'id': {n}}"],
  ["bash", "export CLIENT_ID={n}\ncurl -s https://service.company/api/{n}"],
  ["json", '{ "client_id": "{n}", "scopes": ["openid", "email"] }'],
  ["nginx", "location /outpost.goauthentik.io {\n  proxy_pass http://authentik:{n};\n}"],
  [null, "plain text number {n}"],
];

describe("parallel highlighting", () => {
  it("gives each of 2,400 blocks the same HTML as a single highlighter, whichever thread took it", async () => {
    const pending = new Map<string, PendingBlock>();
    for (let n = 0; n < 2400; n++) {
      const [lang, code] = samples[n % samples.length];
      pending.set(`block-${String(n).padStart(4, "0")}`, {
        lang,
        code: code.replaceAll("{n}", String(n)),
        highlightLines: n % 7 === 0 ? [1] : [],
      });
    }
    const stats = { blocksByWorkers: 0 };
    const languages = ["bash", "diff", "json", "nginx", "python", "yaml"];
    const parallel = await highlightInParallel(pending, languages, stats);
    const single = await createBlockHighlighter(languages);
    try {
      expect(parallel.size).toBe(pending.size);
      // Both sides took a share.
      expect(stats.blocksByWorkers).toBeGreaterThan(0);
      expect(stats.blocksByWorkers).toBeLessThan(pending.size);
      for (const [key, block] of pending) expect(parallel.get(key), key).toBe(single.highlight(block));
      expect(parallel.get("block-0007")).toContain('class="line highlighted"');
    } finally {
      single.dispose();
    }
  }, 60_000);

  it("answers two callers waiting at once (watch mode's first page and its first build share the queue)", async () => {
    const queue = new HighlightQueue(["yaml", "python"], { worker: true });
    try {
      const block = (n: number): PendingBlock => ({
        lang: n % 2 ? "yaml" : "python",
        code: `x = ${n}`,
        highlightLines: [],
      });
      for (let n = 0; n < 12; n++) queue.add(`first-${n}`, block(n));
      const first = queue.drain();
      for (let n = 0; n < 30; n++) queue.add(`second-${n}`, block(n + 100));
      const second = queue.drain();
      // Before, the later caller took the one place for a waiter and the first never heard back.
      const [a, b] = await Promise.all([first, second]);
      for (let n = 0; n < 12; n++) expect(a.get(`first-${n}`)).toContain(`${n}`);
      for (let n = 0; n < 30; n++) expect(b.get(`second-${n}`)).toContain(`${n + 100}`);
    } finally {
      queue.close();
    }
  }, 30_000);
});
