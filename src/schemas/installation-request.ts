import * as z from "zod/mini";
import { type LeadCatalogue, leadFields, leadSourceFields } from "./lead-fields.ts";

/** Body of send-installation-email: the /installation request form. `product` is a product id of the catalogue. */
export function installationRequestSchema(catalogue: LeadCatalogue) {
  return z.object({
    name: leadFields.name(),
    email: leadFields.email(),
    mobile: leadFields.mobile(),
    product: leadFields.productId(catalogue),
    package: leadFields.package(),
    message: leadFields.optionalMessage(),
    ...leadSourceFields(),
  });
}
export type InstallationRequest = z.infer<ReturnType<typeof installationRequestSchema>>;
