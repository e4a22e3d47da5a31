// The dev server's side of live reload: Server-Sent Events to every open page (reload these
// routes, a build error, the error is gone) and the small script that listens to them.
import type http from "node:http";
import { toolManifest } from "../paths.ts";
import type { RequestHook } from "../serve/static.ts";

const LIVE_SCRIPT_PATH = "/__ssodocs/live.js";
const EVENTS_PATH = "/__ssodocs/events";

export interface BuildErrorInfo {
  message: string;
  file?: string;
  line?: number;
}

export type LiveEvent =
  /** `payloads`: the text of the payload of some of the routes, by route (the page shows it without asking for it). */
  | { type: "reload"; routes: string[]; all: boolean; payloads?: Record<string, string> }
  | { type: "error"; error: BuildErrorInfo }
  | { type: "ok" };

export class LiveChannel {
  private clients = new Set<http.ServerResponse>();
  private script = "";
  /** The error the site is in, sent to pages as they connect. */
  error: BuildErrorInfo | null = null;
  private keepAlive: NodeJS.Timeout;

  constructor() {
    this.keepAlive = setInterval(() => {
      for (const c of this.clients) c.write(": keep-alive\n\n");
    }, 20_000);
    this.keepAlive.unref();
  }

  /** The tag every page gets in its <head>. */
  get headHtml(): string {
    return `<script src="${LIVE_SCRIPT_PATH}" defer></script>`;
  }

  /** The live-reload script (src/client/dev/live-reload.ts), compiled with the tool. */
  async prepare(): Promise<void> {
    this.script = toolManifest().client.liveReload;
  }

  get connections(): number {
    return this.clients.size;
  }

  send(event: LiveEvent): void {
    if (event.type === "error") this.error = event.error;
    if (event.type === "ok") this.error = null;
    const data = `data: ${JSON.stringify(event)}\n\n`;
    for (const c of this.clients) c.write(data);
  }

  readonly hook: RequestHook = (req, res) => {
    const url = (req.url ?? "").split("?")[0];
    if (url === LIVE_SCRIPT_PATH) {
      res
        .writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" })
        .end(this.script);
      return true;
    }
    if (url !== EVENTS_PATH) return false;
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write(
      `retry: 300\n\ndata: ${JSON.stringify(this.error ? { type: "error", error: this.error } : { type: "ok" })}\n\n`,
    );
    this.clients.add(res);
    req.on("close", () => this.clients.delete(res));
    return true;
  };

  close(): void {
    clearInterval(this.keepAlive);
    for (const c of this.clients) c.end();
    this.clients.clear();
  }
}
