import * as z from "zod/mini";
import { type LeadCatalogue, leadFields, leadSourceFields } from "./lead-fields.ts";

/** Body of send-contact-email: the /contact form. `product` is empty or a product id of the catalogue. */
export function contactMessageSchema(catalogue: LeadCatalogue) {
  return z.object({
    name: leadFields.name(),
    email: leadFields.email(),
    mobile: leadFields.mobile(),
    product: leadFields.optionalProductId(catalogue),
    subject: leadFields.subject(),
    message: leadFields.message(),
    ...leadSourceFields(),
  });
}
export type ContactMessage = z.infer<ReturnType<typeof contactMessageSchema>>;
