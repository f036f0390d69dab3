import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "tests/integration/**/*.test.ts", "tests/architecture/**/*.test.ts"],
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/env.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A test file per core. Vitest's default leaves one core to its own process, which has little
    // to do once the first files are transformed: on 2 cores that ran one file at a time (decision
    // 382). .ci/run runs the PGlite and PostgreSQL suites side by side with one worker each.
    maxWorkers: os.availableParallelism(),
    // In CI a failed test gets one more attempt, as the browser journeys do, and .ci/run names
    // every test that needed it (decision 383). Locally a flaky test fails where it is written.
    retry: process.env.CI ? 1 : 0,
  },
});
