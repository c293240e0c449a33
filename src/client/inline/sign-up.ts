// Placed on /newsletter/confirmed only, where the confirm button lands once the subscription is confirmed: GA4's
// sign_up conversion, pushed only when the site has a measurement id; Consent Mode governs the rest.
// Only the press that confirmed carries the flag, and it is taken off the address: a reload counts no second sign-up.
import { NEWLY_CONFIRMED_PARAM } from "../../lib/newsletter.ts";
import { trackEvent } from "../analytics.ts";

const url = new URL(location.href);
if (url.searchParams.has(NEWLY_CONFIRMED_PARAM)) {
  trackEvent("sign_up", { method: "newsletter" });
  url.searchParams.delete(NEWLY_CONFIRMED_PARAM);
  history.replaceState(history.state, "", url);
}
