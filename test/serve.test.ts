// `ssodocs serve` as a reader's browser and an author meet it: a busy port is found before the
// build and the next free one taken, saying so; text is sent compressed (brotli, else gzip) to a
// client that accepts it, with `Vary: Accept-Encoding`, in watch mode too.
import { type ChildProcess, spawn } from "./processes.ts";
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, cliEnv, tempSite } from "./helpers.ts";

/** `ssodocs serve <args>` on the fixture site, resolved once it serves (with its output so far), or rejected when it exits. */
function serve(site: { dir: string; config: string }, args: string[]) {
  const child: ChildProcess = spawn(process.execPath, [BIN, "serve", "--config", site.config, ...args], {
    cwd: site.dir,
    env: cliEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d));
  child.stderr!.on("data", (d: Buffer) => (output += d));
  const serving = new Promise<{ port: number; output: () => string }>((resolve, reject) => {
    const poll = setInterval(() => {
      const m = /Serving at http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (m) {
        clearInterval(poll);
        resolve({ port: Number(m[1]), output: () => output });
      }
    }, 20);
    child.once("exit", (code) => {
      clearInterval(poll);
      reject(new Error(`serve exited with ${code}:\n${output}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGINT");
      await new Promise((r) => child.once("exit", r));
    }
  };
  return { serving, stop, output: () => output };
}

/** A port held by another server until `close`. */
async function occupy(): Promise<{ port: number; close(): Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** GET (or HEAD) with the headers given, the body as sent (not decompressed). */
function request(port: number, target: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: target, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("serve on a busy port", () => {
  it("says so before building and serves on the next free port", async () => {
    const busy = await occupy();
    const site = tempSite();
    const run = serve(site, ["--port", String(busy.port), "--out", path.join(site.dir, "build")]);
    try {
      const { port, output } = await run.serving;
      expect(port).toBeGreaterThan(busy.port);
      const lines = output().split("\n");
      const said = lines.indexOf(`Port ${busy.port} is in use; serving on port ${port} instead`);
      expect(said, output()).toBeGreaterThanOrEqual(0);
      // Said before the build, not after it.
      expect(said).toBeLessThan(lines.findIndex((l) => l.startsWith("Built ")));
      expect((await request(port, "/", {})).status).toBe(200);
    } finally {
      await run.stop();
      await busy.close();
      site.cleanup();
    }
  });

  it("in watch mode too", async () => {
    const busy = await occupy();
    const site = tempSite();
    const run = serve(site, ["--watch", "--port", String(busy.port)]);
    try {
      const { port } = await run.serving;
      expect(run.output()).toContain(`Port ${busy.port} is in use; serving on port ${port} instead\n`);
    } finally {
      await run.stop();
      await busy.close();
      site.cleanup();
    }
  });
});

describe("compression", () => {
  let site: ReturnType<typeof tempSite>;
  let run: ReturnType<typeof serve>;
  let port: number;
  const out = () => path.join(site.dir, "build");

  beforeAll(async () => {
    site = tempSite();
    run = serve(site, ["--port", "0", "--out", path.join(site.dir, "build")]);
    port = (await run.serving).port;
  });
  afterAll(async () => {
    await run?.stop();
    site?.cleanup();
  });

  // The fixture's search index is under the 1 KB below which nothing is compressed; its records are not.
  it("sends the search records with brotli, else gzip, as the client accepts, varying on Accept-Encoding", async () => {
    const file = readFileSync(path.join(out(), "search/records.json"));
    const br = await request(port, "/search/records.json", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(file.length / 2);
    expect(zlib.brotliDecompressSync(br.body).equals(file)).toBe(true);

    const gz = await request(port, "/search/records.json", { "Accept-Encoding": "gzip;q=1, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(file)).toBe(true);

    const plain = await request(port, "/search/records.json", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.body.equals(file)).toBe(true);

    const head = await request(port, "/search/records.json", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.headers["content-length"]).toBe(br.headers["content-length"]);
    expect(head.body.length).toBe(0);
  });

  it("compresses pages and the 404 page, not images", async () => {
    const page = await request(port, "/integrations/services/alpha/", { "Accept-Encoding": "gzip" });
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(page.body).toString()).toContain("Integrate with Alpha");
    const missing = await request(port, "/no/such/page/", { "Accept-Encoding": "br" });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).toBe("br");
    const image = /src="(\/assets\/images\/[^"]+\.png)"/.exec(zlib.gunzipSync(page.body).toString())![1];
    const png = await request(port, image, { "Accept-Encoding": "br, gzip" });
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
  });
});
