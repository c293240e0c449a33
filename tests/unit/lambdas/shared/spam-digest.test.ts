import { randomUUID } from "node:crypto";
import { GetItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LeadRecord } from "../../../../lambdas/shared/lead-record.ts";
import { createDynamoLeadStore, type LeadStore } from "../../../../lambdas/shared/lead-store.ts";
import { MailerError } from "../../../../lambdas/shared/mailer.ts";
import { DIGEST_MAX_BYTES, type SpamDigestDeps, sendSpamDigest } from "../../../../lambdas/shared/spam-digest.ts";
import { createDynamoSuspectCap } from "../../../../lambdas/shared/spam-folder.ts";
import { LEAD_SPAM } from "../../../../src/lib/limits.ts";
import { ensureLeadsTable, type LocalDynamo } from "../../../../server/local-dynamo.ts";
import { startLocalTable } from "../local-table.ts";
import { fakeMailer, memoryLogger } from "../fakes.ts";

/**
 * The spam folder's daily digest on given clocks: the vendor gets one mail with what the folder got since
 * the last digest, each lead with its release command, never the same lead twice, and a lead still arrives in the next
 * digest when a mail fails. Each test has a table of its own (the digest's mark is one item per table); the clocks
 * are in 2031, so a listing that took today's date for theirs would find nothing.
 */
let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startLocalTable();
});
afterAll(() => dynamo?.close());

const DAY = 86_400_000;
const at = (day: number, hour = 0, minute = 0) => new Date(Date.UTC(2031, 2, 1 + day, hour, minute));

function spam(received: Date, overrides: Partial<LeadRecord> = {}): LeadRecord {
  return {
    submissionId: randomUUID(),
    form: "send-installation-email",
    status: "spam",
    spamReason: "rate-limited",
    receivedAt: received.toISOString(),
    updatedAt: received.toISOString(),
    attempts: 0,
    lead: { name: "Asha Rao", product: "astroway", package: "android" },
    expiresAt: 2_000_000_000,
    ...overrides,
  };
}

/** A digest's dependencies over a table of its own. */
async function digest(leads: LeadRecord[] = [], failOn: number[] = []) {
  const tableName = `digest-${randomUUID()}`;
  await ensureLeadsTable(dynamo.client, tableName);
  const store = createDynamoLeadStore({ tableName, region: "us-east-1", client: dynamo.client });
  for (const lead of leads) await store.put(lead);
  const mailer = fakeMailer(failOn);
  const log = memoryLogger();
  const deps = {
    store,
    client: dynamo.client,
    tableName,
    mailer,
    config: { senderEmail: "no-reply@example.com", recipientEmail: "vendor@example.com", siteName: "Shop" },
    log,
    releaseCommand: (id: string) => `npm run leads -- release ${id} --stack SiteStack`,
  } satisfies SpamDigestDeps;
  const mark = async () =>
    (
      await dynamo.client.send(
        new GetItemCommand({ TableName: tableName, Key: { pk: { S: "digest#spam" } }, ConsistentRead: true }),
      )
    ).Item;
  return { deps, store, mailer, log, mark };
}

describe("sendSpamDigest", () => {
  test("should mail nothing, and log so, when the folder got nothing", async () => {
    const { deps, mailer, log, mark } = await digest([spam(at(0, 9), { status: "mailed" })]);
    expect(await sendSpamDigest(deps, at(0, 12))).toEqual({ outcome: "nothing-new" });
    expect(mailer.sent).toEqual([]);
    expect(log.lines).toEqual([{ level: "info", outcome: "digest-nothing-new" }]);
    expect(await mark()).toBeUndefined();
  });

  test("should mail the vendor each suspected lead of the last day with why and how to release it", async () => {
    const lead = spam(at(0, 14, 5));
    // Exactly a day before: the first digest looks back one day, not further.
    const old = spam(new Date(at(1, 3).getTime() - DAY));
    const { deps, mailer, log } = await digest([lead, old]);
    expect(await sendSpamDigest(deps, at(1, 3))).toMatchObject({ outcome: "mailed", leads: 1, listed: 1, counted: 0 });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.timeouts).toEqual([10_000]);
    const [mail] = mailer.sent;
    expect(mail).toMatchObject({
      from: "no-reply@example.com",
      to: "vendor@example.com",
      replyTo: "vendor@example.com",
      subject: "Spam folder: 1 suspected lead in the spam folder - Shop",
      tags: { mail: "spam-digest" },
    });
    expect(mail?.text).toContain(
      `2031-03-01 14:05  send-installation-email  Asha Rao  astroway, android  (over ${LEAD_SPAM.leadsPerClientHour} leads from its address that hour)\n    npm run leads -- release ${lead.submissionId} --stack SiteStack`,
    );
    expect(mail?.text).not.toContain(old.submissionId);
    expect(log.lines).toEqual([{ level: "info", outcome: "digest-mailed", count: 1 }]);
  });

  test("should say in words why each lead was suspected and what the folder cut from it", async () => {
    const leads = [
      spam(at(0, 10), { spamReason: "honeypot", lead: { email: "asha@example.org" } }),
      spam(at(0, 11), { spamReason: "too-fast", truncated: { message: 12, name: 3 }, droppedKeys: 1, lead: {} }),
      spam(at(0, 12), { spamReason: undefined, droppedKeys: 3, lead: { name: "Ravi", package: "basic" } }),
    ];
    const { deps, mailer } = await digest(leads);
    await sendSpamDigest(deps, at(0, 20));
    const text = mailer.sent[0]?.text ?? "";
    expect(text).toContain("asha@example.org  -  (the hidden field was filled in)");
    expect(text).toContain(
      "-  -  (sent less than 2 seconds after the form opened; message cut by 12 characters, name cut by 3 characters, 1 other key dropped)",
    );
    expect(text).toContain("Ravi  basic  (suspected; 3 other keys dropped)");
  });

  test("should mail each lead once, and a lead that came after the last digest in the next", async () => {
    const first = spam(at(0, 14));
    const { deps, store, mailer, mark } = await digest([first]);
    await sendSpamDigest(deps, at(1, 3));
    expect(await mark()).toMatchObject({ lastAt: { S: first.receivedAt }, mailedAt: { S: at(1, 3).toISOString() } });
    expect(await sendSpamDigest(deps, at(1, 4))).toEqual({ outcome: "nothing-new" });
    // A lead filed at the very time of the last one listed was not in it.
    const next = spam(at(0, 14), { submissionId: randomUUID() });
    await store.put(next);
    await store.put(spam(at(2, 9)));
    expect(await sendSpamDigest(deps, at(3, 3))).toMatchObject({ outcome: "mailed", leads: 1 });
    expect(mailer.sent[1]?.text).not.toContain(first.submissionId);
    expect(mailer.sent[1]?.text).not.toContain(next.submissionId);
    expect(mailer.sent).toHaveLength(2);
  });

  test("should move the mark to the newest lead listed, however the folder orders them", async () => {
    const leads = [spam(at(0, 9)), spam(at(0, 16)), spam(at(0, 11))];
    const { deps, mailer, mark } = await digest(leads);
    expect(await sendSpamDigest(deps, at(1, 3))).toMatchObject({ leads: 3 });
    expect((await mark())?.lastAt).toEqual({ S: at(0, 16).toISOString() });
    expect(await sendSpamDigest(deps, at(1, 4))).toEqual({ outcome: "nothing-new" });
    expect(mailer.sent).toHaveLength(1);
  });

  test("should count the suspected leads that were counted and not stored, once", async () => {
    const { deps, mailer, log } = await digest();
    const cap = createDynamoSuspectCap({ client: dynamo.client, tableName: deps.tableName, limit: 1 });
    for (let n = 0; n < 4; n++) await cap.admit("203.0.113.7", at(0, 9, n));
    expect(await sendSpamDigest(deps, at(0, 12))).toMatchObject({ outcome: "mailed", leads: 0, counted: 3 });
    expect(mailer.sent[0]?.subject).toBe("Spam folder: 3 suspected leads in the spam folder - Shop");
    expect(mailer.sent[0]?.text).toMatch(/2031-03-01 09h, client [0-9a-f]{8}: 3 not stored/);
    expect(log.lines.at(-1)).toEqual({ level: "info", outcome: "digest-mailed", count: 3 });
    expect(await sendSpamDigest(deps, at(0, 13))).toEqual({ outcome: "nothing-new" });
    // The same hour's counter counting on after the digest is new again.
    await cap.admit("203.0.113.7", at(0, 9, 30));
    expect(await sendSpamDigest(deps, at(0, 14))).toMatchObject({ outcome: "mailed", counted: 4 });
  });

  test("should list the same leads again in the next digest when the mail fails", async () => {
    const lead = spam(at(0, 14));
    const { deps, mailer, mark } = await digest([lead], [1]);
    await expect(sendSpamDigest(deps, at(1, 3))).rejects.toBeInstanceOf(MailerError);
    expect(await mark()).not.toHaveProperty("lastAt");
    expect(await sendSpamDigest(deps, at(1, 4))).toMatchObject({ outcome: "mailed", leads: 1 });
    expect(mailer.sent[0]?.text).toContain(lead.submissionId);
  });

  test("should put the mark back where the last digest left it when a later mail fails", async () => {
    const first = spam(at(0, 14));
    const { deps, store, mailer, mark } = await digest([first], [2]);
    await sendSpamDigest(deps, at(1, 3));
    const second = spam(at(1, 9));
    await store.put(second);
    await expect(sendSpamDigest(deps, at(2, 3))).rejects.toBeInstanceOf(MailerError);
    expect((await mark())?.lastAt).toEqual({ S: first.receivedAt });
    await sendSpamDigest(deps, at(2, 4));
    expect(mailer.sent.map((mail) => mail.text.includes(second.submissionId))).toEqual([false, true]);
  });

  test("should leave the mark alone when the mail fails after another run moved it", async () => {
    const { deps, mark } = await digest([spam(at(0, 14))]);
    const moved = "2031-03-01T20:00:00.000Z";
    const mailer = {
      async send(): Promise<{ messageId: string }> {
        await dynamo.client.send(
          new PutItemCommand({ TableName: deps.tableName, Item: { pk: { S: "digest#spam" }, lastAt: { S: moved } } }),
        );
        throw new MailerError("refused", { cause: new Error("refused") });
      },
    };
    await expect(sendSpamDigest({ ...deps, mailer }, at(1, 3))).rejects.toBeInstanceOf(MailerError);
    expect((await mark())?.lastAt).toEqual({ S: moved });
  });

  test("should let only one of two runs at once mail the digest", async () => {
    const { deps, mailer, mark } = await digest([spam(at(0, 14))]);
    const memory = deps.store;
    // While this run reads the folder, another one moves the mark.
    const store: Pick<LeadStore, "list"> = {
      async *list(since, options) {
        yield* memory.list(since, options);
        await dynamo.client.send(
          new PutItemCommand({
            TableName: deps.tableName,
            Item: { pk: { S: "digest#spam" }, lastAt: { S: "2031-03-01T14:00:00.000Z" } },
          }),
        );
      },
    };
    expect(await sendSpamDigest({ ...deps, store }, at(1, 3))).toEqual({ outcome: "taken" });
    expect(mailer.sent).toEqual([]);
    expect((await mark())?.lastAt).toEqual({ S: "2031-03-01T14:00:00.000Z" });
  });

  /**
   * A folder as full as a flood makes it: `count` suspected leads, 15 s apart from `first`, from 60 clients, with
   * names as long as the digest shows. Listed from memory: the digest reads the folder only through `list`.
   */
  function flood(count: number, first: Date): LeadRecord[] {
    return Array.from({ length: count }, (_, n) =>
      spam(new Date(first.getTime() + n * 15_000), {
        form: n % 3 === 0 ? "send-installation-email" : "send-contact-email",
        spamReason: n % 2 === 0 ? "too-fast" : "rate-limited",
        client: `${String(n % 60).padStart(2, "0")}${"c".repeat(62)}`,
        lead: { name: `Visitor ${n} ${"x".repeat(120)}`, product: "astroway" },
        truncated: { message: 30_000 },
      }),
    );
  }
  const folder = (leads: LeadRecord[]): Pick<LeadStore, "list"> => ({
    async *list(since) {
      yield* leads.filter((lead) => lead.receivedAt >= since.toISOString());
    },
  });
  const weight = (mail: { text: string; html: string } | undefined) =>
    Buffer.byteLength(mail?.text ?? "") + Buffer.byteLength(mail?.html ?? "");

  test("should keep one mail under its ceiling however full the folder: every lead counted by form, reason and client, the newest listed, a command for the rest", async () => {
    const leads = flood(3_000, at(0, 1));
    const { deps, mailer, mark } = await digest();
    const result = await sendSpamDigest({ ...deps, store: folder(leads) }, at(1, 0));
    expect(result).toMatchObject({ outcome: "mailed", leads: 3_000 });
    const [mail] = mailer.sent;
    expect(weight(mail)).toBeLessThanOrEqual(DIGEST_MAX_BYTES);
    expect(mail?.subject).toBe("Spam folder: 3,000 suspected leads in the spam folder - Shop");
    const text = mail?.text ?? "";
    expect(text).toContain("By form: send-contact-email 2,000, send-installation-email 1,000");
    expect(text).toContain("By reason: rate-limited 1,500, too-fast 1,500");
    expect(text).toMatch(/By client: (\w{8} 50, ){10}50 more clients 2,500\n/);
    const listed = result.outcome === "mailed" ? result.listed : 0;
    expect(listed).toBeGreaterThan(100);
    expect(text).toContain(
      `The newest ${listed} of 3,000 stored; every one: npm run leads -- --status spam --since ${at(0, 0).toISOString()}`,
    );
    expect(text).toContain(leads.at(-1)?.submissionId);
    expect(text).not.toContain(leads[0]?.submissionId);
    // The mark moves past every lead the digest counted, listed or not.
    expect((await mark())?.lastAt).toEqual({ S: leads.at(-1)?.receivedAt });
  });

  test("should never make the next digest heavier than the ceiling when a mail fails, and count both days in it", async () => {
    const leads = flood(2_000, at(0, 1));
    const { deps, mailer, mark } = await digest([], [1]);
    const store = folder(leads);
    await expect(sendSpamDigest({ ...deps, store }, at(0, 10))).rejects.toBeInstanceOf(MailerError);
    expect(await mark()).not.toHaveProperty("lastAt");
    leads.push(...flood(2_000, at(0, 10)));
    const result = await sendSpamDigest({ ...deps, store, listCommand: (since) => `list --since ${since}` }, at(0, 20));
    expect(result).toMatchObject({ outcome: "mailed", leads: 4_000 });
    expect((await mark())?.lastAt).toEqual({ S: leads.at(-1)?.receivedAt });
    expect(weight(mailer.sent[0])).toBeLessThanOrEqual(DIGEST_MAX_BYTES);
    expect(mailer.sent[0]?.text).toContain(`every one: list --since ${at(-1, 20).toISOString()}`);
  });
});
