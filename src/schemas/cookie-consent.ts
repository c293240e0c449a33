import * as z from "zod/mini";

/**
 * The record stored in localStorage under "cookie-consent" (SPEC section 3). Essential cookies are always on and not
 * stored. The browser checks this shape by hand (validConsent in src/lib/consent.ts) to keep the inline head script
 * small; its unit tests check that every record it accepts matches this schema.
 */
export const cookieConsentSchema = z.object({
  preferences: z.object({
    analytics: z.boolean(),
    functional: z.boolean(),
    marketing: z.boolean(),
  }),
  timestamp: z.string(),
  version: z.string(),
});
export type CookieConsent = z.infer<typeof cookieConsentSchema>;
export type ConsentPreferences = CookieConsent["preferences"];
