// Errors a user can act on: they name the file, line and column that caused them, in the one form
// editors, terminals and CI annotation matchers read: `file:line:col: error message`.
import path from "node:path";

export interface SourceLocation {
  file: string;
  line?: number;
  /** 1-based column where the link, key or block the message is about starts. */
  column?: number;
}

/** A problem to report: its message and, for a problem of the sources, where it is. */
export interface Diagnostic extends Partial<SourceLocation> {
  message: string;
}

export type Severity = "error" | "warning";

export class SsodocsError extends Error {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;

  constructor(message: string, location?: SourceLocation) {
    super(message);
    this.name = "SsodocsError";
    this.file = location?.file;
    this.line = location?.line;
    this.column = location?.column;
  }

  /** What the terminal shows: one diagnostic, or one per problem for an error that gathers several. */
  diagnostics(): Diagnostic[] {
    return [{ message: this.message, file: this.file, line: this.line, column: this.column }];
  }
}

/** A letter, digit or underscore: what an address found in a line must not be glued to. */
const WORD = /[\p{L}\p{N}_]/u;
const isWord = (c: string | undefined) => c !== undefined && WORD.test(c);

/**
 * Where `needle` stands in `text` as a whole, not inside a longer word (the link `x` is not the x
 * of `index`, nor `/a` the start of `/about`); -1 when it stands nowhere so.
 */
export function wholeIndexOf(text: string, needle: string): number {
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    const gluedBefore = isWord(text[at - 1]) && isWord(needle[0]);
    const gluedAfter = isWord(text[at + needle.length]) && isWord(needle.at(-1));
    if (!gluedBefore && !gluedAfter) return at;
  }
  return -1;
}

/**
 * The 1-based column where `needle` starts in a source line (where it stands whole, else where it
 * first appears): for the target of a Markdown link or image (`[text](needle`), where the link
 * starts (its `[` or `!`); without a needle (or not found), the line's first character that is
 * not blank, where a block starts.
 */
export function columnIn(lineText: string, needle?: string): number {
  const whole = needle ? wholeIndexOf(lineText, needle) : -1;
  const at = needle && whole < 0 ? lineText.indexOf(needle) : whole;
  if (at >= 0) return linkStart(lineText, at) + 1;
  const blank = /^\s*/.exec(lineText)![0].length;
  return blank < lineText.length ? blank + 1 : 1;
}

/** The offset of the `[` (or `!` of an image) of a Markdown link whose target starts at `at`; else `at`. */
function linkStart(text: string, at: number): number {
  const open = text.lastIndexOf("](", at);
  if (open < 0 || !/^\(\s*<?$/.test(text.slice(open + 1, at))) return at;
  let depth = 0;
  for (let i = open; i >= 0; i--) {
    if (text[i] === "]") depth++;
    else if (text[i] === "[" && --depth === 0) return text[i - 1] === "!" ? i - 1 : i;
  }
  return at;
}

/** The 1-based line and column of a character offset in a text. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, column: offset - lineStart + 1 };
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

/** A path as shown: relative to `root` (the working folder) when inside it, else as it is. */
export function shownPath(file: string, root = process.cwd()): string {
  const relative = path.relative(root, file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}

/** The problems an error stands for: the places of a user's errors, the path and condition of the system's; stacks only when asked for. */
export function diagnosticsOf(error: unknown, verbose = verboseRequested()): Diagnostic[] {
  if (error instanceof SsodocsError) return error.diagnostics();
  if (!(error instanceof Error)) return [{ message: String(error) }];
  const stack = verbose && error.stack ? `\n${error.stack}` : "";
  const {
    code,
    path: file,
    dest,
    syscall,
    address,
    port,
  } = error as NodeJS.ErrnoException & { dest?: string; address?: string; port?: number };
  if (code && CONDITIONS[code]) {
    const at = address && port !== undefined ? `${address}:${port}` : address;
    const where = file ? `${shownPath(file)}${dest ? ` -> ${shownPath(dest)}` : ""}` : (at ?? syscall ?? "");
    return [{ message: `${where ? `${where}: ` : ""}${CONDITIONS[code]}${stack}` }];
  }
  return [{ message: `${error.message.split("\n")[0]}${stack || " (run with --verbose for the details)"}` }];
}

/** Problems of one file printed at most, of each severity: a doc with 20,000 broken links prints 20 lines, not 20,000. */
const SHOWN_PER_FILE = 20;

/**
 * The problems as printed: at most SHOWN_PER_FILE of each file (in order), the last of them
 * saying how many more that file has. Every problem still counts (exit code, `check --json`).
 */
export function shownProblems<D extends Diagnostic>(problems: readonly D[], severity: Severity): D[] {
  const total = new Map<string | undefined, number>();
  for (const p of problems) total.set(p.file, (total.get(p.file) ?? 0) + 1);
  const seen = new Map<string | undefined, number>();
  const shown: D[] = [];
  for (const p of problems) {
    const n = (seen.get(p.file) ?? 0) + 1;
    seen.set(p.file, n);
    if (n > SHOWN_PER_FILE) continue;
    const more = total.get(p.file)! - SHOWN_PER_FILE;
    if (n < SHOWN_PER_FILE || more <= 0) shown.push(p);
    else {
      const others = `${more.toLocaleString("en-US")} more ${severity}${more === 1 ? "" : "s"}`;
      shown.push({ ...p, message: `${p.message} (${others} ${p.file ? "in this file " : ""}not shown)` });
    }
  }
  return shown;
}

/**
 * One line: `file:line:col: error message` for a problem of the sources (the file relative to
 * `root`, the project; line and column 1 for a problem of the whole file), `error message` for
 * any other. `paint` colours the severity.
 */
export function formatDiagnostic(
  severity: Severity,
  d: Diagnostic,
  root?: string,
  paint: (severity: Severity) => string = (s) => s,
): string {
  if (!d.file) return `${paint(severity)} ${printable(d.message, true)}`;
  return `${printable(shownPath(d.file, root))}:${d.line ?? 1}:${d.column ?? 1}: ${paint(severity)} ${printable(d.message, true)}`;
}

/**
 * Control characters shown escaped (`\x1b`): content names files and writes the text messages
 * quote, and a terminal or CI log would act on an escape sequence in them (clear the screen,
 * colour, rewrite earlier lines). A file name is one line; a message keeps its line ends.
 */
function printable(text: string, lineEnds = false): string {
  const control = lineEnds ? /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g : /[\u0000-\u001f\u007f-\u009f]/g;
  return text.replace(control, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/** Opens the message of every warning about unsafe raw HTML that was removed. */
export const UNSAFE_REMOVED = "raw HTML: removed ";

/** The text of the file warnings are found in (a doc's body, from the line it starts on), to find their columns in. */
export interface SourceText {
  file: string;
  text: string;
  firstLine: number;
}

/** Warnings collected during a build and printed above its closing line. */
export class Warnings {
  readonly items: Diagnostic[] = [];
  private lines: string[] | null = null;

  constructor(private readonly source?: SourceText) {}

  /** The column of `line` of the source file where `needle` (else the line's first character) starts. */
  columnOf(file: string, line: number, needle?: string): number | undefined {
    const source = this.source;
    if (!source || source.file !== file) return undefined;
    this.lines ??= source.text.split("\n");
    const text = this.lines[line - source.firstLine];
    return text === undefined ? undefined : columnIn(text, needle);
  }

  /** A warning; `needle` is the text it is about, to point at its column. */
  add(message: string, location?: SourceLocation & { needle?: string }): void {
    if (!location) {
      this.items.push({ message });
      return;
    }
    const { needle, ...where } = location;
    const column = where.column ?? (where.line ? this.columnOf(where.file, where.line, needle) : undefined);
    this.items.push({ message, ...where, ...(column ? { column } : {}) });
  }

  /** Warnings made elsewhere (the config's), in their order. */
  addAll(diagnostics: readonly Diagnostic[]): void {
    for (const { message, ...where } of diagnostics)
      this.add(message, where.file ? { ...where, file: where.file } : undefined);
  }

  /** Each warning as `file:line:col: message` (the file as found). */
  get list(): string[] {
    return this.items.map((d) => (d.file ? `${d.file}:${d.line ?? 1}:${d.column ?? 1}: ${d.message}` : d.message));
  }

  /** The warnings about unsafe content removed from a page (raw HTML): `ssodocs check` fails on them. */
  get unsafe(): Diagnostic[] {
    return this.items.filter((w) => w.message.includes(UNSAFE_REMOVED));
  }
}
