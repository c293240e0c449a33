/**
 * How long the deployed stack keeps copies of a lead outside the table, in days: the constructs use these numbers and
 * `npm run leads -- erase` quotes them, since an erase cannot reach those copies (docs/deploy.md, "Erasing a visitor").
 * Plain numbers, so the operator scripts read them without loading the CDK.
 */
export const LEAD_RETENTION = {
  /** The table's point-in-time recovery window: any state of the last this many days can be restored. */
  pointInTimeRecoveryDays: 35,
  /** A retry message (a lead mailed while the table was down travels whole in it) is dropped after this. */
  retryQueueDays: 4,
  /** What five attempts could not deliver waits this long in the dead-letter queue (the longest SQS allows). */
  deadLetterQueueDays: 14,
} as const;
