import { Match } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks } from "cdk-nag";
import { describe, expect, test } from "vitest";
import { previewRequestSource } from "../../infra/lib/cloudfront-function.ts";
import { PREVIEW_EXPIRY_DAYS } from "../../infra/lib/constructs/static-site.ts";
import { synthesized } from "./fixtures.ts";

/**
 * The pull requests' shared preview stack, in eu-west-1 to cover a stack outside CloudFront's metrics region too:
 * `-c env=preview -c url=… -c recipientEmail=previews@…`, the lead functions unbundled for speed.
 */
describe("the preview stack (env=preview)", () => {
  const synth = synthesized({
    env: "preview",
    region: "eu-west-1",
    url: "https://d111111abcdef8.cloudfront.net",
    recipientEmail: "previews@example.com",
    sesIdentity: "example.com",
  });
  const { resources } = synth;

  test("is its own stack with one bucket and one distribution, and uploads no build itself", () => {
    expect(synth.stack.stackName).toBe("Storefront-preview");
    synth.template.resourceCountIs("AWS::CloudFront::Distribution", 1);
    synth.template.resourceCountIs("Custom::CDKBucketDeployment", 0);
    const buckets = resources("AWS::S3::Bucket");
    expect(buckets).toHaveLength(1);
    // A preview whose cleanup never ran disappears on its own.
    expect(buckets[0]?.[1].Properties.LifecycleConfiguration).toEqual({
      Rules: [{ Id: "expire-stale-previews", ExpirationInDays: PREVIEW_EXPIRY_DAYS, Status: "Enabled" }],
    });
  });

  test("routes pages and assets by the pull request's cookie, and never caches pages at the edge", () => {
    const [, fn] =
      resources("AWS::CloudFront::Function").find(([, f]) => f.Properties.FunctionCode === previewRequestSource()) ??
      [];
    expect(fn).toBeDefined();
    const [, distribution] = resources("AWS::CloudFront::Distribution")[0] ?? [];
    const config = distribution?.Properties.DistributionConfig as {
      DefaultCacheBehavior: { FunctionAssociations: unknown[] };
      CacheBehaviors: { PathPattern: string; FunctionAssociations?: unknown[] }[];
      CustomErrorResponses?: unknown[];
    };
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    expect(config.CacheBehaviors.find((b) => b.PathPattern === "/assets/*")?.FunctionAssociations).toHaveLength(1);
    synth.template.hasResourceProperties("AWS::CloudFront::CachePolicy", {
      CachePolicyConfig: {
        Comment: "Preview pages: revalidated with the bucket on every request",
        MinTTL: 0,
        DefaultTTL: 0,
      },
    });
  });

  test("every answer says noindex", () => {
    const [, policy] = resources("AWS::CloudFront::ResponseHeadersPolicy")[0] ?? [];
    const config = policy?.Properties.ResponseHeadersPolicyConfig as {
      CustomHeadersConfig: { Items: { Header: string; Value: string }[] };
    };
    expect(config.CustomHeadersConfig.Items).toContainEqual(
      expect.objectContaining({ Header: "x-robots-tag", Value: "noindex, nofollow" }),
    );
  });

  test("its forms store in the preview's own table and mail the preview inbox, never the vendor's", () => {
    synth.template.resourceCountIs("AWS::DynamoDB::Table", 1);
    const functions = resources("AWS::Lambda::Function").filter(([id]) => /^Send.*Function[0-9A-F]{8}$/.test(id));
    expect(functions.length).toBeGreaterThan(0);
    for (const [, fn] of functions) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(JSON.stringify(variables)).toContain("previews@example.com");
      expect(JSON.stringify(variables)).not.toContain("sales@example.com");
    }
  });

  test("carries no editor, so no GitHub sign-in and no client secret", () => {
    expect(synth.stack.githubOAuth).toBeUndefined();
    expect(resources("AWS::SecretsManager::Secret").filter(([id]) => id.startsWith("GitHubOAuth"))).toEqual([]);
    expect(JSON.stringify(synth.template.toJSON())).not.toContain("/api/github-oauth");
  });

  test("outside us-east-1 it warns that the distribution has no alarms, and has no budget unless asked", () => {
    const alarms = resources("AWS::CloudWatch::Alarm").map(([, a]) => JSON.stringify(a.Properties));
    expect(alarms.some((a) => a.includes("ErrorRate"))).toBe(false);
    synth.template.resourceCountIs("AWS::Budgets::Budget", 0);
    const warnings = synth.app.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === "aws:cdk:warning").map((m) => String(m.data)));
    expect(warnings.find((w) => w.includes("No alarms on the distribution"))).toBeDefined();
  });

  test("passes cdk-nag's AWS Solutions checks", () => {
    const report = new AwsSolutionsChecks().validateScope(synth.app);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  });

  test("with a sender domain whose DNS is elsewhere, prints the three DKIM records to add by hand", () => {
    synth.template.hasResourceProperties("AWS::SES::EmailIdentity", { EmailIdentity: "example.com" });
    for (const n of [1, 2, 3]) synth.template.hasOutput(`DkimRecord${n}`, { Value: Match.anyValue() });
    synth.template.resourceCountIs("AWS::Route53::RecordSet", 0);
  });
});
