import { defineConfig } from "vitest/config";

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
    sequence: { concurrent: false },
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
