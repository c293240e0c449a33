import { afterEach, describe, expect, test } from "vitest";
import { localLeadQueue, provideLocalLeadQueue, type LeadQueue } from "../../../../lambdas/shared/lead-queue.ts";
import { loadNewsletterSecret } from "../../../../lambdas/shared/newsletter-secret.ts";
import { ConfigError } from "../../../../lambdas/shared/env.ts";
import type { RetryMessage } from "../../../../lambdas/shared/lead-record.ts";

describe("localLeadQueue", () => {
  afterEach(() => provideLocalLeadQueue(undefined as unknown as LeadQueue));

  test("should hand a message to the queue the local server provided, even one provided after the handler loaded", async () => {
    const queue = localLeadQueue();
    const sent: [RetryMessage, number][] = [];
    provideLocalLeadQueue({
      enqueue: async (message, delaySeconds) => {
        sent.push([message, delaySeconds]);
      },
    });
    await queue.enqueue({ submissionId: "s1", form: "send-contact-email" }, 30);
    expect(sent).toEqual([[{ submissionId: "s1", form: "send-contact-email" }, 30]]);
  });

  test("should say which setting is wrong when no local server provided a queue", () => {
    expect(() => localLeadQueue().enqueue({ submissionId: "s1", form: "send-contact-email" }, 0)).toThrow(
      'LEAD_QUEUE_URL is "in-process" but no local server provided a queue: only server/start.ts runs the handlers that way',
    );
  });
});

describe("loadNewsletterSecret", () => {
  const SECRET = "0123456789abcdef0123456789abcdef";

  test("should take the local secret as given, trimmed", async () => {
    expect(await loadNewsletterSecret({ NEWSLETTER_SECRET: ` ${SECRET}\n` }, "us-east-1")).toBe(SECRET);
  });

  test("should refuse to start without a secret, naming the variable the stack sets", async () => {
    const error = await loadNewsletterSecret({}, "us-east-1").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      "The subscribe function cannot start: NEWSLETTER_SECRET_ARN is not set; expected the ARN of the secret its links are signed with (the stack sets it).",
    );
  });

  test("should refuse a secret shorter than 32 characters, and take one of exactly 32", async () => {
    await expect(loadNewsletterSecret({ NEWSLETTER_SECRET: SECRET.slice(1) }, "us-east-1")).rejects.toThrow(
      "The subscribe function cannot start: its signing secret has 31 characters; expected at least 32.",
    );
    await expect(loadNewsletterSecret({ NEWSLETTER_SECRET: "   " }, "us-east-1")).rejects.toThrow(
      "its signing secret has 0 characters",
    );
  });
});
