import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { z } from "zod/mini";
import { ELAPSED_FIELD, leadFields, MIN_FILL_MS } from "../../src/schemas/lead-fields.ts";
import { newsletterSubscriptionSchema } from "../../src/schemas/newsletter-subscription.ts";
import type { LambdaContextLike } from "../shared/deadline.ts";
import { countVisitorMail, type MailsOf, type VisitorMailCount } from "../shared/delivery.ts";
import type { LeadConfig } from "../shared/env.ts";
import { failure, type LeadAnswer, readBody } from "../shared/http.ts";
import { storeAndMailLeads, type LeadDeps, type LeadForm, type LeadMails } from "../shared/lead-handler.ts";
import { leadMailMarks } from "../shared/lead-mails.ts";
import { renderSubscriptionConfirmation } from "../shared/mail-templates/subscription.ts";
import { formatAddress } from "../shared/mailer.ts";
import {
  newTokenRequest,
  readConfirmToken,
  signConfirmToken,
  signUnsubscribeToken,
  verifyConfirmToken,
  verifyUnsubscribeToken,
} from "../shared/newsletter-tokens.ts";
import { fromOrigin } from "../shared/origin-verify.ts";
import type { SubscriberStore, SubscriptionRequest } from "../shared/subscriber-store.ts";
import {
  NEWLY_CONFIRMED_PARAM,
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_LINK_PAGES,
  NEWSLETTER_PAGES,
  SUBSCRIBE_FUNCTION,
} from "../../src/lib/newsletter.ts";

/**
 * The newsletter: POST /api/subscribe takes an address through the lead path (checks, honeypot, timing, rate limit,
 * store first, mail, retry queue), files it as a pending subscriber and mails a confirmation with signed links.
 * Opening a link (GET /api/confirm-subscription?token=…, /api/unsubscribe?token=…) changes nothing: it shows the page
 * with the button (NEWSLETTER_LINK_PAGES), whose form POSTs the token back here to confirm or take the address off.
 * A one-click POST (RFC 8058) to the List-Unsubscribe link takes it off directly. One function serves the three paths.
 */

export { SUBSCRIBE_FUNCTION } from "../../src/lib/newsletter.ts";

/** Where the links point: the site itself (SITE_URL), or NEWSLETTER_LINK_BASE locally. */
const link = (base: string, path: string, token: string) => `${base.replace(/\/$/, "")}/api/${path}?token=${token}`;

/**
 * The stored fields of a subscription request: the address, the visit's source, and its two signed links, minted for
 * this request alone (a new nonce each time the schema reads a request: a stored one is mailed as stored, see
 * subscriptionMailsOf).
 */
export function subscriptionSchema(secret: string, linkBase: string) {
  return z.pipe(
    newsletterSubscriptionSchema,
    z.transform(({ email, ...source }) => {
      const request = newTokenRequest(new Date());
      return {
        email,
        ...source,
        confirmUrl: link(linkBase, "confirm-subscription", signConfirmToken(secret, email, request)),
        unsubscribeUrl: link(linkBase, "unsubscribe", signUnsubscribeToken(secret, email, request)),
      };
    }),
  );
}

/**
 * The request a stored subscription lead makes, read from the links it was stored with (this code minted them):
 * what the subscriber's record files when the request is accepted, or released from the spam folder.
 */
export function subscriptionRequestOf(lead: Readonly<Record<string, string>>): SubscriptionRequest | undefined {
  const token = isLink(lead.confirmUrl) ? new URL(lead.confirmUrl).searchParams.get("token") : null;
  const request = token ? readConfirmToken(token) : undefined;
  if (!request || !isLink(lead.unsubscribeUrl)) return undefined;
  return {
    nonce: request.nonce,
    requestedAt: request.issuedAt,
    unsubscribeUrl: lead.unsubscribeUrl,
    consentText: NEWSLETTER_CONSENT_TEXT,
  };
}

const emailSchema = leadFields.email();
const isLink = (value: string | undefined): value is string =>
  typeof value === "string" && /^https?:\/\/\S+$/.test(value);

/**
 * The confirmation mail of a stored request, built from its stored fields without the secret (deliver-lead and
 * `npm run leads -- replay` mail it too). To the subscriber, Reply-To the vendor, with the RFC 8058 headers.
 */
export const subscriptionMailsOf: MailsOf = (lead, config, id) => {
  const email = emailSchema.safeParse(lead.email);
  if (!email.success || !isLink(lead.confirmUrl) || !isLink(lead.unsubscribeUrl)) return undefined;
  const marks = leadMailMarks(id, config.senderEmail, "vendor");
  const mail = renderSubscriptionConfirmation({
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    confirmUrl: lead.confirmUrl,
    unsubscribeUrl: lead.unsubscribeUrl,
  });
  return {
    vendor: {
      from: formatAddress(config.siteName, config.senderEmail),
      to: email.data,
      replyTo: config.recipientEmail,
      ...mail,
      // Marked as a lead's mail is: SES's send event for it settles a send that timed out (no second confirmation).
      ...marks,
      headers: [
        ...marks.headers,
        { name: "List-Unsubscribe", value: `<${lead.unsubscribeUrl}>` },
        { name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" },
      ],
    },
    acknowledgement: undefined,
  };
};

/**
 * The subscribe function as the lead handler runs it. `accept` files the subscriber's request (its nonce replaces the
 * last one's): no second mail within 24 hours, none once confirmed. `countMail` counts the confirmation as an
 * acknowledgement is counted (delivery.ts countVisitorMail): against the client's hourly cap, then the mailbox's daily
 * one (lower-case, no +tag, gmail without dots: `a+1@…`, `a+2@…` are one mailbox, not a way to flood it).
 */
function subscribeForm(
  secret: string,
  linkBase: string,
  subscribers: SubscriberStore,
  countMail: (email: string, client: string | undefined, now: Date) => Promise<VisitorMailCount> = async () =>
    "allowed",
): LeadForm<ReturnType<typeof subscriptionSchema>> {
  return {
    name: SUBSCRIBE_FUNCTION,
    schema: subscriptionSchema(secret, linkBase),
    mailFailure: "Failed to subscribe",
    mails: (lead, config: LeadConfig, id): LeadMails => {
      const mails = subscriptionMailsOf(lead, config, id);
      if (!mails) throw new Error("A checked subscription request has no mail");
      return mails;
    },
    storedMails: subscriptionMailsOf,
    accept: async (lead, now, client) => {
      const request = subscriptionRequestOf(lead);
      if (!request) throw new Error("A checked subscription request has no links");
      const outcome = await subscribers.request(lead.email ?? "", request, now);
      if (outcome === "confirmed") return "already-confirmed";
      if (outcome !== "mail") return "recently-mailed";
      // A counter that fails lets the confirmation go: the person asked for it.
      const counted = await countMail(lead.email ?? "", client, now).catch(() => "allowed" as const);
      return counted === "allowed" ? undefined : counted === "client-limited" ? "client-capped" : "mailbox-capped";
    },
  };
}

const header = (event: APIGatewayProxyEventV2, name: string) =>
  Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1] ?? "";
const redirect = (location: string): LeadAnswer => ({
  statusCode: 303,
  headers: { location, "cache-control": "no-store" },
  body: "",
});
/** The link pages carry a token in their address: the redirect there says to send no referrer from it. */
const noReferrer = (answer: LeadAnswer): LeadAnswer => ({
  ...answer,
  headers: { ...answer.headers, "referrer-policy": "no-referrer" },
});
const plain = (statusCode: number, body: string): LeadAnswer => ({
  statusCode,
  headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  body,
});

/**
 * A plain HTML form post (no JavaScript) as the JSON request the lead handler reads. The page cannot time itself
 * without a script, so such a post counts as filled at human speed: the honeypot, the per-client limit and the double
 * opt-in still guard it.
 * @throws HttpError 413 over MAX_BODY_BYTES.
 */
function formPostAsJson(event: APIGatewayProxyEventV2): APIGatewayProxyEventV2 {
  const fields: Record<string, unknown> = Object.fromEntries(new URLSearchParams(readBody(event)));
  const elapsed = Number(fields[ELAPSED_FIELD]);
  fields[ELAPSED_FIELD] =
    Number.isFinite(elapsed) && fields[ELAPSED_FIELD] !== "" && fields[ELAPSED_FIELD] !== undefined
      ? elapsed
      : MIN_FILL_MS;
  return {
    ...event,
    headers: { ...event.headers, "content-type": "application/json" },
    body: JSON.stringify(fields),
    isBase64Encoded: false,
  };
}

/** The fields of a posted form (the link page's token, or RFC 8058's `List-Unsubscribe=One-Click`); none over MAX_BODY_BYTES. */
function postedFields(event: APIGatewayProxyEventV2): URLSearchParams {
  try {
    return new URLSearchParams(readBody(event));
  } catch {
    return new URLSearchParams();
  }
}

export interface NewsletterDeps extends LeadDeps {
  subscribers: SubscriberStore;
  /**
   * The value CloudFront's `x-origin-verify` header must carry (lambdas/shared/origin-verify.ts); a request without it
   * is answered 403 before anything else is read. Undefined accepts every request (the local server, by default).
   */
  originVerify?: string;
}

/** Answer to a request that did not come through CloudFront. CloudFront itself never gets it, so no visitor sees it. */
export const NOT_FROM_ORIGIN = "Forbidden: this API answers only requests sent through the site";

/** The function's one handler: routes by path, logs one line per request, never the address. */
export function createNewsletterHandler(secret: string, linkBase: string, deps: NewsletterDeps) {
  const { store, config } = deps;
  const countMail = (email: string, client: string | undefined, now: Date) =>
    countVisitorMail(store, config, email, client, now);
  const subscribe = storeAndMailLeads(subscribeForm(secret, linkBase, deps.subscribers, countMail), deps);
  const { log, originVerify } = deps;

  return async function handler(event: APIGatewayProxyEventV2, context?: LambdaContextLike): Promise<LeadAnswer> {
    const route = (event.rawPath ?? "").replace(/^\/api\//, "").replace(/\/$/, "");
    const method = event.requestContext?.http?.method ?? "";
    const requestId = context?.awsRequestId ?? event.requestContext?.requestId;

    if (originVerify !== undefined && !fromOrigin(event, originVerify)) {
      log.warn({ requestId, outcome: "not-from-origin", status: 403 });
      return failure(403, NOT_FROM_ORIGIN);
    }

    if (route === "confirm-subscription" || route === "unsubscribe") {
      const action = route === "confirm-subscription" ? "confirm" : "unsubscribe";
      return answerLink(action, event, secret, deps, requestId);
    }

    // A browser without our script posts the form itself and is answered with a page; with it, JSON and a toast.
    const formPost =
      header(event, "content-type").split(";")[0]?.trim().toLowerCase() === "application/x-www-form-urlencoded";
    if (!formPost) return subscribe(event, context);
    let json: APIGatewayProxyEventV2;
    try {
      json = formPostAsJson(event);
    } catch {
      return plain(413, "Request too large");
    }
    const answer = await subscribe(json, context);
    if (method !== "POST") return answer;
    return redirect(
      answer.statusCode === 200
        ? NEWSLETTER_PAGES.requested
        : answer.statusCode === 400
          ? NEWSLETTER_PAGES.invalidAddress
          : NEWSLETTER_PAGES.failed,
    );
  };
}

/**
 * A link from a newsletter mail: opened (GET) it shows its page, which posts the token back; posted it confirms or
 * unsubscribes, and a mail client's one-click POST (RFC 8058) unsubscribes at once.
 */
async function answerLink(
  action: "confirm" | "unsubscribe",
  event: APIGatewayProxyEventV2,
  secret: string,
  { subscribers, log }: NewsletterDeps,
  requestId: string | undefined,
): Promise<LeadAnswer> {
  const method = event.requestContext?.http?.method ?? "";
  if (method !== "GET" && method !== "HEAD" && method !== "POST")
    return { ...plain(405, "Method not allowed: open the link from the e-mail"), headers: { allow: "GET, POST" } };
  const posted = method === "POST" ? postedFields(event) : undefined;
  const token = posted?.get("token") ?? event.queryStringParameters?.token;
  const now = new Date();
  const confirmToken = action === "confirm" ? verifyConfirmToken(secret, token, now) : undefined;
  const unsubscribeToken = action === "unsubscribe" ? verifyUnsubscribeToken(secret, token) : undefined;
  if (!posted) {
    const valid = confirmToken ?? unsubscribeToken;
    log.info({ requestId, outcome: `${action}-page${valid ? "" : "-invalid-token"}`, status: 303 });
    return noReferrer(
      redirect(
        valid
          ? `${NEWSLETTER_LINK_PAGES[action]}?token=${encodeURIComponent(token ?? "")}`
          : NEWSLETTER_PAGES.invalidLink,
      ),
    );
  }
  if (action === "confirm") {
    const outcome = confirmToken
      ? await subscribers.confirm(confirmToken.key, confirmToken.nonce, now)
      : "invalid-token";
    log.info({ requestId, outcome: `confirm-${outcome}`, status: 303 });
    return redirect(
      outcome === "confirmed"
        ? `${NEWSLETTER_PAGES.confirmed}?${NEWLY_CONFIRMED_PARAM}`
        : outcome === "already-confirmed"
          ? NEWSLETTER_PAGES.confirmed
          : NEWSLETTER_PAGES.invalidLink,
    );
  }
  // RFC 8058: a mail client's one-click POST carries the token in the link and `List-Unsubscribe=One-Click` in
  // its body (urlencoded or multipart); only the link page's form posts a token field.
  const oneClick = !posted.has("token");
  // An address no longer stored (erased, expired) is off the list too: the answer says so rather than fail. A link
  // of another subscription of the address (it left and came back) acts on nothing and says so.
  const outcome = unsubscribeToken
    ? await subscribers.unsubscribe(unsubscribeToken.key, unsubscribeToken.nonce, now)
    : "invalid-token";
  const worked = outcome === "unsubscribed" || outcome === "unknown";
  const status = oneClick ? (worked ? 200 : 400) : 303;
  log.info({
    requestId,
    outcome: outcome === "unknown" ? "unsubscribed" : outcome === "unsubscribed" ? outcome : `unsubscribe-${outcome}`,
    status,
  });
  if (oneClick) return worked ? plain(200, "Unsubscribed") : plain(400, "This unsubscribe link is not valid");
  return redirect(worked ? NEWSLETTER_PAGES.unsubscribed : NEWSLETTER_PAGES.invalidLink);
}
