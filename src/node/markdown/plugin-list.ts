// The site's markdown-it plugins as the config lists them (`markdown.plugins`: a plugin, or
// [plugin, options]), named for messages, and the stamp of what they are for the page keys.
// Kept apart from plugins.ts, which loads markdown-it: the keys are worked out on every build.
import type { SiteConfig } from "../../shared/types.ts";
import { hashOf } from "../util/hash.ts";

type PluginEntry = SiteConfig["markdown"]["plugins"][number];
type AnyFunction = (...args: never[]) => unknown;

/** The site's plugins and the config file that names them (for errors while they are set up). */
export interface SitePlugins {
  list: readonly PluginEntry[];
  configFile: string | null;
}

export interface NamedPlugin {
  /** How messages name it: `"githubReferences" (markdown.plugins[0])`. */
  name: string;
  plugin: AnyFunction;
  options: unknown[];
}

export function namedPlugins(list: readonly PluginEntry[]): NamedPlugin[] {
  return list.map((entry, index) => {
    const [plugin, ...options] = (Array.isArray(entry) ? entry : [entry]) as [AnyFunction, ...unknown[]];
    const where = `markdown.plugins[${index}]`;
    return { name: plugin.name ? `"${plugin.name}" (${where})` : where, plugin, options };
  });
}

/**
 * A value as text, the same for equal values in any key order: functions by their source,
 * anything met twice on one path as a cycle. What a plugin's options hold enters the page keys.
 */
function stableText(value: unknown, path: unknown[] = []): string {
  if (typeof value === "function") return `fn:${value.toString()}`;
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "symbol" || value === undefined) return String(value);
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (path.includes(value)) return "[cycle]";
  const inner = [...path, value];
  if (value instanceof RegExp || value instanceof Date) return `${value.constructor.name}:${String(value)}`;
  if (value instanceof Map) return `Map{${[...value].map(([k, v]) => stableText([k, v], inner)).join(",")}}`;
  if (value instanceof Set) return `Set{${[...value].map((v) => stableText(v, inner)).join(",")}}`;
  if (Array.isArray(value)) return `[${value.map((v) => stableText(v, inner)).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableText((value as Record<string, unknown>)[k], inner)}`).join(",")}}`;
}

/**
 * How the site's docs are read and extended: the format setting and each plugin's code and
 * options. The config's files are in every key already (a plugin module it imports among them);
 * this adds options made at run time (an environment variable, a file the config reads).
 */
export function markdownStampOf(markdown: SiteConfig["markdown"]): string {
  const plugins = namedPlugins(markdown.plugins).map((p) => `${p.name}:${stableText([p.plugin, p.options])}`);
  return hashOf("markdown-v1", markdown.format, ...plugins);
}
