// Errors a user can act on: they name the file (and line) that caused them.

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

export function formatError(error: unknown): string {
  if (error instanceof SsodocsError) return error.format();
  if (error instanceof SsodocsErrors) return error.message;
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

/** Warnings collected during a build and printed above its closing line. */
export class Warnings {
  readonly list: string[] = [];
  add(message: string, location?: SourceLocation): void {
    const where = location ? `${location.file}${location.line ? `:${location.line}` : ""}: ` : "";
    this.list.push(`${where}${message}`);
  }
}
