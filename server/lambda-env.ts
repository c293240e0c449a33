import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { IN_PROCESS_QUEUE, type LeadEnvironmentInput, leadEnvironment } from "../lambdas/shared/env.ts";
import { LOCAL_LEADS_TABLE } from "./local-dynamo.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface LocalLambdaEnvOptions {
  /** URL of the local SES emulator. */
  sesEndpoint: string;
  /** URL of the local DynamoDB (server/local-dynamo.ts). */
  dynamoEndpoint: string;
  /** The inbox leads go to; content/site.yaml contact.email. */
  recipient: string;
  /** Defaults to <root>/content. */
  contentDir?: string;
}

const readYaml = (file: string): unknown => parse(readFileSync(file, "utf8"));

/**
 * Environment the handlers read (lambdas/shared/config.ts documents it), pointed at the local SES emulator, the
 * local DynamoDB and the in-process retry queue, and built from content with the same `leadEnvironment()` the CDK stack uses. The caller lets values already in the
 * environment win, so a developer can override any of them. Content is read as is: the build validates it.
 */
export function localLambdaEnv({ sesEndpoint, dynamoEndpoint, recipient, contentDir = path.join(rootDir, "content") }: LocalLambdaEnvOptions): Record<string, string> {
  const site = readYaml(path.join(contentDir, "site.yaml")) as LeadEnvironmentInput["site"];
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
      leadsTableName: LOCAL_LEADS_TABLE,
      leadQueueUrl: IN_PROCESS_QUEUE,
      dynamoEndpoint,
    }),
  };
}
