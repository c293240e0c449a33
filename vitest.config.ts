import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

/** Tests that read the built site: they share one build, made by the "site" project's global setup. */
const SITE_TESTS = ["tests/quality/**/*.test.ts", "tests/integration/build.test.ts"];

/**
 * A unit test file that replaces a module, a global, the environment or the timers, or spies on a shared object: it
 * runs with a module graph of its own, as every integration test does. Decided by reading each file, so a new test
 * that starts to mock is isolated without anyone remembering to list it.
 */
const CHANGES_SHARED_STATE =
  /vi\.(mock|doMock|stubEnv|stubGlobal|spyOn|useFakeTimers|resetModules)|process\.env(\.\w+|\[[^\]]+\]) =|delete process\.env|@vitest-environment/;
const ISOLATED_UNIT_TESTS = readdirSync(path.join(import.meta.dirname, "tests/unit"), {
  recursive: true,
  encoding: "utf8",
})
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `tests/unit/${file.split(path.sep).join("/")}`)
  .filter((file) => CHANGES_SHARED_STATE.test(readFileSync(path.join(import.meta.dirname, file), "utf8")));

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
        // Pure functions and components: one module graph per worker, instead of loading zod, React and unified again
        // for each file.
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          exclude: ISOLATED_UNIT_TESTS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: [...ISOLATED_UNIT_TESTS, "tests/integration/**/*.test.{ts,tsx}", "tests/install/**/*.test.ts"],
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
