import "../../scripts/require-node.ts";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BuildError, ContentErrors, describeError } from "../../build/errors.ts";
import { SiteConfigError } from "../lib/config.ts";
import { createSiteApp } from "../lib/app.ts";

/**
 * Entry of `cdk synth` / `cdk deploy` / `cdk destroy` (cdk.json "app"). Builds the site for the stack's environment
 * unless -c distDir points at a prebuilt one. Settings and content problems print as a list, without a stack trace.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
try {
  const { app } = await createSiteApp({
    rootDir,
    env: process.env,
    log: (line) => console.error(line),
    buildSite: async (outDir, environment, deployment) => {
      // Loaded only when a build is due: `cdk destroy` never pays for the whole pipeline's imports.
      const { build } = await import("../../build/index.ts");
      const result = await build({ rootDir, outDir, environment, deployment, log: (line) => console.error(line) });
      console.error(
        `[build] ${result.pages} pages for ${environment.name} in ${result.ms} ms → ${path.relative(rootDir, outDir)}`,
      );
    },
  });
  app.synth();
} catch (error) {
  if (error instanceof SiteConfigError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  if (error instanceof ContentErrors || error instanceof BuildError) {
    console.error(`\nBuild failed.\n${describeError(error)}\n`);
    process.exit(1);
  }
  throw error;
}
