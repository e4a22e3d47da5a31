import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The long runs (a 20 MB document, 10 s of load) are `npm run test:stress` (vitest.stress.config.ts).
    exclude: [...configDefaults.exclude, "test/stress/**"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup.ts"],
    // "1 skipped" says nothing: the run ends naming each skipped test and its reason.
    reporters: ["default", "./test/skip-reporter.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // CLI tests spawn builds; two cores run two files at a time.
    maxWorkers: 2,
  },
});
