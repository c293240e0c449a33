import { readFile } from "node:fs/promises";
import path from "node:path";
import { Match } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks } from "cdk-nag";
import { describe, expect, test } from "vitest";
import { type Resource, ROOT, synthApp, synthesized, writeFixtureDist } from "./fixtures.ts";

const LEAD_FUNCTIONS = ["SendContactEmail", "SendInstallationEmail", "SendProductInquiry", "Subscribe"];
/** CloudFront's managed CachingDisabled policy. */
const CACHING_DISABLED = "4135ea2d-6df8-44a3-9df3-4b5a84be39ad";
const CLIENT_ID = "Ov23liAbCdEf12345678";
const LOGS = ["logs:CreateLogStream", "logs:PutLogEvents"];
const LEAD_WRITES = ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "sqs:SendMessage", "ses:SendEmail"];
const CONSUME_QUEUE = [
  "sqs:ReceiveMessage",
  "sqs:ChangeMessageVisibility",
  "sqs:GetQueueUrl",
  "sqs:DeleteMessage",
  "sqs:GetQueueAttributes",
];
const withoutHash = (id: string) => id.replace(/[0-9A-F]{8}$/, "");
const variables = (fn: Resource | undefined) =>
  (fn?.Properties.Environment as { Variables: Record<string, unknown> } | undefined)?.Variables ?? {};

describe("the production stack with alarmEmail, the lead webhook and /admin's sign-in", () => {
  const synth = synthesized({ alarmEmail: "ops@example.com", leadWebhook: "true", githubClientId: CLIENT_ID });
  const { resources } = synth;
  const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
    synth.stack.getLogicalId(construct.node.defaultChild as never);
  const one = (type: string, prefix: string): [string, Resource] => {
    const found = resources(type).filter(([id]) => id.startsWith(prefix));
    expect(found.map(([id]) => id)).toHaveLength(1);
    return found[0] as [string, Resource];
  };
  const statementsOf = (rolePrefix: string) =>
    (one("AWS::IAM::Policy", rolePrefix)[1].Properties.PolicyDocument as { Statement: Record<string, unknown>[] })
      .Statement;
  const distribution = () =>
    one("AWS::CloudFront::Distribution", "SiteDistribution")[1].Properties.DistributionConfig as {
      CacheBehaviors: Array<Record<string, unknown> & { PathPattern: string; TargetOriginId: string }>;
      Origins: Array<{
        Id: string;
        DomainName: unknown;
        OriginAccessControlId?: unknown;
        OriginCustomHeaders?: unknown;
      }>;
    };
  const behavior = (pattern: string) => distribution().CacheBehaviors.find((b) => b.PathPattern === pattern);
  const byDayIndex = {
    "Fn::Join": ["", [{ "Fn::GetAtt": [expect.stringMatching(/^LeadStoreLeads/), "Arn"] }, "/index/byDay"]],
  };

  test("the table is on demand, encrypted with the AWS managed key, recoverable to any second, expiring by expiresAt, and kept with the stack", () => {
    synth.template.hasResourceProperties("AWS::DynamoDB::Table", {
      KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
      BillingMode: "PAY_PER_REQUEST",
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      // SSE on with no key of ours: DynamoDB uses the AWS managed key aws/dynamodb.
      SSESpecification: { SSEEnabled: true, KMSMasterKeyId: Match.absent() },
      TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true },
      DeletionProtectionEnabled: true,
    });
    expect(resources("AWS::DynamoDB::Table")[0]?.[1]).toMatchObject({
      DeletionPolicy: "Retain",
      UpdateReplacePolicy: "Retain",
    });
  });

  test("leads are listed newest first through the byDay index: one partition per day, only the listing fields copied", () => {
    const table = resources("AWS::DynamoDB::Table")[0]?.[1] as unknown as {
      Properties: { GlobalSecondaryIndexes: Array<{ IndexName: string; KeySchema: unknown; Projection: unknown }> };
    };
    const indexes = table.Properties.GlobalSecondaryIndexes;
    expect(indexes.find((index) => index.IndexName === "byDay")).toEqual({
      IndexName: "byDay",
      KeySchema: [
        { AttributeName: "day", KeyType: "HASH" },
        { AttributeName: "receivedAt", KeyType: "RANGE" },
      ],
      Projection: {
        ProjectionType: "INCLUDE",
        NonKeyAttributes: ["submissionId", "status", "form", "updatedAt", "leaseUntil", "spamReason", "count", "cap"],
      },
    });
    // No index copies a lead whole: the only index that copies whole items is the subscribers' (`kind`), which new
    // leads no longer carry.
    for (const index of indexes.filter((index) => index.IndexName !== "byReceivedAt"))
      expect(index.Projection).not.toEqual({ ProjectionType: "ALL" });
    expect(indexes.find((index) => index.IndexName === "byReceivedAt")?.KeySchema).toEqual([
      { AttributeName: "kind", KeyType: "HASH" },
      { AttributeName: "receivedAt", KeyType: "RANGE" },
    ]);
  });

  test("a lead that five deliveries could not mail waits 14 days in the encrypted dead-letter queue; both queues refuse requests without TLS", () => {
    const queues = resources("AWS::SQS::Queue");
    expect(queues).toHaveLength(2);
    const [, retries] = queues.find(([id]) => id.startsWith("LeadStoreRetries")) ?? [];
    const [deadId, dead] = queues.find(([id]) => id.startsWith("LeadStoreDeadLetters")) ?? [];
    expect(retries?.Properties).toMatchObject({
      VisibilityTimeout: 180,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { "Fn::GetAtt": [deadId, "Arn"] }, maxReceiveCount: 5 },
    });
    expect(dead?.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
    const policies = resources("AWS::SQS::QueuePolicy");
    expect(policies).toHaveLength(2);
    for (const [, policy] of policies) {
      expect((policy.Properties.PolicyDocument as { Statement: unknown[] }).Statement).toContainEqual(
        expect.objectContaining({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
      );
    }
  });

  test("deliver-lead mails from the queue five at a time, retrying only the failed messages", () => {
    const sender = logicalId(synth.stack.delivery.sender);
    synth.template.hasResourceProperties("AWS::Lambda::Function", {
      Handler: "index.handler",
      Timeout: 30,
      Runtime: "nodejs24.x",
      Environment: {
        Variables: Match.objectLike({ LEADS_TABLE_NAME: Match.anyValue(), LEAD_QUEUE_URL: Match.anyValue() }),
      },
    });
    synth.template.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      FunctionName: { Ref: sender },
      EventSourceArn: { "Fn::GetAtt": [Match.stringLikeRegexp("^LeadStoreRetries"), "Arn"] },
      BatchSize: 5,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
    });
  });

  test("the sweep runs every five minutes, the spam digest every morning, from the same file's exports", () => {
    const sweeper = logicalId(synth.stack.delivery.sweeper);
    const digester = logicalId(synth.stack.delivery.digester);
    const handler = (id: string) => resources("AWS::Lambda::Function").find(([fnId]) => fnId === id)?.[1].Properties;
    expect(handler(sweeper)).toMatchObject({ Handler: "index.sweep", Timeout: 30 });
    expect(handler(digester)).toMatchObject({ Handler: "index.spamDigest" });
    for (const [schedule, target] of [
      ["rate(5 minutes)", sweeper],
      ["cron(30 3 * * ? *)", digester],
    ])
      synth.template.hasResourceProperties("AWS::Events::Rule", {
        ScheduleExpression: schedule,
        State: "ENABLED",
        Targets: [Match.objectLike({ Arn: { "Fn::GetAtt": [target, "Arn"] } })],
      });
  });

  // Each role may write its own logs and do exactly these; no statement names every resource.
  test.each<[string, string[]]>([
    // A lead mailed while the table was down arrives as "store me"; only the sender posts to the webhook.
    ["LeadDeliverySenderRole", [...LEAD_WRITES, ...CONSUME_QUEUE, "secretsmanager:GetSecretValue"]],
    ["LeadDeliverySweeperRole", ["dynamodb:GetItem", "dynamodb:UpdateItem", "dynamodb:Query", "sqs:SendMessage"]],
    [
      "LeadDeliverySpamDigestRole",
      ["dynamodb:Query", "dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:UpdateItem", "ses:SendEmail"],
    ],
    ["LeadDeliveryRecorderRole", ["dynamodb:UpdateItem"]],
    ["SubscribeFunctionRole", [...LEAD_WRITES, "secretsmanager:GetSecretValue"]],
    ["GitHubOAuthFunctionRole", ["secretsmanager:GetSecretValue"]],
  ])("%s may do only what it needs", (role, actions) => {
    const statements = statementsOf(role);
    expect(new Set(statements.flatMap((s) => s.Action))).toEqual(new Set([...LOGS, ...actions]));
    for (const statement of statements) expect(JSON.stringify(statement)).not.toContain('"*"');
    const query = statements.find((s) => s.Action === "dynamodb:Query");
    if (query) expect(query.Resource).toEqual(byDayIndex);
    expect(one("AWS::IAM::Role", role)[1].Properties.ManagedPolicyArns).toBeUndefined();
  });

  // Generated secrets; only one function may read each, and the others' environments never name it.
  test.each<[string, string, number, string, RegExp, string]>([
    ["NewsletterSecret", "NEWSLETTER_SECRET_ARN", 64, "Retain", /^SubscribeFunction/, "SubscribeFunction"],
    // Letters and digits only: it travels as an HTTP header value; nothing outside the stack uses it.
    ["OriginVerifySecret", "ORIGIN_VERIFY_SECRET_ARN", 64, "Delete", /^SubscribeFunction/, "SubscribeFunction"],
    [
      "GitHubOAuthClientSecret",
      "GITHUB_CLIENT_SECRET_ARN",
      40,
      "Retain",
      /^GitHubOAuthFunction/,
      "GitHubOAuthFunction",
    ],
    // Every form handler queues webhook posts (they share deliver-lead's environment); only the sender posts.
    [
      "LeadWebhookSecret",
      "LEAD_WEBHOOK_SECRET_ARN",
      32,
      "Retain",
      /^(Send|Subscribe|LeadDelivery)/,
      "LeadDeliverySender",
    ],
    [
      "LeadWebhookSigningSecret",
      "LEAD_WEBHOOK_SIGNING_SECRET_ARN",
      64,
      "Retain",
      /^(Send|Subscribe|LeadDelivery)/,
      "LeadDeliverySender",
    ],
  ])(
    "%s: generated, read by one function, named in environments by its ARN only",
    (prefix, variable, length, deletion, holders, reader) => {
      const [secretId, secret] = one("AWS::SecretsManager::Secret", `${prefix}`);
      expect(secret.Properties.GenerateSecretString).toEqual({ PasswordLength: length, ExcludePunctuation: true });
      expect(secret.DeletionPolicy).toBe(deletion);
      const readers = resources("AWS::IAM::Policy").filter(([, policy]) =>
        JSON.stringify(policy.Properties.PolicyDocument).includes(`"${secretId}"`),
      );
      expect(readers.map(([id]) => withoutHash(id))).toEqual([`${reader}RoleDefaultPolicy`]);
      const functions = resources("AWS::Lambda::Function");
      expect(functions.filter(([id]) => holders.test(id)).length).toBeGreaterThan(0);
      for (const [id, fn] of functions) {
        expect(variables(fn)[variable], id).toEqual(holders.test(id) ? { Ref: secretId } : undefined);
      }
    },
  );

  test("no function's environment holds a secret's value or the webhook's URL", () => {
    for (const [id, fn] of resources("AWS::Lambda::Function")) {
      expect(variables(fn).LEAD_WEBHOOK_URL, id).toBeUndefined();
      expect(JSON.stringify(variables(fn)), id).not.toContain("resolve:secretsmanager");
      expect(JSON.stringify(variables(fn)), id).not.toMatch(/hooks\.|https:\/\/[^"]*\/services\//);
    }
  });

  test("every mail goes out through a configuration set that reports bounces and complaints to the alarm topic and send events to the default bus", () => {
    synth.template.hasResourceProperties("AWS::SES::ConfigurationSet", {
      SuppressionOptions: { SuppressedReasons: ["BOUNCE", "COMPLAINT"] },
    });
    synth.template.hasResourceProperties("AWS::SES::ConfigurationSetEventDestination", {
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ["bounce", "complaint"],
        SnsDestination: { TopicARN: { Ref: Match.stringLikeRegexp("^AlarmsTopic") } },
      },
    });
    synth.template.hasResourceProperties("AWS::SES::ConfigurationSetEventDestination", {
      ConfigurationSetName: { Ref: Match.stringLikeRegexp("^MailEvents") },
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ["send"],
        EventBridgeDestination: { EventBusArn: Match.stringLikeRegexp(":event-bus/default$") },
      },
    });
  });

  test("a rule sends that set's send events to deliver-lead's mailEvent export", () => {
    const recorder = logicalId(synth.stack.delivery.recorder);
    const fn = resources("AWS::Lambda::Function").find(([id]) => id === recorder)?.[1];
    expect(fn?.Properties).toMatchObject({ Handler: "index.mailEvent" });
    synth.template.hasResourceProperties("AWS::Events::Rule", {
      EventPattern: {
        source: ["aws.ses"],
        "detail-type": ["Email Sent"],
        detail: { mail: { tags: { "ses:configuration-set": [{ Ref: Match.stringLikeRegexp("^MailEvents") }] } } },
      },
      Targets: [Match.objectLike({ Arn: { "Fn::GetAtt": [recorder, "Arn"] } })],
    });
    synth.template.hasResourceProperties("AWS::Lambda::Permission", {
      Action: "lambda:InvokeFunction",
      Principal: "events.amazonaws.com",
      FunctionName: { "Fn::GetAtt": [recorder, "Arn"] },
    });
  });

  test("the alarm topic is encrypted with a rotating key that CloudWatch and SES may use, and mails alarmEmail", () => {
    synth.template.hasResourceProperties("AWS::SNS::Topic", {
      KmsMasterKeyId: { "Fn::GetAtt": [Match.stringLikeRegexp("^AlarmsTopicKey"), "Arn"] },
    });
    synth.template.hasResourceProperties("AWS::KMS::Key", { EnableKeyRotation: true });
    const key = resources("AWS::KMS::Key")[0]?.[1];
    const principals = JSON.stringify(key?.Properties.KeyPolicy);
    expect(principals).toContain("cloudwatch.amazonaws.com");
    expect(principals).toContain("ses.amazonaws.com");
    synth.template.hasResourceProperties("AWS::SNS::Subscription", { Protocol: "email", Endpoint: "ops@example.com" });
  });

  test('failed mails and webhook posts of the lead functions, the newsletter and deliver-lead are counted from their "mail-failed" and "webhook-failed" log lines', () => {
    const filters = resources("AWS::Logs::MetricFilter").map(([, f]) => f.Properties);
    expect(filters).toHaveLength(LEAD_FUNCTIONS.length + 1);
    for (const filter of filters) {
      expect(filter).toMatchObject({
        FilterPattern: '{ ($.outcome = "mail-failed") || ($.outcome = "webhook-failed") }',
        MetricTransformations: [{ MetricNamespace: "Storefront/Leads", MetricName: "MailFailed", MetricValue: "1" }],
      });
    }
    // Logical ids end in an eight-character hash.
    const groups = filters.map((f) => (f.LogGroupName as { Ref: string }).Ref.slice(0, -8)).sort();
    expect(groups).toEqual(["LeadDeliverySenderLogs", ...LEAD_FUNCTIONS.map((name) => `${name}FunctionLogs`)].sort());
  });

  test("alarms on failed mails, the dead-letter queue, and errors and throttles of every function all notify the one topic", () => {
    const alarms = resources("AWS::CloudWatch::Alarm").map(([, a]) => a.Properties);
    const metric = (name: string) => alarms.filter((a) => a.MetricName === name);
    expect(metric("MailFailed")).toEqual([
      expect.objectContaining({ Namespace: "Storefront/Leads", Threshold: 1, Statistic: "Sum" }),
    ]);
    expect(metric("ApproximateNumberOfMessagesVisible")).toEqual([
      expect.objectContaining({
        Namespace: "AWS/SQS",
        Threshold: 1,
        ComparisonOperator: "GreaterThanOrEqualToThreshold",
        Dimensions: [
          { Name: "QueueName", Value: { "Fn::GetAtt": [expect.stringMatching(/^LeadStoreDeadLetters/), "QueueName"] } },
        ],
      }),
    ]);
    // Three lead functions, subscribe, deliver-lead, its sweep, its send-event recorder, the spam digest and /admin's
    // GitHub sign-in, whose two are its own.
    expect(metric("Errors")).toHaveLength(9);
    expect(metric("Throttles")).toHaveLength(9);
    const [signInId] = one("AWS::Lambda::Function", "GitHubOAuthFunction");
    const signIn = alarms.filter((a) => JSON.stringify(a).includes(signInId));
    expect(signIn.map((a) => a.MetricName).sort()).toEqual(["Errors", "Throttles"]);
    // The distribution: its 5xx rate, and its origin errors (a metric math alarm, so no MetricName).
    expect(metric("5xxErrorRate")).toEqual([
      expect.objectContaining({
        Namespace: "AWS/CloudFront",
        Threshold: 5,
        EvaluationPeriods: 3,
        DatapointsToAlarm: 2,
      }),
    ]);
    const origin = alarms.filter((a) => JSON.stringify(a.Metrics ?? []).includes("502ErrorRate"));
    expect(origin).toHaveLength(1);
    expect(JSON.stringify(origin[0]?.Metrics)).toContain("504ErrorRate");
    // CloudFront's metrics carry Region=Global beside the distribution's id; without it the alarm would watch nothing.
    for (const alarm of [...metric("5xxErrorRate"), ...origin])
      expect(JSON.stringify(alarm)).toContain('{"Name":"Region","Value":"Global"}');
    expect(alarms).toHaveLength(22);
    for (const alarm of alarms) {
      expect(alarm).toMatchObject({
        AlarmActions: [{ Ref: expect.stringMatching(/^AlarmsTopic/) }],
        TreatMissingData: "notBreaching",
      });
    }
  });

  test("the distribution publishes the origin-error rates, and a monthly budget of the account notifies the same topic", () => {
    synth.template.resourceCountIs("AWS::CloudFront::MonitoringSubscription", 1);
    synth.template.hasResourceProperties("AWS::Budgets::Budget", {
      Budget: { BudgetType: "COST", TimeUnit: "MONTHLY", BudgetLimit: { Amount: 25, Unit: "USD" } },
      NotificationsWithSubscribers: [
        {
          Notification: Match.objectLike({ NotificationType: "ACTUAL", Threshold: 80 }),
          Subscribers: [{ SubscriptionType: "SNS", Address: { Ref: Match.stringLikeRegexp("^AlarmsTopic") } }],
        },
        Match.objectLike({ Notification: Match.objectLike({ NotificationType: "FORECASTED", Threshold: 100 }) }),
      ],
    });
    // AWS Budgets may publish to the encrypted topic.
    const topicPolicy = JSON.stringify(resources("AWS::SNS::TopicPolicy")[0]?.[1].Properties.PolicyDocument);
    expect(topicPolicy).toContain("budgets.amazonaws.com");
  });

  test("docs/deploy.md's cost table counts the alarms this template has", async () => {
    const docs = await readFile(path.join(ROOT, "docs/deploy.md"), "utf8");
    const row = docs.split("\n").find((line) => line.startsWith("| CloudWatch alarms"));
    expect(Number(/\| (\d+) alarms/.exec(row ?? "")?.[1])).toBe(resources("AWS::CloudWatch::Alarm").length);
  });

  test("CloudFront sends the origin-verify value, resolved from the secret at deployment, to the subscribe function's origin only", () => {
    const [verifyId] = one("AWS::SecretsManager::Secret", "OriginVerifySecret");
    const subscribeOrigin = behavior("/api/subscribe")?.TargetOriginId;
    expect(subscribeOrigin).toBeDefined();
    for (const origin of distribution().Origins) {
      if (origin.Id === subscribeOrigin) {
        expect(origin.OriginCustomHeaders).toEqual([
          {
            HeaderName: "x-origin-verify",
            HeaderValue: { "Fn::Join": ["", ["{{resolve:secretsmanager:", { Ref: verifyId }, ":SecretString:::}}"]] },
          },
        ]);
      } else expect(origin.OriginCustomHeaders, origin.Id).toBeUndefined();
    }
  });

  test("subscribe, confirm-subscription and unsubscribe reach the one function; its URL takes the unsigned posts of plain forms and mail providers", () => {
    const origin = behavior("/api/subscribe")?.TargetOriginId;
    expect(origin).toBeDefined();
    expect(behavior("/api/confirm-subscription")?.TargetOriginId).toBe(origin);
    expect(behavior("/api/unsubscribe")?.TargetOriginId).toBe(origin);
    expect(behavior("/api/unsubscribe")?.AllowedMethods).toContain("POST");
    expect(distribution().Origins.find((o) => o.Id === origin)?.OriginAccessControlId).toBeUndefined();
    const contact = behavior("/api/send-contact-email")?.TargetOriginId;
    expect(distribution().Origins.find((o) => o.Id === contact)?.OriginAccessControlId).toBeDefined();
    const urls = resources("AWS::Lambda::Url").map(([id, url]) => [withoutHash(id), url.Properties.AuthType]);
    expect(Object.fromEntries(urls)).toEqual({
      GitHubOAuthFunctionFunctionUrl: "AWS_IAM",
      SendContactEmailFunctionFunctionUrl: "AWS_IAM",
      SendInstallationEmailFunctionFunctionUrl: "AWS_IAM",
      SendProductInquiryFunctionFunctionUrl: "AWS_IAM",
      SubscribeFunctionFunctionUrl: "NONE",
    });
  });

  test("/admin's sign-in runs on Node 24, arm64, with the client id, the scope and the secret's ARN", () => {
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
  });

  test("CloudFront sends /api/github-oauth/* to the sign-in's URL, signed, GET only, HTTPS only, uncached, with GitHub's query and the state cookie", () => {
    const [urlId] = one("AWS::Lambda::Url", "GitHubOAuthFunctionFunctionUrl");
    const signIn = behavior("/api/github-oauth/*");
    expect(signIn).toMatchObject({
      AllowedMethods: ["GET", "HEAD"],
      CachePolicyId: CACHING_DISABLED,
      ViewerProtocolPolicy: "https-only",
    });
    const origin = distribution().Origins.find((o) => o.Id === signIn?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toContain(urlId);
    expect(origin?.OriginAccessControlId).toBeDefined();
    const permissions = resources("AWS::Lambda::Permission")
      .map(([, p]) => p.Properties)
      .filter((p) => JSON.stringify(p.FunctionName).includes("GitHubOAuthFunction"));
    expect(permissions.map((p) => [p.Principal, p.Action]).sort()).toEqual([
      ["cloudfront.amazonaws.com", "lambda:InvokeFunction"],
      ["cloudfront.amazonaws.com", "lambda:InvokeFunctionUrl"],
    ]);
    // No header is forwarded: the signed origin must see its own host.
    const [policyId, policy] = one("AWS::CloudFront::OriginRequestPolicy", "SiteSignInRequest");
    expect(signIn?.OriginRequestPolicyId).toEqual({ Ref: policyId });
    expect(policy.Properties.OriginRequestPolicyConfig).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: "all" },
      CookiesConfig: { CookieBehavior: "whitelist", Cookies: ["__Secure-decap-oauth-state"] },
      HeadersConfig: { HeaderBehavior: "none" },
    });
  });

  test("the sign-in's answers carry no Cross-Origin-Opener-Policy, no referrer, and the function's own CSP", () => {
    const [policyId, policy] = one("AWS::CloudFront::ResponseHeadersPolicy", "SiteSignInHeaders");
    expect(behavior("/api/github-oauth/*")?.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
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

  test("names the table, the queues, the topic and the sign-in's callback URL and secret for operators", () => {
    synth.template.hasOutput("LeadsTableName", { Value: { Ref: Match.stringLikeRegexp("^LeadStoreLeads") } });
    synth.template.hasOutput("LeadQueueUrl", { Value: { Ref: Match.stringLikeRegexp("^LeadStoreRetries") } });
    synth.template.hasOutput("LeadQueueArn", {
      Value: { "Fn::GetAtt": [Match.stringLikeRegexp("^LeadStoreRetries"), "Arn"] },
    });
    synth.template.hasOutput("LeadDeadLetterQueueArn", {
      Value: { "Fn::GetAtt": [Match.stringLikeRegexp("^LeadStoreDeadLetters"), "Arn"] },
    });
    synth.template.hasOutput("AlarmTopicArn", { Value: { Ref: Match.stringLikeRegexp("^AlarmsTopic") } });
    synth.template.hasOutput("GitHubOAuthCallbackUrl", { Value: "https://www.example.com/api/github-oauth/callback" });
    const [secretId] = one("AWS::SecretsManager::Secret", "GitHubOAuthClientSecret");
    synth.template.hasOutput("GitHubOAuthSecretArn", { Value: { Ref: secretId } });
  });

  test("passes cdk-nag's AWS Solutions checks", () => {
    const report = new AwsSolutionsChecks().validateScope(synth.app);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  });

  test("a webhook URL given as a setting is refused, so it cannot reach a template, cdk.out or the workflow's artifact", async () => {
    const context = { leadWebhookUrl: "https://hooks.example.com/services/T0/B0/x" };
    await expect(synthApp(await writeFixtureDist(), context, false)).rejects.toThrow(
      /leadWebhookUrl: is not a setting of this stack/,
    );
  });
});
