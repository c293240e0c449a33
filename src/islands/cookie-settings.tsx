import { resetConsent } from "../stores/consent.ts";

/**
 * Footer "Cookie Settings": forgets the stored consent, deletes the Google cookies it allowed and reloads, so the
 * banner asks again (SPEC section 4).
 */
export default function CookieSettings() {
  return (
    <button type="button" className="link-button" onClick={resetConsent}>
      Cookie Settings
    </button>
  );
}
