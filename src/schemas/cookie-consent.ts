import * as z from "zod/mini";

export { CONSENT_STORAGE_KEY, CONSENT_VERSION } from "../lib/limits.ts";

/** The record stored in localStorage under "cookie-consent". Essential cookies are always on and not stored. */
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
