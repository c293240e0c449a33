import type { SQSBatchResponse, SQSEvent } from "aws-lambda";

/**
 * PLACEHOLDER on the infra branch only, so the stack can bundle its entry: engineer B's lambdas/deliver-lead/handler.ts
 * replaces this file at merge. Until then it loses nothing: every message is reported failed and stays queued.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  return { batchItemFailures: event.Records.map((record) => ({ itemIdentifier: record.messageId })) };
}

/** Placeholder of the sweep: queues nothing, so nothing is sent twice. */
export async function sweep(): Promise<void> {}
