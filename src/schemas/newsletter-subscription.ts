import { z } from "zod/mini";
import { leadFields, leadSourceFields } from "./lead-fields.ts";

/** The blog's newsletter box: an e-mail address, checked as the lead forms check theirs, and the visit's source. */
export const newsletterSubscriptionSchema = z.object({ email: leadFields.email(), ...leadSourceFields() });
