import type { SQSEvent } from "aws-lambda";
import { describe, expect, test } from "vitest";
import { InProcessQueue } from "../../../server/in-process-queue.ts";

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
