import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readSiteContent } from "../build/read-content.ts";
import { IN_PROCESS_QUEUE, leadEnvironment } from "../lambdas/shared/env.ts";
import { LOCAL_LEADS_TABLE } from "./local-dynamo.ts";

/** The emulators want signed requests and take any key: what `npm start`'s handlers and `npm run leads` both use. */
export const LOCAL_CREDENTIALS = { accessKeyId: "local", secretAccessKey: "local" } as const;

interface LocalLambdaEnvOptions {
  /** URL of the local SES emulator. */
  sesEndpoint: string;
  /** URL of the local DynamoDB (server/local-dynamo.ts). */
  dynamoEndpoint: string;
  /** The inbox leads go to; content/site.yaml contact.email when not given. */
  recipient?: string;
  /** Defaults to the repository's content/. */
  contentDir?: string;
  /** Where the newsletter's links point, e.g. http://127.0.0.1:8080 (npm start); SITE_URL when not given. */
  linkBase?: string;
  /** npm run dev: draft products can be inquired about, as their pages are shown. */
  drafts?: boolean;
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * A signing secret for local runs: made once (32 random bytes, hex) in the git-ignored .data folder and kept, so links
 * mailed by an earlier npm start still work and a webhook receiver keeps its key. In AWS each is a Secrets Manager
 * secret. The newsletter's links are signed with .data/newsletter-secret, webhook posts with
 * .data/webhook-signing-secret.
 */
function localNewsletterSecret(file = path.join(rootDir, ".data/newsletter-secret")): string {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    // wx: two processes starting at once keep the first one's secret.
    try {
      writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return readFileSync(file, "utf8").trim();
}

/**
 * Environment the handlers read (lambdas/shared/config.ts documents it), pointed at the local SES emulator, the local
 * DynamoDB and the in-process retry queue, and built from the validated content with the same `leadEnvironment()` the
 * CDK stack uses. The caller lets values already in the environment win, so a developer can override any of them.
 * @throws ContentErrors when content is invalid (the build reports the same lines)
 */
export async function localLambdaEnv({
  sesEndpoint,
  dynamoEndpoint,
  recipient,
  contentDir,
  linkBase,
  drafts = false,
}: LocalLambdaEnvOptions): Promise<Record<string, string>> {
  const content = await readSiteContent(contentDir, { drafts, now: new Date() });
  return {
    NEWSLETTER_SECRET: localNewsletterSecret(),
    LEAD_WEBHOOK_SIGNING_SECRET: localNewsletterSecret(path.join(rootDir, ".data/webhook-signing-secret")),
    ...(linkBase ? { NEWSLETTER_LINK_BASE: linkBase } : {}),
    // The emulator wants a signed request, any key will do; the SDK reads these like Lambda's own credentials.
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    ...leadEnvironment({
      site: content.site,
      products: content.products,
      packages: content.installation.packages,
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
