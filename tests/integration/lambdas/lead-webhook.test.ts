import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type LeadStack, startLeadStack, VALID } from "./harness.ts";

/** The team's receiver: keeps every body it is sent; down until `start`. */
function receiver(port: number) {
  const bodies: Array<{ text: string; lead: { submissionId: string; form: string; fields: Record<string, string> } }> =
    [];
  let server: Server | undefined;
  return {
    bodies,
    start: () =>
      new Promise<void>((resolve) => {
        server = createServer((req, res) => {
          let raw = "";
          req.on("data", (chunk) => {
            raw += chunk;
          });
          req.on("end", () => {
            bodies.push(JSON.parse(raw));
            res.writeHead(200).end("ok");
          });
        }).listen(port, "127.0.0.1", () => resolve());
      }),
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
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
