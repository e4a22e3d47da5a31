// How keys, stamps and caches name a file: the same in every checkout of a project, at any path
// (issue 30). A CI runner that restores the cache into another workspace, a second clone or a
// moved folder then takes its pages from the store. A file of the project is named by its path
// from the project root (the git work tree holding the config, else the config's folder, as the
// input gate has it); a package's file by its path from its node_modules; one of ssodocs's own
// files (ssodocs used from a checkout of it) by its path in ssodocs. Only a file that is none of
// these keeps its absolute path.
import path from "node:path";
import type { ModuleInputs } from "./bundled-import.ts";
import { projectRootOf } from "./input-files.ts";
import { PACKAGE_ROOT } from "./paths.ts";
import { isWithin, realPathOf } from "./util/paths.ts";

const posix = (relative: string) => relative.split(path.sep).join("/");
const NODE_MODULES = `${path.sep}node_modules${path.sep}`;

/** Names the files of the project whose config is `configFile` (see above). */
export class ProjectPaths {
  /** The project root as written and as a real path (esbuild names the files it bundled by their real paths). */
  private readonly root: string;
  private readonly realRoot: string;

  constructor(configFile: string) {
    this.root = projectRootOf(configFile);
    this.realRoot = realPathOf(this.root);
  }

  /** The name of a file (an absolute path) in keys and caches. */
  nameOf(file: string): string {
    for (const root of [this.realRoot, this.root]) if (isWithin(root, file)) return posix(path.relative(root, file));
    const modules = file.lastIndexOf(NODE_MODULES);
    if (modules >= 0) return posix(file.slice(modules + 1));
    if (isWithin(PACKAGE_ROOT, file)) return `ssodocs:${posix(path.relative(PACKAGE_ROOT, file))}`;
    return file;
  }

  /** A module's inputs as keys name them, in a stable order. */
  inputNames(inputs: ModuleInputs): ModuleInputs {
    return inputs
      .map(([file, hash]): [string, string] => [this.nameOf(file), hash])
      .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  }

  /** A path as kept in a cache for this checkout to find again: from the real project root (it may lead above it). */
  keep(file: string): string {
    return posix(path.relative(this.realRoot, file));
  }

  /** The absolute path of a path kept with `keep`, in this checkout. */
  find(kept: string): string {
    return path.resolve(this.realRoot, kept);
  }
}
