import * as z from "zod/mini";
import { leadFields } from "./lead-fields.ts";

/** Body of send-product-inquiry: the buy dialog of a product sold directly. `product` is the product's name. */
export const productInquirySchema = z.object({
  name: leadFields.name(),
  email: leadFields.email(),
  mobile: leadFields.mobile(),
  company: leadFields.company(),
  product: leadFields.product(),
  message: leadFields.message(),
});
export type ProductInquiry = z.infer<typeof productInquirySchema>;
