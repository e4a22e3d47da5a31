// Terminal output: short lines, colour only on a TTY and never when NO_COLOR is set.
export interface Output {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

function colorWanted(stream: NodeJS.WriteStream): boolean {
  return !!stream.isTTY && !("NO_COLOR" in process.env) && process.env.TERM !== "dumb";
}

export function createOutput(): Output {
  // Output piped into a reader that stops early (`ssodocs check --json | head`) is simply not read:
  // the command still finishes and keeps its exit code.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
    });
  }
  const color = colorWanted(process.stderr);
  const paint = (code: string, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  return {
    info: (line) => process.stdout.write(`${line}\n`),
    warn: (line) => process.stderr.write(`${paint("33", "warning")} ${line}\n`),
    error: (line) => process.stderr.write(`${paint("31", "error")} ${line}\n`),
  };
}
