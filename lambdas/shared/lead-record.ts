/**
 * The shape of the leads table, as agreed with infra/ (the CDK stack creates it; server/local-dynamo.ts creates the
 * same locally). One table, partition key `pk` only:
 * - a lead: `pk = "lead#<submissionId>"`, `kind = "lead"`, found newest first through the GSI `byReceivedAt`
 *   (partition `kind`, sort `receivedAt`);
 * - an acknowledgement counter: `pk = "ack#<sha256 of the lower-cased address>#<YYYY-MM-DD>"`, `count`;
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
export const LEAD_KIND = "lead";
export const BY_RECEIVED_AT_INDEX = "byReceivedAt";

/**
 * received: stored, not mailed yet (or being mailed); mailed: the vendor has it; acknowledged: the visitor's
 * confirmation went out too; failed: the last attempt to mail the vendor failed, `lastError` says why; spam: a trap
 * or the rate limit caught it (`spamReason`), kept for review, mailed only when released (`npm run leads -- release`).
 */
export const LEAD_STATUSES = ["received", "mailed", "acknowledged", "failed", "spam"] as const;
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
}

/** The message on the retry queue (SQS body, JSON): mail the lead, or (kind "webhook") post it to the team's webhook. */
export interface RetryMessage {
  submissionId: string;
  form: string;
  kind?: "webhook";
}

/** Parses a retry message body; undefined when it is not one (a stray message is dropped, not retried forever). */
export function parseRetryMessage(body: string): RetryMessage | undefined {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value !== "object" || value === null) return undefined;
    const { submissionId, form, kind } = value as Record<string, unknown>;
    if (typeof submissionId !== "string" || typeof form !== "string" || !submissionId || !form) return undefined;
    return kind === "webhook" ? { submissionId, form, kind } : { submissionId, form };
  } catch {
    return undefined;
  }
}
