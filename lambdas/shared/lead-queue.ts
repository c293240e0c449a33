import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { type RetryMessage, retryMessageBody } from "./lead-record.ts";

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
          MessageBody: retryMessageBody(message),
          DelaySeconds: Math.max(0, Math.min(900, Math.round(delaySeconds))),
        }),
      );
    },
  };
}

/** Where the local server leaves its queue for the handlers it loads; a symbol on globalThis, so no bundle imports it. */
const LOCAL_QUEUE = Symbol.for("leads.local-queue");

/**
 * Hands the handlers of this thread the local server's retry queue (server/in-process-queue.ts, or in a dev worker a
 * forwarder to it). Called by the server before it loads the handlers; never in AWS, where LEAD_QUEUE_URL names SQS.
 */
export function provideLocalLeadQueue(queue: LeadQueue): void {
  (globalThis as Record<symbol, unknown>)[LOCAL_QUEUE] = queue;
}

/**
 * The queue `provideLocalLeadQueue` left, found when a message is sent (the server may load a handler first).
 * @throws when no local server provided one: LEAD_QUEUE_URL says "in-process" outside the local server.
 */
export function localLeadQueue(): LeadQueue {
  return {
    enqueue(message, delaySeconds) {
      const queue = (globalThis as Record<symbol, LeadQueue | undefined>)[LOCAL_QUEUE];
      if (!queue)
        throw new Error(
          'LEAD_QUEUE_URL is "in-process" but no local server provided a queue: only server/start.ts runs the handlers that way',
        );
      return queue.enqueue(message, delaySeconds);
    },
  };
}
