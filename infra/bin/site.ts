import "../../scripts/require-node.ts";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ContentErrors } from "../../build/errors.ts";
import { SiteConfigError } from "../lib/config.ts";
import { createSiteApp } from "../lib/app.ts";

/** Entry of `cdk synth` / `cdk deploy` (cdk.json "app"). Settings problems print as a list, without a stack trace. */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
try {
  const { app } = await createSiteApp({ rootDir, env: process.env });
  app.synth();
} catch (error) {
  if (error instanceof SiteConfigError || error instanceof ContentErrors) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
