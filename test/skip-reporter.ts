// A vitest reporter that ends the run with every skipped test and why: "1 skipped" alone says
// nothing of what did not run. The reason is the note of `ctx.skip(reason)` (a test skipped with
// `it.skipIf` prints its own line when its file loads). Tests left out by a name filter (-t) are
// not listed.
import type { Reporter, TestModule, Vitest } from "vitest/node";

export default class SkipReporter implements Reporter {
  private filtered = false;

  onInit(vitest: Vitest): void {
    this.filtered = !!vitest.config.testNamePattern;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    for (const module of modules) {
      for (const test of module.children.allTests("skipped")) {
        const result = test.result();
        const note = result.state === "skipped" ? result.note : undefined;
        if (test.options.mode === "todo" || (!note && this.filtered)) continue;
        lines.push(`  ${module.relativeModuleId} > ${test.fullName}: ${note ?? "(no reason given)"}`);
      }
    }
    if (lines.length) process.stdout.write(`\nSkipped (${lines.length}):\n${lines.join("\n")}\n`);
  }
}
