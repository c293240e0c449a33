import { existsSync, mkdtempSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS } from "./tests/chromium-args.ts";

/** Browser tests run against `npm start`'s server (routing, handlers, SES emulator) on its own ports. */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const SES_PORT = Number(process.env.E2E_SES_PORT ?? 8025);
/** The server keeps its leads on disk, never in memory: a store of its own per port, so runs never share one. */
const DYNAMO_PORT = Number(process.env.DYNAMO_PORT ?? SES_PORT + 1);
/**
 * A new folder for each run (the workers load this file too, and inherit the variable): a folder kept from a run whose
 * server was killed holds a pid file, and once the system gives that pid to another process the next run's server
 * would refuse the folder as taken.
 */
process.env.E2E_LEADS_DIR ??= mkdtempSync(path.join(tmpdir(), `storefront-e2e-leads-${PORT}-`));
/**
 * Debian's chromium-headless-shell (npm test checks it is installed: scripts/system-packages.txt): the same Blink and
 * Skia as the full Chromium without the browser around it, so each context, page load and full-page picture costs less
 * CPU, and the browser step on a 2-core machine is bound by CPU. It draws looks.spec.ts's baselines too: the full
 * browser places a few glyphs a row apart, so without the shell the other specs run in the full browser and the
 * pictures fail. CHROMIUM_PATH picks another binary. The benchmarks keep the full browser, as visitors run it.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/**
 * Playwright's Chromium keeps its shared memory (the frames each page hands the compositor) in files under /tmp on
 * Linux (`--disable-dev-shm-usage`), for containers whose /dev/shm is Docker's 64 MB. Where /dev/shm has a gigabyte
 * free, it is used, as Chromium does by default: where /tmp is a disk (this machine's is), every frame would otherwise
 * go through a file.
 */
const ROOMY_DEV_SHM = (() => {
  if (process.platform !== "linux") return false;
  try {
    const { bavail, bsize } = statfsSync("/dev/shm");
    return bavail * bsize >= 2 ** 30;
  } catch {
    return false;
  }
})();

const LAUNCH = {
  // Glyphs placed by the fonts' own metrics, not the machine's fontconfig hinting (which also made the headless shell
  // hint web fonts fully, moving line heights against the full browser).
  args: [...CHROMIUM_ARGS, "--font-render-hinting=none"],
  ignoreDefaultArgs: ROOMY_DEV_SHM ? ["--disable-dev-shm-usage"] : [],
};

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  // One retry on CI only: a 2-core runner under 2 browsers and the server can miss a timeout once. A retried pass is
  // still reported, by name, as flaky at the end of `npm test` (scripts/test-report.ts), so a flake is seen, not hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: process.env.PW_JSON_OUTPUT ? [["list"], ["json", { outputFile: process.env.PW_JSON_OUTPUT }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
  },
  projects: [
    {
      name: "chromium",
      testIgnore: "looks.spec.ts",
      use: { ...devices["Desktop Chrome"], launchOptions: { ...LAUNCH, executablePath: CHROMIUM } },
    },
    {
      name: "looks",
      testMatch: "looks.spec.ts",
      // The baselines' names stay those of the one project there used to be.
      snapshotPathTemplate: "{testDir}/{testFilePath}-snapshots/{arg}-chromium-{platform}{ext}",
      use: { ...devices["Desktop Chrome"], launchOptions: { ...LAUNCH, executablePath: CHROMIUM } },
    },
  ],
  webServer: {
    command: "tsx server/start.ts --no-build",
    url: `http://127.0.0.1:${PORT}/`,
    env: {
      PORT: String(PORT),
      SES_PORT: String(SES_PORT),
      DYNAMO_PORT: String(DYNAMO_PORT),
      LEADS_DIR: process.env.E2E_LEADS_DIR,
      HOST: "127.0.0.1",
      DIST_DIR: process.env.DIST_DIR ?? "dist",
      // Every browser test sends from 127.0.0.1: the hourly per-client limit is tested in tests/integration/lambdas.
      LEAD_RATE_LIMIT: "100000",
    },
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
