import * as z from "zod/mini";
import { type LeadCatalogue, leadFields, leadSourceFields } from "./lead-fields.ts";

/**
 * Body of send-product-inquiry: the product inquiry of a product sold directly. `product` is the product's display
 * name, checked against the catalogue.
 */
export function productInquirySchema(catalogue: LeadCatalogue) {
  return z.object({
    name: leadFields.name(),
    email: leadFields.email(),
    mobile: leadFields.mobile(),
    company: leadFields.company(),
    product: leadFields.productName(catalogue),
    message: leadFields.message(),
    ...leadSourceFields(),
  });
}
export type ProductInquiry = z.infer<ReturnType<typeof productInquirySchema>>;
