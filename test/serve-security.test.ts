// The static server behind `ssodocs serve`, probed with raw HTTP requests (fetch would normalise
// the paths): nothing outside the output folder is ever served, not through `..` in any encoding,
// backslashes, absolute paths, null bytes or a symbolic link; no directory listings; content
// types, .html normalisation, the 404 page, caching headers; bound to 127.0.0.1 by default.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { rename } from "node:fs/promises";
import type { Server } from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headersFor, parseHeadersFile } from "../src/node/serve/headers-file.ts";
import { startStaticServer } from "../src/node/serve/static.ts";
import { cliEnv, ROOT, runCli, tempSite } from "./helpers.ts";
import { spawn } from "./processes.ts";
import { startWatchSession } from "./watch-session.ts";

const SECRET = "TOP-SECRET-3f9d1c-never-served";

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  raw: string;
}

/** Sends `GET <target>` exactly as written and reads the whole response. */
function rawRequest(port: number, target: string, method = "GET"): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("end", () => {
      const raw = Buffer.concat(chunks).toString("latin1");
      const [head, ...rest] = raw.split("\r\n\r\n");
      const [statusLine, ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(":");
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: Buffer.from(rest.join("\r\n\r\n"), "latin1").toString("utf8"),
        raw,
      });
    });
  });
}

describe("the static server", () => {
  let site: ReturnType<typeof tempSite>;
  let out: string;
  let server: Server;
  let port: number;
  const get = (target: string, method?: string) => rawRequest(port, target, method);
  const file = (rel: string) => readFileSync(path.join(out, rel), "utf8");

  beforeAll(async () => {
    site = tempSite();
    out = path.join(site.dir, "build");
    const built = runCli(["build", "--config", site.config, "--out", out]);
    if (built.code !== 0) throw new Error(built.stderr);
    // A secret beside the output folder, and links inside the output that lead to it.
    writeFileSync(path.join(site.dir, "secret"), SECRET);
    symlinkSync(path.join(site.dir, "secret"), path.join(out, "leak.txt"));
    symlinkSync(site.dir, path.join(out, "outside"));
    symlinkSync(path.join(out, "robots.txt"), path.join(out, "robots-alias.txt"));
    mkdirSync(path.join(out, "plain-folder"));
    writeFileSync(path.join(out, "plain-folder", "listed-file-name.txt"), "inside");
    server = await startStaticServer(out, 0);
    const address = server.address();
    port = typeof address === "object" && address ? address.port : 0;
  }, 120_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    site?.cleanup();
  });

  it("binds to 127.0.0.1 when no host is given", () => {
    const address = server.address();
    expect(typeof address === "object" && address?.address).toBe("127.0.0.1");
  });

  const escapes = [
    "/../secret",
    "/../../secret",
    "/%2e%2e/secret",
    "/%2E%2E/secret",
    "/%2e%2e%2fsecret",
    "/..%2fsecret",
    "/..%2Fsecret",
    "/..%5csecret",
    "/..%5Csecret",
    "/..\\secret",
    "/\\..\\secret",
    "/assets/..%2f..%2fsecret",
    "/integrations/%2e%2e/%2e%2e/%2e%2e/secret",
    "/%252e%252e/secret",
    "/....//secret",
    "//etc/passwd",
    "/etc/passwd",
    "/%2fetc%2fpasswd",
    `/${encodeURIComponent(path.join(os.tmpdir()))}/secret`,
    "/secret%00.html",
    "/index.html%00",
    "/%00",
    "/leak.txt",
    "/outside/secret",
    "/outside/build/../secret",
    "http://127.0.0.1/../secret",
  ];

  it.each(escapes)("never serves a file outside the output folder: %s", async (target) => {
    const r = await get(target);
    expect(r.raw).not.toContain(SECRET);
    expect(r.raw).not.toMatch(/root:.*:0:0:/);
    expect(r.status).toBeGreaterThanOrEqual(400);
    if (r.status === 404) expect(r.body).toBe(file("404.html"));
  });

  it("serves a symbolic link that stays inside the output folder", async () => {
    const r = await get("/robots-alias.txt");
    expect(r.status).toBe(200);
    expect(r.body).toBe(file("robots.txt"));
  });

  it("lists no folder: a folder without index.html is the 404 page with status 404", async () => {
    for (const target of [
      "/plain-folder",
      "/plain-folder/",
      "/assets/",
      "/assets/css/",
      "/integrations/services/alpha/../../",
    ]) {
      const r = await get(target);
      expect(r.status, target).toBe(404);
      expect(r.body, target).toBe(file("404.html"));
      expect(r.body).not.toContain("listed-file-name");
    }
    expect(readdirSync(path.join(out, "assets/css")).length).toBeGreaterThan(0);
  });

  it("answers an unknown path with 404.html and status 404", async () => {
    const r = await get("/integrations/services/nope/");
    expect(r.status).toBe(404);
    expect(r.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(r.body).toBe(file("404.html"));
    expect(r.body).toContain("Page Not Found");
  });

  it("sends each file type with its content type and nosniff", async () => {
    const css = readdirSync(path.join(out, "assets/css"))[0];
    const js = readdirSync(path.join(out, "assets/js"))[0];
    const png = readdirSync(path.join(out, "assets/images"))[0];
    const expected: Record<string, string> = {
      "/": "text/html; charset=utf-8",
      "/integrations/services/alpha/": "text/html; charset=utf-8",
      [`/assets/css/${css}`]: "text/css; charset=utf-8",
      [`/assets/js/${js}`]: "text/javascript; charset=utf-8",
      [`/assets/images/${png}`]: "image/png",
      "/search/index.json": "application/json; charset=utf-8",
      "/sitemap.xml": "application/xml; charset=utf-8",
      "/robots.txt": "text/plain; charset=utf-8",
      "/img/icon.svg": "image/svg+xml",
    };
    for (const [target, type] of Object.entries(expected)) {
      const r = await get(target);
      expect(r.status, target).toBe(200);
      expect(r.headers["content-type"], target).toBe(type);
      expect(r.headers["x-content-type-options"], target).toBe("nosniff");
    }
  });

  it("serves /page.html and /page/index.html as the page", async () => {
    const alpha = file("integrations/services/alpha/index.html");
    for (const target of [
      "/integrations/services/alpha/",
      "/integrations/services/alpha",
      "/integrations/services/alpha/index.html",
      "/integrations/services/alpha.html",
    ]) {
      const r = await get(target);
      expect(r.status, target).toBe(200);
      expect(r.body, target).toBe(alpha);
    }
    expect((await get("/index.html")).body).toBe(file("index.html"));
    expect((await get("/integrations/services/alpha/index.html?x=1#top")).body).toBe(alpha);
  });

  it("caches hashed assets for a year as immutable, and revalidates HTML and everything else", async () => {
    const css = readdirSync(path.join(out, "assets/css"))[0];
    const js = readdirSync(path.join(out, "assets/js"))[0];
    const png = readdirSync(path.join(out, "assets/images"))[0];
    for (const target of [`/assets/css/${css}`, `/assets/js/${js}`, `/assets/images/${png}`]) {
      expect((await get(target)).headers["cache-control"], target).toBe("public, max-age=31536000, immutable");
    }
    for (const target of [
      "/",
      "/integrations/services/alpha/",
      "/integrations/index.html",
      "/search/index.json",
      "/img/icon.svg",
      "/sitemap.xml",
    ]) {
      expect((await get(target)).headers["cache-control"], target).toBe("no-cache");
    }
    // A missing hashed asset is a 404 that must not be cached for a year.
    const missing = await get("/assets/js/chunk-ZZZZZZZZ.js");
    expect(missing.status).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-cache");
  });

  it("answers HEAD without a body and refuses other methods", async () => {
    const head = await get("/robots.txt", "HEAD");
    expect(head.status).toBe(200);
    expect(Number(head.headers["content-length"])).toBe(Buffer.byteLength(file("robots.txt")));
    expect(head.body).toBe("");
    const post = await get("/robots.txt", "POST");
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
  });
});

describe("ssodocs serve", () => {
  it("binds to 127.0.0.1 by default, unreachable on other interfaces", async () => {
    const site = tempSite();
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, "bin/ssodocs.mjs"),
        "serve",
        "--config",
        site.config,
        "--out",
        path.join(site.dir, "build"),
        "--port",
        "0",
      ],
      {
        cwd: ROOT,
        env: cliEnv(),
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    try {
      let output = "";
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout!.on("data", (c) => {
          output += c;
          const m = /Serving at http:\/\/([^:/]+):(\d+)\//.exec(output);
          if (m) {
            expect(m[1]).toBe("127.0.0.1");
            resolve(Number(m[2]));
          }
        });
        child.once("exit", (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
      });
      const home = await rawRequest(port, "/");
      expect(home.status).toBe(200);
      // A Content-Security-Policy header is sent with every response, the 404 page too.
      expect(home.headers["content-security-policy"]).toMatch(/script-src/);
      expect((await rawRequest(port, "/nope")).headers["content-security-policy"]).toBe(
        home.headers["content-security-policy"],
      );
      // 127.0.0.2 reaches this machine too (all of 127/8 is loopback on Linux), like any other
      // interface's address: a server bound to all interfaces would answer there.
      const others = [
        "127.0.0.2",
        ...Object.values(os.networkInterfaces())
          .flat()
          .filter((a) => a && a.family === "IPv4" && !a.internal)
          .map((a) => a!.address),
      ];
      for (const address of others) {
        const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
          const socket = net.connect(port, address, () => {
            socket.destroy();
            resolve(null);
          });
          socket.on("error", resolve);
        });
        expect(error, address).not.toBeNull();
      }
    } finally {
      child.kill("SIGINT");
      await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(null)));
      site.cleanup();
    }
  }, 120_000);
});

describe("the static server while a build replaces the folder (issue 27)", () => {
  it("answers each request with the page or a 503, never a 500 or a path of the machine", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ssodocs-swap-"));
    const out = path.join(dir, "build");
    // Two versions of the site, swapped in as a build's commit does: the old moved aside, the new moved in.
    for (const [name, text] of [
      ["build", "one"],
      ["next", "two"],
    ]) {
      mkdirSync(path.join(dir, name, "guide"), { recursive: true });
      writeFileSync(path.join(dir, name, "index.html"), `<p>${text}</p>`);
      writeFileSync(path.join(dir, name, "guide", "index.html"), `<p>${text}</p>`.repeat(20_000));
      writeFileSync(path.join(dir, name, "404.html"), "<p>missing</p>");
    }
    const server = await startStaticServer(out, 0);
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    let swapping = true;
    const swaps = (async () => {
      while (swapping) {
        await rename(out, path.join(dir, "old"));
        await rename(path.join(dir, "next"), out);
        await rename(path.join(dir, "old"), path.join(dir, "next"));
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    try {
      const answers: RawResponse[] = [];
      for (let round = 0; round < 40; round++)
        answers.push(...(await Promise.all(["/", "/guide/", "/index.html"].map((t) => rawRequest(port, t)))));
      swapping = false;
      await swaps;
      for (const answer of answers) {
        expect([200, 503]).toContain(answer.status);
        expect(answer.raw).not.toContain(dir);
        if (answer.status === 200) expect(answer.body).toMatch(/^(?:<p>one<\/p>|<p>two<\/p>)+$/);
      }
    } finally {
      swapping = false;
      await swaps.catch(() => undefined);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the headers _headers declares (issue 27)", () => {
  // A static folder's own `_headers`, merged with ssodocs's (whose block sets Referrer-Policy).
  const HEADERS_FILE = "/*\n  Permissions-Policy: camera=()\n\n/integrations/services/*\n  X-Robots-Tag: noindex\n";

  /** Checks what a host reading `_headers` would send, as `get` answers. */
  async function expectDeclaredHeaders(get: (route: string) => Promise<{ headers: Record<string, unknown> }>) {
    const home = (await get("/")).headers;
    expect(home["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(home["permissions-policy"]).toBe("camera=()");
    expect(home["x-robots-tag"]).toBeUndefined();
    // One policy, not the server's and the file's.
    expect(String(home["content-security-policy"])).not.toContain(",");
    const guide = (await get("/integrations/services/alpha/")).headers;
    expect(guide["x-robots-tag"]).toBe("noindex");
    expect(guide["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  }

  it("are read as the hosts read them: patterns with * and :name, every matching block, values joined", () => {
    const rules = parseHeadersFile(
      "# a comment\n/*\n  A: 1\n/docs/:page/\n  B: 2\n  A: 3\nhttps://other.example/*\n  C: 4\n/assets/*.js\n  D: 5\n",
    );
    expect(headersFor(rules, "/", {})).toEqual({ A: "1" });
    expect(headersFor(rules, "/docs/intro/", { A: "0" })).toEqual({ A: "0, 1, 3", B: "2" });
    expect(headersFor(rules, "/docs/a/b/", {})).toEqual({ A: "1" });
    expect(headersFor(rules, "/docs//", {})).toEqual({ A: "1" });
    expect(headersFor(rules, "/assets/js/main.js", {})).toEqual({ A: "1", D: "5" });
    expect(headersFor(rules, "/assets/main.css", {})).toEqual({ A: "1" });
    // Many stars against a long path that does not match: a backtracking expression took ages.
    const stars = parseHeadersFile(`/${"*a".repeat(40)}b\n  E: 6\n`);
    expect(headersFor(stars, `/${"a".repeat(8_000)}`, {})).toEqual({});
  });

  it("ssodocs serve sends them for each path", async () => {
    const site = tempSite({ "static/_headers": HEADERS_FILE }, { ownStatic: true });
    const args = ["serve", "--config", site.config, "--out", path.join(site.dir, "build"), "--port", "0"];
    const child = spawn(process.execPath, [path.join(ROOT, "bin/ssodocs.mjs"), ...args], {
      env: cliEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let output = "";
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout!.on("data", (c) => {
          output += c;
          const m = /Serving at http:\/\/[^:/]+:(\d+)\//.exec(output);
          if (m) resolve(Number(m[1]));
        });
        child.once("exit", (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
      });
      await expectDeclaredHeaders((route) => rawRequest(port, route));
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(null)));
      site.cleanup();
    }
  }, 120_000);

  it("serve --watch sends them for each path", async () => {
    const site = tempSite({ "static/_headers": HEADERS_FILE }, { ownStatic: true });
    const s = await startWatchSession({}, {}, { site });
    try {
      await expectDeclaredHeaders((route) => s.get(route));
    } finally {
      await s.stop();
      site.cleanup();
    }
  }, 120_000);
});
