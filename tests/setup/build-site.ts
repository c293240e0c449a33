import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { BuildResult } from "../../build/index.ts";
import { ROOT } from "../fixtures/content.ts";

/** The one build a test run shares: its output folder and what build() returned. */
export interface SharedBuild {
  dir: string;
  result: BuildResult;
}

declare module "vitest" {
  export interface ProvidedContext {
    sharedBuild: SharedBuild;
  }
}

/**
 * Global setup of the "site" test project: builds the real site once for every test that reads dist/.
 * `npm test` has built it already (scripts/test-all.ts): it passes SITE_DIST_DIR and SITE_BUILD_REPORT, the report
 * `build/cli.ts --report` wrote, and nothing is built again. Otherwise the build goes to a temporary folder,
 * removed at teardown.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.SITE_DIST_DIR;
  const report = process.env.SITE_BUILD_REPORT;
  if (given && report) {
    const result = JSON.parse(await readFile(report, "utf8")) as BuildResult;
    project.provide("sharedBuild", { dir: path.resolve(given), result });
    return undefined;
  }
  // Loaded only here: the build's module graph took seconds of the run's start when `npm test` had built already.
  const { build } = await import("../../build/index.ts");
  const dir = await mkdtemp(path.join(tmpdir(), "site-build-"));
  try {
    const result = await build({ rootDir: ROOT, outDir: dir });
    project.provide("sharedBuild", { dir, result });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return () => rm(dir, { recursive: true, force: true });
}
