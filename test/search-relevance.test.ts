// Relevance of the embedded search on the real guides: queries a reader would type find the page
// they want within the first 3 hits.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedIndex } from "../src/client/search/embedded.ts";
import type { SearchHit } from "../src/client/search/types.ts";
import { ROOT, runCli } from "./helpers.ts";

const CONFIG = path.join(ROOT, "ssodocs.config.ts");
const guide = (slug: string) => `/integrations/services/${slug}/`;

/** Query -> the guides any of which is the right answer. */
const EXPECTED: [query: string, guides: string[]][] = [
  // Service names.
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
  // A service and a topic.
  ["gitlab saml", ["gitlab"]],
  ["vault oidc", ["hashicorp-vault"]],
  ["nextcloud ldap", ["nextcloud"]],
  ["bookstack saml", ["bookstack"]],
  ["jellyfin redirect uri", ["jellyfin"]],
  // Topics.
  // Guides with an LDAP or SCIM section of their own.
  ["ldap", ["sssd", "snipe-it", "nextcloud", "opnsense", "pfsense", "proftpd", "qnap-nas", "sharepoint-se"]],
  ["scim", ["1password", "aws", "github-enterprise-emu", "github-enterprise-server", "github-enterprise-cloud", "vmware-vcenter"]],
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

/** Queries about a topic rather than a page: each of the first 3 hits must be about it. */
const TOPICS: [query: string, words: RegExp[]][] = [
  ["redirect uri", [/redirect/i, /uri/i]],
  ["proxy provider", [/proxy/i, /provider/i]],
];

describe("search relevance on the guides", () => {
  let index: EmbeddedIndex;
  let out: string;

  beforeAll(() => {
    out = mkdtempSync(path.join(os.tmpdir(), "ssodocs-relevance-"));
    const built = runCli(["build", "--config", CONFIG, "--out", path.join(out, "build")]);
    expect(built.code, built.stderr).toBe(0);
    index = new EmbeddedIndex(JSON.parse(readFileSync(path.join(out, "build/search/index.json"), "utf8")));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  const top3 = (query: string) => index.query(query, { snippetWords: 10, hitsPerPage: 20, page: 0 }).hits.slice(0, 3);

  it("ships an index of at most 150 KB gzip for the whole site", () => {
    const file = readFileSync(path.join(out, "build/search/index.json"));
    expect(gzipSync(file).length).toBeLessThanOrEqual(150 * 1024);
  });

  it("asks at least 30 queries", () => {
    expect(EXPECTED.length + TOPICS.length).toBeGreaterThanOrEqual(30);
  });

  for (const [query, guides] of EXPECTED) {
    it(`"${query}" finds ${guides.join(" or ")} within the first 3 hits`, () => {
      const pages = top3(query).map((h) => h.url.split("#")[0]);
      const wanted = guides.map(guide);
      expect(pages.some((p) => wanted.includes(p)), `first hits: ${pages.join(", ")}`).toBe(true);
    });
  }

  const text = (hit: SearchHit) => [hit.content, ...Object.values(hit.hierarchy)].filter(Boolean).join(" ");
  for (const [query, words] of TOPICS) {
    it(`"${query}": each of the first 3 hits is about it`, () => {
      const hits = top3(query);
      expect(hits).toHaveLength(3);
      for (const hit of hits) for (const w of words) expect(text(hit)).toMatch(w);
    });
  }
});
