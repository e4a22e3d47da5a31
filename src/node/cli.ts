// The `ssodocs` command line: build, serve and check.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Command, CommanderError } from "commander";
import { buildSite, type BuildResult } from "./build.ts";
import { loadConfig } from "./config.ts";
import { formatError, SsodocsError, Warnings } from "./errors.ts";
import { createOutput } from "./output.ts";
import { RECORDS_FILE } from "./search/files.ts";
import type { DocSearchRecord } from "../shared/types.ts";

const VERSION = "0.1.0";

interface CommonOptions {
  config?: string;
}

export async function main(argv: string[]): Promise<number> {
  const out = createOutput();
  let exitCode = 0;

  const runBuild = async (opts: CommonOptions, outDir: string | null): Promise<BuildResult> => {
    const loaded = await loadConfig(opts.config);
    const warnings = new Warnings();
    try {
      return await buildSite(loaded, { outDir, warnings });
    } finally {
      for (const w of warnings.list) out.warn(w);
    }
  };

  const program = new Command()
    .name("ssodocs")
    .description("Build, serve and check a documentation site of single sign-on integration guides")
    .version(VERSION, "-v, --version", "print the version")
    .showHelpAfterError("(run with --help for usage)")
    .showSuggestionAfterError(true)
    .exitOverride();

  const withConfig = (cmd: Command) => cmd.option("-c, --config <file>", "config file", "ssodocs.config.ts");

  withConfig(program.command("build").description("build the site into the output folder"))
    .option("-o, --out <dir>", "output folder", "build")
    .option("--timings", "print the time each stage took", false)
    .action(async (opts: CommonOptions & { out: string; timings: boolean }) => {
      const result = await runBuild(opts, opts.out);
      if (opts.timings) {
        const stages = Object.entries(result.timings).map(([k, v]) => `${k} ${v} ms`);
        out.info(`${stages.join(", ")}, peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
      }
      out.info(`Built ${result.pages.length} pages in ${result.seconds.toFixed(2)} s${result.warnings.length ? ` (${result.warnings.length} warning${result.warnings.length === 1 ? "" : "s"})` : ""}`);
    });

  withConfig(program.command("serve").description("build the site, then serve it; with --watch, rebuild on every change and reload the browser"))
    .option("-p, --port <port>", "port", "3000")
    .option("-H, --host <host>", "host to bind", "127.0.0.1")
    .option("-o, --out <dir>", "output folder (not used with --watch, which serves from memory and a temporary folder)", "build")
    .option("-w, --watch", "watch content, templates, config and static files; reload open pages on change", false)
    .action(async (opts: CommonOptions & { port: string; host: string; out: string; watch: boolean }) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SsodocsError(`--port must be a number from 0 to 65535, not "${opts.port}"`);
      let stop: () => Promise<void>;
      if (opts.watch) {
        const { startWatchServer } = await import("./dev/watch.ts");
        const watching = await startWatchServer({ configFile: opts.config, host: opts.host, port, out });
        stop = watching.close;
      } else {
        const result = await runBuild(opts, opts.out);
        out.info(`Built ${result.pages.length} pages in ${result.seconds.toFixed(2)} s`);
        const { startStaticServer } = await import("./serve/static.ts");
        const server = await startStaticServer(path.resolve(opts.out), port, opts.host, [], { "Content-Security-Policy": result.csp });
        const address = server.address();
        out.info(`Serving at http://${opts.host}:${typeof address === "object" && address ? address.port : port}/ (Ctrl+C to stop)`);
        stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
      }
      await new Promise<void>((resolve) => {
        const onSignal = () => void stop().then(resolve);
        process.once("SIGINT", onSignal);
        process.once("SIGTERM", onSignal);
      });
    });

  withConfig(program.command("check").description("run every build-time validation, then check the served output with linkinator"))
    .option("--external", "also check external links", false)
    .action(async (opts: CommonOptions & { external: boolean }) => {
      const temp = await mkdtemp(path.join(os.tmpdir(), "ssodocs-check-"));
      const outDir = path.join(temp, "build");
      try {
        const result = await runBuild(opts, outDir);
        out.info(`Validated ${result.pages.length} pages: no broken link or anchor`);
        // linkinator is only loaded for `check`: it is the slowest import of all.
        const { checkWithLinkinator } = await import("./validate/linkinator.ts");
        const report = await checkWithLinkinator(outDir, opts.external);
        for (const line of report.failures) out.error(line);
        out.info(`linkinator: ${report.checked} links checked, ${report.failures.length} broken`);
        if (report.failures.length) exitCode = 1;
      } finally {
        await rm(temp, { recursive: true, force: true });
      }
    });

  withConfig(program.command("index").description("build the search records; with --push, upload them to Algolia (ALGOLIA_APP_ID, ALGOLIA_ADMIN_KEY)"))
    .option("--push", "replace the Algolia index with the records", false)
    .option("--index-name <name>", "Algolia index (default: search.algolia.indexName of the config)")
    .option("--algolia-host <url>", "send to this host instead of Algolia's (a proxy or a test server)")
    .action(async (opts: CommonOptions & { push: boolean; indexName?: string; algoliaHost?: string }) => {
      const result = await runBuild(opts, null);
      const file = result.files.find((f) => f.path === RECORDS_FILE);
      const records = JSON.parse(String(file?.contents ?? "[]")) as DocSearchRecord[];
      if (!opts.push) {
        out.info(`${records.length} search records from ${result.pages.length} pages (ssodocs build writes them to ${RECORDS_FILE}; --push uploads them)`);
        return;
      }
      const loaded = await loadConfig(opts.config);
      const indexName = opts.indexName ?? loaded.config.search.algolia?.indexName;
      if (!indexName) throw new SsodocsError("index --push needs an index name: set search.algolia.indexName in the config or pass --index-name");
      // The Algolia client is only loaded for a push.
      const { pushCredentials, pushRecords } = await import("./search/push.ts");
      const { appId, adminKey } = pushCredentials(process.env);
      const pushed = await pushRecords(records, { appId, adminKey, indexName, host: opts.algoliaHost ?? null });
      out.info(`Pushed ${pushed.count} search records to Algolia index "${indexName}" (application ${appId})`);
    });

  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 || error.code === "commander.helpDisplayed" || error.code === "commander.version" ? 0 : 1;
    }
    out.error(formatError(error));
    return 1;
  }
  return exitCode;
}
