import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type App, Validations } from "aws-cdk-lib";
import { Match } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks } from "cdk-nag";
import { describe, expect, test } from "vitest";
import {
  NOT_FOUND_PREFIX,
  STATUS_METADATA,
  viewerRequestSource,
  viewerResponseSource,
} from "../../infra/lib/cloudfront-function.ts";
import { leadFunctionNames } from "../../infra/lib/site-stack.ts";
import { readConfig } from "../../lambdas/shared/env.ts";
import { cacheControl } from "../../src/lib/static-files.ts";
import { adminSecurityHeaders, GITHUB_API, securityHeaders } from "../../src/lib/security-headers.ts";
import { ROUTING_TABLE } from "../fixtures/routing-cases.ts";
import { FIXTURE_SCRIPT_HASH, ROOT, synthesized } from "./fixtures.ts";

/** CloudFront's managed policies, by their fixed ids. */
const CACHING_OPTIMIZED = "658327ea-f89d-4fab-a63d-7e88639e58f6";
const CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad";
const LEAD_FUNCTIONS = ["send-contact-email", "send-installation-email", "send-product-inquiry"];
/** The newsletter's function: unsigned posts (plain forms, RFC 8058 one-click), so no origin access control. */
const NEWSLETTER_FUNCTION = "subscribe";
/** /admin's GitHub sign-in: one more signed function URL (tests/infra/github-oauth.test.ts checks the rest). */
const SIGN_IN_FUNCTIONS = 1;

/** Every cdk-nag acknowledgement in the app: rule id → reason, per construct path. */
function acknowledgements(app: App): { path: string; id: string; reason: string }[] {
  return app.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({
          path: construct.node.path,
          id,
          reason,
        })),
      ),
  );
}

function expectNagClean(app: App) {
  // The app registers AwsSolutionsChecks too, so a finding already fails synthesis; this names the findings.
  const report = new AwsSolutionsChecks().validateScope(app);
  expect(
    report.violations.map((v) => `${v.ruleName} ${v.violatingResources.map((r) => r.resourceLogicalId).join(",")}`),
  ).toEqual([]);
  for (const { path: where, id, reason } of acknowledgements(app)) {
    expect(reason.length, `${id} on ${where} needs a specific reason`).toBeGreaterThan(60);
  }
}

describe("SiteStack with the example settings", () => {
  const synth = synthesized({}, true);
  const { resources } = synth;
  const deployment = (id: string) => {
    const found = resources("Custom::CDKBucketDeployment").find(([logicalId]) =>
      logicalId.startsWith(`SiteDeploy${id}`),
    );
    if (!found) throw new Error(`no deployment ${id}`);
    return found;
  };
  const distributionConfig = () => {
    const [entry] = resources("AWS::CloudFront::Distribution");
    return (entry?.[1].Properties.DistributionConfig ?? {}) as {
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
      Origins: Record<string, unknown>[];
    };
  };

  test("the bucket blocks public access, encrypts, enforces TLS and owns every object", () => {
    synth.template.hasResourceProperties("AWS::S3::Bucket", {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }],
      },
      OwnershipControls: { Rules: [{ ObjectOwnership: "BucketOwnerEnforced" }] },
    });
    synth.template.hasResourceProperties("AWS::S3::BucketPolicy", {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
          Match.objectLike({
            Effect: "Allow",
            Principal: { Service: "cloudfront.amazonaws.com" },
            Action: "s3:GetObject",
            Condition: { StringEquals: { "AWS:SourceArn": Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  test("CloudFront reads the bucket and calls the functions through origin access control", () => {
    synth.template.hasResourceProperties("AWS::CloudFront::OriginAccessControl", {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: "s3", SigningBehavior: "always" }),
    });
    synth.template.hasResourceProperties("AWS::CloudFront::OriginAccessControl", {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: "lambda",
        SigningBehavior: "always",
      }),
    });
    const origins = distributionConfig().Origins;
    expect(origins).toHaveLength(1 + LEAD_FUNCTIONS.length + 1 + SIGN_IN_FUNCTIONS);
    const newsletter = distributionConfig().CacheBehaviors.find(
      (b) => b.PathPattern === `/api/${NEWSLETTER_FUNCTION}`,
    )?.TargetOriginId;
    for (const origin of origins)
      expect(origin.OriginAccessControlId === undefined, String(origin.Id)).toBe(origin.Id === newsletter);
  });

  test("routes pages with the functions generated from the build's route table", () => {
    synth.template.hasResourceProperties("AWS::CloudFront::Function", {
      FunctionCode: viewerRequestSource(ROUTING_TABLE),
      FunctionConfig: Match.objectLike({ Runtime: "cloudfront-js-2.0" }),
    });
    synth.template.hasResourceProperties("AWS::CloudFront::Function", {
      FunctionCode: viewerResponseSource(),
      FunctionConfig: Match.objectLike({ Runtime: "cloudfront-js-2.0" }),
    });
    const associations = distributionConfig().DefaultCacheBehavior.FunctionAssociations as { EventType: string }[];
    expect(associations.map((a) => a.EventType)).toEqual(["viewer-request", "viewer-response"]);
  });

  test("serves HTTP/2 and HTTP/3, redirects plain HTTP, and answers S3's 403 and 404 for a missing file with /404.html and status 404", () => {
    synth.template.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({
        HttpVersion: "http2and3",
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: "redirect-to-https",
          AllowedMethods: ["GET", "HEAD"],
        }),
        CustomErrorResponses: [403, 404].map((ErrorCode) => ({
          ErrorCode,
          ResponseCode: 404,
          ResponsePagePath: "/404.html",
          ErrorCachingMinTTL: 60,
        })),
      }),
    });
  });

  test("caches hashed assets for their year and pages at the edge until the next deployment", () => {
    const assets = distributionConfig().CacheBehaviors.find((b) => b.PathPattern === "/assets/*");
    expect(assets).toMatchObject({ CachePolicyId: CACHING_OPTIMIZED, AllowedMethods: ["GET", "HEAD"] });
    expect(assets?.FunctionAssociations).toBeUndefined();
    synth.template.hasResourceProperties("AWS::CloudFront::CachePolicy", {
      CachePolicyConfig: Match.objectLike({
        MinTTL: 86400,
        MaxTTL: 31536000,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          EnableAcceptEncodingBrotli: true,
          EnableAcceptEncodingGzip: true,
          QueryStringsConfig: { QueryStringBehavior: "none" },
          CookiesConfig: { CookieBehavior: "none" },
        }),
      }),
    });
  });

  test("pages see the viewer's country in their functions, and the cache keeps one copy of a page for every country", () => {
    const [policyId, policy] =
      resources("AWS::CloudFront::OriginRequestPolicy").find(([id]) => id.startsWith("SitePageRequest")) ?? [];
    expect(policy?.Properties.OriginRequestPolicyConfig).toMatchObject({
      HeadersConfig: { HeaderBehavior: "whitelist", Headers: ["CloudFront-Viewer-Country"] },
      CookiesConfig: { CookieBehavior: "none" },
      QueryStringsConfig: { QueryStringBehavior: "none" },
    });
    const pages = distributionConfig().DefaultCacheBehavior;
    expect(pages.OriginRequestPolicyId).toEqual({ Ref: policyId });
    const [, cache] =
      resources("AWS::CloudFront::CachePolicy").find(
        ([id]) => JSON.stringify(pages.CachePolicyId) === JSON.stringify({ Ref: id }),
      ) ?? [];
    const config = cache?.Properties.CachePolicyConfig as
      | { ParametersInCacheKeyAndForwardedToOrigin: unknown }
      | undefined;
    expect(config?.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      HeadersConfig: { HeaderBehavior: "none" },
      CookiesConfig: { CookieBehavior: "none" },
    });
  });

  test("uploads with the local server's Cache-Control: assets immutable, pages fresh for minutes, JSON data and not-found views revalidated, the rest an hour", () => {
    const cache = (id: string) =>
      (deployment(id)[1].Properties.SystemMetadata as Record<string, string>)["cache-control"];
    expect(cache("Assets")).toBe(cacheControl("/assets/islands-ABC123.js"));
    expect(cache("Assets")).toBe("public, max-age=31536000, immutable");
    expect(cache("Pages")).toBe(cacheControl("/index.html"));
    expect(cache("Pages")).toBe("public, max-age=300, s-maxage=0, must-revalidate");
    expect(cache("Data")).toBe(cacheControl("/search-index.json"));
    expect(cache("Data")).toBe("public, max-age=0, must-revalidate");
    expect(cache("NotFoundViews")).toBe(cacheControl("/404.html"));
    expect(cache("NotFoundViews")).toBe("public, max-age=0, must-revalidate");
    expect(cache("Files")).toBe(cacheControl("/images/products/esim.svg"));
    expect(deployment("Files")[1].Properties.Exclude).toEqual([
      "assets/*",
      "*.html",
      "*.json",
      "_routes.json",
      "_csp.json",
    ]);
  });

  test("uploads assets before the not-found views, those before the data, that before the pages, and then invalidates", () => {
    const [assets] = deployment("Assets");
    const [files] = deployment("Files");
    const [views, viewsResource] = deployment("NotFoundViews");
    const [data, dataResource] = deployment("Data");
    const [, pages] = deployment("Pages");
    expect(viewsResource.DependsOn).toEqual(expect.arrayContaining([assets, files]));
    expect(dataResource.DependsOn).toEqual(expect.arrayContaining([views]));
    expect(pages.DependsOn).toEqual(expect.arrayContaining([data]));
    expect(pages.Properties).toMatchObject({ Include: ["[!_]*.html"], DistributionPaths: ["/*"] });
    for (const [, resource] of resources("Custom::CDKBucketDeployment")) {
      if (resource !== pages) expect(resource.Properties.DistributionPaths).toBeUndefined();
    }
  });

  test("removes pages and data the build no longer has, and nothing else: the bucket decides what is a page", () => {
    for (const [logicalId, resource] of resources("Custom::CDKBucketDeployment")) {
      expect(resource.Properties.Prune, logicalId).toBe(/^SiteDeploy(Pages|Data)/.test(logicalId));
    }
    // The filters leave the not-found copies (_not-found/…) and the internal _*.json out of what pruning may delete.
    expect(deployment("Pages")[1].Properties).toMatchObject({ Exclude: ["*"], Include: ["[!_]*.html"] });
    expect(deployment("Data")[1].Properties).toMatchObject({ Exclude: ["*"], Include: ["[!_]*.json"] });
  });

  test("uploads the not-found views a second time with the marker the viewer-response function turns into 404", () => {
    expect(deployment("NotFoundViews")[1].Properties).toMatchObject({
      Exclude: ["*"],
      Include: ["404.html", ...Object.values(ROUTING_TABLE.notFound).map((view) => view.slice(1))],
      DestinationBucketKeyPrefix: `${NOT_FOUND_PREFIX.slice(1)}/`,
      UserMetadata: { [STATUS_METADATA]: "404" },
    });
  });

  test("sends exactly the security headers the local server sends, with the build's script hashes in the CSP", () => {
    const entry = resources("AWS::CloudFront::ResponseHeadersPolicy").find(([id]) => id.includes("SecurityHeaders"));
    const config = entry?.[1].Properties.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: {
        ContentSecurityPolicy: { ContentSecurityPolicy: string };
        StrictTransportSecurity: { AccessControlMaxAgeSec: number; IncludeSubdomains: boolean; Preload: boolean };
        FrameOptions: { FrameOption: string };
        ReferrerPolicy: { ReferrerPolicy: string };
        ContentTypeOptions: { Override: boolean };
      };
      CustomHeadersConfig: { Items: { Header: string; Value: string; Override: boolean }[] };
    };
    const security = config.SecurityHeadersConfig;
    const sent: Record<string, string> = {
      "content-security-policy": security.ContentSecurityPolicy.ContentSecurityPolicy,
      "strict-transport-security": `max-age=${security.StrictTransportSecurity.AccessControlMaxAgeSec}${security.StrictTransportSecurity.IncludeSubdomains ? "; includeSubDomains" : ""}${security.StrictTransportSecurity.Preload ? "; preload" : ""}`,
      "x-content-type-options": security.ContentTypeOptions.Override ? "nosniff" : "",
      "x-frame-options": security.FrameOptions.FrameOption,
      "referrer-policy": security.ReferrerPolicy.ReferrerPolicy,
      ...Object.fromEntries(config.CustomHeadersConfig.Items.map((item) => [item.Header, item.Value])),
    };
    expect(sent).toEqual(securityHeaders({ scriptHashes: [FIXTURE_SCRIPT_HASH] }));
    expect(sent["content-security-policy"]).toContain(`script-src 'self' ${FIXTURE_SCRIPT_HASH}`);
    expect(sent["content-security-policy"]).not.toContain("unsafe-inline");
    const siteBehaviors = distributionConfig().CacheBehaviors.filter(
      (b) =>
        !String(b.PathPattern).startsWith("/admin") &&
        b.PathPattern !== "/api/github-oauth/*" &&
        b.PathPattern !== "/assets/*",
    );
    for (const behavior of [distributionConfig().DefaultCacheBehavior, ...siteBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: entry?.[0] });
    }
  });

  test("sends stylesheets and scripts (/assets) only the headers that act on them: no CSP, no framing or opener rules", () => {
    const entry = resources("AWS::CloudFront::ResponseHeadersPolicy").find(([id]) => id.includes("AssetHeaders"));
    const config = entry?.[1].Properties.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, unknown>;
      CustomHeadersConfig?: { Items: unknown[] };
    };
    expect(Object.keys(config.SecurityHeadersConfig).sort()).toEqual(["ContentTypeOptions", "StrictTransportSecurity"]);
    expect(config.CustomHeadersConfig).toBeUndefined();
    const assets = distributionConfig().CacheBehaviors.find((b) => b.PathPattern === "/assets/*");
    expect(assets?.ResponseHeadersPolicyId).toEqual({ Ref: entry?.[0] });
  });

  test("serves /admin and its files with the editor's own headers, the site's pages never", () => {
    const admin = resources("AWS::CloudFront::ResponseHeadersPolicy").find(([id]) => id.includes("AdminHeaders"));
    const config = admin?.[1].Properties.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: string } };
      CustomHeadersConfig: { Items: { Header: string; Value: string }[] };
    };
    const expected = adminSecurityHeaders({ connect: [GITHUB_API] });
    expect(config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(
      expected["content-security-policy"],
    );
    expect(config.CustomHeadersConfig.Items).toContainEqual(
      expect.objectContaining({ Header: "cross-origin-opener-policy", Value: "same-origin-allow-popups" }),
    );
    const behaviors = distributionConfig().CacheBehaviors.filter((b) => String(b.PathPattern).startsWith("/admin"));
    expect(behaviors.map((b) => b.PathPattern).sort()).toEqual(["/admin", "/admin/*"]);
    for (const behavior of behaviors) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: admin?.[0] });
      expect(behavior.FunctionAssociations).toHaveLength(1);
    }
  });

  test("sends POST /api/<name> to its function over HTTPS, uncached, with the viewer's address but not its host", () => {
    expect(leadFunctionNames(ROOT)).toEqual([...LEAD_FUNCTIONS, NEWSLETTER_FUNCTION]);
    const policies = resources("AWS::CloudFront::OriginRequestPolicy").filter(([id]) =>
      id.startsWith("SiteApiRequest"),
    );
    expect(policies).toHaveLength(1);
    const [policyId, policy] = policies[0] ?? [];
    const config = policy?.Properties.OriginRequestPolicyConfig as
      | { HeadersConfig: unknown; QueryStringsConfig: { QueryStringBehavior: string } }
      | undefined;
    // The per-client rate limit counts CloudFront-Viewer-Address; a Host header would break the signed origin.
    expect(config?.HeadersConfig).toEqual({
      HeaderBehavior: "whitelist",
      Headers: ["Content-Type", "CloudFront-Viewer-Address"],
    });
    expect(config?.QueryStringsConfig.QueryStringBehavior).toBe("all");
    for (const name of [...LEAD_FUNCTIONS, NEWSLETTER_FUNCTION, "confirm-subscription", "unsubscribe"]) {
      const behavior = distributionConfig().CacheBehaviors.find((b) => b.PathPattern === `/api/${name}`);
      expect(behavior).toMatchObject({
        AllowedMethods: expect.arrayContaining(["POST"]),
        CachePolicyId: CACHING_DISABLED,
        OriginRequestPolicyId: { Ref: policyId },
        ViewerProtocolPolicy: "https-only",
      });
    }
  });

  test("runs each lead function on Node 24, arm64, with reserved concurrency, the contract's timeout and its environment", () => {
    const functions = resources("AWS::Lambda::Function").filter(([id]) => /^Send.*Function[0-9A-F]{8}$/.test(id));
    expect(functions).toHaveLength(LEAD_FUNCTIONS.length);
    for (const [, fn] of functions) {
      expect(fn.Properties).toMatchObject({
        Runtime: "nodejs24.x",
        Architectures: ["arm64"],
        Handler: "index.handler",
        Timeout: 10,
        ReservedConcurrentExecutions: 5,
        Environment: {
          Variables: {
            LEADS_TABLE_NAME: { Ref: expect.stringMatching(/^LeadStoreLeads/) },
            LEAD_QUEUE_URL: { Ref: expect.stringMatching(/^LeadStoreRetries/) },
            SES_CONFIGURATION_SET: { Ref: expect.stringMatching(/^MailEvents/) },
            ACK_DAILY_LIMIT: "3",
            LEAD_RETENTION_DAYS: "365",
            SENDER_EMAIL: "no-reply@example.com",
            RECIPIENT_EMAIL: "sales@example.com",
            SITE_NAME: expect.any(String),
            SITE_URL: expect.stringMatching(/^https:\/\//),
            LEAD_CATALOGUE: expect.stringContaining('"products":[{'),
            ACKNOWLEDGE_VISITOR: expect.stringMatching(/^(true|false)$/),
            NODE_OPTIONS: "--enable-source-maps",
          },
        },
      });
      const variables = (fn.Properties.Environment as { Variables: Record<string, string> }).Variables;
      expect(variables.AWS_REGION).toBeUndefined();
      expect(variables.SES_ENDPOINT).toBeUndefined();
      // What the handler reads at start, with the AWS_REGION that Lambda adds and the table and queue references resolved.
      const resolved = {
        LEADS_TABLE_NAME: "Storefront-Leads",
        LEAD_QUEUE_URL: "https://sqs.us-east-1.amazonaws.com/123456789012/Storefront-LeadRetry",
        SES_CONFIGURATION_SET: "Storefront-Leads",
      };
      expect(readConfig({ ...variables, ...resolved, AWS_REGION: "us-east-1" })).toMatchObject({
        senderEmail: "no-reply@example.com",
        sesEndpoint: undefined,
      });
    }
    // The lead functions, the newsletter's, deliver-lead's sender, its sweep, its send-event recorder, the spam digest
    // and the sign-in.
    synth.template.resourcePropertiesCountIs(
      "AWS::Logs::LogGroup",
      { RetentionInDays: 30 },
      LEAD_FUNCTIONS.length + 5 + SIGN_IN_FUNCTIONS,
    );
  });

  test("each lead function URL needs IAM auth and only this distribution may invoke it; the newsletter's takes unsigned posts", () => {
    const signed = LEAD_FUNCTIONS.length + SIGN_IN_FUNCTIONS;
    const all = resources("AWS::Lambda::Permission").map(([, r]) => r.Properties);
    const open = all.filter((permission) => permission.Principal === "*");
    const subscribe = { "Fn::GetAtt": [expect.stringMatching(/^SubscribeFunction/), "Arn"] };
    // Anyone may call that one URL (and through it the function: InvokedViaFunctionUrl), nothing else.
    expect(open).toEqual([
      expect.objectContaining({
        Action: "lambda:InvokeFunctionUrl",
        FunctionUrlAuthType: "NONE",
        FunctionName: subscribe,
      }),
      expect.objectContaining({
        Action: "lambda:InvokeFunction",
        InvokedViaFunctionUrl: true,
        FunctionName: subscribe,
      }),
    ]);
    const permissions = all.filter(
      (permission) => permission.Principal !== "events.amazonaws.com" && permission.Principal !== "*",
    );
    expect(permissions).toHaveLength(2 * signed);
    for (const permission of permissions) {
      expect(permission).toMatchObject({
        Principal: "cloudfront.amazonaws.com",
        Action: expect.stringMatching(/^lambda:InvokeFunction(Url)?$/),
        SourceArn: {
          "Fn::Join": [
            "",
            expect.arrayContaining([":distribution/", { Ref: expect.stringMatching(/^SiteDistribution/) }]),
          ],
        },
      });
    }
  });

  test("a lead function may write its own logs, store and queue a lead, and mail as the identity through the set, nothing else", () => {
    const identity = (name: string) => `arn:aws:ses:us-east-1:123456789012:identity/${name}`;
    const policies = resources("AWS::IAM::Policy").filter(([id]) => /^Send.*FunctionRole/.test(id));
    expect(policies).toHaveLength(LEAD_FUNCTIONS.length);
    for (const [, policy] of policies) {
      expect((policy.Properties.PolicyDocument as { Statement: unknown[] }).Statement).toEqual([
        {
          Effect: "Allow",
          Action: ["logs:CreateLogStream", "logs:PutLogEvents"],
          Resource: { "Fn::GetAtt": [expect.stringMatching(/Logs/), "Arn"] },
        },
        {
          Effect: "Allow",
          Action: ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem"],
          Resource: { "Fn::GetAtt": [expect.stringMatching(/^LeadStoreLeads/), "Arn"] },
        },
        {
          Effect: "Allow",
          Action: "sqs:SendMessage",
          Resource: { "Fn::GetAtt": [expect.stringMatching(/^LeadStoreRetries/), "Arn"] },
        },
        {
          Effect: "Allow",
          Action: "ses:SendEmail",
          Resource: [
            identity("no-reply@example.com"),
            identity("sales@example.com"),
            {
              "Fn::Join": [
                "",
                [
                  "arn:aws:ses:us-east-1:123456789012:configuration-set/",
                  { Ref: expect.stringMatching(/^MailEvents/) },
                ],
              ],
            },
          ],
        },
      ]);
    }
    const roles = resources("AWS::IAM::Role").filter(([id]) => /^Send.*FunctionRole/.test(id));
    for (const [, role] of roles) expect(role.Properties.ManagedPolicyArns).toBeUndefined();
  });

  test("creates the sender's SES identity", () => {
    synth.template.hasResourceProperties("AWS::SES::EmailIdentity", { EmailIdentity: "no-reply@example.com" });
  });

  test("bundles each handler as one minified ES module with a source map and the tested AWS SDK inside", () => {
    const bundles = readdirSync(synth.outdir)
      .map((name) => path.join(synth.outdir, name))
      .filter((dir) => statSync(dir).isDirectory() && readdirSync(dir).includes("index.mjs"));
    // deliver-lead's two exports share one bundle; the newsletter and the sign-in have their own.
    expect(bundles).toHaveLength(LEAD_FUNCTIONS.length + 2 + SIGN_IN_FUNCTIONS);
    for (const dir of bundles) {
      const code = readFileSync(path.join(dir, "index.mjs"), "utf8");
      expect(readdirSync(dir)).toContain("index.mjs.map");
      // Booleans, not toMatch: a failure should not print a megabyte of minified code.
      expect(/export\s*\{[^}]*\bhandler\b/.test(code), `${dir} exports handler`).toBe(true);
      // Minified: the only line breaks left are inside the SDK's template literals.
      expect(code.split("\n").length, `${dir} is minified`).toBeLessThan(200);
      expect(/from\s*"\.\.?\//.test(code), `${dir} imports a file of ours`).toBe(false);
      // Nothing is left for the runtime's own SDK to supply.
      // (Statements only: the SDK's own error messages quote `require("@aws-sdk/…")` in brackets.)
      const external =
        /(?:^|[;}\n])import\s*(?:[\w${},\s*]+from\s*)?"@(aws-sdk|smithy)\/|(?<![\w$.[])(require|import)\("@(aws-sdk|smithy)\//;
      expect(external.test(code), `${dir} imports the AWS SDK from outside`).toBe(false);
    }
  });

  test("passes cdk-nag's AWS Solutions checks; every acknowledged finding carries a specific reason", () => {
    expectNagClean(synth.app);
  });

  test("offers the site's address and the names an operator needs", () => {
    for (const output of ["SiteUrl", "DistributionDomainName", "DistributionId", "BucketName"])
      synth.template.hasOutput(output, {});
  });

  test("without alarmEmail the alarm topic has no subscriber; without leadWebhook no webhook secret or variable", () => {
    synth.template.resourceCountIs("AWS::SNS::Topic", 1);
    synth.template.resourceCountIs("AWS::SNS::Subscription", 0);
    expect(resources("AWS::SecretsManager::Secret").map(([id]) => id)).not.toContainEqual(
      expect.stringMatching(/^LeadWebhook/),
    );
    for (const [, fn] of resources("AWS::Lambda::Function"))
      expect(JSON.stringify(fn.Properties.Environment ?? {})).not.toContain("LEAD_WEBHOOK");
  });

  test("/admin's sign-in deploys before the OAuth app is registered: no client id (the function says sign-in is not set up)", () => {
    const [, fn] = resources("AWS::Lambda::Function").find(([id]) => id.startsWith("GitHubOAuthFunction")) ?? [];
    expect(fn?.Properties.Environment).toMatchObject({ Variables: { GITHUB_OAUTH_SCOPE: "repo" } });
    expect(JSON.stringify(fn?.Properties.Environment)).not.toContain("GITHUB_CLIENT_ID");
  });
});

describe("SiteStack with a custom domain, WAF, access logs and other settings", () => {
  const synth = synthesized({
    domainName: "www.example.com",
    hostedZoneId: "Z0123456789ABCDEFGHIJ",
    hostedZoneName: "example.com",
    waf: "true",
    accessLogs: "true",
    reservedConcurrency: "none",
    ackDailyLimit: "0",
    githubScope: "public_repo",
  });

  test("serves the domain with a DNS-validated certificate, TLS 1.2 or later, and alias records", () => {
    synth.template.hasResourceProperties("AWS::CertificateManager::Certificate", {
      DomainName: "www.example.com",
      ValidationMethod: "DNS",
      DomainValidationOptions: [{ DomainName: "www.example.com", HostedZoneId: "Z0123456789ABCDEFGHIJ" }],
    });
    synth.template.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({
        Aliases: ["www.example.com"],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: "TLSv1.2_2021", SslSupportMethod: "sni-only" }),
      }),
    });
    for (const Type of ["A", "AAAA"]) {
      synth.template.hasResourceProperties("AWS::Route53::RecordSet", {
        Name: "www.example.com.",
        Type,
        HostedZoneId: "Z0123456789ABCDEFGHIJ",
      });
    }
  });

  test("verifies the sender's domain with DKIM records in the hosted zone", () => {
    synth.template.hasResourceProperties("AWS::SES::EmailIdentity", { EmailIdentity: "example.com" });
    synth.template.resourcePropertiesCountIs("AWS::Route53::RecordSet", { Type: "CNAME" }, 3);
    synth.template.hasResourceProperties("AWS::IAM::Policy", {
      PolicyDocument: {
        Statement: Match.arrayWith([
          {
            Effect: "Allow",
            Action: "ses:SendEmail",
            Resource: Match.arrayWith(["arn:aws:ses:us-east-1:123456789012:identity/example.com"]),
          },
        ]),
      },
    });
  });

  test("blocks an address that POSTs more than the limit to /api/* in five minutes, however the path is encoded", () => {
    synth.template.hasResourceProperties("AWS::WAFv2::WebACL", {
      Scope: "CLOUDFRONT",
      DefaultAction: { Allow: {} },
      Rules: [
        Match.objectLike({
          Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
          Statement: {
            RateBasedStatement: Match.objectLike({
              Limit: 100,
              AggregateKeyType: "IP",
              ScopeDownStatement: {
                AndStatement: {
                  Statements: [
                    {
                      ByteMatchStatement: Match.objectLike({
                        FieldToMatch: { Method: {} },
                        SearchString: "POST",
                        PositionalConstraint: "EXACTLY",
                      }),
                    },
                    {
                      ByteMatchStatement: Match.objectLike({
                        FieldToMatch: { UriPath: {} },
                        SearchString: "/api/",
                        PositionalConstraint: "STARTS_WITH",
                        TextTransformations: [
                          { Priority: 0, Type: "URL_DECODE" },
                          { Priority: 1, Type: "LOWERCASE" },
                        ],
                      }),
                    },
                  ],
                },
              },
            }),
          },
        }),
      ],
    });
    synth.template.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({ WebACLId: { "Fn::GetAtt": [Match.stringLikeRegexp("WebAcl"), "Arn"] } }),
    });
  });

  test("logs CloudFront and S3 access to a bucket that expires them", () => {
    synth.template.hasResourceProperties("AWS::S3::Bucket", {
      LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 90, Status: "Enabled" })] },
      OwnershipControls: { Rules: [{ ObjectOwnership: "BucketOwnerPreferred" }] },
    });
    synth.template.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({ Logging: Match.objectLike({ Prefix: "cloudfront/" }) }),
    });
    synth.template.hasResourceProperties("AWS::S3::Bucket", {
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: "s3/" }),
    });
  });

  test("leaves concurrency unreserved, turns acknowledgements off and asks GitHub for public_repo when told", () => {
    const functions = synth
      .resources("AWS::Lambda::Function")
      .filter(([, fn]) => fn.Properties.Runtime === "nodejs24.x");
    for (const [, fn] of functions) expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
    const variables = (prefix: RegExp) =>
      functions
        .filter(([id]) => prefix.test(id))
        .map(([, fn]) => (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables);
    expect(variables(/^Send.*Function[0-9A-F]{8}$/).map((v) => v.ACK_DAILY_LIMIT)).toEqual(["0", "0", "0"]);
    expect(variables(/^GitHubOAuthFunction/).map((v) => v.GITHUB_OAUTH_SCOPE)).toEqual(["public_repo"]);
  });

  test("passes cdk-nag's AWS Solutions checks with fewer acknowledgements", () => {
    expectNagClean(synth.app);
    const ids = acknowledgements(synth.app).map((a) => a.id.replace(/^Annotation::/, ""));
    for (const id of ["AwsSolutions-CFR2", "AwsSolutions-CFR3", "AwsSolutions-CFR4"]) expect(ids).not.toContain(id);
  });
});
