#!/usr/bin/env node
// Shows that a change of ssodocs leaves the sites it builds as they were: builds each site with the
// tool as it was at a git ref and with the tool of the working tree, both without a cache, and
// compares every file of the two outputs. The site's content and config are the working tree's
// for both builds, so only the tool differs. Each tool is compiled in a temporary folder of its
// own, the two side by side: the bundler names the browser's script files by hashes that take in
// the paths of what they bundle, which are then the same for both.
//
//   node scripts/same-output.mjs <ref> [config ...]    (default config: ssodocs.config.ts)
//   node scripts/same-output.mjs HEAD~3 ssodocs.config.ts scripts/upstream.config.ts
//
// Prints one line per site ("same: 181 files") or the files that differ; exits 1 if any does.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Every file below `dir` (relative path) with the hash of its bytes. */
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

/** The files that are in only one of the folders or differ, each with a line saying how. */
export function differences(before, after) {
  const a = hashes(before);
  const b = hashes(after);
  const lines = [];
  for (const [file, hash] of a) {
    if (!b.has(file)) lines.push(`only before: ${file}`);
    else if (b.get(file) !== hash) lines.push(`differs: ${file}`);
  }
  for (const file of b.keys()) if (!a.has(file)) lines.push(`only after: ${file}`);
  return { files: a.size, lines };
}

/** The tool as it was at `ref` (or, for null, as the working tree has it), compiled in `dir` with this checkout's packages. */
function toolAt(ref, dir) {
  mkdirSync(dir, { recursive: true });
  if (ref) {
    const archive = execFileSync("git", ["archive", "--format=tar", ref], { cwd: ROOT, maxBuffer: 1 << 30 });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
  } else {
    const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 1 << 30,
    });
    for (const file of files.split("\0").filter(Boolean)) {
      const from = path.join(ROOT, file);
      if (statSync(from, { throwIfNoEntry: false })?.isFile()) cpSync(from, path.join(dir, file));
    }
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  execFileSync(process.execPath, ["scripts/build-tool.mjs"], { cwd: dir, stdio: "inherit" });
  return dir;
}

function build(tool, config, out) {
  const env = { ...process.env, SSODOCS_NO_CACHE: "1", NO_COLOR: "1" };
  const args = [path.join(tool, "bin/ssodocs.mjs"), "build", "--config", config, "--out", out];
  const r = spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`build of ${config} with ${tool} failed:\n${r.stderr}`);
}

function main([ref, ...configs]) {
  if (!ref) {
    console.error("usage: node scripts/same-output.mjs <git ref> [config ...]");
    return 2;
  }
  const work = mkdtempSync(path.join(os.tmpdir(), "ssodocs-same-output-"));
  try {
    const before = toolAt(ref, path.join(work, "before"));
    const after = toolAt(null, path.join(work, "after"));
    let failed = false;
    for (const [i, config] of (configs.length ? configs : ["ssodocs.config.ts"]).entries()) {
      const file = path.resolve(ROOT, config);
      build(before, file, path.join(work, `site-before-${i}`));
      build(after, file, path.join(work, `site-after-${i}`));
      const { files, lines } = differences(path.join(work, `site-before-${i}`), path.join(work, `site-after-${i}`));
      failed ||= lines.length > 0;
      console.log(
        lines.length
          ? `${config}: ${lines.length} differences\n${lines.join("\n")}`
          : `${config}: same (${files} files)`,
      );
    }
    return failed ? 1 : 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
