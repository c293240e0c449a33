import { randomUUID } from "node:crypto";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type * as z from "zod/mini";
import { ELAPSED_FIELD, HONEYPOT_FIELD, MIN_FILL_MS } from "../../src/schemas/lead-fields.ts";
import type { LeadConfig } from "./env.ts";
import { errorAnswer, type LeadAnswer, readJsonBody, success, failure } from "./http.ts";
import type { Logger } from "./log.ts";
import type { Mailer, OutgoingMail } from "./mailer.ts";

/** What the core of a lead function needs besides the lead itself. */
export interface LeadDeps {
  config: LeadConfig;
  mailer: Mailer;
  log: Logger;
}

/** The mails of one lead: the vendor's copy, and the visitor's confirmation when the site sends one. */
export interface LeadMails {
  vendor: OutgoingMail;
  acknowledgement: OutgoingMail | undefined;
}

/**
 * Sends the vendor's mail, then the visitor's confirmation. The vendor's mail is what counts: if it fails, nothing
 * else is sent and the MailerError reaches the caller; a failed confirmation is logged and otherwise ignored.
 * @throws MailerError when the vendor's mail was not accepted.
 */
export async function deliverLead(mails: LeadMails, deps: LeadDeps, requestId: string): Promise<{ messageId: string }> {
  const sent = await deps.mailer.send(mails.vendor);
  if (mails.acknowledgement) {
    try {
      await deps.mailer.send(mails.acknowledgement);
    } catch (error) {
      const code = typeof error === "object" && error && "code" in error ? String(error.code) : "unknown";
      deps.log.warn({ requestId, outcome: "ack-failed", error: code });
    }
  }
  return sent;
}

/**
 * True when a person did not send this: the hidden honeypot field has a value, or the form was sent less than
 * MIN_FILL_MS after it opened (a missing or non-numeric time counts as too fast: our forms always send it).
 */
export function isTrapped(body: Record<string, unknown>): boolean {
  const honeypot = body[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== "") return true;
  const elapsed = body[ELAPSED_FIELD];
  return typeof elapsed !== "number" || !Number.isFinite(elapsed) || elapsed < MIN_FILL_MS;
}

export interface LeadForm<S extends z.ZodMiniType> {
  /** The function's name, as in its URL and logs, e.g. "send-contact-email". */
  name: string;
  schema: S;
  /** The answer's error text when the vendor's mail could not be sent (SPEC section 8). */
  mailFailure: string;
  /** The core: sends the lead. Throws MailerError when the mail service refuses it. */
  send: (lead: z.output<S>, deps: LeadDeps, requestId: string) => Promise<unknown>;
}

/** What Lambda passes besides the event; only the request id is used. */
export interface LambdaContextLike {
  awsRequestId?: string;
}

/**
 * The handler of a lead function, a thin adapter: read the JSON body → drop bots silently → check the lead with the
 * shared schema → call the core → answer, logging one line with the outcome and duration.
 */
export function createLeadHandler<S extends z.ZodMiniType>(form: LeadForm<S>, deps: LeadDeps) {
  return async function handler(event: APIGatewayProxyEventV2, context?: LambdaContextLike): Promise<LeadAnswer> {
    const started = performance.now();
    const requestId = context?.awsRequestId ?? event.requestContext?.requestId ?? randomUUID();
    const finish = (answer: LeadAnswer, outcome: string, extra: { field?: string; error?: string; stack?: string } = {}) => {
      const fields = { requestId, outcome, status: answer.statusCode, durationMs: Math.round(performance.now() - started), ...extra };
      if (answer.statusCode >= 500) deps.log.error(fields);
      else deps.log.info(fields);
      return answer;
    };
    try {
      const body = readJsonBody(event);
      // Bots get the same answer as people, so they cannot learn what gave them away.
      if (isTrapped(body)) return finish(success(requestId), "trapped");
      const parsed = form.schema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return finish(failure(400, issue?.message ?? "Invalid request"), "invalid", { field: issue?.path.join(".") ?? "" });
      }
      await form.send(parsed.data, deps, requestId);
      return finish(success(requestId), "sent");
    } catch (error) {
      const { answer, outcome, code } = errorAnswer(error, form.mailFailure);
      const stack = outcome === "error" && error instanceof Error ? error.stack : undefined;
      return finish(answer, outcome, { error: code, stack });
    }
  };
}
