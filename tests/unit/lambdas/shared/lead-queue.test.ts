import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test, vi } from "vitest";
import {
  createSqsLeadQueue,
  localLeadQueue,
  provideLocalLeadQueue,
  type LeadQueue,
} from "../../../../lambdas/shared/lead-queue.ts";
import { loadNewsletterSecret } from "../../../../lambdas/shared/newsletter-secret.ts";
import { ConfigError } from "../../../../lambdas/shared/env.ts";
import { type RetryMessage, retryMessageBody } from "../../../../lambdas/shared/lead-record.ts";

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

  test("should read the secret the stack names by its ARN, and prefer a local one when both are set", async () => {
    const asked: string[] = [];
    const read = async (arn: string) => {
      asked.push(arn);
      return SECRET;
    };
    expect(await loadNewsletterSecret({ NEWSLETTER_SECRET_ARN: "arn:secret" }, "us-east-1", read)).toBe(SECRET);
    expect(asked).toEqual(["arn:secret"]);
    const local = `${SECRET}-local`;
    expect(
      await loadNewsletterSecret({ NEWSLETTER_SECRET: local, NEWSLETTER_SECRET_ARN: "arn:secret" }, "us-east-1", read),
    ).toBe(local);
    expect(asked).toHaveLength(1);
    await expect(
      loadNewsletterSecret({ NEWSLETTER_SECRET_ARN: "arn:secret" }, "us-east-1", async () => undefined),
    ).rejects.toThrow("its signing secret has 0 characters");
  });

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

describe("createSqsLeadQueue", () => {
  /** An SQS endpoint on this machine that keeps what it is sent (the client sends to the queue URL's host). */
  async function fakeSqs() {
    const received: Record<string, unknown>[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      req.on("end", () => {
        const input = JSON.parse(body) as { MessageBody: string };
        received.push({ target: req.headers["x-amz-target"], ...input });
        res.setHeader("content-type", "application/x-amz-json-1.0");
        res.end(
          JSON.stringify({
            MessageId: `m${received.length}`,
            MD5OfMessageBody: createHash("md5").update(input.MessageBody).digest("hex"),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { received, url: `http://127.0.0.1:${port}/123456789012/leads`, close: () => server.close() };
  }

  test("should send the retry message to the queue, its delay rounded into the 0 to 900 seconds SQS allows", async () => {
    vi.stubEnv("AWS_ACCESS_KEY_ID", "test");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "test");
    const sqs = await fakeSqs();
    try {
      const queue = createSqsLeadQueue({ queueUrl: sqs.url, region: "us-east-1" });
      const message = { submissionId: "s1", form: "send-contact-email" } as const;
      for (const delay of [-5, 59.6, 3_600]) await queue.enqueue(message, delay);
      expect(sqs.received).toEqual(
        [0, 60, 900].map((DelaySeconds) => ({
          target: "AmazonSQS.SendMessage",
          QueueUrl: sqs.url,
          MessageBody: retryMessageBody(message),
          DelaySeconds,
        })),
      );
    } finally {
      sqs.close();
      vi.unstubAllEnvs();
    }
  });
});
