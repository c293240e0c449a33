import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type LeadStack, startLeadStack, VALID } from "./harness.ts";

const run = promisify(execFile);
let stack: LeadStack;

/** `npm run leads` as an operator runs it against the stack's own store and mailbox. */
async function leads(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "scripts/leads.ts", ...args], {
    env: { ...process.env, DYNAMO_PORT: stack.ports.dynamo, SES_PORT: stack.ports.ses },
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
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

  test("exports every lead as CSV with all fields, status and dates", async () => {
    const { stdout } = await leads("--csv");
    const [header, ...lines] = stdout.trim().split("\n");
    expect(header?.split(",").slice(0, 5)).toEqual(["submissionId", "form", "status", "spamReason", "receivedAt"]);
    expect(header).toContain("subject");
    expect(lines.length).toBe((await stack.leads()).length);
  });
});
