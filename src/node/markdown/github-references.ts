// A markdown-it plugin that links GitHub references as GitHub does in issues and as remark-github
// does (same link text, same address): `#123` and `GH-123` (issues of the site's repository),
// `owner/repo#123`, `@user`, commit SHAs (`owner@sha`, `owner/repo@sha`, `sha...sha` ranges).
// The link text is the reference as written (a commit's SHA shortened to 7, in code; a mention in
// bold). It leaves alone what only looks like one: `PKCS#1` and `C#` (a word before `#`; the fork
// form `owner#123` is not linked for that reason), `@scope/package`, `a@b.com`, UUIDs, bare
// numbers with no hex letter or hex words with no digit (`1234567`, `deedeed`: a bare SHA needs
// both), and anything in code or a link.
// Shipped with ssodocs (`import { githubReferences } from "ssodocs/markdown"`) for sites coming
// from Docusaurus with remark-github.
import type { MarkdownIt, StateCore, Token } from "markdown-it";

export interface GithubReferencesOptions {
  /** The repository `#123` and commits refer to: `owner/repo`, or its GitHub address. */
  repository: string;
  /** Show mentions in bold, as remark-github does (its `mentionStrong`); default true. */
  mentionStrong?: boolean;
}

const USER = "[a-z\\d](?:[a-z\\d]|-(?=[a-z\\d])){0,38}";
const PROJECT = "(?:\\.git[\\w-]|\\.(?!git)|[\\w-])+";
const SHA = "[a-f\\d]{7,40}";
const REPOSITORY = new RegExp(`(?:^|/(?:repos/)?|:)(${USER})/(${PROJECT})(?=\\.git|[/#@]|$)`, "i");
const REFERENCE = new RegExp(
  [
    `(?<owner>${USER})(?:/(?<project>${PROJECT}))?@(?<commit>${SHA})(?:\\.\\.\\.(?<commitTo>${SHA}))?`,
    `(?<issueOwner>${USER})/(?<issueProject>${PROJECT})#(?<number>[1-9]\\d*)`,
    `@(?<user>${USER})`,
    `(?:#|\\bGH-)(?<issue>[1-9]\\d*)`,
    `(?<sha>${SHA})(?:\\.\\.\\.(?<shaTo>${SHA}))?`,
  ].join("|"),
  "gi",
);
/** What may come before a reference: a start of text, a space, an opening bracket or quote. */
const BEFORE = /[\s([{<"'“‘]/;

interface Repository {
  owner: string;
  project: string;
}

/** A piece of a link's text: text, bold text or code. */
type Part = { text: string } | { strong: string } | { code: string };

interface Reference {
  href: string;
  parts: Part[];
}

const abbreviate = (sha: string) => sha.slice(0, 7);
/** A bare SHA is hex with a digit and a letter both: `1234567` is a number, `deedeed` a word. */
const shaLike = (value: string) => /\d/.test(value) && /[a-f]/i.test(value);

function parseRepository(value: unknown): Repository {
  const match = typeof value === "string" ? REPOSITORY.exec(value.trim()) : null;
  if (!match)
    throw new Error(`githubReferences needs { repository: "owner/repo" } (got ${JSON.stringify(value) ?? "nothing"})`);
  return { owner: match[1], project: match[2] };
}

/** Whether the match stands alone: not inside a word, an address, a path or an email. */
function standsAlone(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  if (before !== undefined && !BEFORE.test(before)) return false;
  const after = text.slice(end, end + 2);
  return !/^[\w@/-]/.test(after) && !/^[.:]\w/.test(after);
}

/** A commit (or a range of commits) of `owner/project`, its text led by the reference as written (`owner@`). */
function commitReference(written: string, owner: string, project: string, from: string, to: string | undefined) {
  const target = to ? `compare/${from}...${to}` : `commit/${from}`;
  const code = to ? `${abbreviate(from)}...${abbreviate(to)}` : abbreviate(from);
  return {
    href: `https://github.com/${owner}/${project}/${target}`,
    parts: [...(written ? [{ text: `${written}@` }] : []), { code }],
  };
}

function referenceOf(m: RegExpExecArray, site: Repository, strong: boolean): Reference | null {
  const g = m.groups!;
  if (g.commit !== undefined) {
    const written = g.project === undefined ? g.owner : `${g.owner}/${g.project}`;
    return commitReference(written, g.owner, g.project ?? site.project, g.commit, g.commitTo);
  }
  if (g.number !== undefined)
    return { href: `https://github.com/${g.issueOwner}/${g.issueProject}/issues/${g.number}`, parts: [{ text: m[0] }] };
  if (g.user !== undefined)
    return {
      href: `https://github.com/${g.user}`,
      parts: [strong ? { strong: `@${g.user}` } : { text: `@${g.user}` }],
    };
  if (g.issue !== undefined)
    return { href: `https://github.com/${site.owner}/${site.project}/issues/${g.issue}`, parts: [{ text: m[0] }] };
  // A bare SHA must look like one; one written after `owner@` is a commit by the author's word.
  if (!shaLike(g.sha) || (g.shaTo !== undefined && !shaLike(g.shaTo))) return null;
  return commitReference("", site.owner, site.project, g.sha, g.shaTo);
}

/** The tokens of a text with its references linked, or null when it has none. */
function linkedText(state: StateCore, text: string, level: number, site: Repository, strong: boolean): Token[] | null {
  const out: Token[] = [];
  const push = (type: string, tag: string, nesting: -1 | 0 | 1, content = "") => {
    const t = new state.Token(type, tag, nesting);
    t.content = content;
    t.level = level;
    out.push(t);
    return t;
  };
  let last = 0;
  REFERENCE.lastIndex = 0;
  for (let m = REFERENCE.exec(text); m; m = REFERENCE.exec(text)) {
    const end = m.index + m[0].length;
    const reference = standsAlone(text, m.index, end) ? referenceOf(m, site, strong) : null;
    if (!reference) {
      REFERENCE.lastIndex = m.index + 1;
      continue;
    }
    if (m.index > last) push("text", "", 0, text.slice(last, m.index));
    push("link_open", "a", 1).attrSet("href", reference.href);
    for (const part of reference.parts) {
      if ("code" in part) push("code_inline", "code", 0, part.code).markup = "`";
      else if ("strong" in part) {
        push("strong_open", "strong", 1).markup = "**";
        push("text", "", 0, part.strong);
        push("strong_close", "strong", -1).markup = "**";
      } else push("text", "", 0, part.text);
    }
    push("link_close", "a", -1);
    last = end;
  }
  if (!out.length) return null;
  if (last < text.length) push("text", "", 0, text.slice(last));
  return out;
}

/** Links the references in one inline token's text, outside links (Markdown's or raw `<a>`). */
function linkChildren(state: StateCore, children: Token[], site: Repository, strong: boolean): Token[] {
  const out: Token[] = [];
  let inLink = 0;
  for (const child of children) {
    if (child.type === "link_open") inLink++;
    else if (child.type === "link_close") inLink--;
    else if (child.type === "html_inline" && /^<a[\s>]/i.test(child.content)) inLink++;
    else if (child.type === "html_inline" && /^<\/a\s*>/i.test(child.content)) inLink--;
    const linked =
      child.type === "text" && inLink <= 0 ? linkedText(state, child.content, child.level, site, strong) : null;
    if (linked) out.push(...linked);
    else out.push(child);
  }
  return out;
}

export function githubReferences(md: MarkdownIt, options: GithubReferencesOptions): void {
  const site = parseRepository(options?.repository);
  const strong = options.mentionStrong !== false;
  md.core.ruler.push("github_references", (state) => {
    for (const token of state.tokens)
      if (token.type === "inline" && token.children) token.children = linkChildren(state, token.children, site, strong);
  });
}
