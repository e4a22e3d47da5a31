// `ssodocs new <service>`: a new guide from the template guide, with its front matter filled
// in, listed in its category of the sidebar file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { LoadedConfig } from "./config.ts";
import type { SourceDoc } from "./content/load.ts";
import { docPermalink } from "./content/routes.ts";
import { SsodocsError } from "./errors.ts";
import type { GroupedSidebar } from "./sidebar-data.ts";

export const SERVICE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TEMPLATE = "template/service.md";
const PLACEHOLDER_NAME = "Service Name";

export interface NewGuideOptions {
  service: string;
  name?: string;
  category?: string;
  /** The grouped sidebar file (`sidebar.json` beside the config unless given). */
  sidebarFile?: string;
}

export interface NewGuide {
  file: string;
  route: string;
  category: string | null;
  sidebarFile: string | null;
}

/** `grafana` -> `Grafana`, `home-assistant` -> `Home Assistant`. */
export function displayNameOf(slug: string): string {
  return slug
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

const yamlString = (s: string) => (/^[\w .()/+-]+$/.test(s) && !/^[\d.]+$/.test(s) ? s : JSON.stringify(s));

/** The name as Markdown text: HTML's and Markdown's special characters shown as themselves. */
export function markdownText(text: string): string {
  return text
    .replace(/[\\`*_{}[\]()#+!|~]/g, (c) => `\\${c}`)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** The name inside a code span that held the placeholder: as it is, with delimiters longer than any run of backticks in it. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = "`".repeat(longest + 1);
  return longest ? `${ticks} ${text} ${ticks}` : `${ticks}${text}${ticks}`;
}

/** Puts the service's name where the template says "Service Name": raw in code spans, escaped elsewhere. */
function withName(body: string, name: string): string {
  return body
    .split(/(`[^`\n]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? part === `\`${PLACEHOLDER_NAME}\``
          ? codeSpan(name)
          : part.replaceAll(PLACEHOLDER_NAME, name)
        : part.replaceAll(PLACEHOLDER_NAME, markdownText(name)),
    )
    .join("");
}

/** The template guide with the service's name, host name and front matter. */
export function guideFromTemplate(template: string, slug: string, name: string): string {
  const match = /^---\n[\s\S]*?\n---\n/.exec(template);
  const body = (match ? template.slice(match[0].length) : template)
    .replace(/^<!-- Replace "Service Name"[^\n]*-->\n\n?/m, "")
    .replaceAll("service.company", `${slug}.company`);
  const frontMatter = [
    `title: ${yamlString(`Integrate with ${name}`)}`,
    `sidebar_label: ${yamlString(name)}`,
    "support_level: community",
  ];
  return `---\n${frontMatter.join("\n")}\n---\n\n${withName(body, name).replace(/^\n+/, "")}`;
}

export function createGuide(loaded: LoadedConfig, options: NewGuideOptions): NewGuide {
  const slug = options.service;
  if (!SERVICE_SLUG.test(slug)) {
    throw new SsodocsError(
      `"${slug}" is not a valid service slug: use lower-case letters, digits and single hyphens, such as "home-assistant"`,
    );
  }
  const dir = path.join(loaded.docsDir, "services", slug);
  for (const ext of ["md", "mdx"]) {
    const existing = path.join(dir, `index.${ext}`);
    if (existsSync(existing)) throw new SsodocsError(`a guide for "${slug}" exists already`, { file: existing });
  }
  const templateFile = path.join(loaded.docsDir, TEMPLATE);
  if (!existsSync(templateFile))
    throw new SsodocsError(`the template guide ${TEMPLATE} is missing from the docs folder`, { file: templateFile });
  if (options.name !== undefined && /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(options.name)) {
    throw new SsodocsError("--name may not contain control characters or line breaks");
  }
  const name = options.name?.trim() || displayNameOf(slug);

  // The sidebar first: a bad category changes nothing.
  const sidebarFile = path.resolve(loaded.root, options.sidebarFile ?? "sidebar.json");
  let category: string | null = null;
  let sidebar: GroupedSidebar | null = null;
  if (existsSync(sidebarFile)) {
    sidebar = JSON.parse(readFileSync(sidebarFile, "utf8")) as GroupedSidebar;
    const categories = sidebar.applications.categories;
    const names = categories.map((c) => `"${c.label}"`).join(", ");
    if (!options.category)
      throw new SsodocsError(`say which sidebar category the guide belongs to with --category; one of ${names}`, {
        file: sidebarFile,
      });
    const wanted = options.category.trim().toLowerCase();
    const found = categories.find((c) => c.label.toLowerCase() === wanted);
    if (!found)
      throw new SsodocsError(`no sidebar category "${options.category}"; one of ${names}`, { file: sidebarFile });
    found.services = [...found.services, slug].sort();
    category = found.label;
  } else if (options.sidebarFile) {
    throw new SsodocsError("sidebar file not found", { file: sidebarFile });
  }

  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "index.md");
  writeFileSync(file, guideFromTemplate(readFileSync(templateFile, "utf8"), slug, name));
  if (sidebar) writeFileSync(sidebarFile, `${JSON.stringify(sidebar, null, 2)}\n`);
  // The new guide has no slug: its route is the one its doc id gives.
  const route = docPermalink(
    { id: `services/${slug}/index`, frontMatter: {} as SourceDoc["frontMatter"] },
    loaded.config,
  );
  return { file, route, category, sidebarFile: sidebar ? sidebarFile : null };
}
