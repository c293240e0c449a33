import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import type { RetryMessage } from "./lead-record.ts";

/** Where a lead goes when it was stored but not mailed: deliver-lead takes it from there. */
export interface LeadQueue {
  /** @param delaySeconds how long the message stays invisible (SQS allows 0 to 900). */
  enqueue(message: RetryMessage, delaySeconds: number): Promise<void>;
}

/** The retry queue in AWS (SQS standard; the stack adds a dead-letter queue after 5 receives). */
export function createSqsLeadQueue({ queueUrl, region }: { queueUrl: string; region: string }): LeadQueue {
  const client = new SQSClient({
    region,
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000, throwOnRequestTimeout: true },
  });
  return {
    async enqueue(message, delaySeconds) {
      await client.send(
        new SendMessageCommand({
          QueueUrl: queueUrl,
          MessageBody: JSON.stringify({ submissionId: message.submissionId, form: message.form, kind: message.kind }),
          DelaySeconds: Math.max(0, Math.min(900, Math.round(delaySeconds))),
        }),
      );
    },
  };
}
