import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { ClassicLevel } from "classic-level";
import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest";
import { eventually, type LeadStack, leadIdOf, startLeadStack, VALID } from "./harness.ts";

/**
 * `npm start` with LEADS_DIR on a full disk. LevelDB (under dynalite) then fails every write with an
 * I/O error; dynalite answered that with `throw`, which ended the whole process: site, API, mailbox and retry queue.
 * The disk is filled here by making LevelDB's writes fail as they do on ENOSPC (classic-level's own error), so the
 * test needs no root and no tmpfs; everything above LevelDB is the real `npm start` stack, data on disk.
 */
const FORM = "send-contact-email";
const MAIL_FAILURE = "Failed to send email";
let stack: LeadStack;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "leads-full-disk-"));
  // Send events tried again 100 and 200 ms apart, not npm start's 2 and 4 s (timed in local-retry-timers.test.ts).
  stack = await startLeadStack({ leadsDir: dir, asNpmStart: true, eventBackoffMs: 100 });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await stack?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What classic-level rejects a write with when the disk is full (binding.cc: an IOError becomes LEVEL_IO_ERROR). */
function fillDisk() {
  const full = () =>
    Promise.reject(
      Object.assign(new Error(`IO error: ${path.join(dir, "000005.log")}: No space left on device`), {
        code: "LEVEL_IO_ERROR",
      }),
    );
  // The private write methods abstract-level calls; its types do not list them.
  const level = ClassicLevel.prototype as unknown as Record<"_put" | "_del" | "_batch", () => Promise<void>>;
  for (const write of ["_put", "_del", "_batch"] as const) vi.spyOn(level, write).mockImplementation(full);
}

const lead = () => ({ ...VALID[FORM], email: `v-${randomUUID().slice(0, 8)}@example.org`, submissionId: randomUUID() });

test("a full disk costs the lead sent then one answer (503, the form's failure text); leads kept before stay intact, and the server goes on", async () => {
  const before = lead();
  expect((await stack.call(FORM, before)).status).toBe(200);
  expect(await eventually(async () => (await stack.lead(before.submissionId))?.status === "acknowledged")).toBe(true);
  const kept = await stack.lead(before.submissionId);

  fillDisk();
  const refused = lead();
  const answer = await stack.call(FORM, refused);
  expect([answer.status, answer.answer]).toEqual([503, { success: false, error: MAIL_FAILURE }]);
  // Nothing half done: the visitor sends it again, so the vendor must not have it yet.
  const mailed = (id: string) => async () =>
    (await stack.mails()).filter((mail) => mail.destination.to.includes("hello@example.com") && leadIdOf(mail) === id)
      .length;
  expect(await mailed(refused.submissionId)()).toBe(0);
  // The store still reads: what it kept before the disk filled is there as it was.
  expect(await stack.lead(before.submissionId)).toEqual(kept);

  vi.restoreAllMocks();
  // The same process goes on: the API takes the visitor's second try, the store keeps it, the mailbox gets it.
  const again = await stack.call(FORM, refused);
  expect([again.status, again.answer]).toEqual([200, { success: true, data: { id: refused.submissionId } }]);
  expect(await eventually(async () => (await mailed(refused.submissionId)()) === 1)).toBe(true);
  expect(await eventually(async () => (await stack.lead(refused.submissionId))?.status === "acknowledged")).toBe(true);
});

test("a lead mailed while the disk is full reaches mailed once the disk has room, without a second mail", async () => {
  const sent = lead();
  // The disk fills between the lead's claim and the record of its mail: every write of a mailed record fails until
  // its send event has been tried for the last time.
  const level = ClassicLevel.prototype as unknown as Record<"_put" | "_batch", (...args: unknown[]) => Promise<void>>;
  for (const write of ["_put", "_batch"] as const) {
    const original = level[write];
    vi.spyOn(level, write).mockImplementation(function (this: unknown, ...args: unknown[]) {
      return JSON.stringify(args).includes("mailed")
        ? Promise.reject(Object.assign(new Error("IO error: No space left on device"), { code: "LEVEL_IO_ERROR" }))
        : original.apply(this, args);
    });
  }
  const logged = vi.spyOn(console, "error");
  expect((await stack.call(FORM, sent)).status).toBe(200);
  const gaveUp = async () => logged.mock.calls.some(([line]) => line === "[retry] a send event failed");
  expect(await eventually(gaveUp)).toBe(true);
  expect((await stack.lead(sent.submissionId))?.status).toBe("received");
  vi.restoreAllMocks();
  expect(await eventually(async () => (await stack.lead(sent.submissionId))?.status === "acknowledged", 300)).toBe(
    true,
  );
  const vendor = (await stack.mails()).filter(
    (mail) => mail.destination.to.includes("hello@example.com") && leadIdOf(mail) === sent.submissionId,
  );
  expect(vendor).toHaveLength(1);
}, 60_000);
