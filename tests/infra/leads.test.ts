import { readFile } from "node:fs/promises";
import path from "node:path";
import { Match } from "aws-cdk-lib/assertions";
import { describe, expect, test } from "vitest";
import { type Resource, ROOT, synthApp, synthesized, writeFixtureDist } from "./fixtures.ts";

const LEAD_FUNCTIONS = ["SendContactEmail", "SendInstallationEmail", "SendProductInquiry", "Subscribe"];

describe("the lead store, retry path and alarms of the production stack", () => {
  const synth = synthesized({ alarmEmail: "ops@example.com" });
  const { resources } = synth;
  const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
    synth.stack.getLogicalId(construct.node.defaultChild as never);
  const policyOf = (roleIdPrefix: string) => {
    const found = resources("AWS::IAM::Policy").find(([id]) => id.startsWith(roleIdPrefix));
    if (!found) throw new Error(`no policy for ${roleIdPrefix}`);
    return (found[1].Properties.PolicyDocument as { Statement: unknown[] }).Statement;
  };

  /** The resources the subscribe function's role may call secretsmanager:GetSecretValue on. */
  const secretReads = () =>
    (policyOf("SubscribeFunctionRole") as Array<{ Action: string | string[]; Resource: unknown }>)
      .filter((statement) => [statement.Action].flat().includes("secretsmanager:GetSecretValue"))
      .flatMap((statement) => [statement.Resource].flat());

  test("the table is on demand, encrypted with the AWS managed key, recoverable to any second, expiring by expiresAt", () => {
    synth.template.hasResourceProperties("AWS::DynamoDB::Table", {
      KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
      BillingMode: "PAY_PER_REQUEST",
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      // SSE on with no key of ours: DynamoDB uses the AWS managed key aws/dynamodb.
      SSESpecification: { SSEEnabled: true, KMSMasterKeyId: Match.absent() },
      TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true },
      DeletionProtectionEnabled: true,
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

  test("production keeps the table when the stack is deleted", () => {
    const table = resources("AWS::DynamoDB::Table")[0]?.[1];
    expect(table).toMatchObject({ DeletionPolicy: "Retain", UpdateReplacePolicy: "Retain" });
  });

  test("a lead that five deliveries could not mail waits 14 days in the encrypted dead-letter queue", () => {
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
  });

  test("both queues refuse requests without TLS", () => {
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

  test("the sweep runs every five minutes from the same file's sweep export", () => {
    const sweeper = logicalId(synth.stack.delivery.sweeper);
    const fn = resources("AWS::Lambda::Function").find(([id]) => id === sweeper)?.[1];
    expect(fn?.Properties).toMatchObject({ Handler: "index.sweep", Timeout: 30 });
    synth.template.hasResourceProperties("AWS::Events::Rule", {
      ScheduleExpression: "rate(5 minutes)",
      State: "ENABLED",
      Targets: [Match.objectLike({ Arn: { "Fn::GetAtt": [sweeper, "Arn"] } })],
    });
  });

  test("deliver-lead may read, write and update leads, queue them and mail them, and consume its queue; nothing else", () => {
    const statements = policyOf("LeadDeliverySenderRole");
    const actions = statements.flatMap((s) => (s as { Action: string | string[] }).Action);
    expect(new Set(actions)).toEqual(
      new Set([
        "logs:CreateLogStream",
        "logs:PutLogEvents",
        "dynamodb:GetItem",
        "dynamodb:UpdateItem",
        // A lead mailed while the table was down arrives as "store me".
        "dynamodb:PutItem",
        "sqs:SendMessage",
        "ses:SendEmail",
        "sqs:ReceiveMessage",
        "sqs:ChangeMessageVisibility",
        "sqs:GetQueueUrl",
        "sqs:DeleteMessage",
        "sqs:GetQueueAttributes",
      ]),
    );
    for (const statement of statements) expect(JSON.stringify(statement)).not.toContain('"*"');
  });

  test("the sweep may query the index, read and update leads and queue them; it sends no mail", () => {
    const statements = policyOf("LeadDeliverySweeperRole");
    expect(statements).toContainEqual({
      Effect: "Allow",
      Action: "dynamodb:Query",
      Resource: {
        "Fn::Join": ["", [{ "Fn::GetAtt": [expect.stringMatching(/^LeadStoreLeads/), "Arn"] }, "/index/byDay"]],
      },
    });
    const actions = statements.flatMap((s) => (s as { Action: string | string[] }).Action);
    expect(actions).not.toContain("ses:SendEmail");
    expect(actions).not.toContain("dynamodb:PutItem");
  });

  test("the spam digest runs once a day from a schedule, may read the folder, move its mark and mail; nothing else", () => {
    const statements = policyOf("LeadDeliverySpamDigestRole") as Array<{
      Action: string | string[];
      Resource: unknown;
    }>;
    // Its own log group aside.
    const actions = statements
      .flatMap((s) => [s.Action].flat())
      .filter((action) => !action.startsWith("logs:"))
      .sort();
    expect(actions).toEqual([
      "dynamodb:BatchGetItem",
      "dynamodb:GetItem",
      "dynamodb:Query",
      "dynamodb:UpdateItem",
      "ses:SendEmail",
    ]);
    expect(statements.find((s) => s.Action === "dynamodb:Query")?.Resource).toEqual({
      "Fn::Join": ["", [{ "Fn::GetAtt": [expect.stringMatching(/^LeadStoreLeads/), "Arn"] }, "/index/byDay"]],
    });
    for (const statement of statements) expect(JSON.stringify(statement)).not.toContain('"*"');
    const [, fn] = resources("AWS::Lambda::Function").find(([id]) => id.startsWith("LeadDeliverySpamDigest")) ?? [];
    expect(fn?.Properties).toMatchObject({ Handler: "index.spamDigest" });
    const rule = resources("AWS::Events::Rule").find(([id]) => id.startsWith("LeadDeliveryDailySpamDigest"))?.[1];
    expect(rule?.Properties).toMatchObject({
      ScheduleExpression: "cron(30 3 * * ? *)",
      Targets: [{ Arn: { "Fn::GetAtt": [expect.stringMatching(/^LeadDeliverySpamDigest/), "Arn"] } }],
    });
  });

  test("every mail goes out through a configuration set that reports bounces and complaints to the alarm topic", () => {
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
  });

  test("the configuration set publishes send events to the default event bus", () => {
    synth.template.hasResourceProperties("AWS::SES::ConfigurationSetEventDestination", {
      ConfigurationSetName: { Ref: Match.stringLikeRegexp("^MailEvents") },
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ["send"],
        EventBridgeDestination: { EventBusArn: Match.stringLikeRegexp(":event-bus/default$") },
      },
    });
  });

  test("a rule sends that set's send events to deliver-lead's mailEvent export, which may only update leads", () => {
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
    const actions = policyOf("LeadDeliveryRecorderRole").flatMap((s) => (s as { Action: string | string[] }).Action);
    expect(new Set(actions)).toEqual(new Set(["logs:CreateLogStream", "logs:PutLogEvents", "dynamodb:UpdateItem"]));
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
    // GitHub sign-in.
    expect(metric("Errors")).toHaveLength(9);
    expect(metric("Throttles")).toHaveLength(9);
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

  test("the newsletter's signing key is a generated secret that only the subscribe function may read", () => {
    synth.template.hasResourceProperties("AWS::SecretsManager::Secret", {
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
    });
    const [secretId, secret] =
      resources("AWS::SecretsManager::Secret").find(([id]) => id.startsWith("NewsletterSecret")) ?? [];
    expect(secret?.DeletionPolicy).toBe("Retain");
    const readers = resources("AWS::IAM::Policy").filter(([, policy]) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes(`"${secretId}"`),
    );
    expect(readers.map(([id]) => id.replace(/[0-9A-F]{8}$/, ""))).toEqual(["SubscribeFunctionRoleDefaultPolicy"]);
    expect(secretReads()).toContainEqual({ Ref: secretId });
    const [, subscribe] = resources("AWS::Lambda::Function").find(([id]) => id.startsWith("SubscribeFunction")) ?? [];
    expect(
      (subscribe?.Properties.Environment as { Variables: Record<string, unknown> } | undefined)?.Variables
        .NEWSLETTER_SECRET_ARN,
    ).toEqual({ Ref: secretId });
    for (const [id, fn] of resources("AWS::Lambda::Function").filter(([id]) => id.startsWith("Send"))) {
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables, id).not.toHaveProperty(
        "NEWSLETTER_SECRET_ARN",
      );
    }
  });

  test("the origin-verify value is a generated secret of its own, apart from the signing key, deleted with the stack", () => {
    const secrets = resources("AWS::SecretsManager::Secret");
    expect(secrets.map(([id]) => id.replace(/[0-9A-F]{8}$/, "")).sort()).toEqual([
      "GitHubOAuthClientSecret",
      "NewsletterSecret",
      "OriginVerifySecret",
    ]);
    const [, verify] = secrets.find(([id]) => id.startsWith("OriginVerifySecret")) ?? [];
    // Letters and digits only: it travels as an HTTP header value.
    expect(verify?.Properties.GenerateSecretString).toEqual({ PasswordLength: 64, ExcludePunctuation: true });
    expect(verify?.DeletionPolicy).toBe("Delete");
  });

  test("only the subscribe function may read the origin-verify secret, and its environment holds the secret's ARN, never the value", () => {
    const [verifyId] =
      resources("AWS::SecretsManager::Secret").find(([id]) => id.startsWith("OriginVerifySecret")) ?? [];
    expect(secretReads()).toContainEqual({ Ref: verifyId });
    const readers = resources("AWS::IAM::Policy").filter(([, policy]) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes(`"${verifyId}"`),
    );
    expect(readers.map(([id]) => id.replace(/[0-9A-F]{8}$/, ""))).toEqual(["SubscribeFunctionRoleDefaultPolicy"]);
    const functions = resources("AWS::Lambda::Function");
    const variables = (fn: Resource | undefined) =>
      (fn?.Properties.Environment as { Variables: Record<string, unknown> } | undefined)?.Variables ?? {};
    const [, subscribe] = functions.find(([id]) => id.startsWith("SubscribeFunction")) ?? [];
    expect(variables(subscribe).ORIGIN_VERIFY_SECRET_ARN).toEqual({ Ref: verifyId });
    for (const [id, fn] of functions) {
      expect(JSON.stringify(variables(fn)), id).not.toContain("resolve:secretsmanager");
      if (!id.startsWith("SubscribeFunction")) expect(variables(fn), id).not.toHaveProperty("ORIGIN_VERIFY_SECRET_ARN");
    }
  });

  test("CloudFront sends the origin-verify value, resolved from the secret at deployment, to the subscribe function's origin only", () => {
    const [verifyId] =
      resources("AWS::SecretsManager::Secret").find(([id]) => id.startsWith("OriginVerifySecret")) ?? [];
    const [, distribution] = resources("AWS::CloudFront::Distribution")[0] ?? [];
    const config = distribution?.Properties.DistributionConfig as {
      CacheBehaviors: Array<{ PathPattern: string; TargetOriginId: string }>;
      Origins: Array<{ Id: string; OriginCustomHeaders?: unknown }>;
    };
    const subscribeOrigin = config.CacheBehaviors.find((b) => b.PathPattern === "/api/subscribe")?.TargetOriginId;
    expect(subscribeOrigin).toBeDefined();
    for (const origin of config.Origins) {
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

  test("the subscribe function reads, writes and mails like the lead functions and may delete nothing", () => {
    const actions = policyOf("SubscribeFunctionRole").flatMap((s) => (s as { Action: string | string[] }).Action);
    expect(new Set(actions)).toEqual(
      new Set([
        "logs:CreateLogStream",
        "logs:PutLogEvents",
        "dynamodb:PutItem",
        "dynamodb:UpdateItem",
        "dynamodb:GetItem",
        "sqs:SendMessage",
        "ses:SendEmail",
        "secretsmanager:GetSecretValue",
      ]),
    );
  });

  test("subscribe, confirm-subscription and unsubscribe reach the one function; its URL takes the unsigned posts of plain forms and mail providers", () => {
    const [, distribution] = resources("AWS::CloudFront::Distribution")[0] ?? [];
    const config = distribution?.Properties.DistributionConfig as {
      CacheBehaviors: Array<{ PathPattern: string; TargetOriginId: string; AllowedMethods: string[] }>;
      Origins: Array<{ Id: string; OriginAccessControlId?: unknown }>;
    };
    const behaviour = (path: string) => config.CacheBehaviors.find((b) => b.PathPattern === path);
    const origin = behaviour("/api/subscribe")?.TargetOriginId;
    expect(origin).toBeDefined();
    expect(behaviour("/api/confirm-subscription")?.TargetOriginId).toBe(origin);
    expect(behaviour("/api/unsubscribe")?.TargetOriginId).toBe(origin);
    expect(behaviour("/api/unsubscribe")?.AllowedMethods).toContain("POST");
    expect(config.Origins.find((o) => o.Id === origin)?.OriginAccessControlId).toBeUndefined();
    expect(
      config.Origins.find((o) => o.Id === behaviour("/api/send-contact-email")?.TargetOriginId)?.OriginAccessControlId,
    ).toBeDefined();
    const urls = resources("AWS::Lambda::Url").map(([id, url]) => [
      id.replace(/[0-9A-F]{8}$/, ""),
      url.Properties.AuthType,
    ]);
    expect(Object.fromEntries(urls)).toEqual({
      GitHubOAuthFunctionFunctionUrl: "AWS_IAM",
      SendContactEmailFunctionFunctionUrl: "AWS_IAM",
      SendInstallationEmailFunctionFunctionUrl: "AWS_IAM",
      SendProductInquiryFunctionFunctionUrl: "AWS_IAM",
      SubscribeFunctionFunctionUrl: "NONE",
    });
  });

  test("names the table, the queues and the topic for operators and npm run leads", () => {
    synth.template.hasOutput("LeadsTableName", { Value: { Ref: Match.stringLikeRegexp("^LeadStoreLeads") } });
    synth.template.hasOutput("LeadQueueUrl", { Value: { Ref: Match.stringLikeRegexp("^LeadStoreRetries") } });
    synth.template.hasOutput("LeadQueueArn", {
      Value: { "Fn::GetAtt": [Match.stringLikeRegexp("^LeadStoreRetries"), "Arn"] },
    });
    synth.template.hasOutput("LeadDeadLetterQueueArn", {
      Value: { "Fn::GetAtt": [Match.stringLikeRegexp("^LeadStoreDeadLetters"), "Arn"] },
    });
    synth.template.hasOutput("AlarmTopicArn", { Value: { Ref: Match.stringLikeRegexp("^AlarmsTopic") } });
  });
});

describe("the lead webhook", () => {
  const URL_LIKE = /hooks\.|https:\/\/[^"]*\/services\//;
  type Statement = { Action: string | string[]; Resource: unknown };

  const setup = synthesized({ leadWebhook: "true" });
  const secretId = (prefix = "LeadWebhookSecret") =>
    setup.resources("AWS::SecretsManager::Secret").find(([id]) => id.startsWith(prefix))?.[0];

  test("with leadWebhook=true every function's environment holds only the secret's ARN, never a URL", () => {
    expect(secretId()).toBeDefined();
    const functions = setup.resources("AWS::Lambda::Function").filter(([, fn]) => fn.Properties.Environment);
    // Four form handlers, and deliver-lead's sender, sweep, send-event recorder and spam digest (they share one
    // environment; only the sender may read the secret, checked below).
    expect(
      functions.filter(([, fn]) => JSON.stringify(fn.Properties.Environment).includes("LEAD_WEBHOOK")),
    ).toHaveLength(8);
    for (const [id, fn] of functions) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.LEAD_WEBHOOK_URL, id).toBeUndefined();
      if (/^(Send|Subscribe|LeadDelivery)/.test(id)) {
        expect(variables.LEAD_WEBHOOK_SECRET_ARN, id).toEqual({ Ref: secretId() });
        expect(variables.LEAD_WEBHOOK_SIGNING_SECRET_ARN, id).toEqual({ Ref: secretId("LeadWebhookSigningSecret") });
      }
      expect(JSON.stringify(variables), id).not.toMatch(URL_LIKE);
    }
  });

  test.each(["LeadWebhookSecret", "LeadWebhookSigningSecret"])(
    "only deliver-lead's sender, which posts, may read %s",
    (prefix) => {
      expect(secretId(prefix)).toBeDefined();
      const readers = setup
        .resources("AWS::IAM::Policy")
        .filter(([, policy]) =>
          ((policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement ?? []).some(
            (statement) =>
              [statement.Action].flat().some((action) => action.startsWith("secretsmanager:")) &&
              JSON.stringify(statement.Resource).includes(`"${secretId(prefix)}"`),
          ),
        )
        .map(([id]) => id);
      expect(readers.join(" ")).toMatch(/^LeadDeliverySender\w*Policy\w*$/);
    },
  );

  test("a webhook URL given as a setting is refused, so it cannot reach a template, cdk.out or the workflow's artifact", async () => {
    const context = { leadWebhookUrl: "https://hooks.example.com/services/T0/B0/x" };
    await expect(synthApp(await writeFixtureDist(), context, false)).rejects.toThrow(
      /leadWebhookUrl: is not a setting of this stack/,
    );
  });
});

describe("a stack without alarmEmail or leadWebhook", () => {
  const setup = synthesized({ ackDailyLimit: "0" });

  test("the alarm topic exists without a subscription, and the acknowledgement limit follows ackDailyLimit", () => {
    setup.template.resourceCountIs("AWS::SNS::Topic", 1);
    setup.template.resourceCountIs("AWS::SNS::Subscription", 0);
    for (const [, fn] of setup
      .resources("AWS::Lambda::Function")
      .filter(([id]) => /^Send.*Function[0-9A-F]{8}$/.test(id))) {
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.ACK_DAILY_LIMIT).toBe("0");
    }
  });

  test("no webhook secret is made and no function has a webhook variable", () => {
    expect(setup.resources("AWS::SecretsManager::Secret").map(([id]) => id)).not.toContainEqual(
      expect.stringMatching(/^LeadWebhookSecret/),
    );
    for (const [, fn] of setup.resources("AWS::Lambda::Function"))
      expect(JSON.stringify(fn.Properties.Environment ?? {})).not.toContain("LEAD_WEBHOOK");
  });
});
