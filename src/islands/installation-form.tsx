import { LeadForm, pageFormFields } from "../components/forms/lead-form.tsx";

/**
 * The /installation request form: name, email, mobile, product and package (both preselected by
 * /installation?product=esim&package=android) and an optional message, POSTed to send-installation-email.
 * Hydrate it on "interaction".
 */
export interface InstallationFormProps {
  products: { id: string; name: string }[];
  packages: { id: string; label: string }[];
  /** Named in the notice shown if the form's script cannot load. */
  contact: { email: string; phone: string };
}

export default function InstallationForm({ products, packages, contact }: InstallationFormProps) {
  const catalogue = { products, packages: packages.map((p) => ({ id: p.id, name: p.label })) };
  return (
    <LeadForm
      fn="send-installation-email"
      rows={[
        pageFormFields.nameAndEmail,
        [pageFormFields.mobile("+1234567890"), pageFormFields.product(products, true)],
        [
          {
            name: "package",
            label: "Installation Package",
            kind: "select",
            required: true,
            choose: "Select a package",
            options: packages.map((p) => ({ value: p.id, label: p.label })),
            urlParam: "package",
          },
        ],
        [
          {
            name: "message",
            label: "Additional Message",
            kind: "textarea",
            rows: 4,
            placeholder: "Tell us about your server, timeline or any special requirements",
          },
        ],
      ]}
      loadSchema={() =>
        import("../schemas/installation-request.ts").then((m) => m.installationRequestSchema(catalogue))
      }
      messages={{
        success: "Request submitted! We'll contact you within 24 hours.",
        failure: "Failed to submit request. Please try again or contact us directly.",
        fallback: "Failed to send email",
      }}
      submitLabel="Submit Request"
      busyLabel="Submitting..."
      contact={contact}
    />
  );
}
