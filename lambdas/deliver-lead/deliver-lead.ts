import { randomUUID } from "node:crypto";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import type { LeadCatalogue } from "../../src/schemas/lead-fields.ts";
import type { Deadline } from "../shared/deadline.ts";
import {
  DELIVERY,
  type DeliveryDeps,
  afterMail,
  deliverStoredLead,
  type MailsOf,
  sendEventWaitSeconds,
} from "../shared/delivery.ts";
import { storedLeadMails } from "../shared/lead-handler.ts";
import { LEAD_ID_HEADER, LEAD_ID_TAG, LEAD_MAIL_TAG } from "../shared/lead-mails.ts";
import { type LeadRecord, parseRetryMessage, type RetryMessage } from "../shared/lead-record.ts";
import { isUnmailed, type LeadStore } from "../shared/lead-store.ts";
import { deliverWebhook, type WebhookDeps } from "../shared/lead-webhook.ts";
import type { Logger } from "../shared/log.ts";

export { DELIVER_LEAD_FUNCTION } from "../shared/lead-record.ts";
import { contactMessageForm } from "../send-contact-email/contact-message.ts";
import { installationRequestForm } from "../send-installation-email/installation-request.ts";
import { productInquiryForm } from "../send-product-inquiry/product-inquiry.ts";
import { SUBSCRIBE_FUNCTION, subscriptionMailsOf } from "../subscribe/subscribe.ts";

/** Every form's mails by its function name, the name stored with each lead and carried by each retry message. */
export function formMails(catalogue: LeadCatalogue): ReadonlyMap<string, MailsOf> {
  const product = productInquiryForm(catalogue);
  const installation = installationRequestForm(catalogue);
  const contact = contactMessageForm(catalogue);
  return new Map([
    [product.name, storedLeadMails(product)],
    [installation.name, storedLeadMails(installation)],
    [contact.name, storedLeadMails(contact)],
    // The newsletter's confirmation is built from its stored links: no signing secret needed here.
    [SUBSCRIBE_FUNCTION, subscriptionMailsOf],
  ]);
}

/**
 * One batch from the retry queue: each lead is mailed unless it is mailed already; a lead SES did not take, one
 * another worker holds, or a store error is reported back so SQS returns it after the visibility timeout, and after 5
 * receives moves it to the dead-letter queue. A message that names no known lead is dropped with a log line.
 */
export async function deliverBatch(
  event: SQSEvent,
  deps: DeliveryDeps,
  forms: ReadonlyMap<string, MailsOf>,
  deadline: Deadline,
  requestId: string,
  webhook?: WebhookDeps,
): Promise<SQSBatchResponse> {
  const failures = await Promise.all(
    event.Records.map(async (record) => {
      const message = parseRetryMessage(record.body);
      if (message?.kind === "webhook") {
        // Without a webhook configured (any more) the message has nothing to do.
        const result = webhook
          ? await deliverWebhook(message.submissionId, webhook, deadline, requestId).catch(() => "failed" as const)
          : "gone";
        return result === "failed" ? record.messageId : undefined;
      }
      if (message?.kind === "follow-up")
        return followUp(message, deps, forms, deadline, requestId).then(
          () => undefined,
          () => record.messageId,
        );
      const mailsOf = message && forms.get(message.form);
      if (!message || !mailsOf) {
        deps.log.error({ requestId, outcome: "unknown-message", error: message ? `form ${message.form}` : "body" });
        return undefined;
      }
      try {
        const held = message.unstored;
        if (held) {
          await storeUnstored(held, deps, requestId);
          // A lead its handler mailed is handed on here (its send event found no record to mark); one held unmailed
          // (neither the store nor SES answered its handler) is mailed below, as any retry (an unknown one after
          // its send-event pause).
          if (held.status !== "received" && held.status !== "unknown") {
            const mails = held.status === "mailed" ? mailsOf(held.lead, deps.config, held.submissionId) : undefined;
            if (mails) await afterMail(held, mails, deps, deadline, requestId);
            return undefined;
          }
        }
        const result = await deliverStoredLead(message.submissionId, mailsOf, deps, deadline, requestId);
        if (result === "waiting" || result === "unknown") {
          // Its send event may still come: asked again once the pause is over, without spending this message's receives.
          await deps.queue.enqueue(
            { submissionId: message.submissionId, form: message.form },
            sendEventWaitSeconds(deps.config),
          );
          return undefined;
        }
        // A lead another worker holds may still fail there: it comes back after the visibility timeout.
        return result === "mailed" || result === "done" ? undefined : record.messageId;
      } catch (error) {
        deps.log.error({
          requestId,
          submissionId: message.submissionId,
          outcome: "deliver-error",
          error: error instanceof Error ? error.name : typeof error,
        });
        return record.messageId;
      }
    }),
  );
  return {
    batchItemFailures: failures
      .filter((id): id is string => id !== undefined)
      .map((itemIdentifier) => ({ itemIdentifier })),
  };
}

/**
 * A lead the store was down for, written now: mailed directly by its handler, or held unmailed when SES failed too.
 * If the handler's own put landed after all (a slow store), that record is kept; a mailed one is marked mailed, so the
 * sweep does not mail it again.
 */
async function storeUnstored(record: LeadRecord, deps: DeliveryDeps, requestId: string): Promise<void> {
  const stored = await deps.store.put(record);
  if (stored === "duplicate" && record.status === "mailed")
    await deps.store.markMailed(record.submissionId, new Date());
  // The handler's own put landed: a mail SES may have taken waits for its send event there too.
  if (stored === "duplicate" && record.status === "unknown")
    await deps.store.markUnknown(record.submissionId, record.lastError ?? "unknown", new Date());
  deps.log.info({
    requestId,
    submissionId: record.submissionId,
    outcome: record.status === "mailed" ? "stored-after-mail" : "stored-held",
  });
}

/**
 * The lead an SES send event is about, when it is the vendor's copy of one of ours: SES publishes the headers and tags
 * the mail was sent with (EventBridge `detail`, or the same object as an SNS message). Undefined for anything else.
 */
function sentLeadOf(event: unknown): string | undefined {
  const root = event as { detail?: unknown } | null;
  const detail = (typeof root === "object" && root !== null && "detail" in root ? root.detail : root) as {
    eventType?: unknown;
    mail?: { headers?: Array<{ name?: unknown; value?: unknown }>; tags?: Record<string, unknown> };
  } | null;
  if (typeof detail !== "object" || detail === null || detail.eventType !== "Send") return undefined;
  const tags = detail.mail?.tags ?? {};
  const tag = (name: string) =>
    Array.isArray(tags[name]) && typeof tags[name][0] === "string" ? (tags[name][0] as string) : undefined;
  if (tag(LEAD_MAIL_TAG) !== "vendor") return undefined;
  const header = detail.mail?.headers?.find(
    (entry) => typeof entry.name === "string" && entry.name.toLowerCase() === LEAD_ID_HEADER.toLowerCase(),
  );
  const id = typeof header?.value === "string" ? header.value : tag(LEAD_ID_TAG);
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : undefined;
}

/**
 * SES sent the vendor's copy of a lead: the lead is mailed, whatever the attempt that sent it concluded. What follows a
 * mail (the webhook, the visitor's confirmation) is handed on here when no attempt can still be on the lead (it was
 * unknown, unleased); otherwise the attempt does it as it ends, and a "follow-up" message, due when its lease runs out,
 * does it in case the attempt ended without (refused on a resend, a store error, a crash): `afterMail` in
 * lambdas/shared/delivery.ts keeps it to once. Other events are ignored.
 * @returns the lead marked, or undefined.
 */
export async function recordSendEvent(
  event: unknown,
  deps: DeliveryDeps,
  forms: ReadonlyMap<string, MailsOf>,
  deadline: Deadline,
  requestId: string,
): Promise<string | undefined> {
  const submissionId = sentLeadOf(event);
  if (!submissionId) return undefined;
  const now = new Date();
  const before = await deps.store.markMailed(submissionId, now);
  deps.log.info({ requestId, submissionId, outcome: "send-event" });
  const heldMs = (before?.leaseUntil ?? 0) - now.getTime();
  if (before && heldMs < 0) {
    const mails = forms.get(before.form)?.(before.lead, deps.config, submissionId);
    // A retry of this event (same id) may claim again what a try whose answer was lost claimed.
    const eventId = (event as { id?: unknown } | null)?.id;
    if (mails) await afterMail(before, mails, deps, deadline, requestId, String(eventId ?? randomUUID()));
    return submissionId;
  }
  // Mailed already: by the attempt, which hands it on next (or queues a follow-up when the store fails it).
  if (!before) return submissionId;
  // Leased by an attempt still waiting for SES: checked once its lease is over.
  await deps.queue.enqueue(
    { submissionId, form: before.form, kind: "follow-up", unstored: before, claimant: randomUUID() },
    Math.ceil(heldMs / 1000) + FOLLOW_UP_GRACE_SECONDS,
  );
  return submissionId;
}

/** A follow-up check waits this long past the attempt's lease: time for it to hand the lead on itself. */
const FOLLOW_UP_GRACE_SECONDS = 5;

/**
 * A mailed lead's follow-up check: hands it on unless its attempt (or anything else) did. With the lead in the
 * message, the usual case (handed on already) costs one conditional write that fails.
 */
async function followUp(
  { submissionId, unstored, claimant }: RetryMessage,
  deps: DeliveryDeps,
  forms: ReadonlyMap<string, MailsOf>,
  deadline: Deadline,
  requestId: string,
): Promise<void> {
  const lead = unstored ?? (await deps.store.get(submissionId));
  const mails = lead && forms.get(lead.form)?.(lead.lead, deps.config, submissionId);
  if (lead && mails) await afterMail(lead, mails, deps, deadline, requestId, claimant);
}

export interface SweepOptions {
  now?: Date;
  /**
   * Leads untouched for less than this are left alone (a handler or worker may be on them). The start-up sweep passes
   * 0: after a restart no handler of the old process is on any lead, and an expired lease is proof enough.
   */
  olderThanMs?: number;
  /** How far back to look. */
  windowDays?: number;
  /** An unknown lead waits this long for its send event before it is queued again (config.sendEventWaitMs). */
  sendEventWaitMs?: number;
}

/**
 * The leads the index lists, each read back from the table (consistently): an entry whose lead does not exist (a
 * crash of the local store left it) is dropped from the index with one log line, never shown or queued.
 */
export async function* existingLeads(
  store: LeadStore,
  since: Date,
  log: Logger,
  requestId: string,
  wanted: (lead: LeadRecord) => boolean = () => true,
): AsyncIterable<LeadRecord> {
  const phantoms: LeadRecord[] = [];
  for await (const listed of store.list(since, { indexOnly: true })) {
    if (!wanted(listed)) continue;
    const lead = await store.get(listed.submissionId);
    if (lead) yield lead;
    else phantoms.push(listed);
  }
  // In AWS a phantom is only the index lagging a deleted lead; a role without write access just leaves it.
  for (const phantom of phantoms) await store.dropPhantom(phantom).catch(() => undefined);
  if (phantoms.length > 0) log.warn({ requestId, outcome: "phantoms-dropped", count: phantoms.length });
}

/**
 * Re-enqueues every lead not mailed whose lease has expired and that was untouched for a while: covers a crash
 * between storing and enqueueing, a lost message, and leads whose messages went to the dead-letter queue (they keep
 * being tried every sweep until SES takes them or they leave the window). An unknown lead is queued only after its
 * send-event pause. The lease makes a duplicate message harmless.
 * @returns how many leads were enqueued.
 */
export async function sweep(
  deps: Pick<DeliveryDeps, "store" | "queue" | "log">,
  options: SweepOptions = {},
  requestId = "sweep",
): Promise<number> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - (options.windowDays ?? DELIVERY.sweepWindowDays) * 86_400_000);
  const before = new Date(now.getTime() - (options.olderThanMs ?? DELIVERY.sweepAfterMs)).toISOString();
  const quietSince = new Date(now.getTime() - (options.sendEventWaitMs ?? 0)).toISOString();
  const due = (lead: LeadRecord) =>
    isUnmailed(lead.status) &&
    (lead.leaseUntil ?? 0) < now.getTime() &&
    (lead.status === "unknown"
      ? lead.updatedAt < quietSince && lead.updatedAt < before
      : options.olderThanMs === 0 || lead.updatedAt < before);
  let count = 0;
  for await (const lead of existingLeads(deps.store, since, deps.log, requestId, due)) {
    if (!due(lead)) continue;
    await deps.queue.enqueue({ submissionId: lead.submissionId, form: lead.form }, 0);
    count += 1;
  }
  // A sweep that found nothing is no event: a local server left alone prints nothing, and CloudWatch keeps no line.
  (count > 0 ? deps.log.info : deps.log.debug)({ requestId, outcome: "swept", count });
  return count;
}
