import { type FormEvent, useRef, useState } from "react";
import { hasAnalyticsConsent } from "../lib/analytics-consent.ts";
import { TIMINGS } from "../lib/limits.ts";
import { ELAPSED_FIELD, HONEYPOT_FIELD, SUBMISSION_ID_FIELD } from "../schemas/lead-field-names.ts";
import { dismissToast, toast } from "../stores/toast.ts";
import { trackEvent } from "./analytics.ts";
import { leadSource } from "./lead-source.ts";

/**
 * The browser side of the three lead forms: the call to /api/<function> and the form logic they share (required
 * check → schema check → send → toast). The fields are uncontrolled: what the page holds (typed before the island
 * woke, autofilled, restored by the back button) is read with FormData at submit and never overwritten. The schema,
 * and with it zod, is loaded only when a form is first used.
 */

export type LeadFunction = "send-product-inquiry" | "send-installation-email" | "send-contact-email" | "subscribe";

/** The form's name in the `generate_lead` event; a newsletter request is no lead (its confirmation is `sign_up`). */
const LEAD_EVENT_FORMS: Partial<Record<LeadFunction, string>> = {
  "send-product-inquiry": "product-inquiry",
  "send-installation-email": "installation",
  "send-contact-email": "contact",
};

/** The spec's message when a required field is empty (SPEC section 8); no call is made. */
export const MISSING_FIELDS = "Please fill in all required fields";

/** `status` is the HTTP status of an error answer (0 when none came). */
export type LeadResult = { ok: true; id: string } | { ok: false; error: string; status: number };

/** The handler's status for a submission id already used for other fields: send again under a new id. */
export const REUSED_ID_STATUS = 409;

/**
 * Answers after which nothing is known to keep the lead (503: neither the store, SES nor the retry queue took it) or
 * the handler's own answer never came (502, 504: its gateway gave up): sent once more under the same submission id,
 * which the handler stores and mails once however many of the attempts land (docs/architecture.md, "What the answer
 * means").
 */
export const RESEND_STATUSES: readonly number[] = [502, 503, 504];

/**
 * Sends a lead and acts on the answer: a reused id (409) is sent again under a new one; an answer that leaves the
 * lead's fate open (RESEND_STATUSES) is sent once more under the same one. Any 2xx is a kept lead.
 */
export async function sendUntilSettled(send: () => Promise<LeadResult>, renewId: () => void): Promise<LeadResult> {
  const result = await send();
  if (result.ok) return result;
  if (result.status === REUSED_ID_STATUS) {
    // The id was taken by an earlier attempt with other fields: this lead is sent once more under an id of its own.
    renewId();
    return send();
  }
  return RESEND_STATUSES.includes(result.status) ? send() : result;
}

/** Hex SHA-256 of the body: CloudFront's origin access control to a Lambda function URL requires it on POST. */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * POSTs a lead as JSON to the same-origin API and reads `{success, data?, error?}`. Never throws: an error answer,
 * a network error or no answer within TIMINGS.leadTimeoutMs all become `{ok: false}` with the server's text or
 * `fallback`.
 */
export async function sendLead(
  fn: LeadFunction,
  payload: Record<string, unknown>,
  fallback: string,
): Promise<LeadResult> {
  const body = JSON.stringify(payload);
  const controller = new AbortController();
  // A timer rather than AbortSignal.timeout(): the same clock as the rest of the page (and the tests' fake one).
  const timer = setTimeout(() => controller.abort(), TIMINGS.leadTimeoutMs);
  try {
    const response = await fetch(`/api/${fn}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-amz-content-sha256": await sha256Hex(body) },
      body,
      signal: controller.signal,
    });
    const answer = (await response.json().catch(() => ({}))) as {
      success?: unknown;
      data?: { id?: unknown };
      error?: unknown;
    };
    if (response.ok && answer.success === true) return { ok: true, id: String(answer.data?.id ?? "") };
    return {
      ok: false,
      error: typeof answer.error === "string" && answer.error ? answer.error : fallback,
      status: response.status,
    };
  } catch (error) {
    return { ok: false, error: error instanceof Error && error.message ? error.message : fallback, status: 0 };
  } finally {
    clearTimeout(timer);
  }
}

/** What the schema check needs: the first issue's message and the field it is about. */
export interface LeadSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

export interface LeadFormOptions {
  fn: LeadFunction;
  /** Names of the form's fields, read from the form at submit. */
  fields: readonly string[];
  required: readonly string[];
  /** Dynamic import of the shared schema, built for this form's catalogue. */
  loadSchema: () => Promise<LeadSchema>;
  /** Sent with the fields, e.g. the product name of the product inquiry dialog. */
  extra?: Record<string, string>;
  /** The product id the `generate_lead` event names; by default the form's `product` field (an id). */
  productId?: string;
  /** The spec's texts: success toast, failure toast, and the fallback logged when an error has no text. */
  messages: { success: string; failure: string; fallback: string };
  onSent?: () => void;
}

/** A UUID for one filled form; randomUUID needs a secure context, which a plain-http preview is not. */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The submission id of one filled form. A retry of the same fields repeats it, so the handler stores and mails that
 * lead once; any change to a field since the last attempt makes a new one, because it is a different lead (the server
 * would answer a reused id with other fields 409).
 */
export function createSubmissionIds(make: () => string = newSubmissionId) {
  let id: string | undefined;
  let fields: string | undefined;
  return {
    /** The id to send these fields with. */
    idFor(values: Readonly<Record<string, unknown>>): string {
      const fingerprint = JSON.stringify(Object.entries(values).sort(([a], [b]) => a.localeCompare(b)));
      if (id === undefined || fingerprint !== fields) id = make();
      fields = fingerprint;
      return id;
    },
    /** The lead was stored, or its id was refused: the next attempt gets a new id. */
    renew(): void {
      id = undefined;
      fields = undefined;
    },
  };
}

/**
 * The shared behaviour of a lead form: React owns only the per-field messages and the sending flag. Returns them with
 * the form's submit handler and an input handler that clears a field's message as it is edited.
 */
export function useLeadForm(options: LeadFormOptions) {
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  // The state above drives the buttons; this guards the await gap before they are disabled (a double click).
  const busy = useRef(false);
  const kept = useRef<LeadForm | undefined>(undefined);
  kept.current ??= { options, openedAt: 0, ids: createSubmissionIds(), raised: [], setErrors, setSubmitting };
  const lead = Object.assign(kept.current, { options });
  const prefetch = () => (lead.schema ??= options.loadSchema());

  const clearError = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (name) setErrors((current) => (current[name] ? omit(current, name) : current));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy.current) return;
    busy.current = true;
    try {
      await submitLead(lead, form, new FormData(form));
    } finally {
      busy.current = false;
    }
  };

  return { errors, submitting, submit, clearError, prefetch };
}

/** A lead form between attempts: its options (the latest render's), what it keeps, and React's setters. */
export interface LeadForm {
  options: LeadFormOptions;
  /**
   * When the form became fillable, on the page's clock: it was fillable as soon as the page showed, awake or not.
   * Sent with the lead, so the handler can drop forms filled faster than a person can.
   */
  openedAt: number;
  /** One id per filled form: a retry after a failure repeats it, so the handler stores and mails that lead once. */
  ids: ReturnType<typeof createSubmissionIds>;
  schema?: Promise<LeadSchema>;
  /** Toasts this form raised: a new attempt clears them, so an old error never sits next to the new outcome. */
  raised: number[];
  setErrors(errors: Readonly<Record<string, string>>): void;
  setSubmitting(submitting: boolean): void;
}

const say = (lead: LeadForm, kind: "success" | "error", message: string) => lead.raised.push(toast[kind](message));

/** One attempt to send the form's `data`: required check → schema check → send → toast. */
export async function submitLead(lead: LeadForm, form: HTMLFormElement, data: FormData): Promise<void> {
  const { options } = lead;
  for (const id of lead.raised.splice(0)) dismissToast(id);
  const read = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = Object.fromEntries(options.fields.map((name) => [name, read(name)]));
  if (options.required.some((name) => (values[name] ?? "").trim() === "")) {
    say(lead, "error", MISSING_FIELDS);
    return;
  }
  const fields = { ...values, ...options.extra };
  if (!(await passesRules(lead, form, fields))) return;
  lead.setErrors({});
  lead.setSubmitting(true);
  // What brought the visitor rides along (src/client/lead-source.ts); it is not one of the visitor's fields, so it
  // takes no part in the submission id's fingerprint.
  const source = leadSource(hasAnalyticsConsent(document.documentElement));
  const send = () =>
    sendLead(
      options.fn,
      {
        ...fields,
        ...source,
        [HONEYPOT_FIELD]: read(HONEYPOT_FIELD),
        [ELAPSED_FIELD]: Math.round(performance.now() - lead.openedAt),
        [SUBMISSION_ID_FIELD]: lead.ids.idFor(fields),
      },
      options.messages.fallback,
    );
  const result = await sendUntilSettled(send, () => lead.ids.renew());
  lead.setSubmitting(false);
  if (result.ok) return settleKept(lead, form, values.product);
  console.error(`[${options.fn}] ${result.error}`);
  say(lead, "error", options.messages.failure);
}

/**
 * The schema check: the first issue is said in a toast and by its field, which takes focus. A schema that cannot
 * load (offline?) lets the server judge the lead.
 */
async function passesRules(lead: LeadForm, form: HTMLFormElement, fields: Record<string, string>): Promise<boolean> {
  const { options } = lead;
  let check: ReturnType<LeadSchema["safeParse"]>;
  try {
    lead.schema ??= options.loadSchema();
    check = (await lead.schema).safeParse(fields);
  } catch (error) {
    lead.schema = undefined;
    console.error("[lead form] could not load the form rules", error);
    return true;
  }
  if (check.success) return true;
  const issue = check.error.issues[0];
  const name = String(issue?.path[0] ?? "");
  const message = issue?.message ?? options.messages.fallback;
  say(lead, "error", message);
  if (options.fields.includes(name)) {
    lead.setErrors({ [name]: message });
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLElement) field.focus();
  }
  return false;
}

/** The lead is kept: the form starts afresh, the visitor is told, and analytics counts the conversion. */
function settleKept(lead: LeadForm, form: HTMLFormElement, product?: string): void {
  const { options } = lead;
  form.reset();
  lead.openedAt = performance.now();
  lead.ids.renew();
  // First: a dialog closes here, so the toast that follows belongs to the page, not to the closing dialog.
  options.onSent?.();
  say(lead, "success", options.messages.success);
  // GA4's conversion, with the form and product only: never the visitor's name, e-mail or phone.
  const formName = LEAD_EVENT_FORMS[options.fn];
  const productId = options.productId ?? product;
  if (formName)
    trackEvent("generate_lead", productId ? { form_name: formName, product_id: productId } : { form_name: formName });
}

function omit(record: Readonly<Record<string, string>>, key: string): Record<string, string> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}
