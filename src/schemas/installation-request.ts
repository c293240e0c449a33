import * as z from "zod/mini";
import { packageIds } from "./installation-package.ts";
import { leadFields } from "./lead-fields.ts";

/** Body of send-installation-email: the /installation request form. `product` is a product id. */
export const installationRequestSchema = z.object({
  name: leadFields.name(),
  email: leadFields.email(),
  mobile: leadFields.mobile(),
  product: leadFields.product(),
  package: z.enum(packageIds, "Package is required"),
  message: leadFields.optionalMessage(),
});
export type InstallationRequest = z.infer<typeof installationRequestSchema>;
