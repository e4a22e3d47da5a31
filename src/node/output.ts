// Terminal output: short lines; problems as `file:line:col: error message` (files shown from the
// project); colour as NO_COLOR and FORCE_COLOR say, else only on a terminal; a progress line only
// on a terminal, never when piped or in CI.
import { type Diagnostic, formatDiagnostic, type Severity } from "./errors.ts";

export interface Output {
  /** The project: files in messages are shown relative to it. */
  root: string;
  info(line: string): void;
  warn(problem: Diagnostic | string): void;
  error(problem: Diagnostic | string): void;
  /**
   * What is going on now (a stage, pages done of all): one line, replaced by the next, kept below
   * other output and cleared by `done`; only on a terminal, never in CI. A new stage is drawn at
   * once, how far it is at most every 100 ms.
   */
  stage(line: string): void;
  progress(line: string): void;
  done(): void;
}

type Env = NodeJS.ProcessEnv;

/** FORCE_COLOR (but 0 or false) asks for colour, NO_COLOR (set, not empty) for none, else a terminal has it. */
function colorWanted(stream: NodeJS.WriteStream, env: Env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !["0", "false"].includes(force.toLowerCase());
  if (env.NO_COLOR) return false;
  return !!stream.isTTY && env.TERM !== "dumb";
}

/** CI services set CI (true, or their name); a CI log keeps every line, so a line that rewrites itself is noise there. */
const inCi = (env: Env) => !!env.CI && !["0", "false"].includes(env.CI.toLowerCase());

const progressWanted = (stream: NodeJS.WriteStream, env: Env) => !!stream.isTTY && env.TERM !== "dumb" && !inCi(env);

/** A progress line redrawn at most this often (a line per page would cost more than the pages). */
const PROGRESS_EVERY_MS = 100;

/** The progress line on stderr: drawn over itself, cleared before other output and drawn again after it. */
function progressLine(stream: NodeJS.WriteStream, enabled: boolean) {
  let shown = "";
  let last = "";
  let drawnAt = 0;
  const clear = () => {
    if (shown) stream.write("\r\x1b[2K");
    shown = "";
  };
  const draw = (line: string) => {
    // Cut to the terminal's width: a wrapped line could not be drawn over.
    const width = Math.max(20, (stream.columns || 80) - 1);
    const text = line.length > width ? `${line.slice(0, width - 1)}…` : line;
    stream.write(`\r\x1b[2K${text}`);
    shown = text;
    drawnAt = performance.now();
  };
  return {
    set(line: string, now: boolean) {
      if (!enabled) return;
      last = line;
      if (now || !shown || performance.now() - drawnAt >= PROGRESS_EVERY_MS) draw(line);
    },
    /** Writes `text` with the progress line out of its way. */
    around(write: () => void) {
      const again = shown ? last : "";
      clear();
      write();
      if (again) draw(again);
    },
    done() {
      clear();
      last = "";
    },
  };
}

export function createOutput(env: Env = process.env): Output {
  // Output piped into a reader that stops early (`ssodocs check --json | head`) is simply not read:
  // the command still finishes and keeps its exit code.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
    });
  }
  const color = colorWanted(process.stderr, env);
  const paint = (severity: Severity) =>
    color ? `\x1b[${severity === "error" ? 31 : 33}m${severity}\x1b[39m` : severity;
  const progress = progressLine(process.stderr, progressWanted(process.stderr, env));
  const problem = (severity: Severity, p: Diagnostic | string) => {
    const line = formatDiagnostic(severity, typeof p === "string" ? { message: p } : p, output.root, paint);
    progress.around(() => process.stderr.write(`${line}\n`));
  };
  const output: Output = {
    root: process.cwd(),
    info: (line) => progress.around(() => process.stdout.write(`${line}\n`)),
    warn: (p) => problem("warning", p),
    error: (p) => problem("error", p),
    stage: (line) => progress.set(line, true),
    progress: (line) => progress.set(line, false),
    done: () => progress.done(),
  };
  return output;
}
