/**
 * `npm run test:mutation`: StrykerJS mutates the lead path, the local queue, the browser scripts, the forms' rules,
 * content validation and compilation, the link check, the feeds and consent, and runs the unit tests of
 * vitest.mutation.config.ts against each mutant. Kept out of `npm test` (it takes tens of minutes on two cores).
 * Reports and the incremental file live in reports/mutation/ (gitignored): a rerun tests only the mutants whose code
 * or tests changed. scripts/mutation.ts writes the committed per-file summary, docs/mutation.md, from the JSON report.
 * One group: `npm run test:mutation -- --mutate "server/*.ts"`.
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  // `related`: per mutant, only the test files that import the mutated file (and, per test coverage, only the tests that reach the mutant).
  vitest: { configFile: "vitest.mutation.config.ts", related: true },
  coverageAnalysis: "perTest",
  // Stryker rewrites paths in tsconfig.json with TypeScript's JS API, which TypeScript 7 (native) no longer has; this
  // tsconfig points nowhere outside the project, so nothing needs rewriting: name a file that does not exist.
  tsconfigFile: "tsconfig.stryker-none.json",
  mutate: [
    "lambdas/shared/**/*.ts",
    "server/in-process-queue.ts",
    "server/local-retry.ts",
    "build/validate-content.ts",
    "src/schemas/collections.ts",
    "build/compile-content.ts",
    "build/check-links.ts",
    "build/plugins/feeds.ts",
    "src/client/*.ts",
    "src/schemas/lead-fields.ts",
    "src/lib/consent.ts",
    "src/lib/analytics-consent.ts",
    "src/stores/consent.ts",
    "src/schemas/cookie-consent.ts",
  ],
  // The sandbox copy needs sources, content and unit tests only; the browser specs' screenshots alone are 37 MB.
  // A leading slash: from the project's root only (a docs/ folder elsewhere would be kept).
  ignorePatterns: [
    "/tests/e2e",
    "/tests/cross-engine",
    "/dist",
    "/.dist",
    "/.cache",
    "/.data",
    // The webhook tests hold docs/deploy.md to the code; the other docs are not read by a test.
    "/docs/*",
    "!/docs/deploy.md",
    "/reports",
    "/test-results",
    "/cdk.out",
  ],
  // A mutant of a module-level constant needs every test file that imports the module reloaded: 15% of the lead
  // path's mutants took 91% of the time (Stryker's estimate), beyond the 30 minutes this run may take. They are
  // reported as ignored, not counted; the constants they change (limits, defaults) are asserted by name in the tests.
  ignoreStatic: true,
  // Two cores, shared.
  concurrency: 2,
  incremental: true,
  incrementalFile: "reports/mutation/stryker-incremental.json",
  tempDirName: ".stryker-tmp",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  // The issue's goal is 80%; the run reports below it but does not fail (it is a report, not a gate).
  thresholds: { high: 90, low: 80, break: null },
  timeoutMS: 10_000,
};
