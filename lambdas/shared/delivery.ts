import { randomUUID } from "node:crypto";
import { SUBSCRIBE_FUNCTION } from "../../src/lib/newsletter.ts";
import type { Deadline } from "./deadline.ts";
import type { LeadConfig } from "./env.ts";
import type { LeadQueue } from "./lead-queue.ts";
import type { LeadRecord } from "./lead-record.ts";
import { type AckOutcome, isUnmailed, type LeadStore } from "./lead-store.ts";
import type { Logger } from "./log.ts";
import { MailerError, type Mailer, type OutgoingMail } from "./mailer.ts";

/**
 * Mailing a stored lead: the one path both the form handlers (first attempt, at once) and deliver-lead (every retry)
 * take, so a lead is mailed the same way whoever mails it, and never twice: the lease taken by `claim` is held
 * longer than the mail's own deadline.
 */

/** Timings of the retry path, agreed with infra/ (function timeouts, sweep schedule). */
export const DELIVERY = {
  /** A form handler's timeout; the budget when no Lambda context says otherwise. */
  leadFunctionTimeoutMs: 10_000,
  /** deliver-lead's timeout. */
  deliverFunctionTimeoutMs: 30_000,
  /** Kept back from the mail's deadline to record the outcome, enqueue a retry and answer. */
  reserveMs: 1_500,
  /** The longest the handler waits for the lead's put (two of the store client's 2 s requests). */
  storePutMs: 4_000,
  /** After a put whose outcome is unknown, the consistent read that checks it gets this long (one store request). */
  storeCheckMs: 2_000,
  /** The visitor's confirmation gets one attempt this short at most: it never holds the lead up. */
  acknowledgementMs: 1_500,
  /** A lead the handler could not mail waits this long on the queue before deliver-lead tries. */
  retryDelaySeconds: 60,
  /** The sweep re-enqueues a received or failed lead untouched for this long (a crash between store and enqueue). */
  sweepAfterMs: 120_000,
  /** The sweep looks this far back; older unmailed leads need `npm run leads -- replay`. */
  sweepWindowDays: 7,
} as const;

/** The mails of one lead: the vendor's copy, and the visitor's confirmation when the site sends one. */
export interface LeadMails {
  vendor: OutgoingMail;
  acknowledgement: OutgoingMail | undefined;
}

/** Builds a stored lead's mails; undefined when the stored fields no longer make a lead of this form. */
export type MailsOf = (lead: Record<string, string>, config: LeadConfig, id: string) => LeadMails | undefined;

export interface DeliveryDeps {
  config: LeadConfig;
  mailer: Mailer;
  store: LeadStore;
  queue: LeadQueue;
  log: Logger;
}

/**
 * mailed: this call mailed the vendor; failed: it tried and SES did not take it; unknown: SES did not answer in time
 * (the send event or a later retry settles it); not-attempted: the mailer is not configured, the attempt was given
 * back; waiting: unknown, and still within the pause its send event may come in; busy: still unmailed, but another
 * worker holds its lease (or no time was left), so try again later; done: mailed already, or no such lead.
 */
export type DeliveryResult = "mailed" | "failed" | "unknown" | "not-attempted" | "waiting" | "busy" | "done";

/** Seconds a retry message waits so that an unknown lead's pause is over when it is next received (SQS: 900 at most). */
export const sendEventWaitSeconds = (config: LeadConfig) => Math.min(900, Math.ceil(config.sendEventWaitMs / 1000));

const codeOf = (error: unknown) =>
  error instanceof MailerError ? error.code : error instanceof Error ? error.name : typeof error;

/**
 * Claims the lead, mails the vendor within the deadline, records the outcome, then gives the visitor's confirmation
 * one short attempt (counted against the address's daily limit). A failed confirmation never fails the lead.
 * @throws only when the store itself fails before the mail was sent (the caller retries later).
 */
export async function deliverStoredLead(
  submissionId: string,
  mailsOf: MailsOf,
  deps: DeliveryDeps,
  deadline: Deadline,
  requestId: string,
): Promise<DeliveryResult> {
  const { store, mailer, log, config } = deps;
  const budget = deadline.remainingMs(DELIVERY.reserveMs);
  if (budget <= 0) return "busy";
  // The lease outlives the mail's deadline, so no other worker can start on this lead while we may still send it.
  const now = new Date();
  const quietSince = new Date(now.getTime() - config.sendEventWaitMs);
  const record = await store.claim(submissionId, budget + DELIVERY.reserveMs, now, quietSince);
  if (!record) {
    const current = await store.get(submissionId);
    if (current?.status === "unknown" && current.updatedAt >= quietSince.toISOString()) return "waiting";
    return current && isUnmailed(current.status) ? "busy" : "done";
  }
  const mails = mailsOf(record.lead, config, submissionId);
  if (!mails) {
    // Cannot happen for a lead this code stored; kept as failed so an operator sees it in `npm run leads`.
    await store.markFailed(submissionId, "UnreadableLead", new Date());
    log.error({ requestId, submissionId, outcome: "mail-failed", error: "UnreadableLead" });
    return "failed";
  }
  // However this attempt ends with the lead mailed, it hands it on, unless the send event or a follow-up did first.
  const claimant = randomUUID();
  const handOn = () =>
    afterMail(record, mails, deps, deadline, requestId, claimant).catch(async (error: unknown) => {
      // The store did not answer the claim (it may have taken it): a follow-up message asks again as this claimant.
      log.error({ requestId, submissionId, outcome: "follow-up-failed", error: codeOf(error) });
      await deps.queue
        .enqueue({ submissionId, form: record.form, kind: "follow-up", claimant }, DELIVERY.retryDelaySeconds)
        .catch(() => undefined);
    });
  try {
    await mailer.send(mails.vendor, { timeoutMs: deadline.remainingMs(DELIVERY.reserveMs) });
  } catch (error) {
    const code = codeOf(error);
    const failure = error instanceof MailerError ? error.failure : "refused";
    if (failure === "not-attempted") {
      // Our configuration, not SES: the lead keeps its attempt and its status, and an operator gets an error line.
      log.error({ requestId, submissionId, outcome: "mail-not-attempted", error: code });
      await store.release(submissionId, new Date());
      return "not-attempted";
    }
    if (failure === "unclear") {
      // SES may have taken it: no resend now; its send event marks the lead mailed, or a quiet pause allows a retry.
      log.warn({ requestId, submissionId, outcome: "mail-unknown", error: code, attempts: record.attempts });
      if (await store.markUnknown(submissionId, code, new Date())) return "unknown";
      // Its send event came while this attempt waited for SES's answer: the lead is mailed.
      await handOn();
      return "mailed";
    }
    log.warn({ requestId, submissionId, outcome: "mail-failed", error: code, attempts: record.attempts });
    if (await store.markFailed(submissionId, code, new Date())) return "failed";
    // An earlier attempt's mail went out meanwhile (its send event marked the lead mailed): nothing to retry.
    await handOn();
    return "done";
  }
  await store.markMailed(submissionId, new Date()).catch(async (error: unknown) => {
    // The vendor has the lead; only the record lags (a full local disk, a store that is down). The queue writes it,
    // and hands the lead on, once the store takes writes again, rather than a sweep mailing it once more.
    log.error({ requestId, submissionId, outcome: "record-failed", error: codeOf(error) });
    const mailed: LeadRecord = { ...record, status: "mailed", updatedAt: new Date().toISOString() };
    await deps.queue.enqueue({ submissionId, form: record.form, unstored: mailed }, 0).catch((queueError: unknown) => {
      log.error({ requestId, submissionId, outcome: "record-lost", error: codeOf(queueError) });
    });
  });
  log.info({ requestId, submissionId, outcome: "mailed", attempts: record.attempts });
  await handOn();
  return "mailed";
}

/**
 * What follows the vendor's mail, once a lead: the team's webhook (from the queue, so it can neither hold up nor
 * replace the mail; enqueued alongside the acknowledgement rather than after it) and the visitor's confirmation.
 * The attempt that sent the mail calls it however it ended (answer, timeout, refusal of a later resend), and so do
 * the mail's send event and a follow-up message (lambdas/deliver-lead/deliver-lead.ts): the first to claim the lead
 * in the store does it, the others find it claimed and do nothing.
 * @param claimant who claims: the same on every try of one caller, so a claim the store took but did not answer holds.
 * @throws when the store cannot be asked (the caller logs it, or the send event is tried again).
 */
export async function afterMail(
  record: LeadRecord,
  mails: LeadMails,
  deps: DeliveryDeps,
  deadline: Deadline,
  requestId: string,
  claimant: string = randomUUID(),
): Promise<void> {
  const { store, log, config } = deps;
  const { submissionId } = record;
  if (!(await store.claimFollowUp(submissionId, new Date(), claimant))) return;
  const notified =
    config.leadWebhook && record.form !== SUBSCRIBE_FUNCTION
      ? deps.queue.enqueue({ submissionId, form: record.form, kind: "webhook" }, 0).catch((error: unknown) => {
          log.error({ requestId, submissionId, outcome: "webhook-failed", error: codeOf(error) });
        })
      : undefined;
  if (mails.acknowledgement) await acknowledge(record, mails.acknowledgement, deps, deadline, requestId);
  else await store.markAcknowledgement(submissionId, "off", new Date()).catch(() => undefined);
  await notified;
}

export type VisitorMailCount = "allowed" | "client-limited" | "mailbox-limited";

/**
 * Counts one mail to a visitor (a lead's acknowledgement, a newsletter confirmation) against the client's hourly cap,
 * then the mailbox's daily one. The client's first: a flood of different addresses from one client stops there.
 * @param client the lead's `client` (hash of its address); without one only the mailbox is counted.
 */
export async function countVisitorMail(
  store: LeadStore,
  config: LeadConfig,
  to: string,
  client: string | undefined,
  now: Date,
): Promise<VisitorMailCount> {
  if (client && !(await store.countClientAcknowledgement(client, config.ackClientHourlyLimit, now)))
    return "client-limited";
  return (await store.countAcknowledgement(to, config.ackDailyLimit, now, config.leadRetentionDays * 86_400))
    ? "allowed"
    : "mailbox-limited";
}

async function acknowledge(
  record: LeadRecord,
  mail: OutgoingMail,
  deps: DeliveryDeps,
  deadline: Deadline,
  requestId: string,
): Promise<void> {
  const { store, mailer, log, config } = deps;
  const { submissionId } = record;
  let outcome: AckOutcome = "failed";
  try {
    // Over either cap the vendor has the lead already; only the visitor's confirmation is skipped.
    const allowed = await countVisitorMail(store, config, mail.to, record.client, new Date());
    if (allowed !== "allowed") {
      outcome = "limited";
      log.info({
        requestId,
        submissionId,
        outcome: allowed === "mailbox-limited" ? "ack-limited" : "ack-client-limited",
      });
    } else {
      const timeoutMs = Math.min(DELIVERY.acknowledgementMs, deadline.remainingMs(DELIVERY.reserveMs / 2));
      await mailer.send(mail, { timeoutMs });
      outcome = "sent";
    }
  } catch (error) {
    log.warn({ requestId, submissionId, outcome: "ack-failed", error: codeOf(error) });
  }
  await store.markAcknowledgement(submissionId, outcome, new Date()).catch((error: unknown) => {
    log.warn({ requestId, submissionId, outcome: "record-failed", error: codeOf(error) });
  });
}
