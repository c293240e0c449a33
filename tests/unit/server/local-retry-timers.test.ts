import type { Context, SQSEvent } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { DELIVERY } from "../../../lambdas/shared/delivery.ts";
import { InProcessQueue, queueSettings } from "../../../server/in-process-queue.ts";
import { type DeliverLeadModule, startLocalRetry } from "../../../server/local-retry.ts";

/**
 * The timers of `npm start`'s retry path, on a fake clock: what a developer sees when a delivery fails, when the sweep
 * runs, and that stopping the server stops all of it.
 */
const MESSAGE = { submissionId: "s", form: "send-contact-email" } as const;

beforeEach(() => {
  vi.useFakeTimers({
    now: 0,
    toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date", "performance"],
  });
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function deliverWith(overrides: Partial<DeliverLeadModule> = {}) {
  const calls = { sweeps: 0, events: 0, contexts: [] as Partial<Context>[] };
  const deliver: DeliverLeadModule = {
    handler: async (_event, context) => {
      if (context) calls.contexts.push(context);
      return { batchItemFailures: [] };
    },
    sweep: async () => {
      calls.sweeps += 1;
      return { enqueued: 0 };
    },
    sweepAtStart: async () => ({ enqueued: 0 }),
    mailEvent: async () => {
      calls.events += 1;
      throw new Error("store down");
    },
    ...overrides,
  };
  return { deliver, calls };
}

describe("InProcessQueue", () => {
  test("should say which setting is wrong and what it was", () => {
    const consume = async () => ({ batchItemFailures: [] });
    expect(() => queueSettings({ consume, pollMs: -1 })).toThrow("InProcessQueue pollMs must be above 0, not -1");
  });

  test("should hand deliver-lead records shaped as SQS's", async () => {
    const queue = new InProcessQueue();
    const events: SQSEvent[] = [];
    queue.start({
      consume: async (event) => {
        events.push(event);
        return { batchItemFailures: [] };
      },
      pollMs: 100,
    });
    await queue.enqueue(MESSAGE, 0);
    await vi.advanceTimersByTimeAsync(100);
    queue.stop();
    expect(events[0]?.Records[0]).toMatchObject({
      body: JSON.stringify(MESSAGE),
      attributes: { ApproximateReceiveCount: "1", SenderId: "local" },
      md5OfBody: "",
      eventSource: "aws:sqs",
      eventSourceARN: "arn:aws:sqs:local:000000000000:leads",
      awsRegion: "local",
    });
  });

  test("should keep messages while no consumer is started, even when flushed", async () => {
    const queue = new InProcessQueue();
    await queue.enqueue(MESSAGE, 0);
    await queue.flush();
    expect(queue.size).toBe(1);
  });

  test("should stop polling when stopped, and poll only for the latest consumer when started again", async () => {
    const queue = new InProcessQueue();
    const seen: string[] = [];
    const consumer = (name: string) => async (event: SQSEvent) => {
      seen.push(...event.Records.map(() => name));
      return { batchItemFailures: [] };
    };
    queue.start({ consume: consumer("first"), pollMs: 100 });
    queue.start({ consume: consumer("second"), pollMs: 100 });
    await queue.enqueue(MESSAGE, 0);
    await vi.advanceTimersByTimeAsync(100);
    expect(seen).toEqual(["second"]);
    queue.stop();
    await queue.enqueue(MESSAGE, 0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen).toEqual(["second"]);
    expect(queue.size).toBe(1);
  });

  test("should let a caller wait for the round under way, and resolve at once when none is", async () => {
    const queue = new InProcessQueue();
    let finish = () => {};
    const delivered: string[] = [];
    queue.start({
      consume: async (event) => {
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        delivered.push(...event.Records.map((record) => record.messageId));
        return { batchItemFailures: [] };
      },
      pollMs: 100,
    });
    let settled = false;
    void queue.settled().then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    await queue.enqueue(MESSAGE, 0);
    await vi.advanceTimersByTimeAsync(100);
    settled = false;
    void queue.settled().then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect([settled, delivered.length]).toEqual([false, 0]);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect([settled, delivered.length]).toEqual([true, 1]);
    queue.stop();
  });

  test("should return a whole batch when deliver-lead throws, and remove only the messages that succeeded", async () => {
    const queue = new InProcessQueue();
    let calls = 0;
    queue.start({
      consume: async (event) => {
        calls += 1;
        if (calls === 1) throw new Error("deliver-lead crashed");
        // Second round: the first message fails again, the second goes through.
        return { batchItemFailures: [{ itemIdentifier: event.Records[0]?.messageId ?? "" }] };
      },
      pollMs: 100,
      backoffMs: 1_000,
    });
    await queue.enqueue({ ...MESSAGE, submissionId: "a" }, 0);
    await queue.enqueue({ ...MESSAGE, submissionId: "b" }, 0);
    await vi.advanceTimersByTimeAsync(100);
    expect([calls, queue.size]).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect([calls, queue.size]).toEqual([2, 1]);
    queue.stop();
  });
});

describe("startLocalRetry", () => {
  test("should give deliver-lead a Lambda-like context: its 30 s timeout counted from the receive", async () => {
    const queue = new InProcessQueue();
    const { deliver, calls } = deliverWith();
    const retry = await startLocalRetry({ queue, deliver });
    await vi.advanceTimersByTimeAsync(5_000);
    await queue.enqueue(MESSAGE, 0);
    await queue.flush();
    retry.stop();
    const [context] = calls.contexts;
    expect(context?.awsRequestId).toBe("local-5000");
    vi.advanceTimersByTime(1_000);
    expect(context?.getRemainingTimeInMillis?.()).toBe(DELIVERY.deliverFunctionTimeoutMs - 1_000);
    vi.advanceTimersByTime(60_000);
    expect(context?.getRemainingTimeInMillis?.()).toBe(0);
  });

  test("should start the queue polling as often as told, every 250 ms unless told", async () => {
    const told = deliverWith();
    const queue = new InProcessQueue();
    const retry = await startLocalRetry({ queue, deliver: told.deliver, pollMs: 1_000 });
    await queue.enqueue(MESSAGE, 0);
    await vi.advanceTimersByTimeAsync(999);
    expect(told.calls.contexts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(told.calls.contexts).toHaveLength(1);
    retry.stop();

    const untold = deliverWith();
    const byDefault = await startLocalRetry({ queue, deliver: untold.deliver });
    await queue.enqueue(MESSAGE, 0);
    await vi.advanceTimersByTimeAsync(249);
    expect(untold.calls.contexts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(untold.calls.contexts).toHaveLength(1);
    byDefault.stop();
  });

  test("should sweep every 5 minutes, or as often as told, and report a failed sweep", async () => {
    const every5 = deliverWith();
    const retry = await startLocalRetry({ queue: new InProcessQueue(), deliver: every5.deliver });
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
    expect(every5.calls.sweeps).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(every5.calls.sweeps).toBe(1);
    retry.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(every5.calls.sweeps).toBe(1);

    const failing = deliverWith({
      sweep: async () => {
        throw new Error("store down");
      },
    });
    const fast = await startLocalRetry({ queue: new InProcessQueue(), deliver: failing.deliver, sweepEveryMs: 1_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    fast.stop();
    expect(console.error).toHaveBeenCalledWith("[retry] sweep failed", expect.any(Error));
  });

  test("should report a failed start-up sweep and a send event that failed three times", async () => {
    const { deliver } = deliverWith({
      sweepAtStart: async () => {
        throw new Error("store down");
      },
    });
    const retry = await startLocalRetry({ queue: new InProcessQueue(), deliver });
    expect(console.error).toHaveBeenCalledWith("[retry] the start-up sweep failed", expect.any(Error));
    await retry.mailEvent({});
    await vi.advanceTimersByTimeAsync(60_000);
    retry.stop();
    expect(console.error).toHaveBeenLastCalledWith("[retry] a send event failed", expect.any(Error));
  });

  test("should drop a send event's pending retries and stop the queue when stopped", async () => {
    const queue = new InProcessQueue();
    const { deliver, calls } = deliverWith();
    const retry = await startLocalRetry({ queue, deliver });
    await retry.mailEvent({});
    expect(calls.events).toBe(1);
    retry.stop();
    await queue.enqueue(MESSAGE, 0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.events).toBe(1);
    expect(queue.size).toBe(1);
  });
});
