// `npm run test:stress`: what takes long by design (a 20 MB document through the renderer and a
// whole build, 10 s of load on `ssodocs serve`). CI runs it after `npm test`.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/stress/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup.ts"],
    reporters: ["default", "./test/skip-reporter.ts"],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // Each file runs alone: the load test measures the server's memory and error count under 200 connections.
    maxWorkers: 1,
  },
});
