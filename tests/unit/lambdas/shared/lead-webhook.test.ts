import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { GetItemCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { Deadline } from "../../../../lambdas/shared/deadline.ts";
import { DELIVERY } from "../../../../lambdas/shared/delivery.ts";
import type { LeadRecord } from "../../../../lambdas/shared/lead-record.ts";
import { createDynamoLeadStore } from "../../../../lambdas/shared/lead-store.ts";
import {
  deliverWebhook,
  WEBHOOK_TIMEOUT_MS,
  type WebhookDeps,
  webhookPayload,
  webhookSigningSecret,
  webhookUrl,
} from "../../../../lambdas/shared/lead-webhook.ts";
import { SIGNATURE_HEADER, verifyLeadWebhook } from "../../../../lambdas/shared/webhook-signature.ts";
import { LOCAL_LEADS_TABLE, type LocalDynamo, localDynamoClient } from "../../../../server/local-dynamo.ts";
import { memoryLogger } from "../fakes.ts";
import { startLocalTable } from "../local-table.ts";

/**
 * The team's webhook: what a post says, and deliverWebhook: a mailed lead is posted to the team's webhook once, never to where the receiver
 * redirects, within its time; a failure is logged without the URL and retried by the queue. The receiver is a fake
 * fetch that answers as undici does (a redirect refused with `redirect: "error"` is a TypeError whose cause says so);
 * the lead and its lease live in an in-memory dynalite.
 */
let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startLocalTable();
});
afterAll(() => dynamo?.close());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const WEBHOOK_URL = "https://hooks.example.com/T000/B000/secret";
const SIGNING_SECRET = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
/** A Lambda with plenty of time left. */
const roomy: Deadline = { remainingMs: (reserve = 0) => 60_000 - reserve };

interface Post {
  url: string;
  init: RequestInit;
}
/**
 * A receiver: `answer` gives the status of each post (a 3xx with `location` redirects), or a promise that never
 * settles (it hangs until the post is aborted).
 */
function receiver(answer: (post: Post) => number | "hang" = () => 200) {
  /** Every request made; `posts` are those the receiver took. */
  const asked: Post[] = [];
  const posts: Post[] = [];
  const cancelled: string[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const post = { url, init };
    asked.push(post);
    const status = answer(post);
    if (status === "hang")
      return new Promise((_, reject) => {
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    if (status >= 300 && status < 400) {
      if (init.redirect === "error") throw new TypeError("fetch failed", { cause: new Error("unexpected redirect") });
      // Followed (as fetch does by default): the post goes to where the receiver points.
      return fetch("https://elsewhere.example/collect", init);
    }
    posts.push(post);
    const body = new ReadableStream({
      cancel: () => {
        cancelled.push(url);
      },
    });
    return new Response(body, { status });
  };
  vi.stubGlobal("fetch", fetch);
  return { asked, posts, cancelled };
}

async function mailedLead(): Promise<LeadRecord> {
  const lead: LeadRecord = {
    submissionId: randomUUID(),
    form: "send-product-inquiry",
    status: "mailed",
    receivedAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:01.000Z",
    attempts: 1,
    lead: { name: "Asha", email: "asha@example.org", product: "Astroway" },
    expiresAt: 2_000_000_000,
  };
  await createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client }).put(lead);
  return lead;
}

function deps(overrides: Partial<WebhookDeps> = {}) {
  const log = memoryLogger();
  return {
    log,
    deps: {
      url: () => Promise.resolve(WEBHOOK_URL),
      signingSecret: () => Promise.resolve(SIGNING_SECRET),
      store: createDynamoLeadStore({ tableName: LOCAL_LEADS_TABLE, region: "us-east-1", client: dynamo.client }),
      client: dynamo.client,
      tableName: LOCAL_LEADS_TABLE,
      log,
      siteName: "Nexaworks Apps",
      ...overrides,
    } satisfies WebhookDeps,
  };
}
const item = async (id: string) =>
  (await dynamo.client.send(new GetItemCommand({ TableName: LOCAL_LEADS_TABLE, Key: { pk: { S: `lead#${id}` } } })))
    .Item;

const record = (fields: Record<string, string>) => ({
  submissionId: "9b1c2d3e-0000-4000-8000-000000000002",
  form: "send-contact-email",
  status: "mailed" as const,
  receivedAt: "2026-11-26T10:00:00.000Z",
  updatedAt: "2026-11-26T10:00:01.000Z",
  attempts: 1,
  lead: fields,
  expiresAt: 1_900_000_000,
});

describe("webhookPayload", () => {
  test("should name the form, the visitor, the topic and where to reply", () => {
    const { text } = webhookPayload(
      record({ name: "Asha", email: "asha@example.org", product: "esim", subject: "Pricing" }),
      "Nexaworks Apps",
    );
    expect(text).toBe(
      "New contact email on Nexaworks Apps from Asha (esim, Pricing): reply to asha@example.org. Lead 9b1c2d3e-0000-4000-8000-000000000002.",
    );
  });

  test("should name a lead without a name or a topic plainly", () => {
    expect(webhookPayload(record({ message: "Hi" }), "Nexaworks Apps").text).toBe(
      "New contact email on Nexaworks Apps from a visitor: reply to the address in the mail. Lead 9b1c2d3e-0000-4000-8000-000000000002.",
    );
  });

  test("should show what a visitor typed as text, never as a channel ping or a disguised link", () => {
    const fields = { name: "<!channel> <https://evil.example|Open lead>", email: "a&b@example.org", subject: "x" };
    const { text, lead } = webhookPayload(record(fields), "Nexaworks Apps");
    expect(text).toContain(
      "from &lt;!channel&gt; &lt;https://evil.example|Open lead&gt; (x): reply to a&amp;b@example.org",
    );
    expect(text).not.toMatch(/<[!h]/);
    // The fields themselves go to a CRM as the visitor sent them.
    expect(lead.fields).toEqual(fields);
  });
});

describe("deliverWebhook", () => {
  test("should post the lead as JSON once, then record it so that no later message posts it again", async () => {
    const lead = await mailedLead();
    const { posts, cancelled } = receiver();
    const { deps: given, log } = deps();
    expect(await deliverWebhook(lead.submissionId, given, roomy, "req-1")).toBe("sent");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe(WEBHOOK_URL);
    expect(posts[0]?.init).toMatchObject({
      method: "POST",
      headers: { "content-type": "application/json" },
      redirect: "error",
    });
    expect(JSON.parse(String(posts[0]?.init.body))).toEqual(
      JSON.parse(JSON.stringify(webhookPayload(lead, "Nexaworks Apps"))),
    );
    // The answer is dropped unread.
    expect(cancelled).toEqual([WEBHOOK_URL]);
    expect((await item(lead.submissionId))?.webhookAt?.S).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await item(lead.submissionId)).not.toHaveProperty("webhookLeaseUntil");
    expect(log.lines).toEqual([
      { level: "info", requestId: "req-1", submissionId: lead.submissionId, outcome: "webhook-sent" },
    ]);
    expect(await deliverWebhook(lead.submissionId, given, roomy, "req-2")).toBe("sent");
    expect(posts).toHaveLength(1);
  });

  test("should count a 2xx without a body as sent, and leave no timer behind", async () => {
    const lead = await mailedLead();
    vi.stubGlobal("fetch", async () => new Response(null, { status: 204 }));
    const { deps: given } = deps();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    expect(await deliverWebhook(lead.submissionId, given, roomy, "req-1")).toBe("sent");
    expect(vi.getTimerCount()).toBe(0);
  });

  test("should never follow a redirect: the post fails and nothing reaches where it points", async () => {
    const lead = await mailedLead();
    const { posts } = receiver(({ url }) => (url === WEBHOOK_URL ? 302 : 200));
    const { deps: given, log } = deps();
    expect(await deliverWebhook(lead.submissionId, given, roomy, "req-1")).toBe("failed");
    expect(posts).toEqual([]);
    expect(log.lines).toEqual([
      {
        level: "warn",
        requestId: "req-1",
        submissionId: lead.submissionId,
        outcome: "webhook-failed",
        error: "Redirect",
      },
    ]);
  });

  test("should count an answer other than 2xx as failed, and free the lead for the next message at once", async () => {
    const lead = await mailedLead();
    let status = 500;
    const { posts } = receiver(() => status);
    const { deps: given, log } = deps();
    expect(await deliverWebhook(lead.submissionId, given, roomy, "req-1")).toBe("failed");
    expect(log.lines.at(-1)).toMatchObject({ outcome: "webhook-failed", error: "HTTP500" });
    expect(await item(lead.submissionId)).not.toHaveProperty("webhookAt");
    status = 201;
    expect(await deliverWebhook(lead.submissionId, given, roomy, "req-2")).toBe("sent");
    expect(posts).toHaveLength(2);
  });

  test.each([
    ["its own time", roomy, WEBHOOK_TIMEOUT_MS],
    [
      "what is left of the invocation, its reserve kept back",
      { remainingMs: (reserve = 0) => DELIVERY.reserveMs + 800 - reserve },
      800,
    ],
  ] satisfies Array<[string, Deadline, number]>)(
    "should give up on a receiver that does not answer within %s, and say so without the URL",
    async (_, deadline, waitMs) => {
      const lead = await mailedLead();
      const { asked } = receiver(() => "hang");
      const { deps: given, log } = deps();
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      let outcome: string | undefined;
      void deliverWebhook(lead.submissionId, given, deadline, "req-1").then((result) => {
        outcome = result;
      });
      // Until the post is made (the lease is real I/O).
      for (let turn = 0; turn < 2_000 && asked.length === 0; turn++)
        await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(waitMs - 1);
      expect(outcome).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      for (let turn = 0; turn < 2_000 && outcome === undefined; turn++)
        await new Promise((resolve) => setImmediate(resolve));
      expect(outcome).toBe("failed");
      expect(log.lines).toEqual([
        {
          level: "warn",
          requestId: "req-1",
          submissionId: lead.submissionId,
          outcome: "webhook-failed",
          error: "TimeoutError",
        },
      ]);
      expect(JSON.stringify(log.lines)).not.toContain("hooks.example.com");
      // The lease is given back: the next message may post at once.
      expect(await item(lead.submissionId)).not.toHaveProperty("webhookLeaseUntil");
    },
  );

  test("should not start a post without time left for it", async () => {
    const lead = await mailedLead();
    const { posts } = receiver();
    const { deps: given } = deps();
    const spent: Deadline = { remainingMs: () => 0 };
    expect(await deliverWebhook(lead.submissionId, given, spent, "req-1")).toBe("failed");
    expect(posts).toEqual([]);
    expect(await item(lead.submissionId)).not.toHaveProperty("webhookLeaseUntil");
  });

  test("should leave a lead another message is posting to it, to be tried again after", async () => {
    const lead = await mailedLead();
    const { deps: given } = deps();
    let second: string | undefined;
    const { posts } = receiver(() => {
      // While the first post waits for its answer, a second message for the same lead comes in.
      void deliverWebhook(lead.submissionId, given, roomy, "req-2").then((result) => {
        second = result;
      });
      return 200;
    });
    expect(await deliverWebhook(lead.submissionId, given, roomy, "req-1")).toBe("sent");
    for (let turn = 0; turn < 2_000 && second === undefined; turn++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(["failed", "sent"]).toContain(second);
    expect(posts).toHaveLength(1);
  });

  test("should take over a lease that ran out (a worker that died mid-post)", async () => {
    const lead = await mailedLead();
    const { posts } = receiver();
    const { deps: given } = deps();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    // The lease of a worker that stopped mid-post (it never gets its URL until the end of this test).
    let stop = (_error: Error) => {};
    const dead = deps({ url: () => new Promise((_, reject) => (stop = reject)) });
    const stopped = deliverWebhook(lead.submissionId, dead.deps, roomy, "req-0");
    for (let turn = 0; turn < 2_000 && !(await item(lead.submissionId))?.webhookLeaseUntil; turn++)
      await new Promise((resolve) => setImmediate(resolve));
    const lease = Number((await item(lead.submissionId))?.webhookLeaseUntil?.N);
    expect(lease).toBe(Date.now() + WEBHOOK_TIMEOUT_MS + DELIVERY.reserveMs);
    expect(await deliverWebhook(lead.submissionId, given, roomy, "req-1")).toBe("failed");
    vi.setSystemTime(lease);
    expect(await deliverWebhook(lead.submissionId, given, roomy, "req-2")).toBe("failed");
    vi.setSystemTime(lease + 1);
    expect(await deliverWebhook(lead.submissionId, given, roomy, "req-3")).toBe("sent");
    expect(posts).toHaveLength(1);
    stop(new Error("stopped"));
    expect(await stopped).toBe("failed");
    // Its lease was taken over: not an error of the store's.
    expect(dead.log.lines.map((line) => line.outcome)).toEqual(["webhook-failed"]);
    expect((await item(lead.submissionId))?.webhookAt).toBeDefined();
  });

  test("should give up on a lead that is not stored, without posting", async () => {
    const { posts } = receiver();
    const { deps: given } = deps();
    const id = randomUUID();
    expect(await deliverWebhook(id, given, roomy, "req-1")).toBe("gone");
    expect(await item(id)).toBeUndefined();
    // Deleted (erased) between the lease and the read.
    const lead = await mailedLead();
    const erased = deps({ store: { get: async () => undefined } });
    expect(await deliverWebhook(lead.submissionId, erased.deps, roomy, "req-2")).toBe("gone");
    expect(posts).toEqual([]);
  });

  test("should count a URL it cannot read as a failed post, logged by its code", async () => {
    const lead = await mailedLead();
    const { posts } = receiver();
    const unset = deps({
      url: () => Promise.reject(Object.assign(new Error("no secret"), { code: "WebhookUrlUnset" })),
    });
    expect(await deliverWebhook(lead.submissionId, unset.deps, roomy, "req-1")).toBe("failed");
    expect(unset.log.lines.at(-1)).toMatchObject({ outcome: "webhook-failed", error: "WebhookUrlUnset" });
    const odd = deps({ url: () => Promise.reject("down") });
    expect(await deliverWebhook(lead.submissionId, odd.deps, roomy, "req-2")).toBe("failed");
    expect(odd.log.lines.at(-1)).toMatchObject({ error: "string" });
    const named = deps({ url: () => Promise.reject(new RangeError("bad")) });
    expect(await deliverWebhook(lead.submissionId, named.deps, roomy, "req-3")).toBe("failed");
    expect(named.log.lines.at(-1)).toMatchObject({ error: "RangeError" });
    const network = deps({
      url: () => Promise.reject(new TypeError("fetch failed", { cause: { code: "ECONNREFUSED", message: "x" } })),
    });
    expect(await deliverWebhook(lead.submissionId, network.deps, roomy, "req-4")).toBe("failed");
    expect(network.log.lines.at(-1)).toMatchObject({ error: "ECONNREFUSED" });
    expect(posts).toEqual([]);
  });

  /** The table's client, failing the `nth` update (every one when unset) as a table that is down does. */
  const failingUpdate = (nth?: number) => {
    const failing = localDynamoClient(dynamo.endpoint);
    let updates = 0;
    failing.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === "UpdateItemCommand" && (++updates === nth || nth === undefined))
          throw Object.assign(new Error("down"), { name: "ServiceUnavailable" });
        return next(args);
      },
      { step: "initialize" },
    );
    return failing;
  };

  test("should log, not throw, when the store fails to record the post", async () => {
    const lead = await mailedLead();
    receiver();
    // The lease is taken; the write that records the post fails.
    const { deps: given, log } = deps({ client: failingUpdate(2) });
    expect(await deliverWebhook(lead.submissionId, given, roomy, "req-1")).toBe("sent");
    expect(log.lines).toContainEqual({
      level: "warn",
      requestId: "req-1",
      submissionId: lead.submissionId,
      outcome: "record-failed",
      error: "ServiceUnavailable",
    });
    given.client.destroy();
  });

  test("should throw what the store answers other than a taken lease", async () => {
    receiver();
    const { deps: given } = deps({ client: failingUpdate() });
    await expect(deliverWebhook(randomUUID(), given, roomy, "req-1")).rejects.toThrow("down");
    given.client.destroy();
  });
});

describe("webhookUrl", () => {
  test("should give a local run's URL as it is", async () => {
    expect(await webhookUrl({ url: "http://127.0.0.1:9/hook" }, () => Promise.reject(new Error("unused")))()).toBe(
      "http://127.0.0.1:9/hook",
    );
  });

  test("should read the secret once, trimmed", async () => {
    let reads = 0;
    const url = webhookUrl({ secretArn: "arn:secret" }, async (arn) => {
      reads += 1;
      return arn === "arn:secret" ? `  ${WEBHOOK_URL}\n` : undefined;
    });
    expect(await url()).toBe(WEBHOOK_URL);
    expect(await url()).toBe(WEBHOOK_URL);
    expect(reads).toBe(1);
  });

  test("should refuse a secret that holds no https URL, saying how long it was and where to set it", async () => {
    for (const value of [undefined, "", "http://hooks.example.com/x", "https://", "https://a b", " x https://a"]) {
      const error = await webhookUrl({ secretArn: "arn:secret" }, async () => value)().catch(
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({
        code: "WebhookUrlUnset",
        message: `the secret LEAD_WEBHOOK_SECRET_ARN names holds no https URL (${value?.trim().length ?? 0} characters); set it as docs/deploy.md says`,
      });
    }
  });
});

describe("signed posts", () => {
  const signed = async () => {
    const hook = receiver();
    const lead = await mailedLead();
    const { deps: d } = deps();
    expect(await deliverWebhook(lead.submissionId, d, roomy, "r")).toBe("sent");
    const [post] = hook.posts;
    const body = String(post?.init.body);
    const header = new Headers(post?.init.headers).get(SIGNATURE_HEADER);
    return { body, header, at: Number(/t=(\d+)/.exec(header ?? "")?.[1]) * 1000 };
  };

  test("should sign each post so that the receiver's check takes it, and refuse it with a changed body, another secret or none", async () => {
    const { body, header, at } = await signed();
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyLeadWebhook(body, header, SIGNING_SECRET, at)).toBe(true);
    expect(verifyLeadWebhook(body.replace("Asha", "Eve"), header, SIGNING_SECRET, at)).toBe(false);
    expect(verifyLeadWebhook(`${body} `, header, SIGNING_SECRET, at)).toBe(false);
    expect(verifyLeadWebhook(body, header, `${SIGNING_SECRET.slice(1)}0`, at)).toBe(false);
    expect(verifyLeadWebhook(body, null, SIGNING_SECRET, at)).toBe(false);
    expect(verifyLeadWebhook(body, header?.replace(/v1=\w+/, "v1=zz"), SIGNING_SECRET, at)).toBe(false);
  });

  test("should refuse a replay: a timestamp more than five minutes old (or ahead), even with its own valid MAC", async () => {
    const { body, header, at } = await signed();
    expect(verifyLeadWebhook(body, header, SIGNING_SECRET, at + 300_000)).toBe(true);
    expect(verifyLeadWebhook(body, header, SIGNING_SECRET, at + 301_000)).toBe(false);
    expect(verifyLeadWebhook(body, header, SIGNING_SECRET, at - 301_000)).toBe(false);
    // A replayed body with a fresh timestamp needs a MAC nobody without the secret can make.
    const fresh = header?.replace(/t=\d+/, `t=${Math.floor(at / 1000) + 600}`);
    expect(verifyLeadWebhook(body, fresh, SIGNING_SECRET, at + 600_000)).toBe(false);
  });

  test("should post nothing unsigned: without a signing secret of 32 characters the post fails and is retried", async () => {
    const hook = receiver();
    const lead = await mailedLead();
    const { deps: d, log } = deps({ signingSecret: webhookSigningSecret({ secret: "short" }, async () => undefined) });
    expect(await deliverWebhook(lead.submissionId, d, roomy, "r")).toBe("failed");
    expect(hook.asked).toEqual([]);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ outcome: "webhook-failed", error: "WebhookSigningSecretUnset" }),
    );
    const fromArn = webhookSigningSecret({ secretArn: "arn:x" }, async () => SIGNING_SECRET);
    expect(await fromArn()).toBe(SIGNING_SECRET);
  });

  test("should show receivers, in docs/deploy.md, exactly the check this code runs", () => {
    const source = readFileSync(new URL("../../../../lambdas/shared/webhook-signature.ts", import.meta.url), "utf8");
    const verifier = source.slice(source.indexOf("export function verifyLeadWebhook"));
    const docs = readFileSync(new URL("../../../../docs/deploy.md", import.meta.url), "utf8");
    expect(verifier.length).toBeGreaterThan(200);
    expect(docs).toContain(verifier.trim().replace(/^export /, ""));
  });
});
