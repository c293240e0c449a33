import { Duration, Stack } from "aws-cdk-lib";
import * as events from "aws-cdk-lib/aws-events";
import * as targets from "aws-cdk-lib/aws-events-targets";
import * as iam from "aws-cdk-lib/aws-iam";
import * as ses from "aws-cdk-lib/aws-ses";
import { SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import type * as logs from "aws-cdk-lib/aws-logs";
import type * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import { Construct } from "constructs";
import { AppFunction, type AppFunctionProps } from "./lead-function.ts";
import { DELIVERY_TIMEOUT, LEAD_INDEX, type LeadStore } from "./lead-store.ts";

/** The folder of the sender; it is not a lead function and gets no /api/ path. */
export const DELIVERY_FOLDER = "deliver-lead";
/** How often the sweep looks for stored leads whose mail never went out. */
const SWEEP_INTERVAL = Duration.minutes(5);
/** When the spam digest runs: 03:30 UTC, the morning of the vendor's working day (IST). */
const SPAM_DIGEST_SCHEDULE = { minute: "30", hour: "3" } as const;
/** Messages per invocation (the contract); each failed one is retried alone (reportBatchItemFailures). */
const DELIVERY_BATCH_SIZE = 5;

export interface LeadDeliveryProps {
  store: LeadStore;
  rootDir: string;
  environment: Record<string, string>;
  /** ses:SendEmail resources: the identities and the configuration set. */
  sesResources: string[];
  /** The configuration set every mail goes through: its send events mark leads mailed. */
  configurationSet: ses.ConfigurationSet;
  logRetention: logs.RetentionDays;
  /** The secrets holding the lead webhook's URL and signing key: the sender, which posts, is the one function that may read them. */
  webhookSecrets?: secretsmanager.ISecret[];
}

/**
 * The retry path: `handler` mails what the queue holds (SQS, five at a time, failures retried until the dead-letter
 * queue); `sweep` runs every five minutes and queues leads that were stored but neither mailed nor queued
 * (a handler that timed out between the two); `mailEvent` takes SES's send events and marks the lead mailed, so a
 * send whose answer never came (the lead left `unknown`) is not sent again. Exports of lambdas/deliver-lead/handler.ts,
 * one function each.
 */
export class LeadDelivery extends Construct {
  readonly sender: AppFunction;
  readonly sweeper: AppFunction;
  readonly recorder: AppFunction;
  readonly digester: AppFunction;

  constructor(scope: Construct, id: string, props: LeadDeliveryProps) {
    super(scope, id);
    const common: Common = {
      folder: DELIVERY_FOLDER,
      rootDir: props.rootDir,
      environment: props.environment,
      timeout: DELIVERY_TIMEOUT,
      // SQS scales the sender through the event source's maximum concurrency instead: a reserved cap would throttle
      // receives and push leads toward the dead-letter queue.
      reservedConcurrency: undefined,
      logRetention: props.logRetention,
    };
    const { tableArn } = props.store.table;
    const readLead = allow(["dynamodb:GetItem", "dynamodb:UpdateItem"], [tableArn]);
    const queryIndex = allow(["dynamodb:Query"], [`${tableArn}/index/${LEAD_INDEX}`]);
    const queueLead = allow(["sqs:SendMessage"], [props.store.queue.queueArn]);
    const sendMail = allow(["ses:SendEmail"], props.sesResources);
    this.sender = this.senderFunction(common, props, [readLead, queueLead, sendMail]);
    this.sweeper = new AppFunction(this, "Sweeper", {
      ...common,
      exportName: "sweep",
      description: "Every five minutes: queues stored leads whose mail never went out",
      statements: [readLead, queryIndex, queueLead],
    });
    new events.Rule(this, "Sweep", {
      description: "Runs the lead sweep",
      schedule: events.Schedule.rate(SWEEP_INTERVAL),
      targets: [new targets.LambdaFunction(this.sweeper, { retryAttempts: 0 })],
    });
    // Reads the spam folder (index, then the leads whole), moves its own mark, mails the vendor; it queues nothing and
    // writes no lead.
    this.digester = new AppFunction(this, "SpamDigest", {
      ...common,
      environment: { ...props.environment, STACK_NAME: Stack.of(this).stackName },
      exportName: "spamDigest",
      description: "Once a day: mails the vendor the spam folder's new leads with their release commands",
      statements: [
        queryIndex,
        allow(["dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:UpdateItem"], [tableArn]),
        sendMail,
      ],
    });
    new events.Rule(this, "DailySpamDigest", {
      description: "Runs the spam folder's daily digest",
      schedule: events.Schedule.cron(SPAM_DIGEST_SCHEDULE),
      // EventBridge retries a failed run twice; after that the next day's run lists the same leads, since the mark
      // stays where it was unless the mail went out.
      targets: [new targets.LambdaFunction(this.digester, { retryAttempts: 2 })],
    });
    this.recorder = this.recorderFunction(common, props.configurationSet, allow(["dynamodb:UpdateItem"], [tableArn]));
  }

  /** Mails what the queue holds, five at a time; consuming is granted by the event source on this queue only. */
  private senderFunction(
    common: Common,
    props: LeadDeliveryProps,
    [readLead, queueLead, sendMail]: [iam.PolicyStatement, iam.PolicyStatement, iam.PolicyStatement],
  ): AppFunction {
    const sender = new AppFunction(this, "Sender", {
      ...common,
      description: "Mails stored leads from the retry queue and records the outcome on each lead",
      statements: [
        readLead,
        // A lead mailed while the table was down reaches the sender as "store me": it writes it.
        allow(["dynamodb:PutItem"], [props.store.table.tableArn]),
        // Re-queues a lead with a delay when SES asks to slow down, or while its send event may still come.
        queueLead,
        sendMail,
        ...(props.webhookSecrets?.length
          ? [
              allow(
                ["secretsmanager:GetSecretValue"],
                props.webhookSecrets.map((secret) => secret.secretArn),
              ),
            ]
          : []),
      ],
    });
    sender.addEventSource(
      new SqsEventSource(props.store.queue, {
        batchSize: DELIVERY_BATCH_SIZE,
        reportBatchItemFailures: true,
        maxConcurrency: 2,
      }),
    );
    return sender;
  }

  /** Marks a lead mailed when SES's send event for its vendor mail arrives (on the account's default bus, the only one SES publishes to). */
  private recorderFunction(
    common: Common,
    configurationSet: ses.ConfigurationSet,
    markMailed: iam.PolicyStatement,
  ): AppFunction {
    const recorder = new AppFunction(this, "Recorder", {
      ...common,
      exportName: "mailEvent",
      description: "Marks a lead mailed when SES reports its vendor mail sent",
      statements: [markMailed],
    });
    configurationSet.addEventDestination("SendEvents", {
      destination: ses.EventDestination.eventBus(events.EventBus.fromEventBusName(this, "DefaultBus", "default")),
      events: [ses.EmailSendingEvent.SEND],
    });
    new events.Rule(this, "MailSent", {
      description: "SES send events of the lead mails' configuration set",
      eventPattern: {
        source: ["aws.ses"],
        detailType: ["Email Sent"],
        detail: { mail: { tags: { "ses:configuration-set": [configurationSet.configurationSetName] } } },
      },
      // A lost event costs a resend after the pause, never a lead: EventBridge's own retries suffice.
      targets: [new targets.LambdaFunction(recorder, { retryAttempts: 8 })],
    });
    return recorder;
  }
}

const allow = (actions: string[], resources: string[]) => new iam.PolicyStatement({ actions, resources });
type Common = Omit<AppFunctionProps, "description" | "statements">;
