import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import type { LeadCatalogue } from "../../src/schemas/lead-fields.ts";
import type { Deadline } from "../shared/deadline.ts";
import { DELIVERY, type DeliveryDeps, deliverStoredLead, type MailsOf } from "../shared/delivery.ts";
import { storedLeadMails } from "../shared/lead-handler.ts";
import { parseRetryMessage } from "../shared/lead-record.ts";
import { deliverWebhook, type WebhookDeps } from "../shared/lead-webhook.ts";

export { DELIVER_LEAD_FUNCTION } from "../shared/lead-record.ts";
import { contactEmailForm } from "../send-contact-email/send-contact-email.ts";
import { installationEmailForm } from "../send-installation-email/send-installation-email.ts";
import { productInquiryForm } from "../send-product-inquiry/send-product-inquiry.ts";
import { SUBSCRIBE_FUNCTION, subscriptionMailsOf } from "../subscribe/subscribe.ts";

/** Every form's mails by its function name, the name stored with each lead and carried by each retry message. */
export function formMails(catalogue: LeadCatalogue): ReadonlyMap<string, MailsOf> {
  const product = productInquiryForm(catalogue);
  const installation = installationEmailForm(catalogue);
  const contact = contactEmailForm(catalogue);
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
        const result = webhook ? await deliverWebhook(message.submissionId, webhook, requestId).catch(() => "failed" as const) : "gone";
        return result === "failed" ? record.messageId : undefined;
      }
      const mailsOf = message && forms.get(message.form);
      if (!message || !mailsOf) {
        deps.log.error({ requestId, outcome: "unknown-message", error: message ? `form ${message.form}` : "body" });
        return undefined;
      }
      try {
        const result = await deliverStoredLead(message.submissionId, mailsOf, deps, deadline, requestId);
        // A lead another worker holds may still fail there: it comes back after the visibility timeout.
        return result === "failed" || result === "busy" ? record.messageId : undefined;
      } catch (error) {
        deps.log.error({ requestId, submissionId: message.submissionId, outcome: "deliver-error", error: error instanceof Error ? error.name : typeof error });
        return record.messageId;
      }
    }),
  );
  return { batchItemFailures: failures.filter((id): id is string => id !== undefined).map((itemIdentifier) => ({ itemIdentifier })) };
}

export interface SweepOptions {
  now?: Date;
  /** Leads untouched for less than this are left alone (a handler or worker may be on them). */
  olderThanMs?: number;
  /** How far back to look. */
  windowDays?: number;
}

/**
 * Re-enqueues every lead still received or failed and untouched for a while: covers a crash between storing and
 * enqueueing, a lost message, and leads whose messages went to the dead-letter queue (they keep being tried every
 * sweep until SES takes them or they leave the window). The lease makes a duplicate message harmless.
 * @returns how many leads were enqueued.
 */
export async function sweep(deps: Pick<DeliveryDeps, "store" | "queue" | "log">, options: SweepOptions = {}, requestId = "sweep"): Promise<number> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - (options.windowDays ?? DELIVERY.sweepWindowDays) * 86_400_000);
  const before = new Date(now.getTime() - (options.olderThanMs ?? DELIVERY.sweepAfterMs)).toISOString();
  let count = 0;
  for await (const lead of deps.store.list(since)) {
    if ((lead.status === "received" || lead.status === "failed") && lead.updatedAt < before) {
      await deps.queue.enqueue({ submissionId: lead.submissionId, form: lead.form }, 0);
      count += 1;
    }
  }
  deps.log.info({ requestId, outcome: "swept", count });
  return count;
}
