import type { SQSEvent } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { InProcessQueue, LOCAL_QUEUE_DEFAULTS, queueSettings } from "../../../server/in-process-queue.ts";
import { LOCAL_MAX_DELAY_SECONDS, startLocalRetry } from "../../../server/local-retry.ts";

describe("InProcessQueue", () => {
  test("should keep messages until a consumer starts, then hand them over in batches of at most 5", async () => {
    const queue = new InProcessQueue();
    for (let i = 0; i < 7; i++) await queue.enqueue({ submissionId: `s${i}`, form: "send-contact-email" }, 60);
    const batches: string[][] = [];
    queue.start({
      consume: async (event: SQSEvent) => {
        batches.push(event.Records.map((r) => JSON.parse(r.body).submissionId));
        return { batchItemFailures: [] };
      },
      pollMs: 60_000,
    });
    await queue.flush();
    queue.stop();
    expect(batches).toEqual([
      ["s0", "s1", "s2", "s3", "s4"],
      ["s5", "s6"],
    ]);
    expect(queue.size).toBe(0);
  });

  test("should return a failed message and move it to the dead letters after 5 receives, and redrive it from there", async () => {
    const queue = new InProcessQueue();
    let receives = 0;
    queue.start({
      consume: async (event) => {
        receives += 1;
        return { batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })) };
      },
      pollMs: 60_000,
    });
    await queue.enqueue({ submissionId: "s", form: "send-contact-email" }, 0);
    for (let i = 0; i < 6; i++) await queue.flush();
    expect(receives).toBe(5);
    expect(queue.deadLetters).toEqual([{ submissionId: "s", form: "send-contact-email" }]);
    expect(queue.redrive()).toBe(1);
    expect([queue.size, queue.deadLetters.length]).toEqual([1, 0]);
    queue.stop();
  });
});

/**
 * The queue as `npm start` and `npm run dev` start it (server/local-retry.ts forwards its own options,
 * some unset), on a fake clock, with a deliver-lead that reports every message back as failed. SQS with the stack's redrive policy returns a failed message after the visibility
 * timeout and moves it to the dead-letter queue at its 5th receive; locally the wait is a backoff of 2 s, doubling.
 */
describe("InProcessQueue as the local server starts it", () => {
  const failing = (receivedAt: number[]) => async (event: SQSEvent) => {
    receivedAt.push(Date.now());
    return { batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })) };
  };
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("should receive a failing message 5 times, 2, 4, 8 and 16 s apart, then dead-letter it, when started as npm start starts it", async () => {
    const queue = new InProcessQueue({ maxDelaySeconds: LOCAL_MAX_DELAY_SECONDS });
    const receivedAt: number[] = [];
    const receiveCounts: string[] = [];
    const consume = failing(receivedAt);
    // server/start.ts: startLocalRetry({ queue }), which forwards its unset backoff to the queue.
    const retry = await startLocalRetry({
      queue,
      deliver: {
        handler: (event) => {
          receiveCounts.push(...event.Records.map((r) => r.attributes.ApproximateReceiveCount));
          return consume(event);
        },
        sweep: async () => ({ enqueued: 0 }),
        sweepAtStart: async () => ({ enqueued: 0 }),
        mailEvent: async () => ({ marked: undefined }),
      },
    });
    await queue.enqueue({ submissionId: "s", form: "send-contact-email" }, 60);
    await vi.advanceTimersByTimeAsync(120_000);
    retry.stop();
    // Sent with a minute's delay, kept to npm start's 2 s; then back after each backoff.
    expect(receivedAt.map((at, i) => at - (receivedAt[i - 1] ?? 0))).toEqual([2_000, 2_000, 4_000, 8_000, 16_000]);
    expect(receiveCounts).toEqual(["1", "2", "3", "4", "5"]);
    expect(queue.deadLetters).toEqual([{ submissionId: "s", form: "send-contact-email" }]);
    expect(queue.size).toBe(0);
  });

  test("should take an option passed as undefined for its default, and refuse one that is not a positive number", () => {
    const consume = failing([]);
    expect(queueSettings({ consume, backoffMs: undefined, maxReceives: undefined, pollMs: undefined })).toEqual({
      consume,
      ...LOCAL_QUEUE_DEFAULTS,
    });
    expect(() => queueSettings({ consume, backoffMs: Number.NaN })).toThrow(RangeError);
    expect(() => queueSettings({ consume, maxReceives: 0 })).toThrow(RangeError);
  });

  test("should not receive a failed message again before its backoff is over", async () => {
    const queue = new InProcessQueue();
    const receivedAt: number[] = [];
    queue.start({ consume: failing(receivedAt), backoffMs: 1_000, pollMs: 100 });
    await queue.enqueue({ submissionId: "s", form: "send-contact-email" }, 0);
    await vi.advanceTimersByTimeAsync(100);
    expect(receivedAt).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(receivedAt).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(receivedAt).toHaveLength(2);
    queue.stop();
  });
});

describe("local retry's send events", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  test("should try a send event the store failed again after 2 and 4 s, as Lambda retries an asynchronous event twice, then report it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const triedAt: number[] = [];
    const retry = await startLocalRetry({
      queue: new InProcessQueue(),
      deliver: {
        handler: async () => ({ batchItemFailures: [] }),
        sweep: async () => ({ enqueued: 0 }),
        sweepAtStart: async () => ({ enqueued: 0 }),
        mailEvent: async () => {
          triedAt.push(Date.now());
          throw new Error("the store did not answer");
        },
      },
    });
    await retry.mailEvent({ detail: {} });
    await vi.advanceTimersByTimeAsync(60_000);
    retry.stop();
    expect(triedAt).toEqual([0, 2_000, 6_000]);
    expect(console.error).toHaveBeenCalledTimes(1);
  });
});
