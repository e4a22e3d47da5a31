// The one gate every input file passes before it is read: docs, images, static files, `_category_`
// files, the sidebars file and the custom stylesheets (with what they import and load). Content arrives in pull requests, and a symbolic link in one could
// publish any file of the machine (`ln -s /etc/passwd docs/x.md`), a CI token from `.git/config`,
// or hang the build on `/dev/zero`. So a file is read only when its real path (links resolved)
// lies inside the project (the git work tree holding the config, else the config's folder) or one
// of the configured source folders, not inside `.git`, `node_modules` or another dot folder, and
// it is a regular file within its size limit (limits.ts). Links inside the project are followed,
// as Docusaurus follows them (authentik's `website/static/blueprints -> ../../blueprints/`).
import {
  closeSync,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  type Stats,
  statSync,
} from "node:fs";
import path from "node:path";
import { SsodocsError } from "./errors.ts";
import { MAX_ASSET_BYTES, MAX_DATA_FILE_BYTES, MAX_DOC_BYTES, limitText, megabytes } from "../shared/limits.ts";
import { listFiles } from "./util/files.ts";
import { isWithin } from "./util/paths.ts";

export type InputKind = "doc" | "category" | "sidebars" | "stylesheet" | "image" | "static";

const LIMITS: Record<InputKind, { bytes: number; name: string }> = {
  doc: { bytes: MAX_DOC_BYTES, name: "a doc" },
  category: { bytes: MAX_DATA_FILE_BYTES, name: "a _category_ file" },
  sidebars: { bytes: MAX_DATA_FILE_BYTES, name: "a sidebars file" },
  stylesheet: { bytes: MAX_DATA_FILE_BYTES, name: "a stylesheet" },
  image: { bytes: MAX_ASSET_BYTES, name: "an image" },
  static: { bytes: MAX_ASSET_BYTES, name: "a static file" },
};

/** The folder names never read from, wherever they are. */
const NEVER = new Set([".git", "node_modules"]);

/** The project: the nearest folder holding `.git` (a folder, or a file in a worktree) above the config, else the config's folder. */
export function projectRootOf(configFile: string): string {
  const start = path.dirname(path.resolve(configFile));
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, ".git"))) return dir;
    if (path.dirname(dir) === dir) return start;
  }
}

/** The folders a site's inputs come from: the config's, the docs folder and the static folders. */
export interface InputFolders {
  configFile: string;
  docsDir: string;
  staticDirs: string[];
}

/** What the gate found: the file's real path and size, or why it may not be read. */
export type Inspection = { real: string; size: number } | { why: string; missing?: boolean };

const realOrSelf = (dir: string) => {
  try {
    return realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
};

/** The link that leads a path elsewhere, as `link -> target`: the path itself, or the nearest folder above it that is a link. */
function linkShown(file: string): string | null {
  for (let at = path.resolve(file); path.dirname(at) !== at; at = path.dirname(at)) {
    try {
      if (lstatSync(at).isSymbolicLink()) return `${at === path.resolve(file) ? "" : `${at} `}-> ${readlinkSync(at)}`;
    } catch {
      // A part that does not exist: look further up.
    }
  }
  return null;
}

function kindOf(stats: Stats): string {
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  return stats.isDirectory() ? "a folder" : "not a file";
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

export class InputFiles {
  /** The project's real path. */
  readonly project: string;
  /** The configured source folders (real paths); a static folder's own dot folders (`.well-known`) are published. */
  private readonly folders: { real: string; dotFolders: boolean }[];

  constructor({ configFile, docsDir, staticDirs }: InputFolders) {
    const project = projectRootOf(configFile);
    this.project = realOrSelf(project);
    for (const [dir, label] of [[docsDir, "docs folder"], ...staticDirs.map((d) => [d, "static folder"])])
      this.checkSourceFolder(project, dir, label);
    this.folders = [
      { real: realOrSelf(docsDir), dotFolders: false },
      ...staticDirs.map((dir) => ({ real: realOrSelf(dir), dotFolders: true })),
    ];
  }

  /**
   * A source folder the config names inside the project must be there in fact: a pull request
   * that replaces `static/` (or `docs/`) by a link to `.git`, or to a folder outside the project,
   * changes no line of the config but would publish what the link leads to. A folder the config
   * names outside the project is the maintainers' choice, as written.
   */
  private checkSourceFolder(project: string, dir: string, label: string): void {
    const named = path.resolve(dir);
    if (!isWithin(path.resolve(project), named)) return;
    const real = realOrSelf(dir);
    const namedParts = new Set(path.relative(path.resolve(project), named).split(path.sep));
    const fail = (where: string) => {
      throw new SsodocsError(
        `the ${label} is a link that leads ${where}: ${linkShown(dir) ?? `its real path is ${real}`}`,
        {
          file: dir,
        },
      );
    };
    if (!isWithin(this.project, real)) fail(`outside the project (${this.project})`);
    const parts = path.relative(this.project, real).split(path.sep).filter(Boolean);
    const never = parts.find((part) => NEVER.has(part));
    if (never) fail(`into ${never}, which is never read`);
    const dot = parts.find((part) => part.startsWith(".") && !namedParts.has(part));
    if (dot) fail(`into a dot folder (${dot}), which is never read`);
  }

  /** Why a real path may not be read (what it leads into), or null. */
  private refusal(real: string, folder: boolean): string | null {
    const source = this.folders.filter((f) => isWithin(f.real, real)).sort((a, b) => b.real.length - a.real.length)[0];
    const base = source?.real ?? (isWithin(this.project, real) ? this.project : null);
    if (base === null) return `outside the project (${this.project})`;
    const parts = path.relative(base, real).split(path.sep).filter(Boolean);
    const never = parts.find((part) => NEVER.has(part));
    if (never) return `into ${never}, which is never read`;
    if (source?.dotFolders) return null;
    // In the docs folder a file's own name may start with a dot; elsewhere in the project nothing reached through a link may.
    const named = source && !folder ? parts.slice(0, -1) : parts;
    const dot = named.find((part) => part.startsWith("."));
    const what = dot === parts[parts.length - 1] && !folder ? "file" : "folder";
    return dot ? `into a dot ${what} (${dot}), which is never read` : null;
  }

  /** Checks a file (or with `folder`, a folder) without reading it. */
  inspect(file: string, kind: InputKind, folder = false): Inspection {
    try {
      lstatSync(file);
    } catch (error) {
      return { why: `cannot read file: ${errorCode(error)}`, missing: errorCode(error) === "ENOENT" };
    }
    let real: string;
    try {
      real = realpathSync(file);
    } catch (error) {
      const code = errorCode(error);
      const why = code === "ENOENT" ? "points at nothing" : code === "ELOOP" ? "leads round in a loop" : null;
      return { why: why ? `this link ${why}: ${linkShown(file)}` : `cannot read file: ${code}` };
    }
    return this.judge(file, real, kind, folder);
  }

  /** Checks a path whose real path is known: where it leads, what it is, its size. */
  private judge(file: string, real: string, kind: InputKind, folder: boolean): Inspection {
    const refused = this.refusal(real, folder);
    // Worked out only for a message: it looks at every folder above the file.
    const shown = () => linkShown(file) ?? `its real path is ${real}`;
    if (refused) return { why: `this ${linkShown(file) ? "link" : "path"} leads ${refused}: ${shown()}` };
    const stats = statSync(real);
    if (folder ? !stats.isDirectory() : !stats.isFile())
      return { why: `not a regular ${folder ? "folder" : "file"} but ${kindOf(stats)}: ${shown()}` };
    return this.sizeRefusal(stats.size, kind) ?? { real, size: stats.size };
  }

  private sizeRefusal(size: number, kind: InputKind): { why: string } | null {
    const limit = LIMITS[kind];
    if (size <= limit.bytes) return null;
    return { why: `the file is ${megabytes(size)}; ${limit.name} may be at most ${limitText(limit.bytes)}` };
  }

  /** Throws an error naming the file unless it may be read. */
  check(file: string, kind: InputKind): { real: string; size: number } {
    const found = this.inspect(file, kind);
    if ("why" in found) throw new SsodocsError(found.why, { file });
    return found;
  }

  /** The bytes of an input file, after the checks (the file opened is the one checked, still a regular file of its size). */
  read(file: string, kind: InputKind): Buffer {
    const { real } = this.check(file, kind);
    let fd: number;
    try {
      fd = openSync(real, "r");
    } catch (error) {
      throw new SsodocsError(`cannot read file: ${errorCode(error)}`, { file });
    }
    try {
      const stats = fstatSync(fd);
      const refused = stats.isFile() ? this.sizeRefusal(stats.size, kind) : { why: "not a regular file" };
      if (refused) throw new SsodocsError(refused.why, { file });
      return readFileSync(fd);
    } catch (error) {
      if (error instanceof SsodocsError) throw error;
      throw new SsodocsError(`cannot read file: ${errorCode(error)}`, { file });
    } finally {
      closeSync(fd);
    }
  }

  readText(file: string, kind: InputKind): string {
    return this.read(file, kind).toString("utf8");
  }

  /** Throws, naming the link and its target, unless a link to a folder met while listing may be walked into. */
  private checkFolderLink = (link: string, real: string): void => {
    const found = this.judge(link, real, "static", true);
    if ("why" in found) throw new SsodocsError(found.why, { file: link });
  };

  /**
   * Files below a source folder (relative, sorted), links to folders followed once checked (a
   * link loop ends the walk down that path); `.git` and `node_modules` are never listed.
   */
  list(dir: string, options: { hidden: boolean; ignore?: string[]; keep?: (name: string) => boolean }) {
    const { ignore = [], ...rest } = options;
    return listFiles(dir, {
      ...rest,
      ignore: [...[...NEVER].flatMap((name) => [`**/${name}`, `**/${name}/**`]), ...ignore],
      followFolderLinks: true,
      checkFolderLink: this.checkFolderLink,
    });
  }

  /** The files of a static folder (relative paths), each checked now: a bad link fails the build before anything is written. */
  staticFiles(staticDir: string): string[] {
    const files = this.list(staticDir, { hidden: true });
    for (const file of files) this.check(path.join(staticDir, file), "static");
    return files;
  }
}
