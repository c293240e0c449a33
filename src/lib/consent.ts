import type { ConsentPreferences, CookieConsent } from "../schemas/cookie-consent.ts";
import { CONSENT_MAX_AGE_DAYS, CONSENT_STORAGE_KEY, CONSENT_VERSION } from "./limits.ts";

/**
 * The consent rules, free of the DOM so the inline head script, the islands and the unit tests share them. The shape
 * is checked by hand rather than with cookieConsentSchema: zod would multiply the size of the inline head script
 * every page carries. tests/unit/lib/consent.test.ts holds the two together.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Set on <html> by the inline head script while no valid choice is stored; the stylesheet then shows the banner. */
export const CONSENT_NEEDED_CLASS = "consent-needed";

/** Element id of the cookie banner; the WhatsApp popup keeps clear of it. */
export const COOKIE_BANNER_ID = "cookie-banner";
/** id of the Cookie Preferences dialog, opened by Manage Preferences. */
export const CONSENT_DIALOG_ID = "cookie-preferences";

/** How long Google's tags wait for the stored choice before using the defaults (SPEC section 7). */
const CONSENT_WAIT_FOR_UPDATE_MS = 500;

/** Nothing allowed beyond the essential. */
export const NO_CONSENT: ConsentPreferences = { analytics: false, functional: false, marketing: false };
export const FULL_CONSENT: ConsentPreferences = { analytics: true, functional: true, marketing: true };

type ConsentModeValue = "granted" | "denied";

/** The Consent Mode v2 signals the site sets; security_storage is essential and only appears in the default. */
export interface ConsentModeState {
  ad_storage: ConsentModeValue;
  ad_user_data: ConsentModeValue;
  ad_personalization: ConsentModeValue;
  analytics_storage: ConsentModeValue;
  functionality_storage: ConsentModeValue;
  personalization_storage: ConsentModeValue;
}

/** The `gtag('consent', 'default', …)` of every page: everything denied but security, with time for the update. */
export const CONSENT_MODE_DEFAULT = /* @__PURE__ */ (() =>
  ({
    ...consentModeState(NO_CONSENT),
    security_storage: "granted",
    wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS,
  }) as const)();

/**
 * Maps the visitor's choices to Consent Mode signals: analytics → analytics_storage; functional →
 * functionality_storage and personalization_storage; marketing → ad_storage, ad_user_data, ad_personalization.
 */
export function consentModeState(preferences: ConsentPreferences): ConsentModeState {
  const value = (allowed: boolean): ConsentModeValue => (allowed ? "granted" : "denied");
  return {
    ad_storage: value(preferences.marketing),
    ad_user_data: value(preferences.marketing),
    ad_personalization: value(preferences.marketing),
    analytics_storage: value(preferences.analytics),
    functionality_storage: value(preferences.functional),
    personalization_storage: value(preferences.functional),
  };
}

/** A fresh record of the visitor's choices, as stored under CONSENT_STORAGE_KEY. */
export function createConsentRecord(preferences: ConsentPreferences, now: Date): CookieConsent {
  const { analytics, functional, marketing } = preferences;
  return { preferences: { analytics, functional, marketing }, timestamp: now.toISOString(), version: CONSENT_VERSION };
}

/**
 * The stored record if it still counts, else undefined (and the banner asks again). It does not count when it does
 * not parse or lacks a field, when its version is not CONSENT_VERSION, or when it is older than
 * CONSENT_MAX_AGE_DAYS (12 months of 30 days); a record exactly that old still counts.
 * @param raw the stored string, or null when there is none
 * @param now milliseconds since the epoch
 */
export function validConsent(raw: string | null, now: number): CookieConsent | undefined {
  if (raw === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isConsentRecord(value) || value.version !== CONSENT_VERSION) return undefined;
  const time = Date.parse(value.timestamp);
  if (Number.isNaN(time) || now - time > CONSENT_MAX_AGE_DAYS * DAY_MS) return undefined;
  return createConsentRecord(value.preferences, new Date(time));
}

/**
 * Reads and checks the stored record. Storage that throws (blocked by the browser's settings) counts as no record.
 * @param storage returns localStorage; a function, because merely reading `window.localStorage` may throw
 */
export function storedConsent(storage: () => Pick<Storage, "getItem">, now: number): CookieConsent | undefined {
  try {
    return validConsent(storage().getItem(CONSENT_STORAGE_KEY), now);
  } catch {
    return undefined;
  }
}

function isConsentRecord(value: unknown): value is CookieConsent {
  if (typeof value !== "object" || value === null) return false;
  const { preferences, timestamp, version } = value as Record<string, unknown>;
  if (typeof timestamp !== "string" || typeof version !== "string") return false;
  if (typeof preferences !== "object" || preferences === null) return false;
  const { analytics, functional, marketing } = preferences as Record<string, unknown>;
  return typeof analytics === "boolean" && typeof functional === "boolean" && typeof marketing === "boolean";
}

export interface AnalyticsConfig {
  /** GA4 measurement id (G-…); empty when the site has none. */
  measurementId: string;
  /** basic: the tag loads only after analytics consent; advanced: it loads at once with the denied defaults. */
  mode: "basic" | "advanced";
}

/** Whether gtag.js may be requested now. Without a measurement id it never is. */
export function mayLoadGoogleTag(config: AnalyticsConfig, preferences: ConsentPreferences | undefined): boolean {
  if (!config.measurementId) return false;
  return config.mode === "advanced" || preferences?.analytics === true;
}

/** Google's analytics cookies (_ga, _ga_<id>, _gid) and advertising cookies (_gcl_…). */
const GOOGLE_COOKIES = {
  analytics: /^_ga$|^_ga_|^_gid$/,
  marketing: /^_gcl_/,
} as const;

/**
 * Names of the Google cookies in `cookieString` (document.cookie) that the choices no longer allow: the analytics
 * ones when analytics is off, the advertising ones when marketing is off.
 */
export function disallowedGoogleCookies(cookieString: string, preferences: ConsentPreferences): string[] {
  const names = cookieString
    .split(";")
    .map((pair) => pair.split("=")[0]?.trim() ?? "")
    .filter(Boolean);
  return names.filter(
    (name) =>
      (!preferences.analytics && GOOGLE_COOKIES.analytics.test(name)) ||
      (!preferences.marketing && GOOGLE_COOKIES.marketing.test(name)),
  );
}

/**
 * The domains a cookie of this page may have been set for: the host and each parent domain (Google's tag sets its
 * cookies on the highest one it can, e.g. example.com for www.example.com). Empty for IP addresses and single-label
 * hosts such as localhost, whose cookies are host-only.
 */
export function cookieDomains(hostname: string): string[] {
  const labels = hostname.split(".");
  if (labels.length < 2 || /^[\d.]+$|:/.test(hostname)) return [];
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
}
