import { AwsSolutionsChecks } from "cdk-nag";
import { describe, expect, test } from "vitest";
import { type Resource, synthesized } from "./fixtures.ts";

/** CloudFront's managed CachingDisabled policy. */
const CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad";
const CLIENT_ID = "Ov23liAbCdEf12345678";

describe("/admin's GitHub sign-in in the production stack", () => {
  const synth = synthesized({ githubClientId: CLIENT_ID });
  const { resources } = synth;
  const one = (type: string, prefix: string): [string, Resource] => {
    const found = resources(type).filter(([id]) => id.startsWith(prefix));
    expect(found.map(([id]) => id)).toHaveLength(1);
    return found[0] as [string, Resource];
  };
  const distribution = () =>
    one("AWS::CloudFront::Distribution", "SiteDistribution")[1].Properties.DistributionConfig as {
      CacheBehaviors: Array<Record<string, unknown>>;
      Origins: Array<{ Id: string; DomainName: unknown; OriginAccessControlId?: unknown }>;
    };
  const behavior = () => distribution().CacheBehaviors.find((b) => b.PathPattern === "/api/github-oauth/*");

  test("the function runs on Node 24, arm64, with the client id, the scope and the secret's ARN, never its value", () => {
    const [, fn] = one("AWS::Lambda::Function", "GitHubOAuthFunction");
    const [secretId] = one("AWS::SecretsManager::Secret", "GitHubOAuthClientSecret");
    expect(fn.Properties).toMatchObject({
      Runtime: "nodejs24.x",
      Architectures: ["arm64"],
      Handler: "index.handler",
      Timeout: 10,
      ReservedConcurrentExecutions: 2,
      Environment: {
        Variables: {
          GITHUB_CLIENT_ID: CLIENT_ID,
          GITHUB_OAUTH_SCOPE: "repo",
          GITHUB_CLIENT_SECRET_ARN: { Ref: secretId },
          NODE_OPTIONS: "--enable-source-maps",
        },
      },
    });
    expect(JSON.stringify(fn.Properties.Environment)).not.toContain("resolve:secretsmanager");
  });

  test("the secret is created with a placeholder for the operator to replace, and kept with the production stack", () => {
    const [, secret] = one("AWS::SecretsManager::Secret", "GitHubOAuthClientSecret");
    expect(secret.Properties.GenerateSecretString).toEqual({ PasswordLength: 40, ExcludePunctuation: true });
    expect(secret.DeletionPolicy).toBe("Retain");
  });

  test("only the sign-in function may read the secret, and it may read nothing else", () => {
    const [secretId] = one("AWS::SecretsManager::Secret", "GitHubOAuthClientSecret");
    const readers = resources("AWS::IAM::Policy").filter(([, policy]) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes(`"${secretId}"`),
    );
    expect(readers.map(([id]) => id.replace(/[0-9A-F]{8}$/, ""))).toEqual(["GitHubOAuthFunctionRoleDefaultPolicy"]);
    const [, policy] = one("AWS::IAM::Policy", "GitHubOAuthFunctionRoleDefaultPolicy");
    const statements = (policy.Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> }).Statement;
    expect(statements.filter((s) => JSON.stringify(s.Action).includes("secretsmanager"))).toEqual([
      { Action: "secretsmanager:GetSecretValue", Effect: "Allow", Resource: { Ref: secretId } },
    ]);
    expect(new Set(statements.flatMap((s) => s.Action))).toEqual(
      new Set(["logs:CreateLogStream", "logs:PutLogEvents", "secretsmanager:GetSecretValue"]),
    );
    const [, role] = one("AWS::IAM::Role", "GitHubOAuthFunctionRole");
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
  });

  test("CloudFront sends /api/github-oauth/* to the function's URL, signed, GET only, HTTPS only and uncached", () => {
    const [urlId, url] = one("AWS::Lambda::Url", "GitHubOAuthFunctionFunctionUrl");
    expect(url.Properties.AuthType).toBe("AWS_IAM");
    expect(behavior()).toMatchObject({
      AllowedMethods: ["GET", "HEAD"],
      CachePolicyId: CACHING_DISABLED,
      ViewerProtocolPolicy: "https-only",
    });
    const origin = distribution().Origins.find((o) => o.Id === behavior()?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toContain(urlId);
    expect(origin?.OriginAccessControlId).toBeDefined();
    const permissions = resources("AWS::Lambda::Permission")
      .map(([, p]) => p.Properties)
      .filter((p) => JSON.stringify(p.FunctionName).includes("GitHubOAuthFunction"));
    expect(permissions.map((p) => [p.Principal, p.Action]).sort()).toEqual([
      ["cloudfront.amazonaws.com", "lambda:InvokeFunction"],
      ["cloudfront.amazonaws.com", "lambda:InvokeFunctionUrl"],
    ]);
  });

  test("forwards GitHub's query and the state cookie, and no header (the signed origin must see its own host)", () => {
    const [policyId, policy] = one("AWS::CloudFront::OriginRequestPolicy", "SiteSignInRequest");
    expect(behavior()?.OriginRequestPolicyId).toEqual({ Ref: policyId });
    expect(policy.Properties.OriginRequestPolicyConfig).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: "all" },
      CookiesConfig: { CookieBehavior: "whitelist", Cookies: ["__Secure-decap-oauth-state"] },
      HeadersConfig: { HeaderBehavior: "none" },
    });
  });

  test("its answers carry no Cross-Origin-Opener-Policy, no referrer, and the function's own CSP", () => {
    const [policyId, policy] = one("AWS::CloudFront::ResponseHeadersPolicy", "SiteSignInHeaders");
    expect(behavior()?.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    const config = policy.Properties.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      CustomHeadersConfig: { Items: Array<{ Header: string; Value: string }> };
    };
    expect(config.CustomHeadersConfig.Items.map((item) => item.Header.toLowerCase())).not.toContain(
      "cross-origin-opener-policy",
    );
    expect(JSON.stringify(config).toLowerCase()).not.toContain("same-origin");
    const security = config.SecurityHeadersConfig;
    expect(security.ReferrerPolicy).toEqual({ ReferrerPolicy: "no-referrer", Override: true });
    expect(security.FrameOptions).toEqual({ FrameOption: "DENY", Override: true });
    expect(security.StrictTransportSecurity).toMatchObject({ Override: true });
    // The function's pages bring their own policy (the hand-off script's hash); this one is for answers without one.
    expect(security.ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy:
        "default-src 'none'; script-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      Override: false,
    });
  });

  test("alarms on the function's errors and throttles", () => {
    const [fnId] = one("AWS::Lambda::Function", "GitHubOAuthFunction");
    const alarms = resources("AWS::CloudWatch::Alarm").filter(([, a]) => JSON.stringify(a.Properties).includes(fnId));
    expect(alarms.map(([, a]) => a.Properties.MetricName).sort()).toEqual(["Errors", "Throttles"]);
  });

  test("names the OAuth app's callback URL on the site's origin and the secret to set", () => {
    synth.template.hasOutput("GitHubOAuthCallbackUrl", { Value: "https://www.example.com/api/github-oauth/callback" });
    const [secretId] = one("AWS::SecretsManager::Secret", "GitHubOAuthClientSecret");
    synth.template.hasOutput("GitHubOAuthSecretArn", { Value: { Ref: secretId } });
  });

  test("passes cdk-nag's AWS Solutions checks", () => {
    const report = new AwsSolutionsChecks().validateScope(synth.app);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
    expect(synth.stack.githubOAuth).toBeDefined();
  });
});

describe("/admin's GitHub sign-in before the OAuth app is registered", () => {
  const synth = synthesized({ githubScope: "public_repo" });
  test("deploys without a client id (the function says sign-in is not set up), asking for public_repo when told", () => {
    const [, fn] = synth.resources("AWS::Lambda::Function").find(([id]) => id.startsWith("GitHubOAuthFunction")) ?? [];
    const variables =
      (fn?.Properties.Environment as { Variables: Record<string, unknown> } | undefined)?.Variables ?? {};
    expect(variables.GITHUB_CLIENT_ID).toBeUndefined();
    expect(variables.GITHUB_OAUTH_SCOPE).toBe("public_repo");
  });
});
