import { z } from "zod/mini";
import { leadFields } from "./lead-fields.ts";

/** The blog's newsletter box: an e-mail address, checked as the lead forms check theirs. */
export const newsletterSubscriptionSchema = z.object({ email: leadFields.email() });
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;
