import { Duration, RemovalPolicy } from "aws-cdk-lib";
import * as dynamodb from "aws-cdk-lib/aws-dynamodb";
import * as sqs from "aws-cdk-lib/aws-sqs";
import { Construct } from "constructs";
import { BY_DAY_INDEX, BY_RECEIVED_AT_INDEX, LEAD_INDEX_FIELDS } from "../../../lambdas/shared/lead-record.ts";
import { LEAD_RETENTION } from "../lead-retention.ts";

/** The contract's names (lambdas and infra agree on them: lambdas/shared/lead-record.ts). */
export const LEAD_INDEX = BY_DAY_INDEX;
const SUBSCRIBER_INDEX = BY_RECEIVED_AT_INDEX;
const TTL_ATTRIBUTE = "expiresAt";
/** deliver-lead's timeout; the queue hides a message for six of them, as Lambda advises for SQS sources. */
export const DELIVERY_TIMEOUT = Duration.seconds(30);
/** Receives before a message moves to the dead-letter queue. */
const MAX_RECEIVES = 5;

export interface LeadStoreProps {
  /** Production keeps the table when the stack is deleted and refuses to delete it by accident. */
  retain: boolean;
}

/**
 * Where a lead lives before and after it is mailed: the table (the record of truth), the retry queue that feeds
 * deliver-lead, and the dead-letter queue for what five attempts could not mail (`npm run leads -- replay`).
 */
export class LeadStore extends Construct {
  readonly table: dynamodb.Table;
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: LeadStoreProps) {
    super(scope, id);

    // On demand: a few leads a day cost cents, and a burst never throttles a visitor. The AWS managed key (aws/dynamodb)
    // encrypts at rest with every use visible in CloudTrail, at no monthly fee; a customer key ($1 a month plus a key
    // policy to keep right) would only pay off for cross-account access or crypto-shredding, which we have neither of.
    this.table = new dynamodb.Table(this, "Leads", {
      partitionKey: { name: "pk", type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: {
        pointInTimeRecoveryEnabled: true,
        recoveryPeriodInDays: LEAD_RETENTION.pointInTimeRecoveryDays,
      },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      deletionProtection: props.retain,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // Newest leads first for `npm run leads`, the sweep that finds leads still waiting for their mail and the spam
    // digest. One partition per UTC day, so no partition takes every lead; only the fields they filter on are copied
    // (a lead's fields, up to a form's limits, stay in the table alone), and the listing reads the few it shows.
    this.table.addGlobalSecondaryIndex({
      indexName: LEAD_INDEX,
      partitionKey: { name: "day", type: dynamodb.AttributeType.STRING },
      sortKey: { name: "receivedAt", type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.INCLUDE,
      nonKeyAttributes: LEAD_INDEX_FIELDS,
    });
    // The newsletter's subscribers (small items of a fixed shape, `kind = subscriber`), listed by `npm run
    // subscribers`. Leads written before byDay existed stay here until their TTL; new leads carry no `kind`.
    this.table.addGlobalSecondaryIndex({
      indexName: SUBSCRIBER_INDEX,
      partitionKey: { name: "kind", type: dynamodb.AttributeType.STRING },
      sortKey: { name: "receivedAt", type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.ALL,
    });

    // Kept the longest SQS allows, so a week of SES trouble and a holiday still leave time to replay.
    this.deadLetterQueue = new sqs.Queue(this, "DeadLetters", {
      retentionPeriod: Duration.days(LEAD_RETENTION.deadLetterQueueDays),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.queue = new sqs.Queue(this, "Retries", {
      retentionPeriod: Duration.days(LEAD_RETENTION.retryQueueDays),
      visibilityTimeout: Duration.seconds(DELIVERY_TIMEOUT.toSeconds() * 6),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVES },
    });
  }
}
