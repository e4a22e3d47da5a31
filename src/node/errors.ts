// Errors a user can act on: they name the file (and line) that caused them.
import path from "node:path";

export interface SourceLocation {
  file: string;
  line?: number;
}

export class SsodocsError extends Error {
  readonly file?: string;
  readonly line?: number;

  constructor(message: string, location?: SourceLocation) {
    super(message);
    this.name = "SsodocsError";
    this.file = location?.file;
    this.line = location?.line;
  }

  /** `file:line: message`, the form editors and terminals turn into links. */
  format(): string {
    if (!this.file) return this.message;
    return `${this.file}${this.line ? `:${this.line}` : ""}: ${this.message}`;
  }
}

/** Several errors found in one pass, reported together. */
export class SsodocsErrors extends Error {
  constructor(readonly errors: SsodocsError[]) {
    super(errors.map((e) => e.format()).join("\n"));
    this.name = "SsodocsErrors";
  }
}

/** What the operating system's error codes mean, in words. */
const CONDITIONS: Record<string, string> = {
  EROFS: "read-only file system",
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOENT: "no such file or folder",
  ENOTDIR: "a part of the path is a file, not a folder",
  EISDIR: "is a folder, not a file",
  ENOTEMPTY: "the folder is not empty",
  EEXIST: "exists already",
  EMFILE: "too many open files",
  ENFILE: "too many open files",
  ELOOP: "too many levels of symbolic links",
  ENAMETOOLONG: "name too long",
  EBUSY: "busy",
  EIO: "input/output error",
  EADDRINUSE: "address already in use",
  EADDRNOTAVAIL: "address not available",
};

/** An operating system error's condition in words (`no space left on device`), else its message's first line. */
export function describeCondition(error: NodeJS.ErrnoException): string {
  return (error.code && CONDITIONS[error.code]) || error.message.split("\n")[0];
}

/** Whether stack traces were asked for: `--verbose`, or `DEBUG` naming ssodocs. */
function verboseRequested(argv: string[] = process.argv, env: NodeJS.ProcessEnv = process.env): boolean {
  return argv.includes("--verbose") || /(^|,)\s*(ssodocs|\*)\s*(,|$)/.test(env.DEBUG ?? "");
}

/** A path as errors show it: relative to the working folder when inside it. */
export const shownPath = (file: string) => {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") ? relative : file;
};

/** One line for the terminal: the file and line of a user's error, or the path and condition of the system's; stacks only when asked for. */
export function formatError(error: unknown, verbose = verboseRequested()): string {
  if (error instanceof SsodocsError) return error.format();
  if (error instanceof SsodocsErrors) return error.message;
  if (!(error instanceof Error)) return String(error);
  const stack = verbose && error.stack ? `\n${error.stack}` : "";
  const {
    code,
    path: file,
    dest,
    syscall,
    address,
  } = error as NodeJS.ErrnoException & { dest?: string; address?: string };
  if (code && CONDITIONS[code]) {
    const where = file ? `${shownPath(file)}${dest ? ` -> ${shownPath(dest)}` : ""}` : (address ?? syscall ?? "");
    return `${where ? `${where}: ` : ""}${CONDITIONS[code]}${stack}`;
  }
  return `${error.message.split("\n")[0]}${stack || " (run with --verbose for the details)"}`;
}

/** Opens the message of every warning about unsafe raw HTML that was removed. */
export const UNSAFE_REMOVED = "raw HTML: removed ";

/** Warnings collected during a build and printed above its closing line. */
export class Warnings {
  readonly list: string[] = [];
  add(message: string, location?: SourceLocation): void {
    const where = location ? `${location.file}${location.line ? `:${location.line}` : ""}: ` : "";
    this.list.push(`${where}${message}`);
  }
  /** The warnings about unsafe content removed from a page (raw HTML): `ssodocs check` fails on them. */
  get unsafe(): string[] {
    return this.list.filter((w) => w.includes(UNSAFE_REMOVED));
  }
}
