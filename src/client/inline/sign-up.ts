// Placed on /newsletter/confirmed only, where a mailed confirmation link lands once the subscription is confirmed:
// GA4's sign_up conversion (issue 28), pushed only when the site has a measurement id; Consent Mode governs the rest.
import { trackEvent } from "../analytics.ts";

trackEvent("sign_up", { method: "newsletter" });
