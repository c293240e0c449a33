import path from "node:path";
import * as z from "zod/mini";

/**
 * Every per-vendor setting of the stack, read once from CDK context (cdk.json "context" or `-c key=value`), with an
 * environment-variable fallback (`SITE_<KEY>`, e.g. SITE_SENDER_EMAIL) for CI. Every problem is collected and
 * reported together, each with the flag that fixes it, before anything is synthesized.
 */

/** The AWS region CloudFront takes its certificates and web ACLs from. */
export const CLOUDFRONT_REGION = "us-east-1";

/** Retention periods CloudWatch Logs accepts. */
const LOG_RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653] as const;

export interface CustomDomain {
  /** The site's host name, e.g. www.example.com. */
  name: string;
  /** ACM certificate in us-east-1; when absent the stack requests one, validated through the hosted zone. */
  certificateArn: string | undefined;
}

export interface SiteConfig {
  env: { account: string; region: string };
  stackName: string;
  /** Absolute path of the built site (npm run build). */
  distDir: string;
  /** Absolute path of content/, for the handlers' catalogue and site facts. */
  contentDir: string;
  senderEmail: string;
  /** Defaults to content/site.yaml contact.email when unset. */
  recipientEmail: string | undefined;
  /** The SES identity that covers the sender: a domain (DKIM) or the sender's own address. */
  sesIdentity: string;
  /** False when the identity already exists in the account (SES identities are unique per region). */
  createSesIdentity: boolean;
  domain: CustomDomain | undefined;
  /** Route 53 zone for the alias records, the certificate's validation and the SES DKIM records; absent when DNS lives elsewhere. */
  hostedZone: { id: string; name: string } | undefined;
  priceClass: "PriceClass_100" | "PriceClass_200" | "PriceClass_All";
  waf: { rateLimit: number } | undefined;
  accessLogs: { retentionDays: number } | undefined;
  /** Per function; undefined leaves concurrency unreserved. */
  reservedConcurrency: number | undefined;
  logRetentionDays: (typeof LOG_RETENTION_DAYS)[number];
}

/** Thrown with every problem listed; bin/site.ts prints the message without a stack trace. */
export class SiteConfigError extends Error {
  override name = "SiteConfigError";
}

/** What each key holds, with the example shown in error messages and the README. */
export const CONTEXT_KEYS = {
  account: { example: "123456789012", about: "AWS account id (defaults to the CLI's credentials)" },
  region: { example: "us-east-1", about: "AWS region of the stack, the Lambdas and SES (defaults to the CLI's region)" },
  stackName: { example: "Storefront", about: "CloudFormation stack name" },
  distDir: { example: "dist", about: "the built site, relative to the repository root" },
  contentDir: { example: "content", about: "the content folder, relative to the repository root" },
  senderEmail: { example: "no-reply@example.com", about: "the address lead e-mails come from" },
  recipientEmail: { example: "sales@example.com", about: "the inbox that receives every lead (defaults to site.yaml contact.email)" },
  sesIdentity: { example: "example.com", about: "SES identity covering the sender: its domain, or the address itself" },
  createSesIdentity: { example: "false", about: "create the SES identity (false when it already exists in the region)" },
  domainName: { example: "www.example.com", about: "custom host name of the site" },
  certificateArn: {
    example: "arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-…",
    about: "ACM certificate for domainName, in us-east-1",
  },
  hostedZoneId: { example: "Z0123456789ABCDEFGHIJ", about: "Route 53 hosted zone id for domainName" },
  hostedZoneName: { example: "example.com", about: "Route 53 hosted zone name for domainName" },
  priceClass: {
    example: "PriceClass_200",
    about: "CloudFront edge locations: PriceClass_100 (North America, Europe), PriceClass_200 (adds Asia incl. India, Middle East, Africa) or PriceClass_All",
  },
  waf: { example: "true", about: "attach an AWS WAF web ACL with a per-IP rate limit on /api/*" },
  apiRateLimit: { example: "100", about: "requests per IP per 5 minutes to /api/* before WAF blocks (10 or more)" },
  accessLogs: { example: "true", about: "write CloudFront and S3 access logs to a logging bucket" },
  accessLogRetentionDays: { example: "90", about: "days the access logs are kept" },
  reservedConcurrency: { example: "5", about: "reserved concurrency per Lambda, a cost cap (or none)" },
  logRetentionDays: { example: "30", about: `days Lambda logs are kept: one of ${LOG_RETENTION_DAYS.join(", ")}` },
} as const;
export type ContextKey = keyof typeof CONTEXT_KEYS;

const EMAIL = /^[^\s@<>(),;:"]+@([a-z0-9-]+\.)+[a-z]{2,}$/i;
const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i;

const text = () => z.string().check(z.trim(), z.minLength(1, "must not be empty"));
const flag = () =>
  z.pipe(
    z.union([z.boolean(), z.enum(["true", "false"])], { error: "expected true or false" }),
    z.transform((value) => value === true || value === "true"),
  );
const wholeNumber = (min: number, max: number) =>
  z.pipe(
    z.pipe(
      z.union([z.number(), z.string().check(z.regex(/^\d+$/))], { error: "expected a whole number" }),
      z.transform((value: number | string) => Number(value)),
    ),
    z.number().check(z.int("expected a whole number"), z.gte(min, `expected ${min} or more`), z.lte(max, `expected ${max} or less`)),
  );

const contextSchema = z.object({
  account: z.string().check(z.regex(/^\d{12}$/, "expected a 12-digit AWS account id")),
  region: z.string().check(z.regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, "expected an AWS region such as us-east-1")),
  stackName: z._default(z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9-]{0,127}$/, "expected letters, digits and hyphens, starting with a letter")), "Storefront"),
  distDir: z._default(text(), "dist"),
  contentDir: z._default(text(), "content"),
  senderEmail: z.string().check(z.regex(EMAIL, "expected an e-mail address")),
  recipientEmail: z.optional(z.string().check(z.regex(EMAIL, "expected an e-mail address"))),
  sesIdentity: z.optional(z.string().check(z.refine((value) => EMAIL.test(value) || DOMAIN.test(value), "expected a domain or an e-mail address"))),
  createSesIdentity: z._default(flag(), true),
  domainName: z.optional(z.string().check(z.regex(DOMAIN, "expected a host name such as www.example.com"))),
  certificateArn: z.optional(
    z.string().check(z.regex(/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/, "expected an ACM certificate ARN in us-east-1 (CloudFront only uses those)")),
  ),
  hostedZoneId: z.optional(z.string().check(z.regex(/^Z[A-Z0-9]{4,31}$/, "expected a Route 53 hosted zone id such as Z0123456789ABCDEFGHIJ"))),
  hostedZoneName: z.optional(z.string().check(z.regex(DOMAIN, "expected a zone name such as example.com"))),
  priceClass: z._default(z.enum(["PriceClass_100", "PriceClass_200", "PriceClass_All"], { error: "expected PriceClass_100, PriceClass_200 or PriceClass_All" }), "PriceClass_200"),
  waf: z._default(flag(), false),
  apiRateLimit: z._default(wholeNumber(10, 2_000_000_000), 100),
  accessLogs: z._default(flag(), false),
  accessLogRetentionDays: z._default(wholeNumber(1, 3650), 90),
  reservedConcurrency: z._default(z.union([z.literal("none"), wholeNumber(1, 1000)], { error: 'expected a whole number from 1 to 1000, or "none"' }), 5),
  logRetentionDays: z._default(
    z.pipe(
      wholeNumber(1, 3653),
      z.number().check(z.refine((days) => (LOG_RETENTION_DAYS as readonly number[]).includes(days), `expected one of ${LOG_RETENTION_DAYS.join(", ")}`)),
    ),
    30,
  ),
});

/** Looks a key up: context first, then SITE_<KEY> in the environment; account and region also from the CDK CLI. */
export type ContextReader = (key: string) => unknown;

/**
 * Reads and checks the stack's settings.
 * @param read usually `(key) => app.node.tryGetContext(key)`
 * @param env the process environment (CDK_DEFAULT_ACCOUNT/REGION and SITE_* fallbacks)
 * @param rootDir the repository root that distDir and contentDir are relative to
 * @throws SiteConfigError listing every problem with the flag that fixes it
 */
export function readSiteConfig(read: ContextReader, env: Readonly<Record<string, string | undefined>>, rootDir: string): SiteConfig {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(CONTEXT_KEYS) as ContextKey[]) {
    const value = read(key) ?? env[`SITE_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`];
    if (value !== undefined && value !== "") raw[key] = value;
  }
  raw.account ??= env.CDK_DEFAULT_ACCOUNT;
  raw.region ??= env.CDK_DEFAULT_REGION;

  const problems: string[] = [];
  const problem = (key: ContextKey, message: string) =>
    problems.push(`${key}: ${message} (${CONTEXT_KEYS[key].about}); fix: -c ${key}=${CONTEXT_KEYS[key].example}`);

  const parsed = contextSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "") as ContextKey;
      const missing = raw[key] === undefined;
      problem(key, missing ? "is required" : `${issue.message}, found ${JSON.stringify(raw[key])}`);
    }
    throw configError(problems);
  }
  const c = parsed.data;

  const senderDomain = c.senderEmail.slice(c.senderEmail.indexOf("@") + 1).toLowerCase();
  const zone = c.hostedZoneId && c.hostedZoneName ? { id: c.hostedZoneId, name: c.hostedZoneName.toLowerCase() } : undefined;
  if (Boolean(c.hostedZoneId) !== Boolean(c.hostedZoneName)) {
    problem(c.hostedZoneId ? "hostedZoneName" : "hostedZoneId", "is required together with the other hosted zone key");
  }
  const covers = (parent: string, host: string) => host === parent || host.endsWith(`.${parent}`);
  // A domain identity in the hosted zone gets DKIM records automatically; otherwise the sender's address is verified by mail.
  const sesIdentity = (c.sesIdentity ?? (zone && covers(zone.name, senderDomain) ? senderDomain : c.senderEmail)).toLowerCase();
  if (EMAIL.test(sesIdentity) ? sesIdentity !== c.senderEmail.toLowerCase() : !covers(sesIdentity, senderDomain)) {
    problem("sesIdentity", `"${sesIdentity}" does not cover senderEmail ${c.senderEmail}; use its domain or the address itself`);
  }

  let domain: CustomDomain | undefined;
  if (c.domainName) {
    domain = { name: c.domainName.toLowerCase(), certificateArn: c.certificateArn };
    if (zone && !covers(zone.name, domain.name)) problem("hostedZoneName", `"${zone.name}" does not contain domainName ${domain.name}`);
    if (!c.certificateArn && !zone) problem("certificateArn", `is required for domainName ${domain.name} when no hosted zone is given`);
    if (!c.certificateArn && zone && c.region !== CLOUDFRONT_REGION) {
      problem("certificateArn", `is required when the stack is not in ${CLOUDFRONT_REGION}: CloudFront only uses certificates from there`);
    }
  } else if (c.certificateArn) {
    problem("domainName", "is required when certificateArn is set");
  }
  if (c.waf && c.region !== CLOUDFRONT_REGION) {
    problem("waf", `needs the stack in ${CLOUDFRONT_REGION}, where CloudFront web ACLs live; found region ${c.region}`);
  }
  if (problems.length > 0) throw configError(problems);

  return {
    env: { account: c.account, region: c.region },
    stackName: c.stackName,
    distDir: path.resolve(rootDir, c.distDir),
    contentDir: path.resolve(rootDir, c.contentDir),
    senderEmail: c.senderEmail,
    recipientEmail: c.recipientEmail,
    sesIdentity,
    createSesIdentity: c.createSesIdentity,
    domain,
    hostedZone: zone,
    priceClass: c.priceClass,
    waf: c.waf ? { rateLimit: c.apiRateLimit } : undefined,
    accessLogs: c.accessLogs ? { retentionDays: c.accessLogRetentionDays } : undefined,
    reservedConcurrency: c.reservedConcurrency === "none" ? undefined : c.reservedConcurrency,
    logRetentionDays: c.logRetentionDays as SiteConfig["logRetentionDays"],
  };
}

function configError(problems: string[]): SiteConfigError {
  return new SiteConfigError(
    `The stack settings have ${problems.length} problem${problems.length === 1 ? "" : "s"} ` +
      `(set them in cdk.json "context" or pass -c key=value; see README, Deploy to AWS):\n${problems.map((line) => `  - ${line}`).join("\n")}`,
  );
}
