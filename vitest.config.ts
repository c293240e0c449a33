import { defineConfig } from "vitest/config";

/** Tests that read the built site: they share one build, made by the "site" project's global setup. */
const SITE_TESTS = ["tests/quality/**/*.test.ts", "tests/integration/build.test.ts"];

export default defineConfig({
  test: {
    environment: "node",
    // One worker per core. Vitest's default, one fewer, is a single worker on a 2-core CI runner, which then sits idle
    // while a lead stack waits out a timeout or a spawned tool runs: a second file keeps the other core busy.
    maxWorkers: "100%",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "tests/unit/**/*.test.{ts,tsx}",
            "tests/integration/**/*.test.{ts,tsx}",
            "tests/infra/**/*.test.ts",
            "tests/install/**/*.test.ts",
          ],
          exclude: SITE_TESTS,
        },
      },
      {
        extends: true,
        // A project's global setup runs only when one of its files is selected: `vitest run tests/unit/…` builds nothing.
        test: { name: "site", include: SITE_TESTS, globalSetup: ["tests/setup/build-site.ts"] },
      },
    ],
  },
});
