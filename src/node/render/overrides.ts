// A site's component overrides (Docusaurus's swizzle): `theme/<Name>.tsx` beside the config (the
// folder is `themeDir`) replaces the default component <Name> wherever pages use it. They are the
// site's code, as its templates are: bundled by esbuild at build time, their files part of every
// page's key (pipeline/prepare.ts), watched in `serve --watch`.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as esbuild from "esbuild";
import { COMPONENT_NAMES, type ComponentName, type ComponentOverrides } from "../../shared/overridable.ts";
import { importBundled, type ModuleInputs } from "../bundled-import.ts";
import { SsodocsError } from "../errors.ts";
import { DIST } from "../paths.ts";
import { nearestOf } from "../util/nearest.ts";
import { templateFrameOf } from "./page.ts";

/** An override: the component it replaces and its file. */
export interface OverrideFile {
  name: ComponentName;
  file: string;
}

/** What an override file may be: JSX, in TypeScript or not. */
const EXTENSIONS = [".tsx", ".jsx"];
/** Files that may be code: one so named that is no override but nearly names one is a typo. */
const CODE = /\.[cm]?[jt]sx?$/;

const isName = (name: string): name is ComponentName => (COMPONENT_NAMES as string[]).includes(name);

/** The name an entry of the theme folder nearly has, if it is not a helper: same letters in another case, or a typo. */
function nearName(base: string): ComponentName | null {
  const sameLetters = COMPONENT_NAMES.find((n) => n.toLowerCase() === base.toLowerCase());
  if (sameLetters) return sameLetters;
  return /^[A-Z]/.test(base) ? (nearestOf(base, COMPONENT_NAMES) as ComponentName | null) : null;
}

/** The override file of a folder named like a component (`Footer/index.tsx`, as Docusaurus's swizzle writes it). */
function indexOf(dir: string): string {
  const found = EXTENSIONS.map((ext) => path.join(dir, `index${ext}`)).filter((f) => existsSync(f));
  if (found.length === 1) return found[0];
  throw new SsodocsError(
    found.length
      ? `two overrides of ${path.basename(dir)}: ${found.map((f) => path.basename(f)).join(" and ")}; keep one`
      : `this folder is named like a component but holds no index.tsx or index.jsx (the override)`,
    { file: dir },
  );
}

/** The override an entry of the theme folder is, or null for a helper the overrides import. */
function overrideOf(themeDir: string, entry: string): OverrideFile | null {
  const file = path.join(themeDir, entry);
  const folder = statSync(file).isDirectory();
  const ext = folder ? "" : path.extname(entry);
  const base = folder ? entry : entry.slice(0, entry.length - ext.length);
  if (isName(base)) {
    if (folder) return { name: base, file: indexOf(file) };
    if (EXTENSIONS.includes(ext)) return { name: base, file };
    if (!CODE.test(ext)) return null;
    throw new SsodocsError(`an override is a .tsx or .jsx file (${base}.tsx): it returns JSX`, { file });
  }
  if (!folder && !CODE.test(ext)) return null;
  const near = nearName(base);
  if (near)
    throw new SsodocsError(
      `no component is named ${base}; did you mean ${near}? (ssodocs components lists the names; ` +
        "a helper the overrides import takes a name in lower case)",
      { file },
    );
  return null;
}

/**
 * The overrides in a theme folder, in the order of COMPONENT_NAMES (none when there is no such
 * folder). Files and folders of other names are helpers the overrides may import; one named
 * nearly like a component is an error naming the file.
 */
export function findOverrides(themeDir: string | null): OverrideFile[] {
  if (!themeDir || !existsSync(themeDir)) return [];
  const found = new Map<ComponentName, OverrideFile>();
  for (const entry of readdirSync(themeDir).sort()) {
    if (entry.startsWith(".") || entry === "node_modules") continue;
    const override = overrideOf(themeDir, entry);
    if (!override) continue;
    const other = found.get(override.name);
    if (other)
      throw new SsodocsError(
        `two overrides of ${override.name}: ${path.basename(other.file)} and this file; keep one`,
        { file: override.file },
      );
    found.set(override.name, override);
  }
  return COMPONENT_NAMES.flatMap((name) => found.get(name) ?? []);
}

/** Docusaurus's module names, which an override ported from a swizzled component may still import. */
const DOCUSAURUS_MODULE = /^@(theme|theme-original|theme-init|docusaurus)\//;

function docusaurusImport(specifier: string): string {
  const name = specifier.split("/")[1];
  const instead = /^@theme/.test(specifier) && isName(name) ? `import { ${name} } from "ssodocs/theme"` : null;
  return `"${specifier}" is a Docusaurus module, which ssodocs does not have; ${
    instead ? `the default component is ${instead}` : 'ssodocs\'s own components come from "ssodocs/theme"'
  } (ssodocs components lists them)`;
}

/**
 * The modules an override must share with the renderer, whatever the site's folder holds: React
 * (a Docusaurus site's own React 18 would be another instance, whose elements and hooks React 19
 * does not know), and ssodocs itself (`ssodocs/theme`: the default components the pages render).
 */
function sharedModules(): esbuild.Plugin {
  const own = createRequire(import.meta.url);
  const fixed: Record<string, string> = {
    ssodocs: path.join(DIST, "index.mjs"),
    "ssodocs/theme": path.join(DIST, "templates", "theme.mjs"),
  };
  return {
    name: "ssodocs-shared-modules",
    setup(build) {
      build.onResolve({ filter: /^(?:ssodocs|react|react-dom)(?:\/|$)|^@/ }, (args) => {
        if (DOCUSAURUS_MODULE.test(args.path)) return { errors: [{ text: docusaurusImport(args.path) }] };
        if (args.path.startsWith("@")) return undefined;
        const file = fixed[args.path] ?? (/^react(-dom)?(\/|$)/.test(args.path) ? own.resolve(args.path) : null);
        return file ? { path: pathToFileURL(file).href, external: true } : undefined;
      });
    },
  };
}

/** Whether a module's default export is something React renders: a function, or memo()'s and forwardRef()'s objects. */
const isComponent = (value: unknown) =>
  typeof value === "function" ||
  (typeof value === "object" && value !== null && typeof (value as { $$typeof?: unknown }).$$typeof === "symbol");

/** The line of a file's `export default`, to point at in an error. */
function defaultExportLine(file: string): number | undefined {
  const at = readFileSync(file, "utf8")
    .split("\n")
    .findIndex((line) => /^\s*export\s+default\b/.test(line));
  return at < 0 ? undefined : at + 1;
}

/** Bundles and imports the overrides; an error names the override's file and line. */
export async function loadOverrides(
  files: OverrideFile[],
): Promise<{ overrides: ComponentOverrides; inputs: ModuleInputs }> {
  if (files.length === 0) return { overrides: {}, inputs: [] };
  let imported: { modules: { default?: unknown }[]; inputs: ModuleInputs };
  try {
    imported = await importBundled<{ default?: unknown }>(
      files.map((f) => f.file),
      [sharedModules()],
    );
  } catch (error) {
    if (error instanceof SsodocsError) throw error;
    // Thrown while the module ran: the stack (source-mapped) names the line.
    const where = templateFrameOf(error) ?? { file: files[0].file };
    throw new SsodocsError(`the override could not be loaded: ${(error as Error).message}`, where);
  }
  const overrides: Record<string, unknown> = {};
  files.forEach(({ name, file }, i) => {
    const exported = imported.modules[i].default;
    if (!isComponent(exported))
      throw new SsodocsError(
        exported === undefined
          ? `the override of ${name} has no default export; add \`export default function ${name}(props) { ... }\``
          : `the override of ${name} exports a ${typeof exported} as its default, not a component; export a function ` +
              "that takes the props and returns JSX",
        { file, line: defaultExportLine(file) },
      );
    overrides[name] = exported;
  });
  return { overrides: overrides as ComponentOverrides, inputs: imported.inputs };
}
