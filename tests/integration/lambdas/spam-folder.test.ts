import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LEAD_SPAM } from "../../../src/lib/limits.ts";
import { leadsCli } from "../../../scripts/leads.ts";
import { runCli } from "../../fixtures/cli.ts";
import { type LeadStack, startLeadStack, VALID } from "./harness.ts";

let stack: LeadStack;

/** `npm run leads` (in process) as an operator runs it against the stack's own store and mailbox. */
function leads(...args: string[]) {
  return runCli(leadsCli, args, { ...process.env, DYNAMO_PORT: stack.ports.dynamo, SES_PORT: stack.ports.ses });
}

beforeAll(async () => {
  // The production limit: every request of this file comes from the one local client address.
  stack = await startLeadStack({ env: { LEAD_RATE_LIMIT: "10", ACK_DAILY_LIMIT: "1000" } });
});
afterAll(async () => {
  await stack?.close();
});

describe("the spam folder", () => {
  const valid = VALID["send-contact-email"];

  test("keeps a too-fast lead, a honeypot lead and the 11th lead of an hour from one address as spam, answered 200 and not mailed; release mails one exactly once", async () => {
    const fast = await stack.call("send-contact-email", { ...valid, elapsedMs: 500 });
    const honeypot = await stack.call("send-contact-email", { ...valid, website: "https://spam.example.net" });
    await stack.clearMails();
    for (let i = 0; i < 10; i++) expect((await stack.call("send-contact-email", valid)).status).toBe(200);
    expect((await stack.mails()).filter((mail) => mail.destination.to.includes("hello@example.com"))).toHaveLength(10);
    await stack.clearMails();
    const eleventh = await stack.call("send-contact-email", valid);

    for (const [answer, reason] of [
      [fast, "too-fast"],
      [honeypot, "honeypot"],
      [eleventh, "rate-limited"],
    ] as const) {
      expect(answer).toMatchObject({ status: 200, answer: { success: true, data: { id: expect.any(String) } } });
      expect(await stack.lead(answer.answer.data?.id ?? "")).toMatchObject({
        status: "spam",
        spamReason: reason,
        lead: { subject: valid.subject },
      });
    }
    await stack.retryNow();
    await stack.sweep();
    expect(await stack.mails()).toEqual([]);

    const spam = await leads("--json", "--status", "spam");
    const rows = spam.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { status: string; submissionId: string });
    expect(rows.map((row) => row.status)).toEqual(["spam", "spam", "spam"]);
    expect(new Set(rows.map((row) => row.submissionId))).toEqual(
      new Set([fast, honeypot, eleventh].map((call) => call.answer.data?.id)),
    );

    const id = fast.answer.data?.id ?? "";
    const released = await leads("release", id);
    expect(released.stdout).toContain(`Released ${id}`);
    const again = await leads("release", id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("not in the spam folder; nothing was mailed");
    const vendor = (await stack.mails()).filter((mail) => mail.destination.to.includes("hello@example.com"));
    expect(vendor).toHaveLength(1);
    expect(vendor[0]?.body.text).toContain(id);
    expect((await stack.lead(id))?.status).toBe("acknowledged");
    const left = await leads("--json", "--status", "spam");
    expect(left.stdout.trim().split("\n")).toHaveLength(2);
  });

  test("keeps what a trapped bot sent even when it fails the form's checks, and refuses to release it", async () => {
    const bot = await stack.call("send-contact-email", { name: "x", email: "no", message: 42, website: "spam" });
    expect(bot.status).toBe(200);
    const id = bot.answer.data?.id ?? "";
    expect(await stack.lead(id)).toMatchObject({
      status: "spam",
      spamReason: "honeypot",
      lead: { name: "x", email: "no" },
    });
    const refused = await leads("release", id);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("do not pass the send-contact-email form's checks");
  });
});

/** A client of its own for one test: an IPv6 /64 no other test uses; `host` varies the address inside it. */
const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
let networks = 0;
function newNetwork() {
  networks += 1;
  const prefix = `${network.slice(0, network.lastIndexOf(":"))}:${(Number.parseInt(network.slice(network.lastIndexOf(":") + 1), 16) + networks).toString(16)}`;
  return (host: number) => ({ "cloudfront-viewer-address": `${prefix}::${host.toString(16)}:443` });
}

describe("the spam folder's bound", () => {
  test("a 2,000-key, 30 KB honeypot body keeps only the form's fields, each cut to the form's limit, with what was cut", async () => {
    const body: Record<string, unknown> = {
      name: "n".repeat(1_000),
      email: "no",
      subject: "s".repeat(300),
      message: "m".repeat(8_000),
      website: "https://spam.example.net",
    };
    for (let i = 0; i < 2_000; i++) body[`k${i}`] = "";
    // 30 KB: the most a request may carry is 32 KB.
    expect(JSON.stringify(body).length).toBeGreaterThan(30_000);
    expect(JSON.stringify(body).length).toBeLessThan(32 * 1024);
    const answer = await stack.call("send-contact-email", body, { headers: newNetwork()(1) });
    expect(answer).toMatchObject({ status: 200, answer: { success: true } });
    const stored = await stack.lead(answer.answer.data?.id ?? "");
    expect(stored).toMatchObject({ status: "spam", spamReason: "honeypot" });
    expect(Object.keys(stored?.lead ?? {}).sort()).toEqual(["email", "message", "name", "subject"]);
    expect(stored?.lead.name).toHaveLength(100);
    expect(stored?.lead.message).toHaveLength(2_000);
    expect(stored?.truncated).toEqual({ name: 900, subject: 100, message: 6_000 });
    expect(stored?.droppedKeys).toBe(2_000);
    expect(JSON.stringify(stored).length).toBeLessThan(3_000);
  });

  test(`the ${LEAD_SPAM.storedPerClientHour + 1}st suspected lead of an hour from one /64 is answered as sent and counted, not stored; npm run leads shows the count`, async () => {
    const cap = LEAD_SPAM.storedPerClientHour;
    let answers: Awaited<ReturnType<LeadStack["call"]>>[] = [];
    // The counter is per clock hour: a run that straddles one is made again with a fresh client.
    for (let tries = 0; tries < 2; tries++) {
      const hour = new Date().toISOString().slice(0, 13);
      const client = newNetwork();
      answers = [];
      for (let i = 0; i <= cap; i++)
        answers.push(
          await stack.call(
            "send-contact-email",
            { ...VALID["send-contact-email"], website: "spam", message: `junk ${"j".repeat(29_000)}` },
            // Every address differs, inside one /64: one client.
            { headers: client(i + 1) },
          ),
        );
      if (new Date().toISOString().slice(0, 13) === hour) break;
    }
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, answer: { success: true } });
    const stored = await Promise.all(answers.map((answer) => stack.lead(answer.answer.data?.id ?? "")));
    expect(stored.slice(0, cap).every((lead) => lead?.status === "spam")).toBe(true);
    expect(stored[cap]).toBeUndefined();
    const listed = await leads("--status", "spam");
    expect(listed.stdout).toContain("Also 1 suspected lead counted, not stored (over 20 caught by a trap, or 200 over");
    const report = await leads("report");
    expect(report.stdout).toContain("Also 1 suspected lead counted, not stored");
  });

  test("leads over the rate limit from one address (a mobile carrier's visitors) are all stored past the trap's cap", async () => {
    // 10 pass the limit, the next 25 are filed as spam for it: more than the 20 a trap's catch keeps, all stored.
    const client = newNetwork();
    const answers: Awaited<ReturnType<LeadStack["call"]>>[] = [];
    for (let i = 0; i < LEAD_SPAM.leadsPerClientHour + 25; i++)
      answers.push(
        await stack.call(
          "send-contact-email",
          { ...VALID["send-contact-email"], submissionId: randomUUID() },
          { headers: client(1) },
        ),
      );
    const stored = await Promise.all(answers.map((answer) => stack.lead(answer.answer.data?.id ?? "")));
    expect(stored.filter((lead) => lead === undefined)).toEqual([]);
    expect(stored.filter((lead) => lead?.status === "spam").map((lead) => lead?.spamReason)).toEqual(
      Array(25).fill("rate-limited"),
    );
  });

  test("npm run leads -- digest mails the vendor what the folder got once, then nothing while nothing is new", async () => {
    await stack.clearMails();
    const first = await leads("digest");
    expect(first.stdout).toContain("Mailed the spam digest");
    const digests = (await stack.mails()).filter((mail) => mail.subject.startsWith("Spam folder:"));
    expect(digests).toHaveLength(1);
    expect(digests[0]?.destination.to).toEqual(["hello@example.com"]);
    const spam = (await stack.leads()).filter((lead) => lead.status === "spam");
    for (const lead of spam) expect(digests[0]?.body.text).toContain(`npm run leads -- release ${lead.submissionId}`);
    const second = await leads("digest");
    expect(second.stdout).toContain("Nothing new in the spam folder");
    expect((await stack.mails()).filter((mail) => mail.subject.startsWith("Spam folder:"))).toHaveLength(1);
  });
});
