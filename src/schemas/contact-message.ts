import * as z from "zod/mini";
import { leadFields } from "./lead-fields.ts";

/** Body of send-contact-email: the /contact form. `product` is an optional product id. */
export const contactMessageSchema = z.object({
  name: leadFields.name(),
  email: leadFields.email(),
  mobile: leadFields.mobile(),
  product: z._default(z.string().check(z.trim()), ""),
  subject: leadFields.subject(),
  message: leadFields.message(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
