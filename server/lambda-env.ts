import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { leadEnvironment } from "../lambdas/shared/env.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface LocalLambdaEnvOptions {
  /** URL of the local SES emulator. */
  sesEndpoint: string;
  /** The inbox leads go to; content/site.yaml contact.email. */
  recipient: string;
  /** Defaults to <root>/content. */
  contentDir?: string;
}

const readYaml = (file: string): unknown => parse(readFileSync(file, "utf8"));

/**
 * Environment the handlers read (lambdas/shared/config.ts documents it), pointed at the local SES emulator and
 * built from content with the same `leadEnvironment()` the CDK stack uses. The caller lets values already in the
 * environment win, so a developer can override any of them. Content is read as is: the build validates it.
 */
export function localLambdaEnv({ sesEndpoint, recipient, contentDir = path.join(rootDir, "content") }: LocalLambdaEnvOptions): Record<string, string> {
  const site = readYaml(path.join(contentDir, "site.yaml")) as { name: string; url: string; contact: { email: string }; leads?: { acknowledge?: boolean } };
  const productsDir = path.join(contentDir, "products");
  const products = readdirSync(productsDir)
    .filter((file) => file.endsWith(".yaml"))
    .map((file) => readYaml(path.join(productsDir, file)) as { id: string; name: string; order?: number })
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const { packages } = readYaml(path.join(contentDir, "installation-packages.yaml")) as { packages: Array<{ id: string; name: string }> };
  return {
    // The emulator wants a signed request, any key will do; the SDK reads these like Lambda's own credentials.
    AWS_ACCESS_KEY_ID: "local",
    AWS_SECRET_ACCESS_KEY: "local",
    ...leadEnvironment({
      site,
      products,
      packages,
      senderEmail: "no-reply@example.com",
      recipientEmail: recipient,
      region: "us-east-1",
      sesEndpoint,
    }),
  };
}
