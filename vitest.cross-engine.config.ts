import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The longest file first, beside the prerender, and WebKit's once the prerender is done: without a record of past
 * runs (a fresh clone) vitest starts the largest files first, which left Firefox's journeys, the longest, to run alone.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) =>
      ["firefox", "prerender", "webkit"].findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`));
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * The cross-engine smoke (tests/cross-engine): the key journeys in WebKit and Firefox, and a prerender in a driverless
 * Chromium, against the built site, served by `npm start`'s stack on its own ports. Not part of the default
 * `vitest run` (vitest.config.ts lists its folders); `npm test` runs it after the Chromium browser tests. By hand:
 * `npm run build`, then `npx vitest run -c vitest.cross-engine.config.ts` (add `webkit`, `firefox` or `prerender` to
 * run one file).
 */
export default defineConfig({
  test: {
    include: ["tests/cross-engine/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/cross-engine/server.ts"],
    // One browser session per file, its journeys in order; two files side by side, the third when one is done.
    sequence: { concurrent: false, sequencer: LongestFirst },
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
