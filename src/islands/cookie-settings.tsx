import { CONSENT_STORAGE_KEY } from "../lib/limits.ts";

/** Footer "Cookie Settings": forgets the stored consent and reloads, so the banner asks again. */
export default function CookieSettings() {
  const reset = () => {
    localStorage.removeItem(CONSENT_STORAGE_KEY);
    location.reload();
  };
  return (
    <button type="button" className="link-button" onClick={reset}>
      Cookie Settings
    </button>
  );
}
