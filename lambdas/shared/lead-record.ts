/**
 * The shape of the leads table, as agreed with infra/ (the CDK stack creates it; server/local-dynamo.ts creates the
 * same locally). One table, partition key `pk` only:
 * - a lead: `pk = "lead#<submissionId>"`, `day = "<YYYY-MM-DD of receivedAt>"`, found newest first through the GSI
 *   `byDay` (partition `day`, sort `receivedAt`; it copies only the few fields a listing filters on, LEAD_INDEX_FIELDS,
 *   and one day is one partition, so no partition takes every lead); the listing reads the whole lead from the table;
 * - a client's hourly count of suspected leads: `pk = "suspect#<sha256 of the client address>#<YYYY-MM-DDTHH>"` (caught
 *   by a trap; `…#limit` for those over the rate limit), `count`, `cap` (how many of them are stored),
 *   `day = "suspect#<YYYY-MM-DD>"`, `receivedAt` = the hour, listed through `byDay` too (spam-folder.ts);
 * - the spam digest's mark: `pk = "digest#spam"`, `lastAt` (the newest spam the last digest mailed);
 * - an acknowledgement counter per address: `pk = "ack#<sha256 of the normalised address>#<YYYY-MM-DD>"`, `count`;
 * - an acknowledgement counter per client: `pk = "ackclient#<sha256 of the client address>#<YYYY-MM-DDTHH>"`, `count`.
 * - a client's hourly lead counter: `pk = "rate#<sha256 of the client address>#<YYYY-MM-DDTHH>"`, `count`
 *   (lambdas/shared/spam-folder.ts).
 * Every item carries `expiresAt` (epoch seconds), the table's TTL attribute.
 */

/**
 * The function fed by the retry queue and the sweep schedule (lambdas/deliver-lead/handler.ts). Every other folder
 * under lambdas/ with a handler.ts is a form handler served at /api/<folder>; this one is never served over HTTP.
 */
export const DELIVER_LEAD_FUNCTION = "deliver-lead";

export const LEAD_KEY_PREFIX = "lead#";
export const ACK_KEY_PREFIX = "ack#";
export const RATE_KEY_PREFIX = "rate#";
export const ACK_CLIENT_KEY_PREFIX = "ackclient#";
/** The index subscribers are listed through (partition `kind`, lambdas/shared/subscriber-store.ts); leads left it. */
export const BY_RECEIVED_AT_INDEX = "byReceivedAt";
/** The index leads are listed through, one partition per UTC day. */
export const BY_DAY_INDEX = "byDay";
/** The fields `byDay` copies besides its keys and `pk`: what the sweep and the listings filter on before reading a lead. */
export const LEAD_INDEX_FIELDS = [
  "submissionId",
  "status",
  "form",
  "updatedAt",
  "leaseUntil",
  "spamReason",
  "count",
  "cap",
];
export const SUSPECT_KEY_PREFIX = "suspect#";
export const DIGEST_KEY = "digest#spam";
/** The index partition of a lead received at `receivedAt` (an ISO date): its UTC day. */
export const leadDay = (receivedAt: string) => receivedAt.slice(0, 10);
/** The index partition of the suspected-lead counters of one UTC day. */
export const suspectDay = (day: string) => `${SUSPECT_KEY_PREFIX}${day}`;

/**
 * received: stored, not mailed yet (or being mailed); mailed: the vendor has it; acknowledged: the visitor's
 * confirmation went out too; failed: the last attempt to mail the vendor failed, `lastError` says why; unknown: SES
 * did not answer the last attempt in time, so it may have sent the mail: its send event marks the lead mailed, and
 * only a lead that stays unknown for a pause without one is tried again; spam: a trap or the rate limit caught it
 * (`spamReason`), kept for review, mailed only when released (`npm run leads -- release`).
 */
export const LEAD_STATUSES = ["received", "mailed", "acknowledged", "failed", "unknown", "spam"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** What sent a lead to the spam folder: the hidden field filled, sent too soon after the form opened, or over the client's hourly limit. */
export const SPAM_REASONS = ["honeypot", "too-fast", "rate-limited"] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/** A stored lead as the handlers, deliver-lead and `npm run leads` read it. */
export interface LeadRecord {
  submissionId: string;
  /** The function that took it, e.g. "send-contact-email": it knows how to mail it. */
  form: string;
  status: LeadStatus;
  receivedAt: string;
  updatedAt: string;
  /** Attempts to mail the vendor so far. */
  attempts: number;
  /** Error code of the last failed attempt (never a message: codes carry no personal data). */
  lastError?: string;
  /** Why a lead is (or was, before its release) in the spam folder. */
  spamReason?: SpamReason;
  /** The validated fields, exactly as the schema returned them. */
  lead: Record<string, string>;
  expiresAt: number;
  /** Until when (epoch ms) a worker holds the right to mail it; absent or past when nobody does. */
  leaseUntil?: number;
  /** SHA-256 of the address the lead came from, for the hourly acknowledgement cap per client (never the address). */
  client?: string;
  /** A suspected lead only: characters cut from each field longer than its form allows (spam-folder.ts). */
  truncated?: Record<string, number>;
  /** A suspected lead only: how many keys of the body were not the form's fields, or not text, and were not kept. */
  droppedKeys?: number;
}

/**
 * The message on the retry queue (SQS body, JSON): mail the lead, (kind "webhook") post it to the team's webhook, or
 * (kind "follow-up") hand a mailed lead on if the attempt that held it when its send event came did not.
 * With `unstored`, the lead was mailed while the store was down and the message asks deliver-lead to store it, as
 * mailed ("store me"): `npm run leads` then shows it; on a follow-up, it is the lead as its send event found it.
 */
export interface RetryMessage {
  submissionId: string;
  form: string;
  kind?: "webhook" | "follow-up";
  unstored?: LeadRecord;
  /** A follow-up's claim on the hand-on (LeadStore.claimFollowUp), the same on every receive of the message. */
  claimant?: string;
}

/**
 * A retry message as a queue's message body: the whole message, so a lead mailed while the store was down travels in
 * `unstored` to deliver-lead, which stores it. parseRetryMessage reads it back.
 */
export function retryMessageBody({ submissionId, form, kind, unstored, claimant }: RetryMessage): string {
  return JSON.stringify({ submissionId, form, kind, unstored, claimant });
}

/** Parses a retry message body; undefined when it is not one (a stray message is dropped, not retried forever). */
export function parseRetryMessage(body: string): RetryMessage | undefined {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value !== "object" || value === null) return undefined;
    const { submissionId, form, kind, unstored, claimant } = value as Record<string, unknown>;
    if (typeof submissionId !== "string" || typeof form !== "string" || !submissionId || !form) return undefined;
    if (kind === "webhook") return { submissionId, form, kind };
    // A follow-up carries the lead as its send event found it, so the check needs no read.
    if (kind === "follow-up")
      return {
        submissionId,
        form,
        kind,
        ...(isUnstored(unstored, submissionId) ? { unstored } : {}),
        ...(typeof claimant === "string" ? { claimant } : {}),
      };
    return isUnstored(unstored, submissionId) ? { submissionId, form, unstored } : { submissionId, form };
  } catch {
    return undefined;
  }
}

function isUnstored(value: unknown, submissionId: string): value is LeadRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  const lead = record.lead as Record<string, unknown> | null;
  return (
    record.submissionId === submissionId &&
    typeof record.form === "string" &&
    LEAD_STATUSES.includes(record.status as LeadStatus) &&
    typeof record.receivedAt === "string" &&
    typeof lead === "object" &&
    lead !== null &&
    Object.values(lead).every((field) => typeof field === "string")
  );
}
