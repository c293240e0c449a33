import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  checkPreviewInbox,
  checkSiteUrl,
  isTeardown,
  readSiteConfig,
  readTeardownConfig,
  SiteConfigError,
  settingsTable,
} from "../../infra/lib/config.ts";
import { EXAMPLE_CONTEXT, ROOT as REPO } from "./fixtures.ts";

const ROOT = "/repo";
const ZONE = { hostedZoneId: "Z0123456789ABCDEFGHIJ", hostedZoneName: "example.com" };
const read = (
  context: Record<string, unknown>,
  env: Record<string, string> = {},
  fileContext: Record<string, unknown> = {},
) => readSiteConfig({ context, env, fileContext }, ROOT);
const problems = (context: Record<string, unknown>, env: Record<string, string> = {}): string[] => {
  try {
    read(context, env);
  } catch (error) {
    if (error instanceof SiteConfigError)
      return error.message
        .split("\n")
        .slice(1)
        .map((line) => line.trim());
    throw error;
  }
  return [];
};

describe("readSiteConfig", () => {
  test("accepts the README example with the defaults filled in", () => {
    expect(read(EXAMPLE_CONTEXT)).toMatchObject({
      env: { account: "123456789012", region: "us-east-1" },
      stackName: "Storefront",
      environment: "production",
      distDir: undefined,
      siteUrl: undefined,
      contentDir: "/repo/content",
      senderEmail: "no-reply@example.com",
      recipientEmail: "sales@example.com",
      sesIdentity: "no-reply@example.com",
      createSesIdentity: true,
      domain: undefined,
      waf: false,
      accessLogs: undefined,
      reservedConcurrency: 5,
      logRetentionDays: 30,
      redirectApex: undefined,
      alarmEmail: undefined,
      ackDailyLimit: 3,
    });
  });

  test("npm run synth (-c example=true) works as written on a fresh clone: what is missing comes from the examples, and says so", () => {
    const config = read({ example: "true" }, { CDK_DEFAULT_REGION: "eu-west-1" });
    expect(config).toMatchObject({
      env: { account: "123456789012", region: "eu-west-1" },
      senderEmail: "no-reply@example.com",
    });
    expect(config.examples).toEqual([
      "account=123456789012",
      "senderEmail=no-reply@example.com",
      "githubRepo=acme/storefront",
    ]);
    expect(read({ example: "true", account: "210987654321", githubRepo: "me/shop" }).examples).toEqual([
      "region=us-east-1",
      "senderEmail=no-reply@example.com",
    ]);
    expect(read({ ...EXAMPLE_CONTEXT, githubRepo: "me/shop", example: "true" }).examples).toEqual([]);
  });

  test("never takes the examples in GitHub Actions, whose synthesized stack is deployed, nor without -c example", () => {
    const missing = ["account", "senderEmail"].map((key) => expect.stringContaining(`${key}: is required`));
    expect(problems({ example: "true", region: "us-east-1" }, { GITHUB_ACTIONS: "true" })).toEqual(missing);
    expect(problems({ region: "us-east-1" })).toEqual(missing);
  });

  test("reports every missing or malformed key at once, each with the flag that fixes it", () => {
    expect(problems({ account: "12345", waf: "yes", ackDailyLimit: "1001" })).toEqual([
      '- account: expected a 12-digit AWS account id, found "12345" (AWS account id (defaults to the CLI\'s credentials)); fix: -c account=123456789012',
      "- region: is required (AWS region of the stack, the Lambdas and SES (defaults to the CLI's region)); fix: -c region=us-east-1",
      "- senderEmail: is required (the address lead e-mails come from); fix: -c senderEmail=no-reply@example.com",
      '- waf: expected true or false, found "yes" (attach an AWS WAF web ACL that answers 429 to an address posting to /api/* more than 100 times in 5 minutes); fix: -c waf=true',
      expect.stringMatching(/^- ackDailyLimit: expected 1000 or less, found "1001"/),
    ]);
  });

  test("takes account and region from the CDK CLI and any key from SITE_* variables", () => {
    const config = read(
      { senderEmail: "no-reply@example.com" },
      {
        CDK_DEFAULT_ACCOUNT: "210987654321",
        CDK_DEFAULT_REGION: "eu-west-1",
        SITE_ACCESS_LOGS: "true",
        SITE_RESERVED_CONCURRENCY: "none",
      },
    );
    expect(config).toMatchObject({
      env: { account: "210987654321", region: "eu-west-1" },
      accessLogs: { retentionDays: 90 },
      reservedConcurrency: undefined,
    });
  });

  test("reads cdk.json's typed values and the CLI's strings alike", () => {
    expect(read({ ...EXAMPLE_CONTEXT, waf: true, ackDailyLimit: 7 })).toMatchObject({ waf: true, ackDailyLimit: 7 });
    expect(read({ ...EXAMPLE_CONTEXT, waf: "true", ackDailyLimit: "7" })).toMatchObject({
      waf: true,
      ackDailyLimit: 7,
    });
  });

  test("uses the sender's domain as SES identity when the hosted zone holds it, so DKIM records can be written", () => {
    expect(read({ ...EXAMPLE_CONTEXT, ...ZONE }).sesIdentity).toBe("example.com");
  });

  test("a custom domain in a hosted zone needs no certificate of its own", () => {
    expect(read({ ...EXAMPLE_CONTEXT, ...ZONE, domainName: "www.example.com" }).domain).toEqual({
      name: "www.example.com",
      certificateArn: undefined,
    });
  });

  test("a SITE_<KEY> variable overrides cdk.json, and a -c flag overrides both", () => {
    const file = { ...EXAMPLE_CONTEXT, waf: false };
    expect(read(file, { SITE_WAF: "true" }, file).waf).toBe(true);
    expect(read({ ...file, waf: "true" }, {}, file).waf).toBe(true);
    expect(read({ ...file, waf: "false" }, { SITE_WAF: "false" }, { ...file, waf: true }).waf).toBe(false);
  });

  test("refuses a -c flag and a SITE_<KEY> variable that disagree, naming both", () => {
    expect(problems({ ...EXAMPLE_CONTEXT, waf: "false" }, { SITE_WAF: "true" })).toEqual([
      "- waf: -c waf=false contradicts SITE_WAF=true; drop one of them",
    ]);
  });

  test("refuses an unknown SITE_* variable and an unknown setting, listing the known ones", () => {
    expect(problems({ ...EXAMPLE_CONTEXT, wafEnabled: true }, { SITE_WAF_ENABLED: "true" })).toEqual([
      expect.stringMatching(
        /^- wafEnabled: is not a setting of this stack; known settings: .*account, region, .*waf, /,
      ),
      expect.stringMatching(/^- SITE_WAF_ENABLED: is not a setting of this stack; known variables: .*SITE_WAF, /),
    ]);
    // CDK's own keys carry a colon or a slash and pass.
    expect(
      read({ ...EXAMPLE_CONTEXT, "aws:cdk:bundling-stacks": [], "@aws-cdk/core:checkSecretUsage": true }).stackName,
    ).toBe("Storefront");
  });

  test("docs/deploy.md's Settings table is the one the app reads: every key, variable, example and meaning", () => {
    expect(readFileSync(path.join(REPO, "docs/deploy.md"), "utf8")).toContain(`${settingsTable()}\n\n`);
  });

  test("staging gets its own stack name and origin: the url given, or its domain", () => {
    expect(read({ ...EXAMPLE_CONTEXT, env: "staging", url: "https://staging.example.com" })).toMatchObject({
      environment: "staging",
      stackName: "Storefront-staging",
      siteUrl: "https://staging.example.com",
    });
    expect(read({ ...EXAMPLE_CONTEXT, ...ZONE, env: "staging", domainName: "staging.example.com" }).siteUrl).toBe(
      "https://staging.example.com",
    );
    expect(
      read(
        { ...EXAMPLE_CONTEXT, url: "https://preview.example.com" },
        { SITE_ENV: "staging", SITE_STACK_NAME: "Preview" },
      ),
    ).toMatchObject({
      environment: "staging",
      stackName: "Preview",
    });
  });

  test("staging and preview mail the team's inbox unless recipientEmail says otherwise; production the vendor's", () => {
    const { recipientEmail: _vendor, ...withoutRecipient } = EXAMPLE_CONTEXT;
    const staging = { ...withoutRecipient, env: "staging", url: "https://staging.example.com" };
    expect(read(withoutRecipient).recipientEmail).toBeUndefined();
    expect(read(staging).recipientEmail).toBe("no-reply@example.com");
    expect(read({ ...staging, alarmEmail: "ops@example.com" }).recipientEmail).toBe("ops@example.com");
    expect(read({ ...staging, recipientEmail: "sales@example.com" }).recipientEmail).toBe("sales@example.com");
    expect(
      read({ ...withoutRecipient, env: "preview", url: "https://d111.cloudfront.net", alarmEmail: "ops@example.com" }),
    ).toMatchObject({ stackName: "Storefront-preview", recipientEmail: "ops@example.com" });
  });

  test("the preview stack refuses to mail its leads to the vendor's inbox", () => {
    const preview = read({ ...EXAMPLE_CONTEXT, env: "preview", url: "https://d111.cloudfront.net" });
    expect(() => checkPreviewInbox(preview, "Sales@Example.com")).toThrow(/vendor's inbox/);
    expect(() => checkPreviewInbox(preview, "hello@example.com")).not.toThrow();
  });

  test("/admin's sign-in takes the OAuth app's client id when there is one, and the repo scope unless told", () => {
    expect(read(EXAMPLE_CONTEXT).githubOAuth).toEqual({ clientId: undefined, scope: "repo" });
    expect(
      read({ ...EXAMPLE_CONTEXT, githubClientId: "Ov23liAbCdEf12345678", githubScope: "public_repo" }).githubOAuth,
    ).toEqual({ clientId: "Ov23liAbCdEf12345678", scope: "public_repo" });
    expect(read(EXAMPLE_CONTEXT, { SITE_GITHUB_CLIENT_ID: "Iv1.0123456789abcdef" }).githubOAuth.clientId).toBe(
      "Iv1.0123456789abcdef",
    );
  });

  test("/admin saves to the stack's githubRepo when set (SITE_GITHUB_REPO in CI)", () => {
    expect(read(EXAMPLE_CONTEXT).githubRepo).toBeUndefined();
    expect(read(EXAMPLE_CONTEXT, { SITE_GITHUB_REPO: "acme/storefront" }).githubRepo).toBe("acme/storefront");
  });

  test("refuses a malformed client id, a scope wider than the repository, and a client id for the preview", () => {
    expect(problems({ ...EXAMPLE_CONTEXT, githubClientId: "not an id", githubScope: "admin:org" })).toEqual([
      '- githubClientId: expected a GitHub client id: letters and digits, such as Ov23li…, found "not an id" (the client id of the GitHub OAuth app /admin signs in with (docs/deploy.md, Sign-in for /admin)); fix: -c githubClientId=Ov23liAbCdEf12345678',
      '- githubScope: expected repo or public_repo, found "admin:org" (what the sign-in asks GitHub for: repo (a private content repository) or public_repo (a public one)); fix: -c githubScope=public_repo',
    ]);
    expect(
      problems({
        ...EXAMPLE_CONTEXT,
        env: "preview",
        url: "https://preview.example.com",
        recipientEmail: "previews@example.com",
        githubClientId: "Ov23liAbCdEf12345678",
      }),
    ).toEqual([
      "- githubClientId: is not for env=preview: previews carry no editor (/admin), so nothing signs in there (the client id of the GitHub OAuth app /admin signs in with (docs/deploy.md, Sign-in for /admin)); fix: -c githubClientId=Ov23liAbCdEf12345678",
    ]);
  });

  test("the apex redirect serves the zone's apex when the site is one level below it", () => {
    expect(
      read({ ...EXAMPLE_CONTEXT, ...ZONE, domainName: "www.example.com", redirectApex: "true" }).redirectApex,
    ).toBe("example.com");
  });

  const certificateArn = "arn:aws:acm:eu-west-1:123456789012:certificate/0a1b2c3d-1111-2222-3333-444455556666";
  test.each<[string, Record<string, unknown>, string]>([
    [
      "an SES identity not covering the sender",
      { sesIdentity: "other.org" },
      'sesIdentity: "other.org" does not cover',
    ],
    [
      "a custom domain with neither a certificate nor a hosted zone",
      { domainName: "www.example.com" },
      "certificateArn: is required for domainName www.example.com when no hosted zone is given",
    ],
    [
      "a certificate to request outside us-east-1",
      { ...ZONE, region: "eu-west-1", domainName: "www.example.com" },
      "certificateArn: is required when the stack is not in us-east-1",
    ],
    [
      "a certificate outside us-east-1, where CloudFront cannot use it",
      { domainName: "www.example.com", certificateArn },
      "certificateArn: expected an ACM certificate ARN in us-east-1",
    ],
    [
      "WAF outside us-east-1, where web ACLs live",
      { region: "ap-south-1", waf: "true" },
      "waf: needs the stack in us-east-1",
    ],
    ["staging without an origin", { env: "staging" }, "url: is required for env=staging without domainName"],
    ["production with an origin", { url: "https://www.example.com" }, "url: is only for env=staging"],
    ["an unknown environment", { env: "prod" }, 'env: expected production, staging or preview, found "prod"'],
    [
      "a githubRepo that is not owner/name",
      { githubRepo: "https://github.com/acme/storefront" },
      "githubRepo: expected a GitHub repository as owner/name, such as acme/storefront",
    ],
    [
      "an apex redirect without a domain in a zone",
      { redirectApex: "true" },
      "redirectApex: needs domainName, hostedZoneId and hostedZoneName",
    ],
    [
      "an apex redirect for a site not directly below its zone",
      { ...ZONE, domainName: "shop.eu.example.com", redirectApex: "true" },
      "redirectApex: needs domainName directly below the zone (www.example.com), found shop.eu.example.com",
    ],
  ])("refuses %s", (_, context, message) => {
    expect(problems({ ...EXAMPLE_CONTEXT, ...context })).toEqual([expect.stringContaining(message)]);
  });
});

describe("checkSiteUrl", () => {
  const withDomain = (extra: Record<string, unknown> = {}) =>
    read({ ...EXAMPLE_CONTEXT, ...ZONE, domainName: "www.example.com", ...extra });

  test("passes when content/site.yaml's url names the production domain", () => {
    expect(() => checkSiteUrl(withDomain(), "https://www.example.com")).not.toThrow();
  });

  test("names both values and the fix when they differ", () => {
    expect(() => checkSiteUrl(withDomain(), "https://example.org")).toThrow(
      "domainName: the production stack serves www.example.com, but content/site.yaml url is https://example.org (canonical links, sitemap and mails use it); fix: set url: https://www.example.com in content/site.yaml, or -c domainName=example.org",
    );
  });

  test("leaves staging alone: it has its own origin", () => {
    expect(() =>
      checkSiteUrl(withDomain({ env: "staging", domainName: "staging.example.com" }), "https://www.example.com"),
    ).not.toThrow();
  });
});

describe("readTeardownConfig", () => {
  test("needs nothing but the stack name, or nothing at all for the default stacks", () => {
    expect(readTeardownConfig({ context: { destroy: "true", stackName: "Shop" }, env: {} })).toEqual({
      stackName: "Shop",
      env: { account: undefined, region: undefined },
    });
    expect(
      readTeardownConfig({
        context: { destroy: "true" },
        env: { SITE_ENV: "staging", CDK_DEFAULT_REGION: "eu-west-1" },
      }),
    ).toEqual({
      stackName: "Storefront-staging",
      env: { account: undefined, region: "eu-west-1" },
    });
  });

  test("isTeardown follows -c destroy=true and SITE_DESTROY=true", () => {
    expect(isTeardown({ context: { destroy: "true" }, env: {} })).toBe(true);
    expect(isTeardown({ context: {}, env: { SITE_DESTROY: "true" } })).toBe(true);
    expect(isTeardown({ context: { stackName: "Storefront" }, env: {} })).toBe(false);
  });
});
