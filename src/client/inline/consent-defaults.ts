// Inlined in <head> of every page, before any tag can run (Consent Mode v2, SPEC section 7): the denied defaults,
// then at once the stored choice of a returning visitor, so no page of theirs is measured as "denied" first.
// Without a valid choice, the class below lets the stylesheet show the server-rendered cookie banner, with no flash.
import { markAnalyticsConsent } from "../../lib/analytics-consent.ts";
import { CONSENT_MODE_DEFAULT, CONSENT_NEEDED_CLASS, storedConsent } from "../../lib/consent.ts";
import { gtag, startGoogleTag, updateConsentMode } from "../analytics.ts";

gtag("consent", "default", CONSENT_MODE_DEFAULT);
const stored = storedConsent(() => localStorage, Date.now());
if (stored) {
  updateConsentMode(stored.preferences);
  markAnalyticsConsent(document.documentElement, stored.preferences.analytics);
} else document.documentElement.classList.add(CONSENT_NEEDED_CLASS);
startGoogleTag(stored?.preferences);
