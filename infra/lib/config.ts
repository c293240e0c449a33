import path from "node:path";
import * as z from "zod/mini";

/**
 * Every per-vendor setting of the stack, read once. Precedence, highest first: `-c key=value` on the command line,
 * the environment variable `SITE_<KEY>` (e.g. SITE_SENDER_EMAIL, for CI), cdk.json "context", the default. A `-c`
 * and a `SITE_<KEY>` that disagree, an unknown `SITE_*` variable and an unknown setting are errors. Every problem is
 * collected and reported together, each with the flag that fixes it, before anything is synthesized.
 */

/** The AWS region CloudFront takes its certificates and web ACLs from. */
const CLOUDFRONT_REGION = "us-east-1";

/** Retention periods CloudWatch Logs accepts. */
const LOG_RETENTION_DAYS = [
  1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653,
] as const;

const EMAIL = /^[^\s@<>(),;:"]+@([a-z0-9-]+\.)+[a-z]{2,}$/i;
const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i;

const text = () => z.string().check(z.trim(), z.minLength(1, "must not be empty"));
const matching = (pattern: RegExp, expected: string) => z.string().check(z.regex(pattern, expected));
const email = () => matching(EMAIL, "expected an e-mail address");
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
    z
      .number()
      .check(
        z.int("expected a whole number"),
        z.gte(min, `expected ${min} or more`),
        z.lte(max, `expected ${max} or less`),
      ),
  );
const orNone = <T extends z.ZodMiniType>(schema: T, error: string) => z.union([z.literal("none"), schema], { error });

/** One setting: its schema (type, default, check), the example shown in errors and docs, and what it does. */
const setting = <T extends z.ZodMiniType>(schema: T, example: string, about: string) => ({ schema, example, about });

/**
 * Every setting, once: its CDK context key is the property name, its variable `envName(key)`, and docs/deploy.md's
 * Settings table is `settingsTable()` (a test keeps the two equal).
 */
const SETTINGS = {
  account: setting(
    matching(/^\d{12}$/, "expected a 12-digit AWS account id"),
    "123456789012",
    "AWS account id (defaults to the CLI's credentials)",
  ),
  region: setting(
    matching(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, "expected an AWS region such as us-east-1"),
    "us-east-1",
    "AWS region of the stack, the Lambdas and SES (defaults to the CLI's region)",
  ),
  env: setting(
    z._default(
      z.enum(["production", "staging", "preview"], { error: "expected production, staging or preview" }),
      "production",
    ),
    "staging",
    "production (the default: indexed, checked against site.yaml url), staging (noindex, its own origin) or preview (the pull requests' shared preview stack)",
  ),
  stackName: setting(
    z.optional(
      matching(/^[A-Za-z][A-Za-z0-9-]{0,127}$/, "expected letters, digits and hyphens, starting with a letter"),
    ),
    "Storefront",
    "CloudFormation stack name (default Storefront, or Storefront-staging / Storefront-preview for env=staging / env=preview)",
  ),
  url: setting(
    z.optional(
      matching(
        /^https:\/\/[a-z0-9.-]+(:\d+)?$/i,
        "expected an https origin without a path, such as https://staging.example.com",
      ),
    ),
    "https://staging.example.com",
    "the staging or preview site's origin for canonical links (default `https://<domainName>`; not for production)",
  ),
  distDir: setting(
    z.optional(text()),
    "dist",
    "a prebuilt site, relative to the repository root, deployed as it is (by default the app builds one for the environment)",
  ),
  contentDir: setting(z._default(text(), "content"), "content", "the content folder, relative to the repository root"),
  senderEmail: setting(email(), "no-reply@example.com", "the address lead e-mails come from"),
  recipientEmail: setting(
    z.optional(email()),
    "sales@example.com",
    "the inbox that receives every lead (production: `content/site.yaml` `contact.email`; staging and preview: `alarmEmail`, else `senderEmail`; the preview refuses `contact.email`)",
  ),
  sesIdentity: setting(
    z.optional(
      z
        .string()
        .check(z.refine((value) => EMAIL.test(value) || DOMAIN.test(value), "expected a domain or an e-mail address")),
    ),
    "example.com",
    "SES identity covering the sender: its domain, or the address itself (default: the sender's domain when the hosted zone holds it, else the sender's address)",
  ),
  createSesIdentity: setting(
    z._default(flag(), true),
    "false",
    "create the SES identity (default true; false when it already exists in the region)",
  ),
  domainName: setting(
    z.optional(matching(DOMAIN, "expected a host name such as www.example.com")),
    "www.example.com",
    "custom host name of the site (none: it answers at `https://<id>.cloudfront.net`)",
  ),
  certificateArn: setting(
    z.optional(
      matching(
        /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/,
        "expected an ACM certificate ARN in us-east-1 (CloudFront only uses those)",
      ),
    ),
    "arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-…",
    "ACM certificate for domainName, in us-east-1 (default: requested by the stack, which needs the hosted zone and us-east-1)",
  ),
  hostedZoneId: setting(
    z.optional(matching(/^Z[A-Z0-9]{4,31}$/, "expected a Route 53 hosted zone id such as Z0123456789ABCDEFGHIJ")),
    "Z0123456789ABCDEFGHIJ",
    "Route 53 hosted zone id for domainName; with it the stack writes the alias records, validates the certificate and the SES domain",
  ),
  hostedZoneName: setting(
    z.optional(matching(DOMAIN, "expected a zone name such as example.com")),
    "example.com",
    "Route 53 hosted zone name for domainName",
  ),
  waf: setting(
    z._default(flag(), false),
    "true",
    "attach an AWS WAF web ACL that answers 429 to an address posting to /api/* more than 100 times in 5 minutes",
  ),
  accessLogs: setting(z._default(flag(), false), "true", "write CloudFront and S3 access logs to a logging bucket"),
  accessLogRetentionDays: setting(z._default(wholeNumber(1, 3650), 90), "90", "days the access logs are kept"),
  reservedConcurrency: setting(
    z._default(orNone(wholeNumber(1, 1000), 'expected a whole number from 1 to 1000, or "none"'), 5),
    "5",
    "reserved concurrency per Lambda, a cost cap (or none)",
  ),
  logRetentionDays: setting(
    z._default(
      z.pipe(
        wholeNumber(1, 3653),
        z
          .number()
          .check(
            z.refine(
              (days) => (LOG_RETENTION_DAYS as readonly number[]).includes(days),
              `expected one of ${LOG_RETENTION_DAYS.join(", ")}`,
            ),
          ),
      ),
      30,
    ),
    "30",
    `days Lambda logs are kept: one of ${LOG_RETENTION_DAYS.join(", ")}`,
  ),
  redirectApex: setting(
    z._default(flag(), false),
    "true",
    "also serve the apex of domainName (example.com) as a redirect to it (needs domainName directly below the hosted zone and no certificateArn)",
  ),
  alarmEmail: setting(
    z.optional(email()),
    "ops@example.com",
    "the address alarms and bounce/complaint notices are mailed to (none: the alarm topic has no subscriber)",
  ),
  monthlyBudget: setting(
    z.optional(orNone(wholeNumber(1, 1_000_000), 'expected a whole number of USD, or "none"')),
    "25",
    'the account\'s monthly spend in USD that notifies the alarm topic at 80 % and when forecast to pass (production: 25; others: none; "none" turns it off)',
  ),
  ackDailyLimit: setting(
    z._default(wholeNumber(0, 1000), 3),
    "3",
    "acknowledgement mails one address may receive per day (0 turns them off)",
  ),
  leadWebhook: setting(
    z._default(flag(), false),
    "true",
    "post every mailed lead as JSON (Slack-compatible) to the https URL kept in the LeadWebhookSecret secret (set its value as docs/deploy.md says)",
  ),
  githubClientId: setting(
    z.optional(matching(/^[A-Za-z0-9.]{16,40}$/, "expected a GitHub client id: letters and digits, such as Ov23li…")),
    "Ov23liAbCdEf12345678",
    "the client id of the GitHub OAuth app /admin signs in with (docs/deploy.md, Sign-in for /admin)",
  ),
  githubRepo: setting(
    z.optional(matching(/^[\w.-]+\/[\w.-]+$/, "expected a GitHub repository as owner/name, such as acme/storefront")),
    "acme/storefront",
    "the GitHub repository (owner/name) /admin saves to (default: CMS_GITHUB_REPO, or in GitHub Actions the workflow's repository)",
  ),
  githubScope: setting(
    z._default(z.enum(["repo", "public_repo"], { error: "expected repo or public_repo" }), "repo"),
    "public_repo",
    "what the sign-in asks GitHub for: repo (a private content repository) or public_repo (a public one)",
  ),
  destroy: setting(
    z._default(flag(), false),
    "true",
    "synthesize an empty shell of stackName for `cdk destroy` only (no build, no other keys)",
  ),
  example: setting(
    z._default(flag(), false),
    "true",
    "take the examples for a missing account, region, senderEmail and githubRepo, to synthesize offline as a check (npm run synth); never in GitHub Actions",
  ),
};
type ContextKey = keyof typeof SETTINGS;
const KEYS = Object.keys(SETTINGS) as ContextKey[];

const contextSchema = z.object(
  Object.fromEntries(KEYS.map((key) => [key, SETTINGS[key].schema])) as {
    [K in ContextKey]: (typeof SETTINGS)[K]["schema"];
  },
);
type Settings = z.output<typeof contextSchema>;

/** A setting's default as its schema states it: a value, none (optional), or required. */
const defaultOf = ({ _zod: { def } }: z.ZodMiniType): string => {
  if ("defaultValue" in def) return `\`${String(def.defaultValue)}\``;
  return def.type === "optional" ? "none" : "required";
};

/** docs/deploy.md's Settings table. */
export const settingsTable = (): string =>
  [
    "| key | variable | example | default | what it does |",
    "|---|---|---|---|---|",
    ...KEYS.map((key) => {
      const { schema, example, about } = SETTINGS[key];
      return `| \`${key}\` | \`${envName(key)}\` | \`${example}\` | ${defaultOf(schema)} | ${about} |`;
    }),
  ].join("\n");

/** The settings as the stack uses them: checked, defaults applied, related keys joined, paths absolute. */
export type SiteConfig = ReturnType<typeof readSiteConfig>;
type Zone = { id: string; name: string } | undefined;
type Domain = { name: string; certificateArn: string | undefined } | undefined;

/** Thrown with every problem listed; bin/site.ts prints the message without a stack trace. */
export class SiteConfigError extends Error {
  override name = "SiteConfigError";
}

/** The environment variable that may set a key: SITE_ and the key in upper snake case (senderEmail → SITE_SENDER_EMAIL). */
const envName = (key: ContextKey): string => `SITE_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** Where the settings come from. */
export interface SettingSources {
  /** Every context value the app sees: cdk.json "context" merged with `-c` flags (`app.node.getAllContext()`). */
  context: Readonly<Record<string, unknown>>;
  /** cdk.json "context" alone, to tell a committed value from a `-c` flag. */
  fileContext?: Readonly<Record<string, unknown>>;
  /** The process environment: CDK_DEFAULT_ACCOUNT/REGION and SITE_* variables. */
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Merges the sources key by key (`-c` > SITE_<KEY> > cdk.json) and reports unknown names and contradictions.
 * A context value equal to cdk.json's counts as cdk.json's: the CLI merges both before the app sees them.
 */
function mergeSources({ context, fileContext = {}, env }: SettingSources, problems: string[]): Record<string, unknown> {
  const keys = KEYS;
  const known = new Set<string>(keys);
  const variables = new Set(keys.map(envName));
  const raw: Record<string, unknown> = {};
  for (const key of keys) {
    const fromContext = context[key] === "" ? undefined : context[key];
    const fromEnv = env[envName(key)] || undefined;
    const isFlag = fromContext !== undefined && fromContext !== fileContext[key];
    if (isFlag && fromEnv !== undefined && String(fromContext) !== fromEnv) {
      problems.push(
        `${key}: -c ${key}=${String(fromContext)} contradicts ${envName(key)}=${fromEnv}; drop one of them`,
      );
    }
    const value = isFlag ? fromContext : (fromEnv ?? fromContext);
    if (value !== undefined) raw[key] = value;
  }
  // Plain camelCase names are ours; CDK's own keys carry a colon or a slash (aws:cdk:…, @aws-cdk/…).
  for (const key of Object.keys(context)) {
    if (/^[a-z][A-Za-z0-9]*$/.test(key) && !known.has(key)) {
      problems.push(
        `${key}: is not a setting of this stack; known settings: ${keys.join(", ")} (docs/deploy.md, Settings)`,
      );
    }
  }
  for (const name of Object.keys(env)) {
    if (name.startsWith("SITE_") && env[name] && !variables.has(name)) {
      problems.push(`${name}: is not a setting of this stack; known variables: ${[...variables].join(", ")}`);
    }
  }
  return raw;
}

/** True when the app should only name the stack for `cdk destroy` (-c destroy=true or SITE_DESTROY=true). */
export function isTeardown(sources: SettingSources): boolean {
  const value = sources.env[envName("destroy")] ?? sources.context.destroy;
  return value === true || value === "true";
}

/**
 * The settings of the destroy shell: the stack's name (from env=staging too) and, when known, where it lives;
 * nothing else required, no build.
 * @throws SiteConfigError for a malformed stack name or environment
 */
export function readTeardownConfig(sources: SettingSources) {
  const problems: string[] = [];
  const raw = mergeSources(sources, []);
  const parsed = z
    .object({
      stackName: contextSchema.shape.stackName,
      env: contextSchema.shape.env,
      account: z.optional(z.string()),
      region: z.optional(z.string()),
    })
    .safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push(`${String(issue.path[0])}: ${issue.message}, found ${JSON.stringify(raw[String(issue.path[0])])}`);
    throw configError(problems);
  }
  const { stackName, env, account, region } = parsed.data;
  return {
    stackName: stackName ?? defaultStackName(env),
    env: { account: account ?? sources.env.CDK_DEFAULT_ACCOUNT, region: region ?? sources.env.CDK_DEFAULT_REGION },
  };
}

const defaultStackName = (environment: Settings["env"]) =>
  environment === "production" ? "Storefront" : `Storefront-${environment}`;

/**
 * Reads and checks the stack's settings.
 * @param rootDir the repository root that distDir and contentDir are relative to
 * @throws SiteConfigError listing every problem with the flag that fixes it
 */
export function readSiteConfig(sources: SettingSources, rootDir: string) {
  const problems: string[] = [];
  const raw = mergeSources(sources, problems);
  const { env } = sources;
  raw.account ??= env.CDK_DEFAULT_ACCOUNT;
  raw.region ??= env.CDK_DEFAULT_REGION;
  const examples = fillExamples(raw, env);

  const problem = (key: ContextKey, message: string) =>
    problems.push(`${key}: ${message} (${SETTINGS[key].about}); fix: -c ${key}=${SETTINGS[key].example}`);

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

  const zone: Zone =
    c.hostedZoneId && c.hostedZoneName ? { id: c.hostedZoneId, name: c.hostedZoneName.toLowerCase() } : undefined;
  if (Boolean(c.hostedZoneId) !== Boolean(c.hostedZoneName)) {
    problem(c.hostedZoneId ? "hostedZoneName" : "hostedZoneId", "is required together with the other hosted zone key");
  }
  const sesIdentity = senderIdentity(c, zone, problem);
  const { domain, apex } = customDomain(c, zone, problem);
  if (c.env === "production" && c.url) {
    problem("url", "is only for env=staging and env=preview; production's origin is content/site.yaml url");
  }
  const siteUrl = c.env !== "production" ? (c.url ?? (domain ? `https://${domain.name}` : undefined)) : undefined;
  if (c.env !== "production" && !siteUrl) {
    problem(
      "url",
      `is required for env=${c.env} without domainName: the ${c.env} site's own origin for its canonical links`,
    );
  }
  if (c.waf && c.region !== CLOUDFRONT_REGION) {
    problem("waf", `needs the stack in ${CLOUDFRONT_REGION}, where CloudFront web ACLs live; found region ${c.region}`);
  }
  if (c.env === "preview" && c.githubClientId) {
    problem("githubClientId", "is not for env=preview: previews carry no editor (/admin), so nothing signs in there");
  }
  if (problems.length > 0) throw configError(problems);

  return {
    env: { account: c.account, region: c.region },
    environment: c.env,
    stackName: c.stackName ?? defaultStackName(c.env),
    distDir: c.distDir === undefined ? undefined : path.resolve(rootDir, c.distDir),
    siteUrl,
    contentDir: path.resolve(rootDir, c.contentDir),
    senderEmail: c.senderEmail,
    // A rehearsal's test leads go to the team, not to the vendor's sales inbox, unless recipientEmail says so.
    recipientEmail: c.recipientEmail ?? (c.env === "production" ? undefined : (c.alarmEmail ?? c.senderEmail)),
    sesIdentity,
    createSesIdentity: c.createSesIdentity,
    domain,
    hostedZone: zone,
    waf: c.waf,
    accessLogs: c.accessLogs ? { retentionDays: c.accessLogRetentionDays } : undefined,
    reservedConcurrency: c.reservedConcurrency === "none" ? undefined : c.reservedConcurrency,
    logRetentionDays: c.logRetentionDays as (typeof LOG_RETENTION_DAYS)[number],
    redirectApex: apex,
    alarmEmail: c.alarmEmail,
    // One budget per account is enough: production has it unless told otherwise, staging and preview only when asked.
    monthlyBudget:
      c.monthlyBudget === "none" ? undefined : (c.monthlyBudget ?? (c.env === "production" ? 25 : undefined)),
    ackDailyLimit: c.ackDailyLimit,
    leadWebhook: c.leadWebhook,
    githubOAuth: { clientId: c.githubClientId, scope: c.githubScope },
    githubRepo: c.githubRepo,
    examples,
  };
}

const covers = (parent: string, host: string) => host === parent || host.endsWith(`.${parent}`);
type Problem = (key: ContextKey, message: string) => void;

/** A domain identity in the hosted zone gets DKIM records automatically; otherwise the sender's address is verified by mail. */
function senderIdentity(c: Settings, zone: Zone, problem: Problem): string {
  const senderDomain = c.senderEmail.slice(c.senderEmail.indexOf("@") + 1).toLowerCase();
  const identity = (
    c.sesIdentity ?? (zone && covers(zone.name, senderDomain) ? senderDomain : c.senderEmail)
  ).toLowerCase();
  if (EMAIL.test(identity) ? identity !== c.senderEmail.toLowerCase() : !covers(identity, senderDomain)) {
    problem(
      "sesIdentity",
      `"${identity}" does not cover senderEmail ${c.senderEmail}; use its domain or the address itself`,
    );
  }
  return identity;
}

/** The custom domain, its certificate and the apex redirected to it, checked against each other and the zone. */
function customDomain(c: Settings, zone: Zone, problem: Problem): { domain: Domain; apex: string | undefined } {
  let domain: Domain;
  if (c.domainName) {
    domain = { name: c.domainName.toLowerCase(), certificateArn: c.certificateArn };
    if (zone && !covers(zone.name, domain.name))
      problem("hostedZoneName", `"${zone.name}" does not contain domainName ${domain.name}`);
    if (!c.certificateArn && !zone)
      problem("certificateArn", `is required for domainName ${domain.name} when no hosted zone is given`);
    if (!c.certificateArn && zone && c.region !== CLOUDFRONT_REGION) {
      problem(
        "certificateArn",
        `is required when the stack is not in ${CLOUDFRONT_REGION}: CloudFront only uses certificates from there`,
      );
    }
  } else if (c.certificateArn) {
    problem("domainName", "is required when certificateArn is set");
  }
  // The apex is the zone itself; the site's host must sit directly below it (www.example.com in example.com).
  const apex =
    c.redirectApex && domain && zone && domain.name === `${domain.name.split(".")[0]}.${zone.name}`
      ? zone.name
      : undefined;
  if (c.redirectApex && !apex) {
    problem(
      "redirectApex",
      domain && zone
        ? `needs domainName directly below the zone (www.${zone.name}), found ${domain.name}`
        : "needs domainName, hostedZoneId and hostedZoneName",
    );
  }
  if (c.redirectApex && c.certificateArn) {
    problem("redirectApex", "needs the stack's own certificate (drop certificateArn): it must cover the apex too");
  }
  return { domain, apex };
}

/** What an offline check may take from the examples: nothing else is required (githubRepo by a deployment's build). */
const EXAMPLE_KEYS = ["account", "region", "senderEmail", "githubRepo"] as const;

/**
 * -c example=true (npm run synth): the examples for the required settings not given, so the command works on a fresh
 * clone. Never in GitHub Actions, whose synthesized stack is the one deployed: a missing setting fails there.
 * @returns the settings taken, as `key=value`
 */
function fillExamples(raw: Record<string, unknown>, env: SettingSources["env"]): string[] {
  if (!(raw.example === true || raw.example === "true") || env.GITHUB_ACTIONS === "true") return [];
  const missing = EXAMPLE_KEYS.filter((key) => raw[key] === undefined);
  for (const key of missing) raw[key] = SETTINGS[key].example;
  return missing.map((key) => `${key}=${SETTINGS[key].example}`);
}

function configError(problems: string[]): SiteConfigError {
  return new SiteConfigError(
    `The stack settings have ${problems.length} problem${problems.length === 1 ? "" : "s"} ` +
      `(set them in cdk.json "context" or pass -c key=value; see docs/deploy.md, Settings):\n${problems.map((line) => `  - ${line}`).join("\n")}`,
  );
}

/**
 * Production publishes content/site.yaml's url: with a custom domain the two must name the same host.
 * @throws SiteConfigError naming both values and the fix
 */
export function checkSiteUrl(config: SiteConfig, contentUrl: string): void {
  if (config.environment !== "production" || !config.domain) return;
  const host = new URL(contentUrl).hostname.toLowerCase();
  if (host !== config.domain.name) {
    throw configError([
      `domainName: the production stack serves ${config.domain.name}, but content/site.yaml url is ${contentUrl} (canonical links, sitemap and mails use it); ` +
        `fix: set url: https://${config.domain.name} in content/site.yaml, or -c domainName=${host}`,
    ]);
  }
}

/**
 * The preview stack serves pull requests that nobody has reviewed yet: its forms must never reach the vendor.
 * @throws SiteConfigError when its leads would be mailed to content/site.yaml's contact address
 */
export function checkPreviewInbox(config: SiteConfig, contactEmail: string): void {
  if (config.environment !== "preview") return;
  const recipient = (config.recipientEmail ?? contactEmail).toLowerCase();
  if (recipient === contactEmail.toLowerCase()) {
    throw configError([
      `recipientEmail: the preview stack would mail its leads to ${contactEmail}, the vendor's inbox in content/site.yaml; fix: -c recipientEmail=previews@example.com`,
    ]);
  }
}
