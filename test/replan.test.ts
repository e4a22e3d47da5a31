// Watch mode keeps the last plan when an update edits docs' text alone and keys only their pages
// again (pipeline/replan.ts): the plan it gives must be the one planning everything gives, and
// any edit that reaches the structure, the stamps or the list of docs must plan everything.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/node/config.ts";
import { Warnings } from "../src/node/errors.ts";
import type { PreparedSite } from "../src/node/pipeline/prepare.ts";
import { plan } from "../src/node/pipeline/run.ts";
import { siteCaches } from "../src/node/store/index.ts";
import { tempSite } from "./helpers.ts";

const ALPHA = "docs/services/alpha/index.md";
/** A doc titled by its heading, with a front matter key ssodocs does not know (a warning). */
const GAMMA = "docs/services/gamma/index.md";
const GAMMA_TEXT = "---\nsidebar_label: Gamma\ncolour: green\n---\n\n# Integrate with Gamma\n\nGamma text.\n";

describe("keeping the plan after an edit of docs' text (issue 30)", () => {
  let site: ReturnType<typeof tempSite>;
  beforeEach(() => {
    site = tempSite({ [GAMMA]: GAMMA_TEXT });
  });
  afterEach(() => site.cleanup());

  const file = (rel: string) => path.join(site.dir, rel);
  const edit = (rel: string, from: string | RegExp, to: string) => {
    const text = readFileSync(file(rel), "utf8");
    expect(text).toMatch(from);
    writeFileSync(file(rel), text.replace(from, to));
  };

  /** Plans the site: after `previous` with `changed` files (as a watch update does), or everything. */
  async function planOf(previous: PreparedSite | undefined, changed: string[], reuse = true) {
    const loaded = previous?.loaded ?? (await loadConfig(site.config));
    const caches = siteCaches(site.config);
    const warnings = new Warnings();
    const stages: string[] = [];
    const docs = new Map(previous?.inputs.docs.map((doc) => [doc.relativePath, doc]) ?? []);
    const known = { docs, changed: new Set(changed.map(file)) };
    const options = { caches, warnings, drafts: true, known, previous: reuse ? previous : undefined };
    const planned = await plan(loaded, options, (stage) => stages.push(stage));
    return { planned, replanned: stages.includes("replan"), warnings: warnings.list };
  }

  /** What a plan decides: every page with its key and the text it is made from, the model's docs, the stamps. */
  const summary = (planned: PreparedSite) => ({
    plans: planned.plans.map((p) => [p.kind, p.route, p.file, p.payload, p.indexable, p.key, p.doc?.hash ?? null]),
    docs: planned.model.docs.map((doc) => [doc.id, doc.hash, doc.body]),
    byId: [...planned.model.byId].map(([id, doc]) => [id, doc.hash]),
    inputs: planned.inputs.docs.map((doc) => doc.hash),
    stamps: planned.stamps,
  });

  /** Plans after the edit both ways; returns whether the plan was kept, and the plan. */
  async function bothWays(before: PreparedSite, changed: string[]) {
    const kept = await planOf(before, changed);
    const fresh = await planOf(before, changed, false);
    expect(fresh.replanned).toBe(false);
    expect(summary(kept.planned)).toEqual(summary(fresh.planned));
    expect(kept.warnings).toEqual(fresh.warnings);
    return kept;
  }

  it("keys only the edited doc's page and the tag pages listing it, as planning everything does", async () => {
    const { planned: before, warnings } = await planOf(undefined, []);
    expect(warnings.join("\n")).toContain('unknown front matter key "colour"');
    edit(ALPHA, "Alpha is a pretend code host", "Alpha is an edited code host");
    const { planned: after, replanned } = await bothWays(before, [ALPHA]);
    expect(replanned).toBe(true);
    const keyChanged = before.plans.filter((p, i) => after.plans[i].key !== p.key).map((p) => p.route);
    expect(keyChanged.sort()).toEqual([
      "/integrations/services/alpha/",
      "/integrations/tags/apple",
      "/integrations/tags/integration",
    ]);
    // Nothing changed since: the plan is kept as it is.
    const again = await bothWays(after, []);
    expect(again.replanned).toBe(true);
  });

  it("keeps the plan when a line ends a doc's front matter, its keys where they were", async () => {
    const { planned: before } = await planOf(undefined, []);
    edit(
      ALPHA,
      "description: Sign in to Alpha with the fixture identity provider.\n",
      "description: Sign in to Alpha with the fixture identity provider.\n# a comment\n",
    );
    expect((await bothWays(before, [ALPHA])).replanned).toBe(true);
  });

  /** Edits `rel` and gives the files changed. */
  const edited = (rel: string, from: string, to: string) => () => {
    edit(rel, from, to);
    return [rel];
  };
  const replanning: [string, () => string[]][] = [
    ["a sidebar label", edited(ALPHA, "sidebar_label: Alpha\n", "sidebar_label: Alpha Two\n")],
    ["a front matter line moving the keys below it", edited(ALPHA, "tags:\n", "# a comment\ntags:\n")],
    ["a title taken from the heading", edited(GAMMA, "# Integrate with Gamma", "# Gamma at last")],
    ["a language no doc used", edited(GAMMA, "Gamma text.", "```ruby\nputs 1\n```")],
    [
      "a renamed doc",
      () => {
        renameSync(file(GAMMA), file("docs/services/gamma/renamed.md"));
        return [GAMMA, "docs/services/gamma/renamed.md"];
      },
    ],
    [
      "a new doc",
      () => {
        writeFileSync(file("docs/services/delta.md"), "# Delta\n");
        return ["docs/services/delta.md"];
      },
    ],
    ["the config", edited("ssodocs.config.ts", "A small site for the tests.", "Edited.")],
  ];
  it.each(replanning)("plans everything after %s", async (_name, apply) => {
    const { planned: before } = await planOf(undefined, []);
    expect((await bothWays(before, apply())).replanned).toBe(false);
  });
});
