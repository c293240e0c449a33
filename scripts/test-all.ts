import "./require-node.ts";
import { spawn } from "node:child_process";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { missingPackagesMessage, missingSystemPackages } from "./system-packages.ts";
import { type Counted, countPlaywright, countVitest } from "./test-report.ts";

/**
 * `npm test`: every check, in the order that fails fastest: typecheck, lint and knip beside the build, the infra synth
 * beside the unit and integration tests, then the browser tests (Chromium, then the cross-engine smoke: WebKit, Firefox
 * and a prerender in a driverless Chromium). The site
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

/**
 * The steps of a stage run side by side, each stage after the one before: the quick checks beside the build, which
 * is mostly one core's work; the synth beside the unit tests, whose two workers are not both busy throughout (a file
 * waiting on a timer or starting up). The browser tests have the machine to themselves: their two workers keep both
 * cores busy.
 */
const stages = [["typecheck", "lint", "knip", "build"], ["infra", "unit"], ["browser"], ["engines"]].map((names) =>
  steps.filter((step) => names.includes(step.name)),
);

/**
 * Runs a step. The last step of a stage writes to the terminal as it goes; the others' output is kept and printed
 * whole when the stage is done, so no two steps' lines are mixed.
 */
const run = (step: Step, live: boolean, kept: string[]) =>
  new Promise<{ code: number; seconds: number }>((resolve) => {
    const [command = "", ...args] = step.command;
    const header = `\n=== ${step.name}: ${step.command.map((c) => path.basename(c)).join(" ")}\n`;
    if (live) console.log(header);
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: rootDir,
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...step.env },
    });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    let ended = false;
    // A command that cannot start reports an error and may close as well: counted once.
    const done = (code: number) => {
      if (ended) return;
      ended = true;
      if (!live) kept.push(`${header}\n${Buffer.concat(output).toString()}`);
      resolve({ code, seconds: Math.round((performance.now() - started) / 1000) });
    };
    child.on("close", (code) => done(code ?? 1));
    child.on("error", () => done(1));
  });

let passed = 0;
let failed = 0;
const summary: string[] = [];
const failures: string[] = [];
for (const stage of stages) {
  const kept: string[] = [];
  const ran = await Promise.all(stage.map((step, i) => run(step, i === stage.length - 1, kept)));
  for (const text of kept) console.log(text);
  for (const [i, step] of stage.entries()) {
    const { code, seconds } = ran[i] ?? { code: 1, seconds: 0 };
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
      `${step.name.padEnd(10)} ${code === 0 ? "ok  " : "FAIL"} ${result.passed} passed, ${result.failed} failed (${seconds} s)`,
    );
  }
  // The browser tests need a build; without one there is nothing to test.
  if (stage.some((step, i) => step.name === "build" && ran[i]?.code !== 0)) break;
}
// Repeated last, where a CI log's tail shows it: which cases failed or were flaky, not only how many.
if (failures.length > 0) console.log(`\nFailed or flaky:\n${failures.map((failure) => `  ${failure}`).join("\n")}`);
console.log(`\n${summary.join("\n")}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
