import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { GetItemCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { Deadline } from "../../../lambdas/shared/deadline.ts";
import { deliverWebhook, type WebhookDeps } from "../../../lambdas/shared/lead-webhook.ts";
import { createLogger } from "../../../lambdas/shared/log.ts";
import { verifyLeadWebhook } from "../../../lambdas/shared/webhook-signature.ts";
import { LOCAL_LEADS_TABLE } from "../../../server/local-dynamo.ts";
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

/** A server on a free port that counts the requests it is sent and answers each as `answer` says. */
async function serve(answer: (req: IncomingMessage, res: ServerResponse, count: number) => void) {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? "");
    req.resume();
    req.on("end", () => answer(req, res, paths.length));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const servers: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A mailed lead in the stack's table, as delivery leaves it before its webhook message is taken. */
async function mailedLead(): Promise<string> {
  const submissionId = randomUUID();
  const now = new Date().toISOString();
  await stack.store.put({
    submissionId,
    form: "send-contact-email",
    status: "mailed",
    receivedAt: now,
    updatedAt: now,
    attempts: 1,
    lead: { name: "Asha Verma", email: "asha@example.org", subject: "Reseller pricing", message: "Pricing?" },
    expiresAt: Math.floor(Date.now() / 1000) + 86_400,
  });
  return submissionId;
}

const direct = (url: string): WebhookDeps => ({
  url: () => Promise.resolve(url),
  signingSecret: () => Promise.resolve(process.env.LEAD_WEBHOOK_SIGNING_SECRET ?? ""),
  store: stack.store,
  client: stack.dynamoClient,
  tableName: LOCAL_LEADS_TABLE,
  log: createLogger("deliver-lead", "silent"),
  siteName: "Nexaworks Apps",
});
const plenty: Deadline = { remainingMs: (reserveMs = 0) => 30_000 - reserveMs };
const webhookAtOf = async (submissionId: string) =>
  (
    await stack.dynamoClient.send(
      new GetItemCommand({ TableName: LOCAL_LEADS_TABLE, Key: { pk: { S: `lead#${submissionId}` } } }),
    )
  ).Item?.webhookAt?.S;

describe("deliverWebhook", () => {
  test("a receiver answering 307 to a loopback address: nothing reaches that address, and the post is failed for a retry", async () => {
    const internal = await serve((_req, res) => res.writeHead(200).end("ok"));
    const redirector = await serve((_req, res) =>
      res.writeHead(307, { location: `${internal.url}/internal-admin` }).end(),
    );
    servers.push(internal, redirector);
    const id = await mailedLead();

    expect(await deliverWebhook(id, direct(`${redirector.url}/hook`), plenty, "r")).toBe("failed");
    expect(redirector.paths).toEqual(["/hook"]);
    expect(internal.paths).toEqual([]);
    expect(await webhookAtOf(id)).toBeUndefined();
  });

  test("a receiver that never answers: the post gives up when the invocation's time is short of its reserve, and the next message may post at once", async () => {
    const hanging = await serve(() => undefined);
    const healthy = await serve((_req, res) => res.writeHead(204).end());
    servers.push(hanging, healthy);
    const id = await mailedLead();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // 3 s left after the 1.5 s reserve: less than the post's own 5 s.
    const short: Deadline = { remainingMs: (reserveMs = 0) => 4_500 - reserveMs };
    let result: string | undefined;
    const posting = deliverWebhook(id, direct(`${hanging.url}/hook`), short, "r").then((value) => {
      result = value;
    });
    await vi.waitUntil(() => hanging.paths.length === 1, { timeout: 5_000 });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    // The fake clock ended it: what is left is local I/O (the socket closed, the lease given back), not a wait.
    await vi.waitUntil(() => result !== undefined, { timeout: 3_000 });
    await posting;
    expect(result).toBe("failed");
    vi.useRealTimers();

    // The failed attempt gave its lease back: a retry now posts, and only once.
    expect(await deliverWebhook(id, direct(`${healthy.url}/hook`), plenty, "r")).toBe("sent");
    expect(healthy.paths).toEqual(["/hook"]);
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
