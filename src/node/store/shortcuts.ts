// Build shortcuts: facts one build keeps so the next can skip work it would only repeat. Each is
// exact (it is used only while what it was made from hashes the same), and each costs nothing
// but speed when it is missing. What each saves was measured on a warm build of content/.
// They are kept beside the page store, in `shortcuts.json` of the site's store folder.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ModuleBundle, ModuleCache, ModuleInputs } from "../bundled-import.ts";
import type { WrittenStamps } from "../pipeline/staging.ts";
import type { KeptStylesheet, StylesheetShortcut } from "../render/site-css.ts";

interface Kept {
  version: 1;
  /**
   * The site's page templates' folder and override files (`dir`, as one text) and the files they
   * were made from: a build whose pages are all stored does not bundle and import the templates
   * (esbuild and React's import: about 150 ms). Paths from the project root (project-paths.ts
   * `keep`): every checkout of the project finds them.
   */
  templates: { dir: string; inputs: ModuleInputs } | null;
  /**
   * The config and the site's other modules (a sidebars module) as last bundled, by file: no
   * esbuild start (60-100 ms). By absolute path: the bundled code names the files it imports by
   * theirs, so each checkout has its own (the last few kept).
   */
  bundles: Record<string, ModuleBundle>;
  /** The site's custom stylesheets as last bundled, with the files they were made from: no esbuild start. */
  stylesheet: KeptStylesheet | null;
  /** A hash of the page keys and output files the last successful build validated: no link validation (about 80 ms). */
  validated: string | null;
  /**
   * Per output folder, the size, time and inode of each file the last build wrote there: an
   * output folder that already holds the site is left as it is (no staging folder, no 1,000 writes: about 100 ms).
   */
  outputs: Record<string, WrittenStamps>;
}

const KEEP_OUTPUTS = 4;
const KEEP_BUNDLES = 16;
const empty = (): Kept => ({
  version: 1,
  templates: null,
  bundles: {},
  stylesheet: null,
  validated: null,
  outputs: {},
});

export class BuildShortcuts implements ModuleCache, StylesheetShortcut {
  private kept: Kept;
  private dirty = false;

  /** Shortcuts kept in `dir` (none kept on disk when it is null). */
  constructor(private readonly dir: string | null) {
    this.kept = this.read();
  }

  private read(): Kept {
    if (!this.dir) return empty();
    try {
      const kept = JSON.parse(readFileSync(path.join(this.dir, "shortcuts.json"), "utf8")) as Kept;
      if (kept.version === 1) return { ...empty(), ...kept };
    } catch {
      // None yet, or damaged: no shortcuts.
    }
    return empty();
  }

  private keep<K extends keyof Kept>(key: K, value: Kept[K]): void {
    if (JSON.stringify(value) === JSON.stringify(this.kept[key])) return;
    this.kept = { ...this.kept, [key]: value };
    this.dirty = true;
  }

  get templates(): Kept["templates"] {
    return this.kept.templates;
  }
  set templates(templates: Kept["templates"]) {
    this.keep("templates", templates);
  }

  /** A module of the site as last bundled (ModuleCache). */
  get(file: string): ModuleBundle | null {
    return this.kept.bundles[file] ?? null;
  }
  set(file: string, bundle: ModuleBundle): void {
    if (this.kept.bundles[file]?.code === bundle.code) return;
    // The most recently bundled last: checkouts at paths that come and go (CI workspaces) do not pile up.
    const others = Object.entries(this.kept.bundles).filter(([f]) => f !== file);
    this.keep("bundles", Object.fromEntries([...others.slice(-(KEEP_BUNDLES - 1)), [file, bundle]]));
  }

  get stylesheet(): KeptStylesheet | null {
    return this.kept.stylesheet;
  }
  set stylesheet(stylesheet: KeptStylesheet | null) {
    this.keep("stylesheet", stylesheet);
  }

  get validated(): string | null {
    return this.kept.validated;
  }
  set validated(stamp: string | null) {
    this.keep("validated", stamp);
  }

  /** What the last build wrote into an output folder. */
  written(outDir: string): WrittenStamps | null {
    return this.kept.outputs[outDir] ?? null;
  }
  setWritten(outDir: string, stamps: WrittenStamps): void {
    // The last few folders written (`check` writes a new temporary one each time).
    const others = Object.entries(this.kept.outputs).filter(([dir]) => dir !== outDir);
    this.keep("outputs", Object.fromEntries([...others.slice(-(KEEP_OUTPUTS - 1)), [outDir, stamps]]));
  }

  /** Writes the shortcuts if any changed (to a temporary file, then renamed). */
  save(): void {
    if (!this.dirty || !this.dir) return;
    const file = path.join(this.dir, "shortcuts.json");
    const temp = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(this.dir, { recursive: true });
      writeFileSync(temp, JSON.stringify(this.kept));
      renameSync(temp, file);
      this.dirty = false;
    } catch {
      rmSync(temp, { force: true });
    }
  }
}
