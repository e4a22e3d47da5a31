#!/usr/bin/env node
// Shows that two checkouts of ssodocs build the same site: each builds content/ (and, where it is
// beside the project, ../shared/upstream) without any cache into a folder of its own, and every
// file is compared byte for byte. For a change that must not change the output (a reshaping of the
// code), run it against a checkout of the commit before:
//
//   node scripts/same-output.mjs <other checkout> [--upstream]
//
// Both checkouts need their dist/ compiled (npm run build:tool). Exit 1 when any file differs.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const here = path.resolve(import.meta.dirname, "..");
const [other, ...flags] = process.argv.slice(2);
if (!other) {
  console.error("usage: node scripts/same-output.mjs <other checkout> [--upstream]");
  process.exit(2);
}

/** Every file below `dir` with the hash of its bytes. */
function hashes(dir) {
  const out = new Map();
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(path.relative(dir, p), createHash("sha256").update(readFileSync(p)).digest("hex"));
    }
  };
  walk(dir);
  return out;
}

/** Builds the site of `config` with the checkout `tool`, uncached, into `out`. */
function build(tool, config, out) {
  const env = { ...process.env, SSODOCS_NO_CACHE: "1", NO_COLOR: "1" };
  const r = spawnSync(
    process.execPath,
    [path.join(tool, "bin/ssodocs.mjs"), "build", "--config", config, "--out", out],
    {
      cwd: tool,
      env,
      encoding: "utf8",
    },
  );
  if (r.status !== 0) throw new Error(`${tool}: build of ${config} failed:\n${r.stderr}`);
}

const sites = [["content/", "ssodocs.config.ts"]];
if (flags.includes("--upstream")) sites.push(["../shared/upstream", "scripts/upstream.config.ts"]);
const temp = mkdtempSync(path.join(os.tmpdir(), "ssodocs-same-output-"));
let differing = 0;
try {
  for (const [name, config] of sites) {
    if (!existsSync(path.join(here, config))) continue;
    const [a, b] = [path.join(temp, "a"), path.join(temp, "b")];
    build(here, config, a);
    build(path.resolve(other), config, b);
    const [ha, hb] = [hashes(a), hashes(b)];
    const names = [...new Set([...ha.keys(), ...hb.keys()])].sort();
    const diff = names.filter((n) => ha.get(n) !== hb.get(n));
    differing += diff.length;
    console.log(`${name}: ${names.length} files, ${diff.length} differ`);
    for (const n of diff.slice(0, 20))
      console.log(`  ${n}${!ha.has(n) ? " (only in the other)" : !hb.has(n) ? " (only in this one)" : ""}`);
    rmSync(a, { recursive: true, force: true });
    rmSync(b, { recursive: true, force: true });
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
process.exit(differing ? 1 : 0);
