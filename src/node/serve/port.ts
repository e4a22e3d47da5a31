// `ssodocs serve` on a busy port: the port is tried before anything is built, and, as Vite does,
// the next ones after it; the command says which it took.
import net from "node:net";
import { SsodocsError } from "../errors.ts";

/** Ports tried: the one asked for and the next ones. */
const TRIES = 10;

/** Whether `host` can listen on `port` now; an error other than "in use" (no permission, no such address) is thrown. */
function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "EADDRINUSE" ? resolve(false) : reject(error),
    );
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** The first free port of `port` and the next ones (0: any); an error naming them when all are in use. */
export async function freePort(port: number, host: string): Promise<number> {
  if (port === 0) return 0;
  const last = Math.min(65535, port + TRIES - 1);
  for (let p = port; p <= last; p++) if (await canListen(p, host)) return p;
  const ports = last === port ? `port ${port}` : `ports ${port} to ${last}`;
  throw new SsodocsError(`${ports} on ${host} ${last === port ? "is" : "are all"} in use; choose another with --port`);
}
