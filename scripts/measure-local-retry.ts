import "./require-node.ts";
import type { SQSEvent } from "aws-lambda";
import { InProcessQueue } from "../server/in-process-queue.ts";
import { LOCAL_MAX_DELAY_SECONDS, startLocalRetry } from "../server/local-retry.ts";

/**
 * Isolated: one message whose delivery always fails, on the retry queue exactly as `npm start` builds
 * and starts it (server/start.ts: `new InProcessQueue({ maxDelaySeconds })`, `startLocalRetry({ queue })`), with a
 * deliver-lead that reports every message back as failed. Prints each receive (seconds after the message was sent)
 * and whether it ended in the dead letters, as SQS's redrive policy would after 5 receives. Real time: about 35 s.
 *   npx tsx scripts/measure-local-retry.ts
 */
const queue = new InProcessQueue({ maxDelaySeconds: LOCAL_MAX_DELAY_SECONDS });
const receivedAt: number[] = [];
const started = performance.now();
const retry = await startLocalRetry({
  queue,
  deliver: {
    handler: async (event: SQSEvent) => {
      receivedAt.push((performance.now() - started) / 1000);
      return { batchItemFailures: event.Records.map((record) => ({ itemIdentifier: record.messageId })) };
    },
    sweep: async () => ({ enqueued: 0 }),
    sweepAtStart: async () => ({ enqueued: 0 }),
    mailEvent: async () => ({ marked: undefined }),
  },
});
await queue.enqueue({ submissionId: "00000000-0000-4000-8000-000000000000", form: "send-contact-email" }, 0);
// 2 + 4 + 8 + 16 s of backoff after the first receive, and some slack.
const waitSeconds = 36;
await new Promise((resolve) => setTimeout(resolve, waitSeconds * 1000));
retry.stop();
console.log(
  JSON.stringify({
    waitedSeconds: waitSeconds,
    receives: receivedAt.length,
    receivedAtSeconds: receivedAt.map((at) => Number(at.toFixed(1))),
    deadLetters: queue.deadLetters.length,
    stillQueued: queue.size,
  }),
);
