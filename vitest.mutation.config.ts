import { defineConfig } from "vitest/config";

/**
 * The unit tests StrykerJS runs against each mutant (`npm run test:mutation`, stryker.config.mjs): the fast,
 * in-process tests of the lead path, the local queue, the browser scripts (on fake pages), the forms' rules, content
 * validation, the link check, the feeds and consent. Browser, cross-engine and
 * whole-build tests are left out: a mutant in a child process or a browser is never switched on, so they would
 * only cost minutes per mutant.
 */
export default defineConfig({
  test: {
    environment: "node",
    // One module graph for every run: Stryker switches mutants on at run time, so a re-import per mutant (the default)
    // only costs time. None of these tests mocks modules or leaves globals behind.
    isolate: false,
    testTimeout: 60_000,
    include: [
      "tests/unit/lambdas/**/*.test.ts",
      "tests/unit/server/**/*.test.ts",
      "tests/unit/lib/consent*.test.ts",
      "tests/unit/client/**/*.test.ts",
      "tests/unit/schemas/**/*.test.ts",
      "tests/unit/build/check-links.test.ts",
      "tests/unit/build/compile-content.test.ts",
      "tests/unit/build/feeds.test.ts",
      "tests/unit/stores/consent.test.ts",
      // validate-content.test.ts reads whole content folders from disk (70 s); the rules file checks the same rules in memory.
      "tests/unit/build/validate-content-rules.test.ts",
      "tests/unit/build/load-content.test.ts",
    ],
  },
});
