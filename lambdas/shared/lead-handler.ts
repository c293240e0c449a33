import { randomUUID } from "node:crypto";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type * as z from "zod/mini";
import { leadFields, SUBMISSION_ID_FIELD } from "../../src/schemas/lead-fields.ts";
import { invocationDeadline, type LambdaContextLike } from "./deadline.ts";
import {
  DELIVERY,
  type DeliveryDeps,
  deliverStoredLead,
  type LeadMails,
  type MailsOf,
  sendEventWaitSeconds,
} from "./delivery.ts";
import { accepted, clientAddress, errorAnswer, failure, type LeadAnswer, readJsonBody, success } from "./http.ts";
import { MailerError } from "./mailer.ts";
import type { LeadRecord, SpamReason } from "./lead-record.ts";
import { clientHash, STORE_CANNOT_WRITE, storeCannotWrite } from "./lead-store.ts";
import {
  type ClientRateLimit,
  droppedKeyCount,
  formKeys,
  type SuspectCap,
  type SuspectFields,
  spamExpiresAt,
  suspectFields,
  trapReason,
} from "./spam-folder.ts";

export type { LambdaContextLike } from "./deadline.ts";
export type { LeadMails } from "./delivery.ts";

/**
 * What the core of a lead function needs besides the lead itself; without a rate limit every client is admitted, and
 * without a suspect cap every suspected lead is stored.
 */
export type LeadDeps = DeliveryDeps & { rateLimit?: ClientRateLimit; suspectCap?: SuspectCap };

/** Every field of a lead schema is text; anything else would not survive the store's string map. */
function textFields(data: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(data as object).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

export interface LeadForm<S extends z.ZodMiniType> {
  /** The function's name, as in its URL and logs, e.g. "send-contact-email"; stored with each lead. */
  name: string;
  schema: S;
  /** The answer's error text when the lead could be neither stored nor mailed (SPEC section 8). */
  mailFailure: string;
  /** The lead's mails; `id` is the submission id the vendor's copy quotes. */
  mails: (lead: z.output<S>, config: LeadDeps["config"], id: string) => LeadMails;
  /**
   * Optional: asked after the checks, before the lead is stored, whether it needs storing and mailing at all (the
   * newsletter's address already confirmed does not). Undefined goes on; a text is the outcome to log, and the
   * request is answered as a stored one. `client` is the hash the lead is stored with (absent when unknown).
   */
  accept?: (lead: Record<string, string>, now: Date, client: string | undefined) => Promise<string | undefined>;
  /**
   * Optional: how a stored lead becomes its mails when the form's fields are not all the visitor's (the newsletter's
   * links, minted once per request, must be mailed as stored). Without it, the stored fields are checked again.
   */
  storedMails?: MailsOf;
}

const submissionIdSchema = leadFields.submissionId();

/**
 * The answer to a submission id already used for other fields (the visitor corrected the form after a lost answer).
 * The form makes a new id and sends again when it reads 409; the sentence is for anyone else calling the API.
 */
export const REUSED_ID =
  "This submission id was already used for a different lead: send it again with a new submission id";

/** True when two leads have the same fields with the same values. */
function sameLead(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * How a stored lead of this form becomes its mails. The stored fields are what the schema returned, so they pass it
 * again; a lead that no longer does (a product since removed from the catalogue) gives undefined.
 */
export function storedLeadMails<S extends z.ZodMiniType>(form: LeadForm<S>): MailsOf {
  if (form.storedMails) return form.storedMails;
  return (lead, config, id) => {
    const parsed = form.schema.safeParse(lead);
    return parsed.success ? form.mails(parsed.data, config, id) : undefined;
  };
}

/**
 * The handler of a lead function, named for what it does (the function keeps the spec's name, `send-…-email`, for its
 * URL and stored form value; docs/architecture.md, "Leads"): read the JSON body → file a trapped lead in the spam folder → check the lead with
 * the shared schema → file it in the spam folder too when its client is over the hourly limit → store it (a repeated
 * submission id is the same lead: answered alike, stored and mailed once) → try to mail it within the invocation's deadline → hand whatever was not mailed to the retry queue → answer. Success means
 * "stored". One log line per request with the outcome and duration.
 */
export function storeAndMailLeads<S extends z.ZodMiniType>(form: LeadForm<S>, deps: LeadDeps) {
  const mailsOf = storedLeadMails(form);
  const keys = formKeys(form.schema);
  return async function handler(event: APIGatewayProxyEventV2, context?: LambdaContextLike): Promise<LeadAnswer> {
    const started = performance.now();
    const request: LeadRequest<S> = {
      form,
      deps,
      deadline: invocationDeadline(context, DELIVERY.leadFunctionTimeoutMs),
      requestId: context?.awsRequestId ?? event.requestContext?.requestId ?? randomUUID(),
    };
    const finish = ({ answer, outcome, extra }: Outcome) => {
      const fields = {
        requestId: request.requestId,
        outcome,
        status: answer.statusCode,
        durationMs: Math.round(performance.now() - started),
        ...extra,
      };
      if (answer.statusCode >= 500) deps.log.error(fields);
      else deps.log.info(fields);
      return answer;
    };
    try {
      const body = readJsonBody(event);
      const client = clientAddress(event);
      // A trapped lead gets the same answer as a person's (their own submission id back, when they sent one), so a bot
      // cannot learn what gave it away; it is kept in the spam folder: as checked when it passes the form's checks,
      // else only the form's fields, cut to the form's limits.
      const trap = trapReason(body);
      if (trap) {
        const echoed = submissionIdSchema.safeParse(body[SUBMISSION_ID_FIELD]);
        const checked = form.schema.safeParse(body);
        const kept = checked.success
          ? { lead: textFields(checked.data), truncated: {}, droppedKeys: droppedKeyCount(body, keys) }
          : suspectFields(body, keys);
        return finish(await fileAsSpam(request, (echoed.success && echoed.data) || randomUUID(), kept, trap, client));
      }
      const parsed = form.schema.safeParse(body);
      const givenId = submissionIdSchema.safeParse(body[SUBMISSION_ID_FIELD]);
      const issue = parsed.success ? givenId.error?.issues[0] : parsed.error.issues[0];
      if (!parsed.success || !givenId.success) {
        const field = parsed.success ? SUBMISSION_ID_FIELD : (issue?.path.join(".") ?? "");
        return finish({
          answer: failure(400, issue?.message ?? "Invalid request"),
          outcome: "invalid",
          extra: { field },
        });
      }
      const submissionId = givenId.data ?? randomUUID();
      const lead = textFields(parsed.data);
      const now = new Date();
      if (!(await admits(request, client, now))) {
        const kept = { lead, truncated: {}, droppedKeys: droppedKeyCount(body, keys) };
        return finish(await fileAsSpam(request, submissionId, kept, "rate-limited", client));
      }
      const clientKey = client ? clientHash(client) : undefined;
      const settled = await form.accept?.(lead, now, clientKey);
      if (settled) return finish(storedAnswer(submissionId, settled));
      const record: LeadRecord = {
        submissionId,
        form: form.name,
        status: "received",
        receivedAt: now.toISOString(),
        updatedAt: now.toISOString(),
        attempts: 0,
        lead,
        expiresAt: Math.floor(now.getTime() / 1000) + deps.config.leadRetentionDays * 86_400,
        ...(clientKey ? { client: clientKey } : {}),
      };
      return finish(
        (await storeLead(request, record, parsed.data)) ?? (await deliverOrQueue(request, submissionId, mailsOf)),
      );
    } catch (error) {
      const { answer, outcome, code } = errorAnswer(error);
      const stack = outcome === "error" && error instanceof Error ? error.stack : undefined;
      return finish({ answer, outcome, extra: { error: code, stack } });
    }
  };
}

/** One request to a lead function, as its steps see it. */
interface LeadRequest<S extends z.ZodMiniType> {
  form: LeadForm<S>;
  deps: LeadDeps;
  deadline: ReturnType<typeof invocationDeadline>;
  requestId: string;
}

const storedAnswer = (submissionId: string, outcome: string): Outcome => ({
  answer: success(submissionId),
  outcome,
  extra: { submissionId },
});

/** The answer with what its log line says. */
interface Outcome {
  answer: LeadAnswer;
  outcome: string;
  extra?: { field?: string; error?: string; stack?: string; submissionId?: string; reason?: SpamReason };
}

/**
 * Over the hourly limit the lead is kept, not refused: a 429 would lose it. A counter that fails admits. Behind
 * CloudFront without the viewer's address there is no client to count (lambdas/shared/http.ts).
 */
function admits<S extends z.ZodMiniType>(
  { deps, requestId }: LeadRequest<S>,
  client: string | undefined,
  now: Date,
): Promise<unknown> {
  return Promise.resolve((client && deps.rateLimit?.admit(client, now)) ?? true).catch((error: unknown) => {
    deps.log.warn({ requestId, outcome: "rate-limit-failed", error: errorName(error) });
    return true;
  });
}

/**
 * Stores a lead in the spam folder; a repeat of its id is the same lead. Past the suspect cap of its client this hour
 * it is only counted (the counter is the record: `npm run leads` and the digest show it). When the store fails, the
 * record goes to the retry queue for deliver-lead to store (as a lead mailed while the store was down does): a
 * filter's false positive is kept, not lost. The answer is a person's either way.
 */
async function fileAsSpam<S extends z.ZodMiniType>(
  { form, deps }: LeadRequest<S>,
  submissionId: string,
  { lead, truncated, droppedKeys }: SuspectFields,
  reason: SpamReason,
  client: string | undefined,
): Promise<Outcome> {
  const now = new Date();
  const answer = (outcome: string): Outcome => ({
    answer: success(submissionId),
    outcome,
    extra: { submissionId, reason },
  });
  // A counter that fails stores the lead: the cap bounds a flood, it must not cost a person's lead.
  const admitted = client && deps.suspectCap?.admit(client, now, reason === "rate-limited");
  if (!(await Promise.resolve(admitted ?? true).catch(() => true))) return answer("spam-counted");
  const at = now.toISOString();
  const record: LeadRecord = {
    submissionId,
    form: form.name,
    status: "spam",
    spamReason: reason,
    receivedAt: at,
    updatedAt: at,
    attempts: 0,
    lead,
    expiresAt: spamExpiresAt(now),
    ...(Object.keys(truncated).length > 0 ? { truncated } : {}),
    ...(droppedKeys > 0 ? { droppedKeys } : {}),
  };
  await deps.store.put(record).catch(async (error: unknown) => {
    const queued = await deps.queue.enqueue({ submissionId, form: form.name, unstored: record }, 0).then(
      () => true,
      () => false,
    );
    deps.log.error({
      submissionId,
      outcome: queued ? "spam-store-queued" : "spam-store-lost",
      error: errorName(error),
    });
  });
  return answer("spam");
}

/**
 * Stores a new lead. A repeated submission id is the same lead: answered alike, stored and mailed once.
 * @returns the answer when there is nothing left to mail from here, undefined when the lead is to be mailed now
 */
async function storeLead<S extends z.ZodMiniType>(
  request: LeadRequest<S>,
  record: LeadRecord,
  data: z.output<S>,
): Promise<Outcome | undefined> {
  const { form, deps, requestId } = request;
  const { submissionId } = record;
  let stored: "stored" | "duplicate";
  try {
    // Bounded, so that a slow store leaves the direct mail below enough of the invocation's time.
    stored = await withinMs(deps.store.put(record), DELIVERY.storePutMs);
  } catch (error) {
    // A store that answered it cannot write (the local disk is full) keeps nothing, and neither would the queue's
    // "store me" later: the visitor is told, keeps what they typed and sends it again; nothing is mailed.
    if (storeCannotWrite(error))
      return {
        answer: failure(503, form.mailFailure),
        outcome: "store-cannot-write",
        extra: { submissionId, error: STORE_CANNOT_WRITE },
      };
    deps.log.error({ requestId, submissionId, outcome: "store-failed", error: errorName(error) });
    // A slow store may have written the lead and only answered late: a consistent read says whether it did, so
    // that a lead the sweep will find is not also mailed from here.
    const landed = await withinMs(deps.store.get(submissionId), DELIVERY.storeCheckMs).catch(() => undefined);
    if (!landed) {
      const mails = form.mails(data, deps.config, submissionId);
      const kept = await mailUnstored(record, mails, deps, request.deadline, requestId, form.mailFailure);
      return { answer: kept.answer, outcome: kept.outcome, extra: { submissionId, error: kept.error } };
    }
    stored = "duplicate";
  }
  if (stored === "stored") {
    deps.log.info({ requestId, submissionId, outcome: "stored" });
    return undefined;
  }
  // A repeat of a lead nobody has tried to mail yet (a put retried by the SDK after a timeout looks the same):
  // carry on, the lease keeps it to one mail. Any other repeat is answered and left alone, unless its fields
  // differ: then it is another lead under a reused id, and the form must send it with a new one.
  const existing = await deps.store.get(submissionId).catch(() => undefined);
  if (existing && !sameLead(existing.lead, record.lead))
    return { answer: failure(409, REUSED_ID), outcome: "reused-id", extra: { submissionId } };
  if (existing?.status !== "received" || existing.attempts > 0) return storedAnswer(submissionId, "duplicate");
  return undefined;
}

/** Mails a stored lead within the invocation's deadline; whatever was not mailed goes to the retry queue. */
async function deliverOrQueue<S extends z.ZodMiniType>(
  { form, deps, deadline, requestId }: LeadRequest<S>,
  submissionId: string,
  mailsOf: MailsOf,
): Promise<Outcome> {
  const result = await deliverStoredLead(submissionId, mailsOf, deps, deadline, requestId).catch((error: unknown) => {
    deps.log.error({ requestId, submissionId, outcome: "deliver-error", error: errorName(error) });
    return "failed" as const;
  });
  if (result !== "mailed" && result !== "done") {
    // An unclear send waits for its send event before anyone tries again.
    const delay = result === "unknown" ? sendEventWaitSeconds(deps.config) : DELIVERY.retryDelaySeconds;
    await deps.queue.enqueue({ submissionId, form: form.name }, delay).catch((error: unknown) => {
      // Still stored: the scheduled sweep finds leads left in received/failed and enqueues them.
      deps.log.error({ requestId, submissionId, outcome: "enqueue-failed", error: errorName(error) });
    });
  }
  return storedAnswer(submissionId, result === "mailed" ? "sent" : "queued");
}

/**
 * The store is down: mail the vendor directly so the lead still reaches them, and leave the lead on the retry queue as
 * "store me" (status mailed), so deliver-lead records it once the store is back and `npm run leads` shows it. If the
 * mail fails too, the lead is held on the queue unmailed ("store me, then mail me"): the put may have landed after all,
 * so the visitor is never told a kept lead failed. Only when the queue refuses as well is nothing known to keep it:
 * 503, and the form sends it again under the same submission id (stored once whichever attempt lands).
 */
async function mailUnstored(
  record: LeadRecord,
  mails: LeadMails,
  deps: LeadDeps,
  deadline: ReturnType<typeof invocationDeadline>,
  requestId: string,
  mailFailure: string,
): Promise<{ answer: LeadAnswer; outcome: string; error?: string }> {
  const { submissionId, form } = record;
  const failed = await deps.mailer
    .send(mails.vendor, { timeoutMs: deadline.remainingMs(DELIVERY.reserveMs) })
    .then(() => undefined)
    .catch((cause: unknown) => cause);
  const error = failed === undefined ? undefined : failed instanceof MailerError ? failed.code : errorName(failed);
  const at = new Date().toISOString();
  // SES may have taken a mail it did not answer: held as unknown, it waits for its send event before a retry.
  const unclear = failed instanceof MailerError && failed.failure === "unclear";
  const kept: LeadRecord = !error
    ? { ...record, status: "mailed", updatedAt: at, attempts: 1 }
    : unclear
      ? { ...record, status: "unknown", lastError: error, updatedAt: at, attempts: 1 }
      : record;
  const queued = await deps.queue.enqueue({ submissionId, form, unstored: kept }, 0).then(
    () => undefined,
    (cause: unknown) => errorName(cause),
  );
  if (error)
    return queued
      ? { answer: failure(503, mailFailure, { "retry-after": "5" }), outcome: "not-kept", error }
      : { answer: accepted(submissionId), outcome: "held-unstored", error };
  // Mailed, but no record will follow: the one case where `npm run leads` cannot show a lead the vendor has.
  if (queued) deps.log.error({ requestId, submissionId, outcome: "unstored-lost", error: queued });
  return { answer: success(submissionId), outcome: "sent-unstored" };
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/** The promise's value, or a rejection once `ms` have passed (the call itself is left to finish or fail on its own). */
function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
