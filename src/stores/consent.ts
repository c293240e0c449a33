import { signal } from "@preact/signals-react";
import { clearGoogleCookies, startGoogleTag, updateConsentMode } from "../client/analytics.ts";
import { currentPage, keepSource } from "../client/lead-source.ts";
import { markAnalyticsConsent } from "../lib/analytics-consent.ts";
import { CONSENT_NEEDED_CLASS, createConsentRecord, NO_CONSENT, storedConsent } from "../lib/consent.ts";
import { CONSENT_STORAGE_KEY } from "../lib/limits.ts";
import type { CookieConsent, ConsentPreferences } from "../schemas/cookie-consent.ts";

/**
 * Consent state shared by the cookie banner, its preferences dialog and the footer's Cookie Settings. Nothing here
 * runs during prerender: islands call readConsent() in an effect and the actions on click.
 */

/** The visitor's valid stored choice; undefined until read, or when there is none (the banner asks). */
export const consent = signal<CookieConsent | undefined>(undefined);

/** Loads the stored choice into `consent`. */
export function readConsent(): void {
  consent.value = storedConsent(() => localStorage, Date.now());
}

/**
 * Records the visitor's choice and applies it at once: Consent Mode update, deletion of the Google cookies it no
 * longer allows, gtag.js if it now may load, the visit's source kept for the session or forgotten. Hides the banner.
 */
export function saveConsent(preferences: ConsentPreferences): void {
  const record = createConsentRecord(preferences, new Date());
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage blocked: the choice still applies to this page; the banner will ask again on the next one.
  }
  updateConsentMode(record.preferences);
  clearGoogleCookies(record.preferences);
  startGoogleTag(record.preferences);
  markAnalyticsConsent(document.documentElement, record.preferences.analytics);
  keepSource(record.preferences.analytics, currentPage());
  document.documentElement.classList.remove(CONSENT_NEEDED_CLASS);
  consent.value = record;
}

/**
 * Footer Cookie Settings: forgets the choice, deletes the Google cookies it allowed (without a record none is
 * allowed) and reloads, so the page starts from the denied defaults and the banner asks again.
 */
export function resetConsent(): void {
  try {
    localStorage.removeItem(CONSENT_STORAGE_KEY);
  } catch {
    // Nothing stored that we could reach.
  }
  clearGoogleCookies(NO_CONSENT);
  location.reload();
}
