// Synthetic corpus generator: N realistic integration guides (headings, lists, admonitions,
// tabs, 2 to 4 code blocks in varied languages, links between pages) with a config whose
// sidebar groups them into collapsible categories of 100.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LANGS = ["yaml", "bash", "python", "json", "ini", "ruby", "php", "env", "hcl", "sql"];
const WORDS =
  "the service signs users in through authentik using a provider that issues tokens with claims for groups email and profile so administrators map roles".split(
    " ",
  );

/** A deterministic pseudo-random generator, so the corpus is the same on every run. */
function random(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

function sentence(rnd, n = 12) {
  const w = Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]);
  w[0] = w[0][0].toUpperCase() + w[0].slice(1);
  return `${w.join(" ")}.`;
}

function codeBlock(rnd, i, k) {
  const lang = LANGS[Math.floor(rnd() * LANGS.length)];
  const bodies = {
    yaml: `services:\n  app${i}:\n    image: example/app:${k}.0\n    environment:\n      OIDC_CLIENT_ID: client-${i}\n      OIDC_ISSUER: https://authentik.company/application/o/app-${i}/`,
    bash: `export CLIENT_ID=client-${i}\ncurl -s https://app-${i}.company/health | jq '.status'\nsystemctl restart app-${i}`,
    python: `SOCIAL_AUTH_OIDC_KEY = "client-${i}"\nSOCIAL_AUTH_OIDC_ENDPOINT = "https://authentik.company/application/o/app-${i}/"\n\ndef groups(user):\n    return [g.name for g in user.ak_groups.all()]`,
    json: `{\n  "clientId": "client-${i}",\n  "scopes": ["openid", "email", "profile"],\n  "retries": ${k}\n}`,
    ini: `[auth.generic_oauth]\nenabled = true\nclient_id = client-${i}\nscopes = openid email profile`,
    ruby: `gitlab_rails['omniauth_providers'] = [\n  { name: 'openid_connect', label: 'app ${i}', args: { issuer: 'https://authentik.company/application/o/app-${i}/' } }\n]`,
    php: `<?php\n$config['oauth_client_id'] = 'client-${i}';\n$config['oauth_scopes'] = 'openid email profile';`,
    env: `OIDC_CLIENT_ID=client-${i}\nOIDC_CLIENT_SECRET=secret-${k}\nOIDC_REDIRECT_URI=https://app-${i}.company/callback`,
    hcl: `resource "authentik_provider_oauth2" "app_${i}" {\n  name      = "app-${i}"\n  client_id = "client-${i}"\n}`,
    sql: `UPDATE settings SET value = 'client-${i}' WHERE key = 'oidc_client_id';`,
  };
  const title = rnd() < 0.4 ? ` title="config-${i}-${k}.${lang}"` : "";
  return `\`\`\`${lang}${title}\n${bodies[lang]}\n\`\`\``;
}

function guide(i, total, rnd) {
  const other = (i * 7 + 3) % total;
  const blocks = 2 + Math.floor(rnd() * 3);
  const code = Array.from({ length: blocks }, (_, k) => codeBlock(rnd, i, k));
  return `---
title: Integrate with App ${i}
sidebar_label: App ${i}
support_level: ${rnd() < 0.1 ? "authentik" : "community"}
description: Sign in to App ${i} with authentik single sign-on.
${i % 50 === 0 ? "tags: [integration]\n" : ""}---

## What is App ${i}

${sentence(rnd, 24)} ${sentence(rnd, 18)}

Website: <https://app-${i}.example>

## Preparation

- \`app-${i}.company\` is where App ${i} runs.
- \`authentik.company\` is where authentik runs.

:::info
${sentence(rnd, 16)}
:::

## authentik configuration

1. Sign in to authentik as an administrator and open the **Admin interface**.
2. Go to **Applications** > **Applications** and click **Create with Provider**.
    - **Application**: enter \`App ${i}\`.
    - **Configure the Provider**: add a \`Strict\` redirect URI \`https://app-${i}.company/callback\`.
3. Click **Submit**.

${code[0]}

## App ${i} configuration

<Tabs>
<TabItem value="docker" label="Docker" default>

${sentence(rnd)}

${code[1]}

</TabItem>
<TabItem value="file" label="Config file">

${sentence(rnd)}

${code.slice(2).join("\n\n") || sentence(rnd)}

</TabItem>
</Tabs>

| Setting | Value |
| --- | --- |
| Client ID | \`client-${i}\` |
| Scopes | \`openid email profile\` |

:::warning
${sentence(rnd, 14)}
:::

## Configuration verification

${sentence(rnd, 20)} Compare with [App ${other}](/integrations/services/app-${other}/#preparation).
`;
}

/** Writes the corpus and its config into `dir`; returns the config file's path. */
export function generateCorpus(dir, pages) {
  const docs = path.join(dir, "docs");
  mkdirSync(path.join(docs, "services"), { recursive: true });
  const rnd = random(pages);
  const perCategory = 100;
  const categories = [];
  for (let i = 0; i < pages; i++) {
    const folder = path.join(docs, "services", `app-${i}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "index.md"), guide(i, pages, rnd));
    const c = Math.floor(i / perCategory);
    (categories[c] ??= []).push(`services/app-${i}/index`);
  }
  writeFileSync(
    path.join(docs, "index.md"),
    "---\ntitle: Overview\n---\n\n## Start\n\nSee the [applications](/integrations/services/).\n",
  );
  writeFileSync(
    path.join(docs, "services", "index.md"),
    "---\ntitle: Applications\n---\n\n## Categories\n\n<DocCardList />\n",
  );
  const sidebar = [
    "index",
    {
      type: "category",
      label: "Applications",
      link: "services/index",
      items: categories.map((items, c) => ({
        type: "category",
        label: `Category ${String(c + 1).padStart(3, "0")}`,
        collapsible: true,
        items,
      })),
    },
  ];
  writeFileSync(path.join(dir, "package.json"), '{ "private": true, "type": "module" }\n');
  const config = path.join(dir, "ssodocs.config.ts");
  writeFileSync(
    config,
    `import { defineConfig } from "ssodocs";
export default defineConfig({
  title: "Bench",
  url: "https://bench.example",
  navbar: { logo: { alt: "Bench logo", src: "/img/icon.svg", href: "https://bench.example/" }, items: [{ label: "Integrations", href: "/integrations/" }] },
  footer: { copyright: "Copyright © 2025 Bench" },
  docs: { path: "docs", sidebar: ${JSON.stringify(sidebar)} },
  static: ${JSON.stringify(path.join(ROOT, "static"))},
});
`,
  );
  return config;
}

// `node bench/corpus.mjs <dir> <pages>` writes one corpus and prints its config's path.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, pages] = process.argv.slice(2);
  if (!dir || !(Number(pages) > 0)) {
    console.error("usage: node bench/corpus.mjs <dir> <pages>");
    process.exit(2);
  }
  console.log(generateCorpus(path.resolve(dir), Number(pages)));
}
