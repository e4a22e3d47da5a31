// Relevance of the embedded search on the real guides: queries a reader would type find the page
// they want among the first 3 pages of the results (hits come grouped by page), and each page
// found comes first in its group, before its sections. FORGIVING holds queries that found nothing
// useful before search forgave misspellings, synonyms, words split or joined and a missing word.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedIndex } from "../src/client/search/embedded.ts";
import type { SearchHit } from "../src/client/search/types.ts";
import { joinIndex } from "../src/shared/search-index.ts";
import type { EmbeddedIndexFirstPart, EmbeddedSearchIndex } from "../src/shared/types.ts";
import { ROOT, runCli } from "./helpers.ts";

const CONFIG = path.join(ROOT, "ssodocs.config.ts");
const guide = (slug: string) => `/integrations/services/${slug}/`;

/** Service names -> the guide that is the right answer. */
const SERVICE_NAMES: [query: string, guides: string[]][] = [
  ["grafana", ["grafana"]],
  ["nextcloud", ["nextcloud"]],
  ["home assistant", ["home-assistant"]],
  ["jellyfin", ["jellyfin"]],
  ["bitwarden", ["bitwarden"]],
  ["matrix synapse", ["matrix-synapse"]],
  ["argocd", ["argocd"]],
  ["hashicorp vault", ["hashicorp-vault"]],
  ["synology", ["synology-dsm"]],
  ["tailscale", ["tailscale"]],
  ["sentry", ["sentry"]],
  ["harbor", ["harbor"]],
  ["minio", ["minio"]],
  ["immich", ["immich"]],
  ["open webui", ["open-webui"]],
  ["netbox", ["netbox"]],
  ["opnsense", ["opnsense"]],
  ["mastodon", ["mastodon"]],
  ["google workspace", ["google"]],
  ["cloudflare access", ["cloudflare-access"]],
  ["1password", ["1password"]],
  ["sonarqube", ["sonar-qube"]],
  ["gitlab", ["gitlab"]],
  ["proxmox", ["proxmox-ve"]],
];

/** Query -> the guides any of which is the right answer. */
const EXPECTED: [query: string, guides: string[]][] = [
  ...SERVICE_NAMES,
  // A service and a topic.
  ["gitlab saml", ["gitlab"]],
  ["vault oidc", ["hashicorp-vault"]],
  ["nextcloud ldap", ["nextcloud"]],
  ["bookstack saml", ["bookstack"]],
  ["jellyfin redirect uri", ["jellyfin"]],
  // Topics.
  // Guides with an LDAP or SCIM section of their own.
  ["ldap", ["sssd", "snipe-it", "nextcloud", "opnsense", "pfsense", "proftpd", "qnap-nas", "sharepoint-se"]],
  [
    "scim",
    [
      "1password",
      "aws",
      "github-enterprise-emu",
      "github-enterprise-server",
      "github-enterprise-cloud",
      "vmware-vcenter",
    ],
  ],
  ["sssd", ["sssd"]],
  // Misspellings.
  ["grafanna", ["grafana"]],
  ["nextclod", ["nextcloud"]],
  ["jelyfin", ["jellyfin"]],
  ["bitwardn", ["bitwarden"]],
  ["tailscal", ["tailscale"]],
  ["mastadon", ["mastodon"]],
  // Setting names from the guides.
  ["role_attribute_path", ["grafana"]],
  ["SEMAPHORE_WEB_ROOT", ["semaphore"]],
  ["SAML2_AUTOLOAD_METADATA", ["bookstack"]],
  ["OPENID_USERNAME_CLAIM_TYPE", ["apache-guacamole"]],
  ["OIDC_SECURITY_ASSUME_EMAIL_IS_VERIFIED", ["mastodon"]],
  ["SOCIAL_AUTH_PIPELINE", ["netbox"]],
  ["SOCIALACCOUNT_PROVIDERS", ["tandoor"]],
];

/** Query -> guides, each of which the search before this set failed to show among its first 3 pages. */
const FORGIVING: [kind: string, query: string, guides: string[]][] = [
  // Typos in proportion to length: one from 4 letters, two from 8.
  ["misspelled", "graphana", ["grafana"]],
  ["misspelled", "jellifyn", ["jellyfin"]],
  ["misspelled", "semafore", ["semaphore"]],
  [
    "misspelled",
    "scym",
    [
      "1password",
      "aws",
      "github-enterprise-emu",
      "github-enterprise-server",
      "github-enterprise-cloud",
      "vmware-vcenter",
    ],
  ],
  ["misspelled", "zulp", ["zulip"]],
  ["misspelled", "mino", ["minio"]],
  ["misspelled", "omny", ["omni"]],
  // Synonyms of the site's config (oidc ~ oauth, rdp ~ guacamole, k8s ~ kubernetes, saml ~ sso)
  // and front-matter keywords (vsphere, g suite).
  ["synonym", "portainer oidc", ["portainer"]],
  ["synonym", "windows rdp", ["apache-guacamole"]],
  ["synonym", "k8s argocd", ["argocd"]],
  ["keyword", "vsphere", ["vmware-vcenter"]],
  ["keyword", "g suite sso", ["google"]],
  // Words written together that the guides write apart, or apart that they write together.
  ["partial", "uptimekuma", ["uptime-kuma"]],
  ["partial", "paperlessngx", ["paperless-ngx"]],
  ["partial", "hashicorpvault", ["hashicorp-vault"]],
  ["partial", "synologydsm", ["synology-dsm"]],
  ["partial", "ubuntulandscape", ["ubuntu-landscape"]],
  ["partial", "power dns", ["powerdns-admin"]],
  ["partial", "net box", ["netbox"]],
  ["partial", "pf sense", ["pfsense"]],
  // One word the guide does not have.
  ["word absent", "grafana keycloak", ["grafana"]],
  ["word absent", "grafana okta", ["grafana"]],
  ["word absent", "tailscale okta", ["tailscale"]],
  ["word absent", "bookstack okta", ["bookstack"]],
  ["word absent", "zabbix azure", ["zabbix"]],
  ["word absent", "wekan mongodb", ["wekan"]],
  ["word absent", "nextcloud kerberos", ["nextcloud"]],
  ["word absent", "mailcow dovecot", ["mailcow"]],
];

/** Queries about a topic rather than a page: each of the first 3 sections found must be about it. */
const TOPICS: [query: string, words: RegExp[]][] = [
  ["redirect uri", [/redirect/i, /uri/i]],
  ["proxy provider", [/proxy/i, /provider/i]],
];

/** Query -> the guides one of which must come among the first `within` pages (1: first). */
const RANKED: [query: string, guides: string[], within: number][] = [
  // Guides where an admin makes a token: GitHub EMU's SCIM provider section holds api.github.com and the token.
  ["api token", ["github-enterprise-emu", "aws", "1password"], 5],
  // Both titles hold the word; the maintained fork goes first.
  ["paperless", ["paperless-ngx"], 1],
];

/**
 * The guides added in 2026 (issue 33): each is the first page for its name as a reader types it,
 * and is found among the first 3 pages for one misspelling of it.
 */
const NEW_GUIDES: [slug: string, name: string, misspelling: string][] = [
  ["affine", "affine", "afine"],
  ["amazon-business", "amazon business", "amazon busines"],
  ["appflowy", "appflowy", "appflowi"],
  ["arcane", "arcane", "arcan"],
  ["audiobookshelf", "audiobookshelf", "audiobokshelf"],
  ["chatgpt", "chatgpt", "chat gtp"],
  ["cloudflare", "cloudflare", "cloudfare"],
  ["datadog", "datadog", "datdog"],
  ["digitalocean", "digitalocean", "digital ocaen"],
  ["elastic-cloud", "elastic cloud", "elastik cloud"],
  ["emby", "emby", "embi"],
  ["ezbookkeeping", "ezbookkeeping", "ezbookeeping"],
  ["forgejo", "forgejo", "forgeio"],
  ["fortimail", "fortimail", "fortimial"],
  ["glpi", "glpi", "glpy"],
  ["headscale", "headscale", "headscal"],
  ["hoop.dev", "hoop.dev", "hop.dev"],
  ["jellyseerr", "jellyseerr", "jellyseer"],
  ["joplin", "joplin", "joplim"],
  ["keycloak", "keycloak", "keycloack"],
  ["kitchenowl", "kitchenowl", "kitchen owl"],
  ["knowbe4", "knowbe4", "knowb4"],
  ["macmon-nac", "macmon nac", "makmon nac"],
  ["mattermost-team-edition", "mattermost", "matermost"],
  ["microsoft", "microsoft365", "microsft 365"],
  ["osticket", "osticket", "osticet"],
  ["placetel", "placetel", "placetell"],
  ["pulse", "pulse", "puls"],
  ["salesforce", "salesforce", "salesforse"],
  ["seatable", "seatable", "seatabel"],
  ["termix", "termix", "termx"],
  ["terraform-cloud", "terraform cloud", "teraform cloud"],
  ["vaultwarden", "vaultwarden", "valtwarden"],
  ["vmware-cloud-director", "vmware cloud director", "vmware cloud directr"],
  ["wallos", "wallos", "walos"],
  ["zendesk", "zendesk", "zendsk"],
  ["zoom", "zoom", "zoon"],
  ["zot", "zot", "zott"],
  ["aws-classic", "aws classic iam", "aws clasic iam"],
];

/**
 * Guides' names as a reader types them: the dialog's first answer, from the first part of the index
 * alone (titles, categories, keywords and headings; no texts yet), shows the guide first.
 */
const BY_NAME: [query: string, slug: string][] = [
  ...SERVICE_NAMES.map(([query, [slug]]): [string, string] => [query, slug]),
  ...NEW_GUIDES.map(([slug, name]): [string, string] => [name, slug]),
];

const words = (text: string) => (text.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.toLowerCase());

/** The words of each page's texts (category, title, keywords, headings, paragraphs), as the search reads them. */
function wordsByPage(data: EmbeddedSearchIndex): Map<string, string[][]> {
  const byPage = new Map<string, string[][]>();
  const add = (page: number, text: string) => {
    const path = data.pages[page][0];
    byPage.set(path, [...(byPage.get(path) ?? []), words(text)]);
  };
  data.pages.forEach(([, lvl0, lvl1, keywords], page) => {
    for (const text of [lvl0, lvl1, ...(keywords ?? [])]) add(page, text);
  });
  for (const [page, , , text] of data.sections) add(page, text);
  for (let i = 0; i < data.contents.length; i += 2) {
    const where = data.contents[i];
    add(where >= 0 ? data.sections[where][0] : -where - 1, data.texts[data.contents[i + 1]]);
  }
  return byPage;
}

/** A hit's own text and the headings above it. */
const text = (hit: SearchHit) => [hit.content, ...Object.values(hit.hierarchy)].filter(Boolean).join(" ");

/** Whether a text's words hold the phrase, its last word as a prefix when `prefix`. */
const holds = (words: string[], phrase: string[], prefix = false) =>
  words.some((_, i) =>
    phrase.every((p, k) => words[i + k] === p || (prefix && k === phrase.length - 1 && words[i + k]?.startsWith(p))),
  );

describe("search relevance on the guides", () => {
  /** The complete index (both parts), which every row below asks unless it says otherwise. */
  let index: EmbeddedIndex;
  /** The first part alone: what the dialog answers from before the texts are in. */
  let firstPart: EmbeddedIndex;
  let data: EmbeddedSearchIndex;
  let out: string;
  const file = (name: string) => readFileSync(path.join(out, "build/search", name));

  beforeAll(() => {
    out = mkdtempSync(path.join(os.tmpdir(), "ssodocs-relevance-"));
    const built = runCli(["build", "--config", CONFIG, "--out", path.join(out, "build")]);
    expect(built.code, built.stderr).toBe(0);
    const first = JSON.parse(file("index.json").toString("utf8")) as EmbeddedIndexFirstPart;
    data = joinIndex(first, JSON.parse(file(first.textsFile).toString("utf8")));
    index = new EmbeddedIndex(data);
    firstPart = new EmbeddedIndex(joinIndex(first));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  const hitsOf = (query: string) => index.query(query, { snippetWords: 10, hitsPerPage: 20, page: 0 }).hits;
  /** The first 3 pages of the results. */
  const top3 = (query: string) => [...new Set(hitsOf(query).map((h) => h.url.split("#")[0]))].slice(0, 3);

  it("fetches at most 150 KB gzip before the dialog's first answer", () => {
    const first = file("index.json");
    const texts = file(JSON.parse(first.toString("utf8")).textsFile);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    // Each part is a response of its own: the sizes of both are their sums.
    const sizes = (...parts: Buffer[]) => {
      const sum = (size: (b: Buffer) => number) => kb(parts.reduce((total, b) => total + size(b), 0));
      return `${sum((b) => b.length)} raw, ${sum((b) => gzipSync(b).length)} gzip, ${sum((b) => brotliCompressSync(b).length)} brotli`;
    };
    console.log(`search index: first part ${sizes(first)}; texts ${sizes(texts)}; both ${sizes(first, texts)}`);
    expect(gzipSync(first).length).toBeLessThanOrEqual(150 * 1024);
  });

  for (const [query, slug] of BY_NAME) {
    it(`"${query}" shows ${slug} first from the first part of the index alone`, () => {
      const hits = firstPart.query(query, { snippetWords: 10, hitsPerPage: 20, page: 0 }).hits;
      expect(
        hits[0],
        hits
          .slice(0, 5)
          .map((h) => h.url)
          .join(", "),
      ).toMatchObject({ type: "lvl1", url: guide(slug) });
      // Only titles and headings: no text yet.
      expect(hits.filter((h) => h.type === "content")).toEqual([]);
    });
  }

  it("asks at least 30 queries, and at least 20 that need a forgiving search", () => {
    expect(EXPECTED.length + TOPICS.length).toBeGreaterThanOrEqual(30);
    expect(FORGIVING.length).toBeGreaterThanOrEqual(20);
  });

  const findsAmongFirstPages = (query: string, guides: string[]) => {
    const pages = top3(query);
    const wanted = guides.map(guide);
    expect(
      pages.some((p) => wanted.includes(p)),
      `first pages: ${pages.join(", ")}`,
    ).toBe(true);
    // Each page found shows first as itself, then its sections.
    const hits = hitsOf(query);
    for (const page of pages)
      expect(hits.find((h) => h.url.split("#")[0] === page)).toMatchObject({ type: "lvl1", url: page });
  };

  for (const [query, guides] of EXPECTED) {
    it(`"${query}" finds ${guides.join(" or ")} among the first 3 pages`, () => findsAmongFirstPages(query, guides));
  }

  for (const [kind, query, guides] of FORGIVING) {
    it(`${kind}: "${query}" finds ${guides.join(" or ")} among the first 3 pages`, () =>
      findsAmongFirstPages(query, guides));
  }

  for (const [slug, name, misspelling] of NEW_GUIDES) {
    it(`the new ${slug} guide is the first page for "${name}" and among the first 3 for "${misspelling}"`, () => {
      const pages = [...new Set(hitsOf(name).map((h) => h.url.split("#")[0]))];
      expect(pages[0], `first pages: ${pages.slice(0, 3).join(", ")}`).toBe(guide(slug));
      findsAmongFirstPages(misspelling, [slug]);
    });
  }

  for (const [query, guides, within] of RANKED) {
    it(`"${query}" finds ${guides.join(" or ")} among the first ${within} pages`, () => {
      const pages = [...new Set(hitsOf(query).map((h) => h.url.split("#")[0]))].slice(0, within);
      expect(
        pages.some((p) => guides.map(guide).includes(p)),
        `first pages: ${pages.join(", ")}`,
      ).toBe(true);
    });
  }

  it('"saml" widens to its synonyms sso and "single sign-on" (as a phrase) and ranks pages saying SAML first', () => {
    const response = index.query("saml", { snippetWords: 10, hitsPerPage: 5000, page: 0 });
    const texts = wordsByPage(data);
    const says = (page: string, phrases: [string[], boolean][]) =>
      (texts.get(page) ?? []).some((words) => phrases.some(([phrase, prefix]) => holds(words, phrase, prefix)));
    const saml: [string[], boolean][] = [[["saml"], true]];
    const synonyms: [string[], boolean][] = [...saml, [["sso"], false], [["single", "sign", "on"], false]];
    const pages = [...new Set(response.hits.map((h) => h.url.split("#")[0]))];
    const saying = [...texts.keys()].filter((p) => says(p, synonyms));
    expect(pages.filter((p) => !says(p, synonyms))).toEqual([]);
    expect(response.nbDocuments).toBeLessThanOrEqual(saying.length);
    // Each section found says one of them itself, or under its headings (no "on" alone, no "sign" alone).
    const sectionWords = (h: SearchHit) => words(text(h));
    const unrelated = response.hits.filter(
      (h) => h.type !== "lvl1" && !synonyms.some(([p, x]) => holds(sectionWords(h), p, x)),
    );
    expect(unrelated.map((h) => `${h.url} ${h.content ?? ""}`)).toEqual([]);
    const first = [...new Set(response.hits.slice(0, 10).map((h) => h.url.split("#")[0]))];
    expect(first.filter((p) => !says(p, saml))).toEqual([]);
    // A phrase is marked whole where it stands, never a word of it alone ("on").
    const marked = response.hits.flatMap((h) => [
      h._snippetResult?.content?.value ?? "",
      ...Object.values(h._snippetResult?.hierarchy ?? {}).map((v) => v?.value ?? ""),
    ]);
    const phrase = /<mark>single<\/mark>\s+(<mark>sign<\/mark>\s+<mark>on<\/mark>|<mark>sign-on<\/mark>)/gi;
    const alone = marked.filter((v) => /<mark>(on|sign|single|sign-on)<\/mark>/i.test(v.replace(phrase, "")));
    expect(alone).toEqual([]);
    expect(marked.some((v) => new RegExp(phrase.source, "i").test(v))).toBe(true);
  });

  it('shows the GitLab guide itself first for "gitlab", each of its sections once', () => {
    const hits = hitsOf("gitlab");
    expect(hits[0]).toMatchObject({ type: "lvl1", url: guide("gitlab") });
    const titles = hits.map((h) => `${h.url.split("#")[0]} ${h.content ?? h.hierarchy[h.type as "lvl2"]}`);
    expect(new Set(titles).size).toBe(titles.length);
  });

  for (const [query, words] of TOPICS) {
    it(`"${query}": each of the first 3 sections found is about it`, () => {
      const hits = hitsOf(query)
        .filter((h) => h.type !== "lvl1")
        .slice(0, 3);
      expect(hits).toHaveLength(3);
      for (const hit of hits) for (const w of words) expect(text(hit)).toMatch(w);
    });
  }
});
