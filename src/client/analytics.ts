import {
  type AnalyticsConfig,
  type ConsentModeState,
  consentModeState,
  cookieDomains,
  disallowedGoogleCookies,
  mayLoadGoogleTag,
} from "../lib/consent.ts";
import type { ConsentPreferences } from "../schemas/cookie-consent.ts";
import { whenActivated } from "./activation.ts";

/**
 * Google's tag in the browser: the data layer, Consent Mode commands, loading gtag.js when the rules allow it, and
 * deleting Google's cookies on withdrawal. Used by the inline head script and by the consent store. What counts (the
 * page view gtag.js sends for `config`, events) waits until the visitor sees the page: a prerendered page that is
 * never shown counts nothing, and one shown later counts once, then (src/client/activation.ts).
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Where gtag.js is served; the CSP allows it (ANALYTICS_HOSTS in src/lib/security-headers.ts). */
const TAG_URL = "https://www.googletagmanager.com/gtag/js";
const TAG_SCRIPT_ID = "google-tag";

/** Pushes one command to the data layer the way Google's snippet does: gtag.js reads Arguments objects, not arrays. */
export function gtag(..._command: unknown[]): void {
  window.dataLayer = window.dataLayer ?? [];
  // biome-ignore lint/complexity/noArguments: gtag.js only recognises Arguments objects as commands.
  window.dataLayer.push(arguments);
}

/** Tells Google's tags the visitor's current choices. */
export function updateConsentMode(preferences: ConsentPreferences): void {
  gtag("consent", "update", consentModeState(preferences) satisfies ConsentModeState);
}

/** The site's analytics settings, rendered by the layout as data attributes of <html> (content/site.yaml `analytics`). */
export function analyticsConfig(): AnalyticsConfig {
  const { analyticsId = "", analyticsMode } = document.documentElement.dataset;
  return { measurementId: analyticsId, mode: analyticsMode === "advanced" ? "advanced" : "basic" };
}

/**
 * Pushes a GA4 event to the data layer, only when the site has a measurement id: without one nothing is pushed.
 * Consent Mode governs what Google's tag does with it, as it does for page views; parameters never carry the
 * visitor's name, e-mail or phone.
 */
export function trackEvent(name: string, params: Readonly<Record<string, unknown>>): void {
  whenActivated(() => {
    if (analyticsConfig().measurementId) gtag("event", name, params);
  });
}

/**
 * Requests gtag.js once, if the site has a measurement id and the mode and choices allow it; its `config` command is
 * the page view, so a prerendered page does this when shown.
 */
export function startGoogleTag(preferences: ConsentPreferences | undefined): void {
  whenActivated(() => {
    const config = analyticsConfig();
    if (!mayLoadGoogleTag(config, preferences) || document.getElementById(TAG_SCRIPT_ID)) return;
    gtag("js", new Date());
    gtag("config", config.measurementId);
    const script = document.createElement("script");
    script.id = TAG_SCRIPT_ID;
    script.async = true;
    script.src = `${TAG_URL}?id=${encodeURIComponent(config.measurementId)}`;
    document.head.append(script);
  });
}

/** Deletes the Google cookies the choices no longer allow, host-only and on every parent domain of this page. */
export function clearGoogleCookies(preferences: ConsentPreferences): void {
  const domains = ["", ...cookieDomains(location.hostname).map((domain) => `; domain=${domain}`)];
  for (const name of disallowedGoogleCookies(document.cookie, preferences)) {
    for (const domain of domains) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the site supports.
      document.cookie = `${name}=; max-age=0; path=/${domain}`;
    }
  }
}
