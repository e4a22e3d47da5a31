// The `ssodocs` command line: build, serve, check, new, index and components.
import os from "node:os";
import path from "node:path";
import { Command, CommanderError } from "commander";
import type { DocSearchRecord } from "../shared/types.ts";
import { buildSite, searchRecordsOf, type BuildResult } from "./pipeline/build.ts";
import type { RunMeter } from "./pipeline/run.ts";
import type { CheckReport } from "./check.ts";
import { configFileOf, configNotice, loadConfig, type LoadedConfig } from "./config.ts";
import { type Diagnostic, diagnosticsOf, SsodocsError, shownProblems, Warnings } from "./errors.ts";
import { projectRootOf } from "./input-files.ts";
import { createOutput, type Output } from "./output.ts";
import { RECORDS_FILE } from "./search/files.ts";
import { setCacheDir } from "./store/cache-dir.ts";
import { siteCaches } from "./store/index.ts";

const VERSION = "0.1.0";

interface CommonOptions {
  config?: string;
}

/** What every command gets: the terminal and a way to set the exit code. */
interface CommandContext {
  out: Output;
  fail(): void;
}

/** The progress line's view of a run: each stage, and how far it is. */
const meterOf = (out: Output): RunMeter => ({ stage: out.stage, progress: out.progress });

/** Builds with progress shown and the warnings printed, also when the build fails. */
async function runBuild(out: Output, loaded: LoadedConfig, outDir: string | null): Promise<BuildResult> {
  // An empty --out would build in memory only and write nothing, yet say it built.
  if (outDir !== null && !outDir.trim()) throw new SsodocsError("--out may not be empty: name the output folder");
  const warnings = new Warnings();
  try {
    return await buildSite(loaded, { outDir, warnings, meter: meterOf(out) });
  } finally {
    out.done();
    for (const w of shownProblems(warnings.items, "warning")) out.warn(w);
  }
}

/** `--timings`: each stage's time, the parts of rendering after it. */
function timingsLine(timings: Record<string, number>): string {
  const parts = { markdown: "Markdown", highlighting: "highlighting", react: "React" };
  const stages = Object.entries(timings)
    .filter(([k]) => !(k in parts))
    .map(([k, v]) => {
      if (k !== "render") return `${k} ${v} ms`;
      const split = Object.entries(parts).map(([part, name]) => `${name} ${timings[part] ?? 0} ms`);
      return `${k} ${v} ms (${split.join(", ")})`;
    });
  return `${stages.join(", ")}, peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Loads the config, saying which it read when that is a Docusaurus one (`quiet`: for output machines read). */
async function load(out: Output, configPath: string | undefined, quiet = false): Promise<LoadedConfig> {
  // The config and sidebars modules as the last build bundled them (the build shortcuts): an
  // unchanged one starts no bundler and no trial load (60-100 ms of every build).
  const loaded = await loadConfig(configPath, { modules: siteCaches(configFileOf(configPath)).shortcuts });
  const notice = configNotice(loaded);
  if (notice && !quiet) out.info(notice);
  return loaded;
}

const withConfig = (cmd: Command) =>
  cmd
    .option("-c, --config <file>", "config file (default: ssodocs.config.ts, else the folder's docusaurus.config.*)")
    .option("--verbose", "print the stack trace of an error (also DEBUG=ssodocs)", false);

function buildCommand(program: Command, { out }: CommandContext): void {
  withConfig(program.command("build").description("build the site into the output folder"))
    .option("-o, --out <dir>", "output folder", "build")
    .option("--timings", "print the time each stage took", false)
    .action(async (opts: CommonOptions & { out: string; timings: boolean }) => {
      const result = await runBuild(out, await load(out, opts.config), opts.out);
      if (opts.timings) out.info(timingsLine(result.timings));
      const warned = result.warnings.length ? ` (${plural(result.warnings.length, "warning")})` : "";
      out.info(`Built ${result.pages.length} pages in ${result.seconds.toFixed(2)} s${warned}`);
    });
}

async function serveBuilt(out: Output, opts: CommonOptions & { out: string; host: string }, port: number) {
  const result = await runBuild(out, await load(out, opts.config), opts.out);
  out.info(`Built ${result.pages.length} pages in ${result.seconds.toFixed(2)} s`);
  const { startStaticServer } = await import("./serve/static.ts");
  const server = await startStaticServer(path.resolve(opts.out), port, opts.host, [], {
    "Content-Security-Policy": result.csp,
  });
  const address = server.address();
  out.info(
    `Serving at http://${opts.host}:${typeof address === "object" && address ? address.port : port}/ (Ctrl+C to stop)`,
  );
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

type ServeOptions = CommonOptions & { port: string; host: string; out: string; watch: boolean; timings: boolean };

function serveCommand(program: Command, { out }: CommandContext): void {
  const description = "build the site, then serve it; with --watch, rebuild on every change and reload the browser";
  withConfig(program.command("serve").description(description))
    .option("-p, --port <port>", "port", "3000")
    .option("-H, --host <host>", "host to bind", "127.0.0.1")
    .option("-o, --out <dir>", "output folder (not used with --watch, which serves from a temporary folder)", "build")
    .option("-w, --watch", "watch content, templates, config and static files; reload open pages on change", false)
    .option("--timings", "with --watch, print when each stage of an update ended", false)
    .action(async (opts: ServeOptions) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        throw new SsodocsError(`--port must be a number from 0 to 65535, not "${opts.port}"`);
      }
      // A busy port is found before the build, not after it.
      const { freePort } = await import("./serve/port.ts");
      const free = await freePort(port, opts.host);
      if (free !== port) out.info(`Port ${port} is in use; serving on port ${free} instead`);
      let stop: () => Promise<void>;
      if (opts.watch) {
        const { startWatchServer } = await import("./dev/watch.ts");
        const { config: configFile, host, timings } = opts;
        stop = (await startWatchServer({ configFile, host, port: free, out, timings })).close;
      } else stop = await serveBuilt(out, opts, free);
      await untilSignal(stop);
    });
}

/** How long stopping the server may take after Ctrl+C or SIGTERM before the process ends all the same. */
const STOP_LIMIT_MS = 10_000;

/**
 * Waits for Ctrl+C or SIGTERM, then stops the server. The process always ends: a second signal
 * ends it at once, and so does anything left running (a stop that hangs, a handle still open)
 * once STOP_LIMIT_MS have passed.
 */
function untilSignal(stop: () => Promise<void>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let stopped = false;
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) process.exit(128 + os.constants.signals[signal]);
      stopping = true;
      setTimeout(() => process.exit(stopped ? (process.exitCode ?? 0) : 1), STOP_LIMIT_MS).unref();
      stop().then(() => {
        stopped = true;
        resolve();
      }, reject);
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
}

/**
 * The check's report as text: each problem with its file, line and column (a link broken on five
 * or more pages, which comes from the layout, once), then one summary line.
 */
function printCheck(out: Output, report: CheckReport, problems: Diagnostic[], allowOffline: boolean): void {
  for (const w of shownProblems(report.warnings, "warning")) out.warn(w);
  if (report.externalSkipped && allowOffline) out.warn(report.externalSkipped);
  for (const problem of shownProblems(problems, "error")) out.error(problem);
  const notRun = "not run (the build failed)";
  const parts = [
    `${report.pages} pages`,
    plural(report.errors.length, "build error"),
    report.brokenLinks ? `${plural(report.brokenLinks.length, "broken link")} or anchors` : `broken links ${notRun}`,
    report.notInSidebar
      ? `${plural(report.notInSidebar.length, "doc")} missing from the sidebar`
      : `sidebar coverage ${notRun}`,
    report.linkinator
      ? `linkinator: ${report.linkinator.checked} links checked, ${report.linkinator.broken.length} broken`
      : `linkinator ${notRun}`,
    ...(report.externalSkipped ? ["external links not checked (no network)"] : []),
  ];
  out.info(`Check ${report.ok ? "passed" : "failed"}: ${parts.join("; ")}`);
}

function checkCommand(program: Command, { out, fail }: CommandContext): void {
  const description =
    "run every validation in a temporary folder (front matter, links, anchors, sidebar coverage), then linkinator over the served output";
  withConfig(program.command("check").description(description))
    .option("--external", "also check external links (fails when the network does not answer)", false)
    .option("--allow-offline", "with --external, pass when the network does not answer (external links skipped)", false)
    .option("--json", "print a machine-readable report on stdout instead of text", false)
    .action(async (opts: CommonOptions & { external: boolean; allowOffline: boolean; json: boolean }) => {
      const loaded = await load(out, opts.config, opts.json);
      const { runCheck, checkDiagnostics } = await import("./check.ts");
      const allowOffline = opts.allowOffline;
      let report: CheckReport;
      try {
        report = await runCheck(loaded, { external: opts.external, allowOffline, meter: meterOf(out) });
      } finally {
        out.done();
      }
      if (!report.ok) fail();
      if (opts.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      else printCheck(out, report, checkDiagnostics(report, loaded.file, allowOffline), allowOffline);
    });
}

function newCommand(program: Command, { out }: CommandContext): void {
  withConfig(
    program
      .command("new")
      .description("start a guide for a service from the template guide and list it in the sidebar"),
  )
    .argument("<service>", "the service's slug: lower-case letters, digits and hyphens (the guide's address)")
    .option("-n, --name <name>", "the service's display name (default: from the slug)")
    .option("--category <label>", "the sidebar category to list it in (its label, or its folder)")
    .option(
      "--sidebar <file>",
      "the grouped sidebar file (default: docs.sidebarPath, else sidebar.json beside the config)",
    )
    .action(async (service: string, opts: CommonOptions & { name?: string; category?: string; sidebar?: string }) => {
      const loaded = await loadConfig(opts.config);
      const { createGuide } = await import("./new-guide.ts");
      const created = createGuide(loaded, {
        service,
        name: opts.name,
        category: opts.category,
        sidebarFile: opts.sidebar,
      });
      const rel = (f: string) => path.relative(process.cwd(), f) || f;
      const listed = created.sidebarFile
        ? ` and listed it under "${created.category}" in ${rel(created.sidebarFile)}`
        : created.category
          ? ` in the folder of "${created.category}" (the sidebar lists it from there)`
          : "";
      out.info(`Created ${rel(created.file)}${listed}`);
      out.info(`Fill it in, then see it at ${created.route} with: ssodocs serve --watch`);
    });
}

function indexCommand(program: Command, { out }: CommandContext): void {
  const description =
    "build the search records; with --push, upload them to Algolia (ALGOLIA_APP_ID, ALGOLIA_ADMIN_KEY)";
  withConfig(program.command("index").description(description))
    .option("--push", "replace the Algolia index with the records", false)
    .option("--index-name <name>", "Algolia index (default: search.algolia.indexName of the config)")
    .option("--algolia-host <url>", "send to this host instead of Algolia's (a proxy or a test server)")
    .action(async (opts: CommonOptions & { push: boolean; indexName?: string; algoliaHost?: string }) => {
      const loaded = await load(out, opts.config);
      const result = await runBuild(out, loaded, null);
      const records = (await searchRecordsOf(result)) as DocSearchRecord[];
      if (!opts.push) {
        out.info(
          `${records.length} search records from ${result.pages.length} pages (ssodocs build writes them to ${RECORDS_FILE}; --push uploads them)`,
        );
        return;
      }
      const indexName = opts.indexName ?? loaded.config.search.algolia?.indexName;
      if (!indexName) {
        throw new SsodocsError(
          "index --push needs an index name: set search.algolia.indexName in the config or pass --index-name",
        );
      }
      // The Algolia client is only loaded for a push.
      const { pushCredentials, pushRecords } = await import("./search/push.ts");
      const { appId, adminKey } = pushCredentials(process.env);
      const pushed = await pushRecords(records, { appId, adminKey, indexName, host: opts.algoliaHost ?? null });
      out.info(`Pushed ${pushed.count} search records to Algolia index "${indexName}" (application ${appId})`);
    });
}

function componentsCommand(program: Command, { out }: CommandContext): void {
  const description =
    "list the components a site can override (theme/<Name>.tsx), their props types, and which it does";
  withConfig(program.command("components").description(description)).action(async (opts: CommonOptions) => {
    const loaded = await loadConfig(opts.config);
    const [{ COMPONENTS, COMPONENT_NAMES }, { findOverrides }] = await Promise.all([
      import("../shared/overridable.ts"),
      import("./render/overrides.ts"),
    ]);
    // Paths inside the working folder are shown from it, others in full.
    const rel = (f: string) => (path.relative(process.cwd(), f).startsWith("..") ? f : path.relative(process.cwd(), f));
    const overridden = new Map(findOverrides(loaded.themeDir).map((o) => [o.name, rel(o.file)]));
    const status = (name: string) => overridden.get(name as never) ?? "default";
    const width = (texts: string[]) => Math.max(...texts.map((t) => t.length)) + 2;
    const [names, props, states] = [
      width(COMPONENT_NAMES),
      width(COMPONENT_NAMES.map((n) => COMPONENTS[n].props)),
      width(COMPONENT_NAMES.map(status)),
    ];
    out.info(
      `A file named like a component in ${rel(loaded.themeDir)}/ (<Name>.tsx) replaces it; its props type comes ` +
        'from "ssodocs", the default component from "ssodocs/theme".',
    );
    for (const name of COMPONENT_NAMES)
      out.info(
        `${name.padEnd(names)}${COMPONENTS[name].props.padEnd(props)}${status(name).padEnd(states)}${COMPONENTS[name].what}`,
      );
    out.info(`${plural(overridden.size, "component")} of ${COMPONENT_NAMES.length} overridden`);
  });
}

/** `--cache-dir` on every command that builds: where the caches live (SSODOCS_CACHE_DIR, which it overrides). */
function withCacheDir(program: Command): void {
  for (const command of program.commands)
    if (command.name() !== "new")
      command.option(
        "--cache-dir <dir>",
        "keep the caches in this folder (default: $SSODOCS_CACHE_DIR, else node_modules/.cache/ssodocs)",
      );
  program.hook("preAction", (_program, action) => {
    const dir = (action.opts() as { cacheDir?: string }).cacheDir;
    if (dir) setCacheDir(dir);
  });
}

export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const context: CommandContext = { out: createOutput(), fail: () => (exitCode = 1) };
  const program = new Command()
    .name("ssodocs")
    .description("Build, serve and check a documentation site of single sign-on integration guides")
    .version(VERSION, "-v, --version", "print the version")
    .showHelpAfterError("(run with --help for usage)")
    .showSuggestionAfterError(true)
    .exitOverride();
  for (const add of [buildCommand, serveCommand, checkCommand, newCommand, indexCommand, componentsCommand])
    add(program, context);
  withCacheDir(program);
  // Files in messages are shown from the project (the git work tree holding the config), as CI annotations want them.
  program.hook("preAction", (_program, command) => {
    context.out.root = projectRootOf(configFileOf((command.opts() as CommonOptions).config));
  });
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      const ok = error.exitCode === 0 || error.code === "commander.helpDisplayed" || error.code === "commander.version";
      return ok ? 0 : 1;
    }
    context.out.done();
    for (const problem of shownProblems(diagnosticsOf(error), "error")) context.out.error(problem);
    return 1;
  }
  return exitCode;
}
