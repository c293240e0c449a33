import { ContactFallback } from "../components/forms/contact-fallback.tsx";
import { type LeadField, LeadForm } from "../components/forms/lead-form.tsx";
import { ToastRegion } from "./toaster.tsx";

/** The JSON props of the product inquiry form (src/components/product/buy-control.tsx renders its dialog). */
export interface ProductInquiryFormProps {
  /** Named in the `generate_lead` event. */
  productId: string;
  /** Sent as `product`: the product's name. */
  productName: string;
  /** id of the product inquiry dialog: the form closes it when the inquiry is sent or cancelled. */
  dialogId: string;
  /** Named in the inquiry failure message. */
  contactEmail: string;
  contactPhone: string;
}

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
 * The product inquiry form inside the dialog 'Buy {product name}', POSTed to send-product-inquiry with the product's
 * name. It wakes when the dialog shows it, keeping what was typed meanwhile. Toasts show inside the open dialog; it
 * closes before the success toast, or the toast would belong to the closing dialog.
 */
export default function ProductInquiryForm({
  productId,
  productName,
  dialogId,
  contactEmail,
  contactPhone,
}: ProductInquiryFormProps) {
  const close = () => (document.getElementById(dialogId) as HTMLDialogElement | null)?.close();
  return (
    <>
      <LeadForm
        className="product-inquiry-form"
        fn="send-product-inquiry"
        rows={INQUIRY_FIELDS}
        loadSchema={() =>
          import("../schemas/product-inquiry.ts").then(({ productInquirySchema }) => ({
            safeParse: (value: unknown) =>
              productInquirySchema({ products: [{ id: "", name: productName }], packages: [] }).safeParse(value),
          }))
        }
        extra={{ product: productName }}
        productId={productId}
        messages={{
          success: "Inquiry sent! We'll contact you within 24 hours.",
          failure: `Failed to submit inquiry. Please contact us at ${contactEmail} or WhatsApp ${contactPhone}`,
          fallback: "Failed to send inquiry",
        }}
        onSent={close}
        submitLabel="Submit Inquiry"
        busyLabel="Sending..."
        onCancel={close}
      >
        <ToastRegion scope="dialog" />
      </LeadForm>
      <ContactFallback email={contactEmail} phone={contactPhone}>
        The order form could not load.
      </ContactFallback>
    </>
  );
}
