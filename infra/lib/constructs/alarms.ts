import { Annotations, Duration, RemovalPolicy, Stack, Token } from "aws-cdk-lib";
import * as budgets from "aws-cdk-lib/aws-budgets";
import type * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as actions from "aws-cdk-lib/aws-cloudwatch-actions";
import * as iam from "aws-cdk-lib/aws-iam";
import * as kms from "aws-cdk-lib/aws-kms";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import * as logs from "aws-cdk-lib/aws-logs";
import * as sns from "aws-cdk-lib/aws-sns";
import * as subscriptions from "aws-cdk-lib/aws-sns-subscriptions";
import type * as sqs from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";

/**
 * The log field and value every failed vendor-mail attempt carries, and every failed post to the lead webhook (the
 * lambdas' logging contract): both are a lead that did not reach the team yet.
 */
const MAIL_FAILED_PATTERN = logs.FilterPattern.any(
  logs.FilterPattern.stringValue("$.outcome", "=", "mail-failed"),
  logs.FilterPattern.stringValue("$.outcome", "=", "webhook-failed"),
);
/** Alarms look at five-minute windows: soon enough for a lead, long enough not to flap. */
const PERIOD = Duration.minutes(5);
/** CloudFront publishes its metrics in us-east-1 only, and an alarm can only watch metrics of its own region. */
const CLOUDFRONT_METRICS_REGION = "us-east-1";

interface AlarmOptions {
  threshold?: number;
  evaluationPeriods?: number;
  datapointsToAlarm?: number;
}

export interface AlarmsProps {
  /** Subscribed to the topic by e-mail (AWS mails a confirmation link first); none when undefined. */
  email: string | undefined;
}

/**
 * One SNS topic for everything the vendor must hear about (alarms, SES bounces and complaints), encrypted with a
 * key that CloudWatch and SES may use (the AWS managed SNS key admits neither), and the alarms that feed it.
 */
export class Alarms extends Construct {
  readonly topic: sns.Topic;
  private readonly action: actions.SnsAction;
  private mailFailures: cloudwatch.Metric | undefined;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const key = new kms.Key(this, "TopicKey", {
      description: `${stack.stackName}: encrypts the alarm topic (bounce notices carry recipient addresses)`,
      enableKeyRotation: true,
      pendingWindow: Duration.days(7),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.topic = new sns.Topic(this, "Topic", {
      displayName: `${stack.stackName} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    for (const service of ["cloudwatch.amazonaws.com", "ses.amazonaws.com", "budgets.amazonaws.com"]) {
      key.grant(new iam.ServicePrincipal(service), "kms:Decrypt", "kms:GenerateDataKey*");
    }
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        actions: ["sns:Publish"],
        principals: [
          new iam.ServicePrincipal("cloudwatch.amazonaws.com"),
          new iam.ServicePrincipal("budgets.amazonaws.com"),
        ],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { "aws:SourceAccount": stack.account } },
      }),
    );
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
    this.action = new actions.SnsAction(this.topic);
  }

  /** Errors and throttles of one function: any in five minutes raises the alarm. */
  watchFunction(id: string, fn: lambda.Function, about: string): void {
    this.alarm(
      `${id}Errors`,
      fn.metricErrors({ period: PERIOD, statistic: "Sum" }),
      `${about} failed (Lambda errors): check its log group`,
    );
    this.alarm(
      `${id}Throttles`,
      fn.metricThrottles({ period: PERIOD, statistic: "Sum" }),
      `${about} was throttled: raise its reserved concurrency or the account's quota`,
    );
  }

  /** Counts `"outcome":"mail-failed"` lines of a log group into one metric with one alarm, shared by every function. */
  watchMailFailures(id: string, logGroup: logs.ILogGroup): void {
    const filter = new logs.MetricFilter(this, `${id}MailFailed`, {
      logGroup,
      filterPattern: MAIL_FAILED_PATTERN,
      metricNamespace: `${Stack.of(this).stackName}/Leads`,
      metricName: "MailFailed",
      metricValue: "1",
    });
    if (this.mailFailures) return;
    this.mailFailures = filter.metric({ period: PERIOD, statistic: "Sum" });
    this.alarm(
      "MailFailed",
      this.mailFailures,
      "A lead mail failed at SES (the lead is stored and will be retried): check SES sending status and the functions' logs",
    );
  }

  /** A message in the dead-letter queue is a lead that five attempts could not mail: replay it. */
  watchDeadLetters(queue: sqs.IQueue): void {
    this.alarm(
      "DeadLetters",
      queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: "Maximum" }),
      "Leads could not be mailed after 5 attempts: fix SES, then npm run leads -- replay --stack <name> (docs/deploy.md, Alarms and failed leads)",
    );
  }

  /**
   * What visitors get from the distribution: its 5xx rate (any failure a visitor saw), and the rate of 502, 503 and
   * 504 (the origin, S3 or a lead function, failed or did not answer; needs the distribution's additional metrics).
   * Percentages over five minutes, in two of three windows: one failed request of three at night is no outage.
   * Only a stack in us-east-1 can alarm on them; elsewhere synthesis warns and docs/deploy.md says what to do.
   */
  watchDistribution(distribution: cloudfront.Distribution): void {
    const region = Stack.of(this).region;
    if (Token.isUnresolved(region) || region !== CLOUDFRONT_METRICS_REGION) {
      Annotations.of(this).addWarningV2(
        "storefront:cloudfrontAlarms",
        `No alarms on the distribution: CloudFront's metrics are in ${CLOUDFRONT_METRICS_REGION} and this stack is in ${region}`,
      );
      return;
    }
    // CloudFront files its metrics under two dimensions, DistributionId and Region=Global; aws-cdk-lib's
    // distribution.metric*() name only the first, and a metric with a dimension missing is another, empty metric.
    const rate = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: "AWS/CloudFront",
        metricName,
        dimensionsMap: { DistributionId: distribution.distributionId, Region: "Global" },
        period: PERIOD,
        statistic: "Average",
      });
    const flaky = { evaluationPeriods: 3, datapointsToAlarm: 2 };
    this.alarm(
      "Site5xxRate",
      rate("5xxErrorRate"),
      "Visitors got server errors (5xx) from the site: check the origin-error alarm and the lead functions' alarms",
      { threshold: 5, ...flaky },
    );
    this.alarm(
      "SiteOriginErrors",
      new cloudwatch.MathExpression({
        expression: "m502 + m503 + m504",
        usingMetrics: {
          m502: rate("502ErrorRate"),
          m503: rate("503ErrorRate"),
          m504: rate("504ErrorRate"),
        },
        label: "Origin error rate (502, 503, 504)",
        period: PERIOD,
      }),
      "CloudFront could not get answers from the bucket or a lead function (502/503/504): check S3 and the functions",
      { threshold: 1, ...flaky },
    );
  }

  /**
   * The account's spend this month against `limitUsd`: a notice at 80 % of it, and when AWS forecasts more than all
   * of it. Budgets see the whole account, not this stack alone.
   */
  watchSpend(limitUsd: number): void {
    const subscribers = [{ subscriptionType: "SNS", address: this.topic.topicArn }];
    const notice = (notificationType: "ACTUAL" | "FORECASTED", threshold: number) => ({
      notification: { notificationType, comparisonOperator: "GREATER_THAN", threshold, thresholdType: "PERCENTAGE" },
      subscribers,
    });
    new budgets.CfnBudget(this, "MonthlyBudget", {
      budget: {
        budgetName: `${Stack.of(this).stackName} monthly`,
        budgetType: "COST",
        timeUnit: "MONTHLY",
        budgetLimit: { amount: limitUsd, unit: "USD" },
      },
      notificationsWithSubscribers: [notice("ACTUAL", 80), notice("FORECASTED", 100)],
    });
  }

  private alarm(
    id: string,
    metric: cloudwatch.IMetric,
    description: string,
    { threshold = 1, evaluationPeriods = 1, datapointsToAlarm }: AlarmOptions = {},
  ): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      metric,
      alarmDescription: description,
      threshold,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods,
      datapointsToAlarm,
      // No data means nothing failed.
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
  }
}
