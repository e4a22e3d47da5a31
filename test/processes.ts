// Every process a test starts goes through here (biome refuses node:child_process elsewhere in
// test/), so no test can wait for ever on a process that does not exit: a process run to its end
// has a time limit and fails the test loudly when it has to be killed, and test/setup.ts checks
// after each file that no process its tests started is still alive (killing any that is).
import {
  type ChildProcess,
  type SpawnOptions,
  type SpawnSyncOptions,
  type SpawnSyncReturns,
  spawn as nodeSpawn,
  spawnSync as nodeSpawnSync,
} from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** The longest a process run to its end may take by default (a cold build of a test corpus takes seconds). */
export const SPAWN_TIMEOUT_MS = 120_000;

export type { ChildProcess };

const started = new Set<ChildProcess>();
const timedOut: string[] = [];

const describe = (command: string, args: readonly string[]) =>
  [command, ...args].map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(" ");

const tail = (text: string | undefined) => (text ?? "").split("\n").slice(-20).join("\n");

/**
 * Runs a process to its end (as child_process.spawnSync, output as text). One still running after
 * `timeout` (default SPAWN_TIMEOUT_MS) is killed and the test fails, saying so.
 */
export function spawnSync(
  command: string,
  args: readonly string[],
  options: SpawnSyncOptions = {},
): SpawnSyncReturns<string> {
  const timeout = options.timeout ?? SPAWN_TIMEOUT_MS;
  // Output beyond maxBuffer (1 MB by default) kills the process: a build may warn a great deal.
  const maxBuffer = options.maxBuffer ?? 256 * 1024 * 1024;
  const r = nodeSpawnSync(command, args, { ...options, timeout, maxBuffer, killSignal: "SIGKILL", encoding: "utf8" });
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT") {
    throw new Error(
      `\`${describe(command, args)}\` did not exit within ${timeout / 1000} s and was killed; its last output:\n${tail(r.stdout)}\n${tail(r.stderr)}`,
    );
  }
  return r;
}

/**
 * Starts a process (as child_process.spawn). With `timeout`, one still running then is killed and
 * the test file fails at its end (test/setup.ts); without, it must have exited by then.
 */
export function spawn(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { timeout?: number } = {},
): ChildProcess {
  const { timeout, ...rest } = options;
  const child = nodeSpawn(command, args, rest);
  started.add(child);
  let timer: NodeJS.Timeout | undefined;
  if (timeout !== undefined) {
    timer = setTimeout(() => {
      timedOut.push(`\`${describe(command, args)}\` did not exit within ${timeout / 1000} s and was killed`);
      child.kill("SIGKILL");
    }, timeout);
    timer.unref();
  }
  child.once("exit", () => {
    clearTimeout(timer);
    started.delete(child);
  });
  return child;
}

/** Every process below `pid` (Linux's /proc; elsewhere none), zombies left out: they have exited. */
function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  let names: string[];
  try {
    names = readdirSync("/proc").filter((n) => /^\d+$/.test(n));
  } catch {
    return [];
  }
  for (const name of names) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state === "Z") continue;
      children.set(Number(ppid), [...(children.get(Number(ppid)) ?? []), Number(name)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

const alive = () => [...started].filter((c) => c.exitCode === null && c.signalCode === null);

function commandLine(pid: number, fallback: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim() || fallback;
  } catch {
    return fallback;
  }
}

/**
 * Throws (after killing them) if processes the tests started are still alive a few seconds after
 * the file's last test, or if one had to be killed by its time limit.
 */
export async function assertEveryProcessExited(graceMs = 5_000): Promise<void> {
  for (let waited = 0; alive().length && waited < graceMs; waited += 50) await new Promise((r) => setTimeout(r, 50));
  const problems = timedOut.splice(0);
  for (const child of alive()) {
    const pids = [child.pid!, ...descendantsOf(child.pid!)];
    const what = commandLine(child.pid!, child.spawnargs.join(" "));
    problems.push(`a process the tests started is still alive after the last test (pid ${child.pid}): ${what}`);
    for (const pid of pids.reverse()) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    started.delete(child);
  }
  if (problems.length) throw new Error(problems.join("\n"));
}
