// The guides stay true to current software (authentik 2026.2 and the services they cover). This reads the
// Markdown only, no build: no link to authentik's bindings page at its old address, a version note beside
// every `ak_groups` expression, and none of the wrong statements that the April 2026 comparison with
// authentik's own guides found in ours coming back.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./helpers.ts";

const CONTENT = path.join(ROOT, "content");

/** Every Markdown file under content/, as a path relative to content/ with forward slashes. */
function guideFiles(): string[] {
  return readdirSync(CONTENT, { recursive: true, encoding: "utf8" })
    .filter((rel) => rel.endsWith(".md"))
    .map((rel) => rel.split(path.sep).join("/"))
    .sort();
}

const read = (rel: string) => readFileSync(path.join(CONTENT, rel), "utf8");
const serviceFile = (slug: string) => `services/${slug}/index.md`;

/** The old address of authentik's bindings page, gone since 2026.2 (now /docs/add-secure-apps/bindings-overview/). */
const OLD_BINDINGS_PATH = "/docs/add-secure-apps/flows-stages/bindings/";

/**
 * How far (in lines) a version note may sit from an `ak_groups` use: counted from the edges of the fenced
 * code block that holds the use, or from the use's own line outside code.
 */
const NOTE_REACH = 15;

/** [first, last] line index of the fenced code block holding each line, or the line itself outside code. */
function blockSpans(lines: string[]): [number, number][] {
  const spans: [number, number][] = lines.map((_, i) => [i, i]);
  let open: { fence: string; start: number } | null = null;
  lines.forEach((line, i) => {
    const m = /^\s*(`{3,}|~{3,})\s*(\S*)/.exec(line);
    if (open === null) {
      if (m) open = { fence: m[1], start: i };
    } else if (m && m[1][0] === open.fence[0] && m[1].length >= open.fence.length && m[2] === "") {
      for (let j = open.start; j <= i; j++) spans[j] = [open.start, i];
      open = null;
    }
  });
  return spans;
}

/** [first, last] line index of each admonition (`:::type` ... `:::`). */
function admonitions(lines: string[]): [number, number][] {
  const found: [number, number][] = [];
  let start: number | null = null;
  lines.forEach((line, i) => {
    if (start === null && /^\s*:::[a-z]+/i.test(line)) start = i;
    else if (start !== null && /^\s*:::\s*$/.test(line)) {
      found.push([start, i]);
      start = null;
    }
  });
  return found;
}

/**
 * The 1-based line numbers of `ak_groups` uses that have no version note. A use has its note when, within
 * NOTE_REACH lines of it (see above), a line names the release "2026.2" or an admonition mentions `user.groups`
 * (the replacement, which returns the wrong groups before 2026.2).
 */
function akGroupsWithoutNote(markdown: string): number[] {
  const lines = markdown.split("\n");
  const spans = blockSpans(lines);
  const notes = admonitions(lines).filter(([a, b]) =>
    lines
      .slice(a, b + 1)
      .join("\n")
      .includes("user.groups"),
  );
  const missing: number[] = [];
  lines.forEach((line, i) => {
    if (!line.includes("ak_groups")) return;
    const from = Math.max(0, spans[i][0] - NOTE_REACH);
    const to = Math.min(lines.length - 1, spans[i][1] + NOTE_REACH);
    const namesRelease = lines.slice(from, to + 1).some((l) => l.includes("2026.2"));
    const nearNote = notes.some(([a, b]) => a <= to && b >= from);
    if (!namesRelease && !nearNote) missing.push(i + 1);
  });
  return missing;
}

/**
 * Per guide, text that states a fact found wrong in April 2026 (or, for pfsense and sonarr, a wrong version and
 * wrong authentik labels). Each string belongs to the wrong statement only and cannot occur in its correction.
 */
const FORBIDDEN: Record<string, string[]> = {
  // The first OpenID user no longer owns the budget; users are provisioned in the User Directory first.
  "actual-budget": ["signs in through OpenID first becomes the owner"],
  // Classic IAM cannot be combined with SCIM (IAM Identity Center only).
  aws: ["either the Classic IAM or the IAM Identity Center"],
  // authentik's issuer ends in a slash.
  bookstack: ["OIDC_ISSUER=https://authentik.company/application/o/<application_slug>\n"],
  // Zero Trust moved identity providers to Integrations > Identity providers.
  "cloudflare-access": ["go to **Settings** > **Authentication**", "Under **Login methods**, click **Add**"],
  // The entity ID must match the Issuer `https://authentik.company/`.
  "fortigate-ssl": ['idp-entity-id "https://authentik.company"'],
  // JMESPath has to iterate the groups; the Terraform provider's redirect_uris is deprecated.
  grafana: ["contains(groups, 'Grafana", 'redirect_uris = ["'],
  // Harbor's callback has no trailing slash; its OIDC endpoint needs one.
  harbor: ["https://harbor.company/c/oidc/callback/", "`https://authentik.company/application/o/harbor`"],
  // Homarr 1.43.1 removed the variable and takes AUTH_PROVIDERS unquoted.
  homarr: ["OAUTH_ALLOW_DANGEROUS_EMAIL_ACCOUNT_LINKING=true", 'AUTH_PROVIDERS="oidc,credentials"'],
  // Community support now; the MinIO AIStor console has Access > OpenID.
  minio: ["support_level: authentik", "**Identity** > **OpenID**"],
  // The regex also matched other hosts (https://netbird.company.evil.example).
  netbird: ["https://netbird.company.*"],
  // Without `profile` the display name is lost; Nextcloud renamed its SAML fields.
  nextcloud: [
    "`email nextcloud openid`",
    "URL target for authentication requests",
    "Public X.509 certificate of the IdP",
  ],
  // Upstream's four-parameter verify is itself wrong: passport-openidconnect 0.1 passes a
  // four-parameter function (issuer, profile, context, done), so this order hands the context to
  // Node-RED as the profile. The guide keeps the three-parameter form and says why.
  "node-red": ["verify: function(context, issuer, profile, done)"],
  // Omada handles one group per user, not every group.
  "omada-controller": ["yield group.name"],
  // The redirect is Oracle's social callback; the IdP is added under Federation > Add Social IdP.
  "oracle-cloud": ["https://tenant.identity.oraclecloud.com/oauth2/v1/authorize", "**Add IdP**"],
  // The reference guide was written with authentik 2022.3.3.
  pfsense: ["2022.3.31"],
  // Seafile 11 reads the address from contact_email.
  seafile: ['"email": (True, "email")'],
  // authentik's labels are Send HTTP-Basic Authentication, HTTP-Basic Username Key, HTTP-Basic Password Key.
  sonarr: [
    "Use Basic Authentication",
    "`HTTP-Basic Username`",
    "`HTTP-Basic Password`",
    "**HTTP-Basic Username**",
    "**HTTP-Basic Password**",
  ],
  // The attribute is Stripe-Role-<stripe-account-id>.
  stripe: ["Stripe-Role-acct-"],
  tautulli: [
    "Set HTTP-Basic Authentication",
    "`HTTP-Basic Username`",
    "`HTTP-Basic Password`",
    "**HTTP-Basic Username**",
    "**HTTP-Basic Password**",
  ],
  // Landscape roles are set in its UI; no database edits.
  "ubuntu-landscape": ["INSERT INTO person_account", "INSERT INTO person_access"],
  // Vikunja 1.0 keys providers by name; the callback ends in /authentik.
  vikunja: ["authentiklogin", '- name: "authentik Login"'],
  // Zammad's IDP SSO target URL is the redirect binding.
  zammad: ["/sso/binding/post/"],
};

/** Per guide, text the correction adds where the wrong fact was a missing setting (a pattern where wording varies). */
const REQUIRED: Record<string, (string | RegExp)[]> = {
  // Guacamole 1.6 turns OpenID on explicitly and moved the Java keystore.
  "apache-guacamole": ["OPENID_ENABLED=true", "/opt/java/openjdk/lib/security/cacerts"],
  // IAM Identity Center: email as NameID, SCIM userName from the email, AWS compatibility mode.
  aws: [
    "authentik default SAML Mapping: Email",
    // The SCIM mapping's return value, on one line or spread over several.
    /\{\s*"userName":\s*request\.user\.email,?\s*\}/,
    /Compatibility Mode[^\n]{0,20}\bAWS\b/,
  ],
  // Classic IAM: its own guide, with the Issuer AWS expects and the trust policy's SAML:aud.
  "aws-classic": ["urn:amazon:webservices", "https://signin.aws.amazon.com/saml"],
};

describe("the guides", () => {
  const files = guideFiles();

  it("are found", () => {
    expect(files).toContain("services/grafana/index.md");
    expect(files).toContain("template/service.md");
  });

  it("do not link authentik's bindings page at its old address", () => {
    const links: string[] = [];
    for (const rel of files)
      read(rel)
        .split("\n")
        .forEach((line, i) => {
          if (line.includes(OLD_BINDINGS_PATH)) links.push(`${rel}:${i + 1}`);
        });
    expect(links, `links to ${OLD_BINDINGS_PATH} (use /docs/add-secure-apps/bindings-overview/)`).toEqual([]);
  });

  it("put a version note (2026.2, user.groups) beside every ak_groups expression", () => {
    const bare: string[] = [];
    for (const rel of files) for (const line of akGroupsWithoutNote(read(rel))) bare.push(`${rel}:${line}`);
    expect(bare, `ak_groups without "2026.2" or a user.groups note within ${NOTE_REACH} lines`).toEqual([]);
  });
});

describe("the version-note rule", () => {
  const expression = ["```python", "return [g.name for g in request.user.ak_groups.all()]", "```"];
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `Line ${i}.`);

  it("accepts a note naming 2026.2 or an admonition on user.groups next to the expression", () => {
    expect(
      akGroupsWithoutNote([...expression, "", "authentik 2026.2 deprecates this for user.groups."].join("\n")),
    ).toEqual([]);
    expect(akGroupsWithoutNote([":::info", "Keep `user.groups` for later.", ":::", ...expression].join("\n"))).toEqual(
      [],
    );
    // The reach is counted from the block's edges, however long the block is.
    const long = ["```python", ...filler(40).map((l) => `# ${l}`), "x = user.ak_groups.all()", "```"];
    expect(akGroupsWithoutNote(["Needs authentik 2026.2 or newer for user.groups.", ...long].join("\n"))).toEqual([]);
  });

  it("rejects an expression without a note, or with a note too far away", () => {
    expect(akGroupsWithoutNote(expression.join("\n"))).toEqual([2]);
    const far = ["Since authentik 2026.2 ...", ...filler(NOTE_REACH + 1), ...expression].join("\n");
    expect(akGroupsWithoutNote(far)).toEqual([NOTE_REACH + 4]);
    // An admonition that does not mention user.groups is no version note.
    expect(akGroupsWithoutNote([":::info", "Anything else.", ":::", ...expression].join("\n"))).toEqual([5]);
  });
});

describe("the corrected guides", () => {
  it.each(Object.entries(FORBIDDEN))("%s no longer states what was found wrong", (slug, strings) => {
    const rel = serviceFile(slug);
    expect(existsSync(path.join(CONTENT, rel)), `${rel} is missing`).toBe(true);
    const text = read(rel);
    const found = strings.filter((s) => text.includes(s));
    expect(found, `${rel} still contains ${found.map((s) => JSON.stringify(s)).join(", ")}`).toEqual([]);
  });

  it.each(Object.entries(REQUIRED))("%s has the settings it was missing", (slug, strings) => {
    const rel = serviceFile(slug);
    expect(existsSync(path.join(CONTENT, rel)), `${rel} is missing`).toBe(true);
    const text = read(rel);
    const absent = strings.filter((s) => (typeof s === "string" ? !text.includes(s) : !s.test(text)));
    const message = absent.map((s) => (typeof s === "string" ? JSON.stringify(s) : String(s))).join(", ");
    expect(absent.map(String), `${rel} lacks ${message}`).toEqual([]);
  });
});
