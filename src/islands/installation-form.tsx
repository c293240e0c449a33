import { useEffect, useId, useState } from "react";
import { MISSING_FIELDS, useLeadForm } from "../client/leads.ts";
import { FormField, Honeypot, RequiredNote } from "../components/forms/form-field.tsx";

/**
 * The /installation request form. Required fields are checked first, then the shared schema (its first message in a
 * toast and under the field), then the request is POSTed to send-installation-email. The product (and package) can
 * be preselected from the URL: /installation?product=esim&package=android.
 */
export interface InstallationFormProps {
  products: { id: string; name: string }[];
  packages: { id: string; label: string }[];
}

const EMPTY = { name: "", email: "", mobile: "", product: "", package: "", message: "" };
type Field = keyof typeof EMPTY;
const REQUIRED = ["name", "email", "mobile", "product", "package"] as const satisfies readonly Field[];

export const INSTALLATION_MESSAGES = {
  missing: MISSING_FIELDS,
  success: "Request submitted! We'll contact you within 24 hours.",
  failure: "Failed to submit request. Please try again or contact us directly.",
} as const;

export default function InstallationForm({ products, packages }: InstallationFormProps) {
  const id = useId();
  // Until hydration the form cannot send anything, so its button stays disabled (the page says so without JS).
  const [ready, setReady] = useState(false);
  const lead = useLeadForm<Field>({
    fn: "send-installation-email",
    initial: EMPTY,
    required: REQUIRED,
    loadSchema: () =>
      import("../schemas/installation-request.ts").then((m) =>
        m.installationRequestSchema({ products, packages: packages.map((p) => ({ id: p.id, name: p.label })) }),
      ),
    messages: { success: INSTALLATION_MESSAGES.success, failure: INSTALLATION_MESSAGES.failure, fallback: "Failed to send email" },
    idPrefix: id,
  });
  const { setValues } = lead;

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const product = params.get("product") ?? "";
    const pkg = params.get("package") ?? "";
    setValues((v) => ({
      ...v,
      product: products.some((p) => p.id === product) ? product : v.product,
      package: packages.some((p) => p.id === pkg) ? pkg : v.package,
    }));
    setReady(true);
  }, [products, packages, setValues]);

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
          <input {...field("mobile")} type="tel" autoComplete="tel" placeholder="+1234567890" required />
        </FormField>
        <FormField {...fieldProps("product")} label="Product" required>
          <select {...field("product")} required>
            <option value="">Select a product</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField {...fieldProps("package")} label="Installation Package" required>
        <select {...field("package")} required>
          <option value="">Select a package</option>
          {packages.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField {...fieldProps("message")} label="Additional Message">
        <textarea {...field("message")} rows={4} placeholder="Tell us about your server, timeline or any special requirements" />
      </FormField>
      <Honeypot id={`${id}website`} field={lead.honeypotField} />
      <div className="form-actions">
        <button className="button button--primary" type="submit" disabled={!ready || submitting}>
          {submitting ? "Submitting..." : "Submit Request"}
        </button>
      </div>
    </form>
  );
}
