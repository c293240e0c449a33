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
            "tests/install/**/*.test.ts",
          ],
          exclude: SITE_TESTS,
        },
      },
      {
        extends: true,
        // The CDK app's tests share one module graph: each file would otherwise load aws-cdk-lib anew. Safe because
        // they only synthesize into folders of their own and read the templates; none mocks a module or touches
        // process.env.
        test: { name: "infra", include: ["tests/infra/**/*.test.ts"], isolate: false },
      },
      {
        extends: true,
        // A project's global setup runs only when one of its files is selected: `vitest run tests/unit/…` builds nothing.
        test: { name: "site", include: SITE_TESTS, globalSetup: ["tests/setup/build-site.ts"] },
      },
    ],
  },
});
