import * as z from "zod/mini";
import { LEAD_SPAM } from "../../src/lib/limits.ts";
import type { LeadCatalogue } from "../../src/schemas/lead-fields.ts";

/**
 * The environment contract of the lead functions (the three form handlers and deliver-lead): the variables, how to build them from content (for the local
 * server and the CDK stack alike), and how a handler reads them back. Pure: importing this module reads nothing, so
 * infra/ and server/ may use it; lambdas/shared/config.ts applies it to process.env at start.
 */

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
const LOG_LEVELS: ReadonlyArray<LogLevel> = ["debug", "info", "warn", "error", "silent"];

/**
 * What a handler knows after start: every value checked, each field read from the variable of its name (LEAD_ENV says
 * what it holds). The webhook's URL is a secret (whoever holds it can post into the channel): in AWS only the Secrets
 * Manager secret holding it is named, and only deliver-lead's sender may read it; the URL is given only to local runs.
 */
export type LeadConfig = ReturnType<typeof readConfig>;

/** Where the webhook's URL comes from: given (local runs), or the ARN of the secret that holds it (AWS). */
export type LeadWebhookSource = { url: string } | { secretArn: string };
/** Where the webhook's signing key comes from: given (local runs), or the ARN of the secret that holds it (AWS). */
export type WebhookSigningSource = { secret: string } | { secretArn: string };

/** The local server's retry queue, passed to the handlers by the server (server/in-process-queue.ts). */
export const IN_PROCESS_QUEUE = "in-process";
/** Defaults of the optional lead settings, as the contract with infra/ states them. */
export const LEAD_DEFAULTS = {
  ackDailyLimit: 3,
  ackClientHourlyLimit: 10,
  sendEventWaitSeconds: 300,
  sesRetryPauseMs: 100,
  retentionDays: 365,
  rateLimit: LEAD_SPAM.leadsPerClientHour,
} as const;

/** Every variable with what it holds, in the words the start-up error uses. */
export const LEAD_ENV = {
  SENDER_EMAIL: "the verified SES address the mails are sent from, e.g. no-reply@example.com",
  RECIPIENT_EMAIL: "the vendor's inbox that receives every lead (content/site.yaml contact.email)",
  AWS_REGION: "the AWS region of the SES identity, e.g. us-east-1 (Lambda sets it)",
  SES_ENDPOINT: "optional: URL of a local SES emulator, e.g. http://127.0.0.1:8005; unset in production",
  SITE_NAME: "the site's name for subjects and the visitor's confirmation (content/site.yaml name)",
  SITE_URL: "the site's address, e.g. https://www.example.com (content/site.yaml url)",
  LEAD_CATALOGUE:
    'JSON {"products":[{"id","name"}…],"packages":[{"id","name"}…]} of content/products and content/installation-packages.yaml',
  ACKNOWLEDGE_VISITOR: 'optional: "true" (default) or "false" (content/site.yaml leads.acknowledge)',
  LOG_LEVEL: 'optional: "debug", "info" (default), "warn", "error" or "silent"',
  LEADS_TABLE_NAME: "the DynamoDB table leads are stored in (stack output LeadsTableName)",
  DYNAMODB_ENDPOINT: "optional: URL of a local DynamoDB, e.g. http://127.0.0.1:8006; unset in production",
  LEAD_QUEUE_URL: `the SQS retry queue's URL (stack output LeadQueueUrl), or "${IN_PROCESS_QUEUE}" for the local server`,
  SES_CONFIGURATION_SET: "optional: the SES configuration set that reports bounces and complaints",
  ACK_DAILY_LIMIT: `optional: acknowledgements per recipient address per UTC day, a whole number >= 0 (default ${LEAD_DEFAULTS.ackDailyLimit})`,
  LEAD_RATE_LIMIT: `optional: leads one client address may send per hour before the rest go to the spam folder, a whole number >= 1 (default ${LEAD_DEFAULTS.rateLimit})`,
  LEAD_WEBHOOK_URL:
    "optional, local runs only: an http(s) URL that receives every mailed lead as JSON (Slack-compatible text plus the fields)",
  LEAD_WEBHOOK_SECRET_ARN:
    "optional: the ARN of the Secrets Manager secret holding the webhook's https URL (the stack sets it with -c leadWebhook=true)",
  LEAD_WEBHOOK_SIGNING_SECRET:
    "optional, local runs only: the key webhook posts are signed with (npm start generates .data/webhook-signing-secret)",
  LEAD_WEBHOOK_SIGNING_SECRET_ARN:
    "optional: the ARN of the Secrets Manager secret webhook posts are signed with (the stack sets it with -c leadWebhook=true)",
  ACK_CLIENT_HOURLY_LIMIT: `optional: acknowledgements for leads from one client address per UTC hour, a whole number >= 0 (default ${LEAD_DEFAULTS.ackClientHourlyLimit})`,
  SEND_EVENT_WAIT_SECONDS: `optional: seconds a lead whose send timed out waits for its SES send event before a retry, a whole number >= 0 (default ${LEAD_DEFAULTS.sendEventWaitSeconds})`,
  SES_RETRY_PAUSE_MS: `optional: milliseconds the mailer pauses before it tries a throttled or failed send again within the call, doubling each time, a whole number >= 0 (default ${LEAD_DEFAULTS.sesRetryPauseMs})`,
  LEAD_RETENTION_DAYS: `optional: days a stored lead is kept, a whole number >= 1 (default ${LEAD_DEFAULTS.retentionDays}; content/site.yaml leads.retentionDays)`,
} as const;
type LeadEnvName = keyof typeof LEAD_ENV;

/** The content a handler's environment is made from; a structural subset of SiteContent. */
export interface LeadEnvironmentInput {
  site: {
    name: string;
    url: string;
    contact: { email: string };
    leads?: { acknowledge?: boolean; retentionDays?: number };
  };
  products: ReadonlyArray<{ id: string; name: string }>;
  packages: ReadonlyArray<{ id: string; name: string }>;
  senderEmail: string;
  region: string;
  /** Defaults to site.contact.email. */
  recipientEmail?: string;
  sesEndpoint?: string;
  /** The leads table (a CDK token in the stack; "leads" locally). */
  leadsTableName?: string;
  /** The retry queue's URL, or IN_PROCESS_QUEUE locally. */
  leadQueueUrl?: string;
  sesConfigurationSet?: string;
  ackDailyLimit?: number;
  /** Leads per client address per hour (default LEAD_SPAM.leadsPerClientHour). */
  leadRateLimit?: number;
  /** Local runs only. */
  dynamoEndpoint?: string;
}

/**
 * Builds the handlers' environment from content. The local server and the CDK stack both call it, so the two can
 * never disagree about a variable.
 */
export function leadEnvironment(input: LeadEnvironmentInput): Record<string, string> {
  const catalogue: LeadCatalogue = {
    products: input.products.map(({ id, name }) => ({ id, name })),
    packages: input.packages.map(({ id, name }) => ({ id, name })),
  };
  const env: Partial<Record<LeadEnvName, string>> = {
    SENDER_EMAIL: input.senderEmail,
    RECIPIENT_EMAIL: input.recipientEmail ?? input.site.contact.email,
    AWS_REGION: input.region,
    SITE_NAME: input.site.name,
    SITE_URL: input.site.url,
    LEAD_CATALOGUE: JSON.stringify(catalogue),
    ACKNOWLEDGE_VISITOR: String(input.site.leads?.acknowledge ?? true),
    LEAD_RETENTION_DAYS: String(input.site.leads?.retentionDays ?? LEAD_DEFAULTS.retentionDays),
  };
  if (input.sesEndpoint) env.SES_ENDPOINT = input.sesEndpoint;
  if (input.leadsTableName) env.LEADS_TABLE_NAME = input.leadsTableName;
  if (input.leadQueueUrl) env.LEAD_QUEUE_URL = input.leadQueueUrl;
  if (input.sesConfigurationSet) env.SES_CONFIGURATION_SET = input.sesConfigurationSet;
  if (input.ackDailyLimit !== undefined) env.ACK_DAILY_LIMIT = String(input.ackDailyLimit);
  if (input.leadRateLimit !== undefined) env.LEAD_RATE_LIMIT = String(input.leadRateLimit);
  if (input.dynamoEndpoint) env.DYNAMODB_ENDPOINT = input.dynamoEndpoint;
  return env as Record<string, string>;
}

/** Thrown at start when the environment is incomplete; its message lists every problem, one per line. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/**
 * Reads and checks the handlers' environment. Collects every problem before throwing, so one deploy shows them all.
 * @throws ConfigError naming each missing or malformed variable, what it should hold and how to fix it.
 */
export function readConfig(env: Readonly<Record<string, string | undefined>>) {
  const problems: string[] = [];
  const { problem, required, email, url, optionalUrl, whole } = readers(env, problems);
  const optional = (name: LeadEnvName) => env[name]?.trim() || undefined;
  const ack = optional("ACKNOWLEDGE_VISITOR")?.toLowerCase() ?? "true";
  const level = (optional("LOG_LEVEL")?.toLowerCase() ?? "info") as LogLevel;
  const webhookUrl = optionalUrl("LEAD_WEBHOOK_URL");
  const signingSecret = optional("LEAD_WEBHOOK_SIGNING_SECRET");
  const config = {
    senderEmail: email("SENDER_EMAIL"),
    recipientEmail: email("RECIPIENT_EMAIL"),
    region: required("AWS_REGION"),
    sesEndpoint: optionalUrl("SES_ENDPOINT"),
    siteName: required("SITE_NAME"),
    siteUrl: required("SITE_URL"),
    catalogue: parseCatalogue(required("LEAD_CATALOGUE"), (found) => problem("LEAD_CATALOGUE", found)),
    acknowledgeVisitor: ack === "true",
    logLevel: level,
    leadsTableName: required("LEADS_TABLE_NAME"),
    dynamoEndpoint: optionalUrl("DYNAMODB_ENDPOINT"),
    leadQueueUrl: required("LEAD_QUEUE_URL"),
    sesConfigurationSet: optional("SES_CONFIGURATION_SET"),
    ackDailyLimit: whole("ACK_DAILY_LIMIT", LEAD_DEFAULTS.ackDailyLimit, 0),
    leadRateLimit: whole("LEAD_RATE_LIMIT", LEAD_DEFAULTS.rateLimit, 1),
    ackClientHourlyLimit: whole("ACK_CLIENT_HOURLY_LIMIT", LEAD_DEFAULTS.ackClientHourlyLimit, 0),
    sendEventWaitMs: whole("SEND_EVENT_WAIT_SECONDS", LEAD_DEFAULTS.sendEventWaitSeconds, 0) * 1000,
    sesRetryPauseMs: whole("SES_RETRY_PAUSE_MS", LEAD_DEFAULTS.sesRetryPauseMs, 0),
    leadRetentionDays: whole("LEAD_RETENTION_DAYS", LEAD_DEFAULTS.retentionDays, 1),
    leadWebhook: (webhookUrl ? { url: webhookUrl } : secretArn(optional("LEAD_WEBHOOK_SECRET_ARN"))) as
      | LeadWebhookSource
      | undefined,
    leadWebhookSigning: (signingSecret
      ? { secret: signingSecret }
      : secretArn(optional("LEAD_WEBHOOK_SIGNING_SECRET_ARN"))) as WebhookSigningSource | undefined,
  };
  url("SITE_URL", config.siteUrl);
  if (config.leadQueueUrl !== IN_PROCESS_QUEUE) url("LEAD_QUEUE_URL", config.leadQueueUrl);
  if (ack !== "true" && ack !== "false") problem("ACKNOWLEDGE_VISITOR", `is "${env.ACKNOWLEDGE_VISITOR}"`);
  if (!LOG_LEVELS.includes(level)) problem("LOG_LEVEL", `is "${env.LOG_LEVEL}"`);
  if (webhookUrl && optional("LEAD_WEBHOOK_SECRET_ARN"))
    problem("LEAD_WEBHOOK_URL", "is set as well as LEAD_WEBHOOK_SECRET_ARN; unset it (it is for local runs only)");
  if (problems.length > 0) {
    throw new ConfigError(
      `The lead handler cannot start: ${problems.length} environment variable${problems.length === 1 ? " is" : "s are"} wrong.\n` +
        problems.map((line) => `  - ${line}`).join("\n") +
        "\nSet them on the function (infra: leadEnvironment() in lambdas/shared/env.ts builds them from content).",
    );
  }
  return config;
}

/** How readConfig reads one variable; each reports what is wrong into `problems`. */
function readers(env: Readonly<Record<string, string | undefined>>, problems: string[]) {
  const problem = (name: LeadEnvName, found: string) => problems.push(`${name} ${found}; expected ${LEAD_ENV[name]}`);
  const required = (name: LeadEnvName): string => {
    const value = env[name]?.trim() ?? "";
    if (!value) problem(name, "is not set");
    return value;
  };
  const url = (name: LeadEnvName, value: string): void => {
    if (value && !/^https?:\/\/[^\s]+$/.test(value)) problem(name, `is "${value}", which is not an http(s) URL`);
  };
  return {
    problem,
    required,
    url,
    email(name: LeadEnvName): string {
      const value = required(name);
      if (value && !EMAIL.test(value)) problem(name, `is "${value}", which is not an e-mail address`);
      return value;
    },
    optionalUrl(name: LeadEnvName): string | undefined {
      const value = env[name]?.trim() || undefined;
      if (value) url(name, value);
      return value;
    },
    whole(name: LeadEnvName, fallback: number, min: number): number {
      const raw = env[name]?.trim();
      if (!raw) return fallback;
      const value = Number(raw);
      if (!Number.isInteger(value) || value < min) problem(name, `is "${raw}"`);
      return value;
    },
  };
}

const secretArn = (arn: string | undefined) => (arn ? { secretArn: arn } : undefined);

/** A catalogue list as LEAD_CATALOGUE must hold it: at least one {id, name}, other keys left out. */
const catalogueList = z.array(z.object({ id: z.string(), name: z.string() })).check(z.minLength(1));

function parseCatalogue(raw: string, report: (found: string) => void): LeadCatalogue {
  const empty: LeadCatalogue = { products: [], packages: [] };
  if (!raw) return empty;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    report("is not valid JSON");
    return empty;
  }
  const entries = (key: keyof LeadCatalogue) => {
    const list = catalogueList.safeParse((value as Record<string, unknown> | null)?.[key]);
    if (!list.success) report(`has no non-empty "${key}" list of {id, name}`);
    return list.data ?? [];
  };
  return { products: entries("products"), packages: entries("packages") };
}
