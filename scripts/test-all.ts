import "./require-node.ts";
import { spawn } from "node:child_process";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { missingPackagesMessage, missingSystemPackages } from "./system-packages.ts";
import { type Counted, countPlaywright, countVitest } from "./test-report.ts";

/**
 * `npm test`: every check, in the order that fails fastest: typecheck, lint, knip, the build, the infra synth, unit and
 * integration tests, then the browser tests (Chromium, then the cross-engine smoke: WebKit, Firefox and a prerender in a
 * driverless Chromium). The site
 * is built once, into dist/: the synth, the tests that read the build (vitest's "site" project, through SITE_DIST_DIR
 * and the build's report) and the browser tests all use it.
 * Ends with one line `N passed, N failed` counting every test case plus each tool check (typecheck, lint, knip, build).
 */
// Before any step: a missing browser would otherwise fail a hundred tests twenty minutes in.
if (process.platform !== "linux") {
  console.error(
    "npm test drives Debian's browsers (scripts/system-packages.txt): on macOS or Windows, run it in WSL or a Debian container",
  );
  process.exit(1);
}
const missing = missingSystemPackages();
if (missing.length > 0) {
  console.error(missingPackagesMessage(missing));
  process.exit(1);
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(rootDir, ".test-output");
await mkdir(outDir, { recursive: true });
const distDir = path.join(rootDir, "dist");
const buildReport = path.join(outDir, "build-report.json");

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Reads how many cases passed and failed; tool checks without one count as one case. */
  count?: () => Promise<Counted>;
}

const bin = (name: string) => path.join(rootDir, "node_modules/.bin", name);
const steps: Step[] = [
  { name: "typecheck", command: [bin("tsc"), "--noEmit", "-p", "tsconfig.json"] },
  { name: "lint", command: [bin("biome"), "check", "."] },
  // Unused files, exports and dependencies (knip.json names the entry points).
  { name: "knip", command: [bin("knip")] },
  {
    name: "build",
    command: [process.execPath, "--import", "tsx", "build/cli.ts", "--out", distDir, "--report", buildReport],
  },
  {
    // The real CDK app through the real CLI and cdk.json, offline, with README's example settings, on the build above
    // (distDir: the app would otherwise build the site again); cdk-nag fails it on any unacknowledged finding.
    name: "infra",
    command: [
      bin("cdk"),
      "synth",
      "-q",
      "--no-notices",
      "-o",
      path.join(outDir, "cdk.out"),
      "-c",
      "account=123456789012",
      "-c",
      "region=us-east-1",
      "-c",
      "senderEmail=no-reply@example.com",
      "-c",
      "recipientEmail=sales@example.com",
      "-c",
      `distDir=${distDir}`,
    ],
    env: { CDK_DISABLE_CLI_TELEMETRY: "true" },
  },
  {
    name: "unit",
    command: [
      bin("vitest"),
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${path.join(outDir, "vitest.json")}`,
    ],
    env: { SITE_DIST_DIR: distDir, SITE_BUILD_REPORT: buildReport },
    count: () => countVitest(path.join(outDir, "vitest.json"), rootDir),
  },
  {
    name: "browser",
    command: [bin("playwright"), "test"],
    env: { PW_JSON_OUTPUT: path.join(outDir, "playwright.json"), DIST_DIR: distDir },
    count: () => countPlaywright(path.join(outDir, "playwright.json")),
  },
  {
    // The key journeys in WebKit (WebKitGTK through WebKitWebDriver, under its own Xvfb) and Firefox (WebDriver BiDi),
    // and a prerender in a driverless Chromium (X input on Xvfb), against the same build served by `npm start`'s
    // stack on the smoke's own ports (tests/cross-engine/server.ts).
    name: "engines",
    command: [
      bin("vitest"),
      "run",
      "-c",
      "vitest.cross-engine.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${path.join(outDir, "cross-engine.json")}`,
    ],
    env: {
      DIST_DIR: distDir,
      CROSS_ENGINE_PORT: "4320",
      CROSS_ENGINE_SES_PORT: "8320",
      CROSS_ENGINE_DYNAMO_PORT: "8321",
    },
    count: () => countVitest(path.join(outDir, "cross-engine.json"), rootDir),
  },
];

const run = (step: Step) =>
  new Promise<number>((resolve) => {
    const [command = "", ...args] = step.command;
    const child = spawn(command, args, { cwd: rootDir, stdio: "inherit", env: { ...process.env, ...step.env } });
    child.on("exit", (code) => resolve(code ?? 1));
    child.on("error", () => resolve(1));
  });

let passed = 0;
let failed = 0;
const summary: string[] = [];
const failures: string[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.command.map((c) => path.basename(c)).join(" ")}\n`);
  const started = performance.now();
  const code = await run(step);
  const counted = step.count ? await step.count().catch(() => undefined) : undefined;
  const result = counted ?? { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, failures: [] };
  if (code !== 0 && result.failed === 0) {
    result.failed = 1; // a runner that crashed before reporting failures
    if (result.failures.length === 0) result.failures.push(`exited with code ${code} (its output is above)`);
  }
  passed += result.passed;
  failed += result.failed;
  failures.push(...result.failures.map((failure) => `${step.name}: ${failure}`));
  summary.push(
    `${step.name.padEnd(10)} ${code === 0 ? "ok  " : "FAIL"} ${result.passed} passed, ${result.failed} failed (${Math.round((performance.now() - started) / 1000)} s)`,
  );
  // The browser tests need a build; without one there is nothing to test.
  if (step.name === "build" && code !== 0) break;
}
// Repeated last, where a CI log's tail shows it: which cases failed or were flaky, not only how many.
if (failures.length > 0) console.log(`\nFailed or flaky:\n${failures.map((failure) => `  ${failure}`).join("\n")}`);
console.log(`\n${summary.join("\n")}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
