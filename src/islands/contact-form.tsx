import { useEffect, useId, useState } from "react";
import { MISSING_FIELDS, useLeadForm } from "../client/leads.ts";
import { FormField, Honeypot, RequiredNote } from "../components/forms/form-field.tsx";

/**
 * The /contact message form. Required fields are checked first, then the shared schema (its first message in a toast
 * and under the field), then the message is POSTed to send-contact-email. The product is optional and can be
 * preselected from the URL: /contact?product=esim.
 */
export interface ContactFormProps {
  products: { id: string; name: string }[];
}

const EMPTY = { name: "", email: "", mobile: "", product: "", subject: "", message: "" };
type Field = keyof typeof EMPTY;
const REQUIRED = ["name", "email", "mobile", "subject", "message"] as const satisfies readonly Field[];

export const CONTACT_MESSAGES = {
  missing: MISSING_FIELDS,
  success: "Message sent! We'll get back to you soon.",
  failure: "Failed to submit request. Please try again or contact us directly.",
} as const;

export default function ContactForm({ products }: ContactFormProps) {
  const id = useId();
  // Until hydration the form cannot send anything, so its button stays disabled (the page says so without JS).
  const [ready, setReady] = useState(false);
  const lead = useLeadForm<Field>({
    fn: "send-contact-email",
    initial: EMPTY,
    required: REQUIRED,
    loadSchema: () => import("../schemas/contact-message.ts").then((m) => m.contactMessageSchema({ products, packages: [] })),
    messages: { success: CONTACT_MESSAGES.success, failure: CONTACT_MESSAGES.failure, fallback: "Failed to send email" },
    idPrefix: id,
  });
  const { setValues } = lead;

  useEffect(() => {
    const product = new URLSearchParams(location.search).get("product") ?? "";
    if (products.some((p) => p.id === product)) setValues((v) => ({ ...v, product }));
    setReady(true);
  }, [products, setValues]);

  const { field, errors, errorIdFor, submitting } = lead;
  const fieldProps = (name: Field) => ({ htmlFor: `${id}${name}`, error: errors[name], errorId: errorIdFor(name) });
  return (
    <form className="form" noValidate onSubmit={lead.submit} onFocus={lead.prefetch} aria-describedby={`${id}required`}>
      <RequiredNote id={`${id}required`} />
      <div className="form-row">
        <FormField {...fieldProps("name")} label="Full Name" required>
          <input {...field("name")} type="text" autoComplete="name" placeholder="Your full name" required />
        </FormField>
        <FormField {...fieldProps("email")} label="Email Address" required>
          <input {...field("email")} type="email" autoComplete="email" placeholder="you@example.com" required />
        </FormField>
      </div>
      <div className="form-row">
        <FormField {...fieldProps("mobile")} label="Mobile Number" required>
          <input {...field("mobile")} type="tel" autoComplete="tel" placeholder="+91 XXXXX XXXXX" required />
        </FormField>
        <FormField {...fieldProps("product")} label="Product">
          <select {...field("product")}>
            <option value="">Select a product</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField {...fieldProps("subject")} label="Subject" required>
        <input {...field("subject")} type="text" placeholder="How can we help?" required />
      </FormField>
      <FormField {...fieldProps("message")} label="Message" required>
        <textarea {...field("message")} rows={5} placeholder="Tell us about your project or question" required />
      </FormField>
      <Honeypot id={`${id}website`} field={lead.honeypotField} />
      <div className="form-actions">
        <button className="button button--primary" type="submit" disabled={!ready || submitting}>
          {submitting ? "Sending..." : "Send Message"}
        </button>
      </div>
    </form>
  );
}
