import { type ChangeEvent, useCallback, useRef, useState } from "react";
import { TIMINGS } from "../lib/limits.ts";
import { ELAPSED_FIELD, HONEYPOT_FIELD } from "../schemas/lead-fields.ts";
import { dismissToast, toast } from "../stores/toast.ts";

/**
 * The browser side of the three lead forms: the call to /api/<function> and the form logic they share (required
 * check → schema check → send → toast). The schema, and with it zod, is loaded only when a form is first used.
 */

export type LeadFunction = "send-product-inquiry" | "send-installation-email" | "send-contact-email";

/** The spec's message when a required field is empty (SPEC section 8); no call is made. */
export const MISSING_FIELDS = "Please fill in all required fields";

export type LeadResult = { ok: true; id: string } | { ok: false; error: string };

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
export async function sendLead(fn: LeadFunction, payload: Record<string, unknown>, fallback: string): Promise<LeadResult> {
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
    const answer = (await response.json().catch(() => ({}))) as { success?: unknown; data?: { id?: unknown }; error?: unknown };
    if (response.ok && answer.success === true) return { ok: true, id: String(answer.data?.id ?? "") };
    return { ok: false, error: typeof answer.error === "string" && answer.error ? answer.error : fallback };
  } catch (error) {
    return { ok: false, error: error instanceof Error && error.message ? error.message : fallback };
  } finally {
    clearTimeout(timer);
  }
}

/** What the schema check needs: the first issue's message and the field it is about. */
interface LeadSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

export interface LeadFormOptions<K extends string> {
  fn: LeadFunction;
  /** Empty values of every field; the form is reset to these. */
  initial: Record<K, string>;
  required: readonly K[];
  /** Dynamic import of the shared schema, built for this form's catalogue. */
  loadSchema: () => Promise<LeadSchema>;
  /** Sent with the fields, e.g. the product name of the buy dialog. */
  extra?: Record<string, string>;
  /** The spec's texts: success toast, failure toast, and the fallback logged when an error has no text. */
  messages: { success: string; failure: string; fallback: string };
  /** Field id = idPrefix + field name. */
  idPrefix: string;
  onSent?: () => void;
}

/**
 * The shared behaviour of a lead form. Returns controlled values, per-field error messages, the submitting flag,
 * props for each field (value, change handler, aria-invalid, aria-describedby) and the submit handler.
 */
export function useLeadForm<K extends string>(options: LeadFormOptions<K>) {
  const [values, setValues] = useState<Record<K, string>>(options.initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  // The state above drives the buttons; this guards the await gap before they are disabled (a double click).
  const busy = useRef(false);
  // When the form became usable: sent with the lead, so the handler can drop forms filled faster than a person can.
  const openedAt = useRef(Date.now());
  const honeypot = useRef<HTMLInputElement>(null);
  const schema = useRef<Promise<LeadSchema> | undefined>(undefined);
  // Toasts this form raised: a new attempt clears them, so an old error never sits next to the new outcome.
  const raised = useRef<number[]>([]);
  const say = (kind: "success" | "error", message: string) => raised.current.push(toast[kind](message));
  const { loadSchema } = options;

  const prefetch = useCallback(() => {
    schema.current ??= loadSchema();
    return schema.current;
  }, [loadSchema]);

  const idFor = (name: K) => `${options.idPrefix}${name}`;
  const errorIdFor = (name: K) => `${options.idPrefix}${name}-error`;

  const update = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const name = event.currentTarget.name as K;
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  const field = (name: K) => ({
    id: idFor(name),
    name,
    value: values[name],
    onChange: update,
    "aria-invalid": errors[name] ? (true as const) : undefined,
    "aria-describedby": errors[name] ? errorIdFor(name) : undefined,
  });

  /** Props of the hidden honeypot input; a person never sees nor fills it. */
  const honeypotField = {
    ref: honeypot,
    name: HONEYPOT_FIELD,
    type: "text",
    tabIndex: -1,
    autoComplete: "off",
    defaultValue: "",
  };

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      await attempt();
    } finally {
      busy.current = false;
    }
  };

  const attempt = async () => {
    for (const id of raised.current.splice(0)) dismissToast(id);
    if (options.required.some((name) => values[name].trim() === "")) {
      say("error", MISSING_FIELDS);
      return;
    }
    let check: ReturnType<LeadSchema["safeParse"]>;
    try {
      check = (await prefetch()).safeParse({ ...values, ...options.extra });
    } catch (error) {
      // The schema chunk failed to load (offline?): let the server judge the lead.
      schema.current = undefined;
      console.error("[lead form] could not load the form rules", error);
      check = { success: true };
    }
    if (!check.success) {
      const issue = check.error.issues[0];
      const name = String(issue?.path[0] ?? "") as K;
      const message = issue?.message ?? options.messages.fallback;
      say("error", message);
      if (name in values) {
        setErrors({ [name]: message } as Partial<Record<K, string>>);
        document.getElementById(idFor(name))?.focus();
      }
      return;
    }
    setErrors({});
    setSubmitting(true);
    const result = await sendLead(
      options.fn,
      { ...values, ...options.extra, [HONEYPOT_FIELD]: honeypot.current?.value ?? "", [ELAPSED_FIELD]: Date.now() - openedAt.current },
      options.messages.fallback,
    );
    setSubmitting(false);
    if (result.ok) {
      setValues(options.initial);
      openedAt.current = Date.now();
      // First: a dialog closes here, so the toast that follows belongs to the page, not to the closing dialog.
      options.onSent?.();
      say("success", options.messages.success);
    } else {
      console.error(`[${options.fn}] ${result.error}`);
      say("error", options.messages.failure);
    }
  };

  return { values, setValues, errors, submitting, field, honeypotField, errorIdFor, submit, prefetch };
}
