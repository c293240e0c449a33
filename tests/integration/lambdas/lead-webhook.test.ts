import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { verifyLeadWebhook } from "../../../lambdas/shared/webhook-signature.ts";
import { type LeadStack, startLeadStack, VALID } from "./harness.ts";

/**
 * The team's receiver: keeps every body it is sent, once its signature verifies under the key `npm start` generated
 * (as a receiver following docs/deploy.md does; 401 otherwise); down until `start`.
 */
function receiver(port: number) {
  const bodies: Array<{ text: string; lead: { submissionId: string; form: string; fields: Record<string, string> } }> =
    [];
  let server: Server | undefined;
  let failing = 0;
  let refused = 0;
  return {
    bodies,
    /** The next `count` posts are answered 500 and not kept. */
    failNext: (count: number) => {
      failing = count;
    },
    refused: () => refused,
    start: () =>
      new Promise<void>((resolve) => {
        server = createServer((req, res) => {
          let raw = "";
          req.on("data", (chunk) => {
            raw += chunk;
          });
          req.on("end", () => {
            const signature = req.headers["x-lead-signature"];
            if (!verifyLeadWebhook(raw, String(signature), process.env.LEAD_WEBHOOK_SIGNING_SECRET ?? "")) {
              res.writeHead(401).end();
              return;
            }
            if (failing > 0) {
              failing -= 1;
              refused += 1;
              res.writeHead(500).end();
              return;
            }
            bodies.push(JSON.parse(raw));
            res.writeHead(200).end("ok");
          });
        }).listen(port, "127.0.0.1", () => resolve());
      }),
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    started: () => server !== undefined,
  };
}

let stack: LeadStack;
let hook: ReturnType<typeof receiver>;
beforeAll(async () => {
  // A port that nothing listens on yet: the receiver is down.
  const probe = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  hook = receiver(port);
  stack = await startLeadStack({ env: { LEAD_WEBHOOK_URL: `http://127.0.0.1:${port}/hook` } });
});
afterAll(async () => {
  await hook?.stop();
  await stack?.close();
});

describe("the lead webhook", () => {
  test("with the receiver down the lead is mailed at once; the webhook is delivered once when the receiver is back", async () => {
    const valid = VALID["send-contact-email"];
    const { status, answer } = await stack.call("send-contact-email", valid);
    expect(status).toBe(200);
    const id = answer.data?.id ?? "";
    expect((await stack.mails()).filter((mail) => mail.destination.to.includes("hello@example.com"))).toHaveLength(1);

    await stack.retryNow();
    expect(hook.bodies).toEqual([]);
    expect((await stack.lead(id))?.status).toBe("acknowledged");

    await hook.start();
    await stack.retryNow();
    await stack.retryNow();
    expect(hook.bodies).toHaveLength(1);
    expect(hook.bodies[0]).toMatchObject({
      text: expect.stringContaining(`from ${valid.name}`),
      lead: { submissionId: id, form: "send-contact-email", fields: { email: valid.email, subject: valid.subject } },
    });
    // Still one vendor mail: the webhook never mails.
    expect((await stack.mails()).filter((mail) => mail.destination.to.includes("hello@example.com"))).toHaveLength(1);
  });

  test("a spam lead and a newsletter request post nothing", async () => {
    const before = hook.bodies.length;
    await stack.call("send-contact-email", { ...VALID["send-contact-email"], website: "x" });
    await stack.request("subscribe", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "n@example.org", website: "", elapsedMs: 5_000 }),
    });
    await stack.retryNow();
    expect(hook.bodies.length).toBe(before);
  });
});

describe("the lead webhook through the retry queue", () => {
  test("a receiver answering 500 for 3 leads gets each of them exactly once when it recovers; another copy of a message or a retry of the mail posts nothing more", async () => {
    if (!hook.started()) await hook.start();
    const before = hook.bodies.length;
    hook.failNext(3);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { status, answer } = await stack.call("send-contact-email", {
        ...VALID["send-contact-email"],
        email: `down-${i}@example.org`,
      });
      expect(status).toBe(200);
      ids.push(answer.data?.id ?? "");
    }
    // The queue retries by itself (its backoff); a flush takes what is still waiting.
    await stack.retryNow();
    await stack.retryNow();
    expect(hook.refused()).toBe(3);
    const posted = hook.bodies.slice(before).map((body) => body.lead.submissionId);
    expect(posted.sort()).toEqual([...ids].sort());

    const [first = ""] = ids;
    await stack.queue.enqueue({ submissionId: first, form: "send-contact-email", kind: "webhook" }, 0);
    await stack.queue.enqueue({ submissionId: first, form: "send-contact-email" }, 0);
    await stack.retryNow();
    expect(hook.bodies.length).toBe(before + 3);
    expect(stack.queue.deadLetters).toEqual([]);
  });
});
