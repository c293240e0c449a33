import { ContactFallback } from "../components/forms/contact-fallback.tsx";
import { ProductInquiryForm } from "../components/forms/product-inquiry-form.tsx";

/** The JSON props of the purchase dialog's form (src/components/product/buy-action.tsx renders the dialog). */
export interface BuyFormProps {
  productId: string;
  productName: string;
  /** id of the purchase dialog: the form closes it when the inquiry is sent or cancelled. */
  dialogId: string;
  /** Named in the inquiry failure message. */
  contactEmail: string;
  contactPhone: string;
}

/**
 * The inquiry form inside the purchase dialog 'Buy {product name}'. The dialog opens natively, with this form already
 * on screen as server HTML; the island wakes when the dialog shows it, keeping whatever was typed meanwhile (the lead
 * form's fields are uncontrolled, and a submit before it wakes is held and replayed).
 */
export default function BuyForm({ productId, productName, dialogId, contactEmail, contactPhone }: BuyFormProps) {
  const close = () => (document.getElementById(dialogId) as HTMLDialogElement | null)?.close();
  return (
    <>
      <ProductInquiryForm
        productId={productId}
        productName={productName}
        contactEmail={contactEmail}
        contactPhone={contactPhone}
        onCancel={close}
        onSent={close}
      />
      <ContactFallback email={contactEmail} phone={contactPhone}>
        The order form could not load.
      </ContactFallback>
    </>
  );
}
