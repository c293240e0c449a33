import { LeadForm, pageFormFields } from "../components/forms/lead-form.tsx";

/**
 * The /contact message form: name, email, mobile, optional product (preselected by /contact?product=esim), subject
 * and message, POSTed to send-contact-email. Hydrate it on "interaction".
 */
export interface ContactFormProps {
  products: { id: string; name: string }[];
  /** Named in the notice shown if the form's script cannot load. */
  contact: { email: string; phone: string };
}

export default function ContactForm({ products, contact }: ContactFormProps) {
  return (
    <LeadForm
      fn="send-contact-email"
      rows={[
        pageFormFields.nameAndEmail,
        [pageFormFields.mobile("+91 XXXXX XXXXX"), pageFormFields.product(products, false)],
        [{ name: "subject", label: "Subject", kind: "text", required: true, placeholder: "How can we help?" }],
        [
          {
            name: "message",
            label: "Message",
            kind: "textarea",
            required: true,
            rows: 5,
            placeholder: "Tell us about your project or question",
          },
        ],
      ]}
      loadSchema={() =>
        import("../schemas/contact-message.ts").then((m) => m.contactMessageSchema({ products, packages: [] }))
      }
      messages={{
        success: "Message sent! We'll get back to you soon.",
        failure: "Failed to submit request. Please try again or contact us directly.",
        fallback: "Failed to send email",
      }}
      submitLabel="Send Message"
      busyLabel="Sending..."
      contact={contact}
    />
  );
}
