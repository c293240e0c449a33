import { useId } from "react";
import { MISSING_FIELDS, useLeadForm } from "../../client/leads.ts";
import { ToastRegion } from "../../islands/toaster.tsx";
import { FormField, Honeypot, RequiredNote } from "./form-field.tsx";

interface ProductInquiryFormProps {
  /** Sent as `product`: the product's name. */
  productName: string;
  /** Named in the failure message. */
  contactEmail: string;
  contactPhone: string;
  onCancel: () => void;
  /**
   * Called after the inquiry was accepted, before the success toast is shown: the dialog must close first, or the
   * toast would belong to the closing dialog. Receives the success text.
   */
  onSent: (message: string) => void;
}

const EMPTY = { name: "", email: "", mobile: "", company: "", message: "" };
type Field = keyof typeof EMPTY;
const REQUIRED = ["name", "email", "mobile", "message"] as const satisfies readonly Field[];

export const INQUIRY_MESSAGES = {
  missing: MISSING_FIELDS,
  success: "Inquiry sent! We'll contact you within 24 hours.",
  failure: (email: string, phone: string) => `Failed to submit inquiry. Please contact us at ${email} or WhatsApp ${phone}`,
} as const;

/**
 * The purchase dialog's inquiry form (a client component rendered inside the buy-control island): name, email,
 * mobile, optional company and message. Required fields first, then the shared schema (first message in a toast and
 * under its field), then the POST to send-product-inquiry. Toasts raised while the dialog is open show inside it.
 */
export function ProductInquiryForm({ productName, contactEmail, contactPhone, onCancel, onSent }: ProductInquiryFormProps) {
  const id = useId();
  const lead = useLeadForm<Field>({
    fn: "send-product-inquiry",
    initial: EMPTY,
    required: REQUIRED,
    loadSchema: () =>
      import("../../schemas/product-inquiry.ts").then((m) => m.productInquirySchema({ products: [{ id: "", name: productName }], packages: [] })),
    extra: { product: productName },
    messages: { success: INQUIRY_MESSAGES.success, failure: INQUIRY_MESSAGES.failure(contactEmail, contactPhone), fallback: "Failed to send inquiry" },
    idPrefix: `${id}-`,
    onSent: () => onSent(INQUIRY_MESSAGES.success),
  });
  const { field, errors, errorIdFor, submitting } = lead;
  const fieldProps = (name: Field) => ({ htmlFor: `${id}-${name}`, error: errors[name], errorId: errorIdFor(name) });

  return (
    <form className="form inquiry-form" noValidate onSubmit={lead.submit} onFocus={lead.prefetch} aria-describedby={`${id}-required`}>
      <RequiredNote id={`${id}-required`} />
      <div className="form-row">
        <FormField {...fieldProps("name")} label="Name" required>
          <input {...field("name")} type="text" autoComplete="name" required />
        </FormField>
        <FormField {...fieldProps("email")} label="Email" required>
          <input {...field("email")} type="email" autoComplete="email" required />
        </FormField>
      </div>
      <div className="form-row">
        <FormField {...fieldProps("mobile")} label="Mobile" required>
          <input {...field("mobile")} type="tel" autoComplete="tel" placeholder="+1234567890" required />
        </FormField>
        <FormField {...fieldProps("company")} label="Company">
          <input {...field("company")} type="text" autoComplete="organization" />
        </FormField>
      </div>
      <FormField {...fieldProps("message")} label="Message" required>
        <textarea {...field("message")} rows={4} required />
      </FormField>
      <Honeypot id={`${id}-website`} field={lead.honeypotField} />
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel} disabled={submitting}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? "Sending..." : "Submit Inquiry"}
        </button>
      </div>
      <ToastRegion scope="dialog" />
    </form>
  );
}
