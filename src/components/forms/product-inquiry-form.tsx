import { MISSING_FIELDS } from "../../client/leads.ts";
import { ToastRegion } from "../../islands/toaster.tsx";
import { type LeadField, LeadForm } from "./lead-form.tsx";

interface ProductInquiryFormProps {
  /** Named in the `generate_lead` event. */
  productId: string;
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

export const INQUIRY_MESSAGES = {
  missing: MISSING_FIELDS,
  success: "Inquiry sent! We'll contact you within 24 hours.",
  failure: (email: string, phone: string) =>
    `Failed to submit inquiry. Please contact us at ${email} or WhatsApp ${phone}`,
} as const;

const INQUIRY_FIELDS: LeadField[][] = [
  [
    { name: "name", label: "Name", kind: "text", required: true, autoComplete: "name" },
    { name: "email", label: "Email", kind: "email", required: true, autoComplete: "email" },
  ],
  [
    { name: "mobile", label: "Mobile", kind: "tel", required: true, autoComplete: "tel", placeholder: "+1234567890" },
    { name: "company", label: "Company", kind: "text", autoComplete: "organization" },
  ],
  [{ name: "message", label: "Message", kind: "textarea", required: true, rows: 4 }],
];

/**
 * The purchase dialog's inquiry form (rendered by the buy-form island inside the purchase dialog): the shared lead form with name, email,
 * mobile, optional company and message, POSTed to send-product-inquiry with the product's name. Toasts raised while
 * the dialog is open show inside it.
 */
export function ProductInquiryForm({
  productId,
  productName,
  contactEmail,
  contactPhone,
  onCancel,
  onSent,
}: ProductInquiryFormProps) {
  return (
    <LeadForm
      className="inquiry-form"
      fn="send-product-inquiry"
      rows={INQUIRY_FIELDS}
      loadSchema={() =>
        import("../../schemas/product-inquiry.ts").then((m) =>
          m.productInquirySchema({ products: [{ id: "", name: productName }], packages: [] }),
        )
      }
      extra={{ product: productName }}
      productId={productId}
      messages={{
        success: INQUIRY_MESSAGES.success,
        failure: INQUIRY_MESSAGES.failure(contactEmail, contactPhone),
        fallback: "Failed to send inquiry",
      }}
      onSent={() => onSent(INQUIRY_MESSAGES.success)}
      submitLabel="Submit Inquiry"
      busyLabel="Sending..."
      onCancel={onCancel}
    >
      <ToastRegion scope="dialog" />
    </LeadForm>
  );
}
