// Serves a built site from a folder: content types, .html and /index.html normalisation,
// 404.html for unknown paths, no directory listings and nothing outside the folder (not even
// through a symbolic link inside it), caching headers suited to hashed assets, the headers the
// folder's `_headers` declares for each path (as the hosts that read it send them), and text
// compressed (brotli, else gzip) for a client that accepts it, as hosts do.
import { readFile, realpath, stat } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { type HeaderRule, headersFor, parseHeadersFile } from "./headers-file.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

/**
 * File contents kept in memory (up to 64 MB, small files only), checked against the file's
 * modification time on every request so edited files are served fresh.
 */
const MEMORY_LIMIT = 64 * 1024 * 1024;
const MAX_CACHED_FILE = 2 * 1024 * 1024;

function createFileCache() {
  const entries = new Map<string, { mtimeMs: number; data: Buffer }>();
  let total = 0;
  return async (file: string, mtimeMs: number, size: number): Promise<Buffer> => {
    const hit = entries.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.data;
    const data = await readFile(file);
    if (size <= MAX_CACHED_FILE) {
      if (hit) total -= hit.data.length;
      while (total + data.length > MEMORY_LIMIT && entries.size) {
        const [oldest, entry] = entries.entries().next().value as [string, { data: Buffer }];
        entries.delete(oldest);
        total -= entry.data.length;
      }
      entries.set(file, { mtimeMs, data });
      total += data.length;
    }
    return data;
  };
}

export type RequestHook = (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean>;

/** The real path of each served folder, looked up once rather than on every request. */
const realRoots = new Map<string, string>();

async function realRootOf(root: string): Promise<string> {
  let real = realRoots.get(root);
  if (real === undefined) realRoots.set(root, (real = await realpath(root)));
  return real;
}

/**
 * Whether `file` is a regular file that really lies inside `root`: a symbolic link in the output
 * that points outside it is treated as missing.
 */
async function isFileInside(root: string, file: string): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
    const [realRoot, realFile] = await Promise.all([realRootOf(root), realpath(file)]);
    return realFile.startsWith(realRoot + path.sep);
  } catch {
    return false;
  }
}

/**
 * Files under assets/ named with a content hash never change: esbuild's `chunk-OHGQKYUM.js`
 * (8 upper-case base32 characters) and the build's `alpha-settings-3064001f.png` (8 hex digits).
 */
function isHashedAsset(relative: string): boolean {
  return /^assets\/(?:[^/]+\/)*[^/]+-(?:[0-9A-Z]{8}|[0-9a-f]{8})\.(?!html$)\w+$/.test(relative);
}

/** The path of a request target: origin-form as it is, absolute-form (`http://host/path`) by its path. */
function requestPath(target: string): string {
  if (!target.startsWith("/")) {
    try {
      return new URL(target).pathname;
    } catch {
      return "/";
    }
  }
  return target.split("?")[0].split("#")[0];
}

/** The file a URL path maps to inside root, or null when the path is unsafe. */
function safeJoin(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const segments = decoded.split("/").filter(Boolean);
  if (segments.some((s) => s === ".." || s === ".")) return null;
  const file = path.join(root, ...segments);
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

/** The file a URL path names: the file itself, the page at that path (`a/b/index.html`, or
 * `a/b.html` as `trailingSlash: false` writes it), or (for a path ending in .html or
 * /index.html that is no file) the page at the path without that ending. */
async function resolveFile(root: string, urlPath: string): Promise<string | null> {
  const paths = [urlPath];
  if (/(?:\/index)?\.html$/.test(urlPath)) paths.push(urlPath.replace(/(?:\/index)?\.html$/, "") || "/");
  for (const p of paths) {
    const base = safeJoin(root, p);
    if (base === null) return null;
    const candidates =
      p.endsWith("/") || base === root
        ? [path.join(base, "index.html")]
        : [base, path.join(base, "index.html"), `${base}.html`];
    for (const file of candidates) if (await isFileInside(root, file)) return file;
  }
  return null;
}

/**
 * The blocks of the folder's `_headers` (what a host reading it sends), read again when it
 * changes (watch mode writes it with each update); none without one.
 */
function createHeaderRules(absRoot: string) {
  let kept: { stamp: string; rules: HeaderRule[] } = { stamp: "", rules: [] };
  return async (): Promise<HeaderRule[]> => {
    const file = path.join(absRoot, "_headers");
    if (!(await isFileInside(absRoot, file))) return [];
    const info = await stat(file);
    const stamp = `${info.ino}:${info.mtimeMs}:${info.size}`;
    if (kept.stamp !== stamp) kept = { stamp, rules: parseHeadersFile(await readFile(file, "utf8")) };
    return kept.rules;
  };
}

/** Attempts at a request whose file went away under it (a build swapping the folder), with the pause before each next. */
const RETRY_PAUSES_MS = [20, 60, 150];

/** Answers a GET or HEAD from the folder; throws when it was being replaced meanwhile (to be tried again). */
async function serveFromFolder(
  absRoot: string,
  contents: ReturnType<typeof createFileCache>,
  rules: ReturnType<typeof createHeaderRules>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  const urlPath = requestPath(req.url ?? "/");
  // A build swaps its new output in by moving the old folder aside: a folder that is not there
  // throws, and a file not found is not found only if the folder was there, unmoved, all along
  // (moving a folder changes its ctime, also when it comes back).
  const folder = await stat(absRoot);
  let file = await resolveFile(absRoot, urlPath);
  if (!file) {
    const now = await stat(absRoot);
    if (now.ino !== folder.ino || now.ctimeMs !== folder.ctimeMs) throw new Error("the folder was replaced meanwhile");
  }
  let status = 200;
  if (!file) {
    status = 404;
    file = path.join(absRoot, "404.html");
    if (!(await isFileInside(absRoot, file))) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
      return;
    }
  }
  const info = await stat(file);
  const body = await contents(file, info.mtimeMs, info.size);
  const sent = headersFor(await rules(), urlPath, headers);
  await sendFile(req, res, path.relative(absRoot, file).split(path.sep).join("/"), body, { status, headers: sent });
}

/** `headers` are sent with every response (the build's Content-Security-Policy, for one). */
function createStaticHandler(root: string, hooks: RequestHook[] = [], headers: Record<string, string> = {}) {
  const absRoot = path.resolve(root);
  const contents = createFileCache();
  const rules = createHeaderRules(absRoot);
  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    for (const hook of hooks) if (await hook(req, res)) return;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    for (let attempt = 0; ; attempt++) {
      try {
        return await serveFromFolder(absRoot, contents, rules, req, res, headers);
      } catch (error) {
        if (res.headersSent || attempt === RETRY_PAUSES_MS.length) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSES_MS[attempt]));
      }
    }
  };
}

/** Types worth compressing: text (images and fonts are compressed already). */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|javascript)|image\/svg\+xml)/;
/** Smaller files gain less than the encoding costs. */
const MIN_COMPRESSED_BYTES = 1024;

type Encoding = "br" | "gzip";

/** The encoding to answer with: brotli, else gzip, when `Accept-Encoding` takes it (a `q=0` refuses one). */
function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  return takes("br") ? "br" : takes("gzip") ? "gzip" : null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The compressed bytes of a body, made once per body: the file cache hands out one Buffer per
 * version of a file, so they are kept exactly as long as it is. Brotli at quality 5 and gzip at
 * level 6, as hosts compress on the fly (a 750 KB search index: 25 ms, to a quarter).
 */
const compressedBodies = new WeakMap<Buffer, Partial<Record<Encoding, Promise<Buffer>>>>();

function compressed(body: Buffer, encoding: Encoding): Promise<Buffer> {
  let versions = compressedBodies.get(body);
  if (!versions) compressedBodies.set(body, (versions = {}));
  versions[encoding] ??=
    encoding === "br"
      ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzip(body, { level: 6 });
  return versions[encoding]!;
}

/** Answers with a file's bytes (`relative`: its path below the served folder, / separated), compressed when the client takes it. */
export async function sendFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  relative: string,
  body: Buffer,
  { status = 200, headers = {} }: { status?: number; headers?: Record<string, string> } = {},
): Promise<void> {
  const type = TYPES[path.extname(relative).toLowerCase()] ?? "application/octet-stream";
  const compressible = COMPRESSIBLE.test(type) && body.length >= MIN_COMPRESSED_BYTES;
  const encoding = compressible ? acceptedEncoding(req.headers["accept-encoding"]) : null;
  const sent = encoding ? await compressed(body, encoding) : body;
  res.writeHead(status, {
    ...headers,
    "Content-Type": type,
    "Content-Length": sent.length,
    ...(encoding ? { "Content-Encoding": encoding } : {}),
    // A cache between keeps one answer per encoding.
    ...(compressible ? { Vary: "Accept-Encoding" } : {}),
    "Cache-Control": isHashedAsset(relative) ? "public, max-age=31536000, immutable" : "no-cache",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : sent);
}

export function startStaticServer(
  root: string,
  port: number,
  host = "127.0.0.1",
  hooks: RequestHook[] = [],
  headers: Record<string, string> = {},
): Promise<http.Server> {
  const handler = createStaticHandler(root, hooks, headers);
  const server = http.createServer((req, res) => {
    // Whatever failed (the folder being replaced, a file that cannot be read), the answer says
    // nothing about it: an error's message names paths of the machine.
    handler(req, res).catch(() => {
      if (!res.headersSent)
        res.writeHead(503, {
          "Content-Type": "text/plain; charset=utf-8",
          "Retry-After": "1",
          "Cache-Control": "no-store",
        });
      res.end("Service unavailable; try again in a moment");
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
